/**
 * The database schema as Kysely types: one table for each entity of spec §3. Column names follow the
 * specification's field names. Instants are integers: milliseconds since the Unix epoch (UTC).
 * Dates are "YYYY-MM-DD" text, times "HH:MM" text. better-auth keeps its own tables (user, session, account,
 * verification) beside these.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface NewsPostTable {
  id: string;
  title: string;
  text: string;
  /** "YYYY-MM-DD" */
  date: string;
  author: string;
  /** The better-auth user id of the author, or null when the author account is gone. */
  authorId: string | null;
  created: number;
  updated: number;
  /** Noon of `date` in the association's time zone, ms since epoch (spec §3). */
  timestamp: number;
  /** Minutes, as Date.getTimezoneOffset at `timestamp` (UTC minus local). */
  timezoneOffset: number;
  /** 1 for a draft, shown nowhere public (migration 0011). */
  draft: Generated<number>;
  /** When the item is public from, ms since epoch (unless a draft). */
  publishAt: Generated<number>;
  /** 1 once its publication has been signalled (counter bumped, mail queued if chosen); 0 while scheduled. */
  live: Generated<number>;
  /** 1 when the board chose to mail the list as it goes live. */
  mailOnPublish: Generated<number>;
}

export interface EventTable {
  id: string;
  title: string;
  date: string;
  /** "HH:MM", or "" when not given. */
  startTime: string;
  timeDetails: string;
  place: string;
  eventDetails: string;
  author: string;
  authorId: string | null;
  created: number;
  updated: number;
  timestamp: number;
  timezoneOffset: number;
  /** The iCalendar SEQUENCE (RFC 5545): 0 when made, raised by each edit (migration 0008). */
  sequence: Generated<number>;
  /** 1 for a draft, shown nowhere public (migration 0011). */
  draft: Generated<number>;
  /** When the item is public from, ms since epoch (unless a draft). */
  publishAt: Generated<number>;
  /** 1 once its publication has been signalled (counter bumped, mail queued if chosen); 0 while scheduled. */
  live: Generated<number>;
  /** 1 when the board chose to mail the list as it goes live. */
  mailOnPublish: Generated<number>;
  /** "HH:MM", or "" when not given (migration 0020, like the fields below; decision 036). */
  endTime: Generated<string>;
  /** The last day of an event over several days, "YYYY-MM-DD"; "" for an event of one day. */
  endDate: Generated<string>;
  /** 1 when the board said "All day". */
  allDay: Generated<number>;
  /** "" (once) | "weekly" | "monthly" | "monthly-weekday" | "yearly" */
  repeat: Generated<string>;
  /** The last date a repeat may fall on, "YYYY-MM-DD", or "". */
  repeatUntil: Generated<string>;
  /** How many times in all, or null. */
  repeatCount: number | null;
  /** The dates skipped, "YYYY-MM-DD" comma-separated in order, or "". */
  exceptions: Generated<string>;
}

/**
 * A deleted event, kept for a while so that calendar feeds can say it is cancelled (migration 0008). `id` is the
 * event's id, which is its iCalendar UID.
 */
export interface EventTombstoneTable {
  id: string;
  title: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM", or "" when not given. */
  startTime: string;
  /** The event's last sequence plus one: a cancellation is a revision. */
  sequence: number;
  /** When the event was deleted, ms since epoch. */
  deletedAt: number;
}

/** The banner is a single record (id is always 1). */
export interface BannerTable {
  id: number;
  text: string;
  createdBy: string;
  createdAt: number;
}

export interface MeasurementTable {
  id: string;
  /** Sample date, "YYYY-MM-DD". */
  date: string;
  /** E. coli count per 100 mL; fractional for lab results reported as a geometric mean. */
  value: number;
  /** "E. Coli" */
  name: string;
  /** "per 100mL" */
  unit: string;
  /** Noon of the sample date in the association's time zone, ms since epoch; readings are ordered by it. */
  timestamp: number;
  createdAt: number;
  /** The monitoring site (migration 0015: an older install's readings are on its first site, "beach"). */
  siteId: string | null;
  /** The parameter (app/beach/parameters.ts); "ecoli" for every reading before migration 0015. */
  parameterId: Generated<string>;
  /** "" a plain value, "<" below it, ">" above it, "ND" not detected (app/beach/results.ts). */
  qualifier: Generated<string>;
  /** The method's limit the qualifier refers to, in the parameter's unit, or null. */
  detectionLimit: number | null;
  /** Sample depth in metres (profiles), or null at the surface. */
  depth: number | null;
  /** Sample time of day, "HH:MM", or "" when the lab gave none. */
  time: Generated<string>;
}

/** A monitoring location: a beach or an open-water station (migration 0015). */
/** A lab file's column mapping, remembered per source (migration 0017, app/beach/lab-files/). */
export interface LabFileMappingTable {
  /** The source's fingerprint: a hash of its sorted header names (app/beach/lab-files/columns.ts). */
  fingerprint: string;
  /** The mapping as JSON (`LabMapping`). */
  mapping: string;
  /** The header names it was made from, as JSON, for the board to recognise it. */
  headers: string;
  updatedAt: number;
}

export interface MonitoringSiteTable {
  id: string;
  name: string;
  /** "beach" | "station" */
  kind: string;
  /** WQX MonitoringLocationIdentifier, unique: "beach", "HERONLAKE-DEEP1". */
  identifier: string;
  /** Decimal degrees, WGS 84; null until the board enters them. */
  latitude: number | null;
  longitude: number | null;
  /** The rule profile that decides its public status (app/beach/profiles.ts); "spec" by default. */
  profile: Generated<string>;
  position: number;
  createdAt: number;
  updatedAt: number;
}

/** The advisory in force at a site (migration 0016): the board's, or a bloom report. */
export interface SiteAdvisoryTable {
  siteId: string;
  /** "board" | "bloom" */
  kind: string;
  /** "Caution" | "Closed" for the board's; "" for a bloom report. */
  status: string;
  /** "green" | "yellow" | "red" for a bloom report; "" for the board's. */
  level: string;
  reason: string;
  postedAt: number;
  postedBy: string;
}

/** The state last announced to a site's subscribers (migration 0016; app/beach/alerts.server.ts). */
export interface SiteAnnouncedTable {
  siteId: string;
  state: string;
}

/** A parameter of the catalogue (app/beach/parameters.ts, migration 0015). */
export interface ParameterTable {
  id: string;
  name: string;
  /** WQX CharacteristicName. */
  characteristicName: string;
  /** WQX ResultMeasure/MeasureUnitCode. */
  unitCode: string;
  unitLabel: string;
  /** JSON array of other spellings of the unit. */
  unitAliases: Generated<string>;
  /** 1 when a result has a sample depth. */
  depthProfile: Generated<number>;
  minValue: Generated<number>;
  maxValue: number;
  /** 1 for the catalogue's own parameters (not removable). */
  builtin: Generated<number>;
  position: number;
}

export interface MemberTable {
  id: string;
  email: string;
  createdAt: number;
  /** When the member followed an unsubscribe link (ms since epoch); they get no member email while it is set. */
  unsubscribedAt: number | null;
}

export interface DocumentTable {
  /** Storage id: the upload time stamp (ms) plus the file's extension, e.g. "1767312000000.pdf" (spec §3). */
  id: string;
  /** The name shown and offered on download (custom metadata displayName, spec §3). */
  displayName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  created: number;
  updated: number;
  /** The board's category (`document_category.id`), or null for none (migration 0019). */
  categoryId: string | null;
  /** Where the bytes are stored after the file was replaced; null: under `id` itself (migration 0019). */
  storageKey: string | null;
}

/** A category the board files documents under (issue 28, migration 0019), in the board's order. */
export interface DocumentCategoryTable {
  id: string;
  name: string;
  position: number;
  createdAt: number;
  updatedAt: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** A counter per topic, bumped by every write; readers compare versions to learn that data changed. */
export interface ChangeVersionTable {
  topic: string;
  version: number;
}

/** One row per sign-in attempt, for throttling and the audit log. */
export interface SignInAttemptTable {
  id: string;
  email: string;
  ip: string;
  at: number;
  succeeded: number;
}

/**
 * One entry of an ordered list the board edits (board member, FAQ, bylaws article, local business): `data` is the
 * entry's fields as JSON, checked by its kind's schema (app/site/data/site-content.server.ts).
 */
export interface SiteItemTable {
  id: string;
  /** "board" | "faq" | "bylaws" | "business" */
  kind: string;
  /** Place in its list, ascending; unique within a kind. */
  position: number;
  data: string;
  /** Who saved the entry last (the administrator's email), and when (ms since epoch). */
  updatedBy: string;
  updatedAt: number;
}

/**
 * A picture as uploaded (app/platform/files/images.server.ts): its text alternative and its WebP variants, one file per width in
 * the image store (`<id>-<width>.webp`).
 */
export interface ImageTable {
  id: string;
  /** The text alternative, required. */
  alt: string;
  /** Pixels, of the largest variant (after turning the picture upright). */
  width: number;
  height: number;
  /** The variants' widths in pixels, as a JSON array, ascending ("[320,640,960]"). */
  widths: string;
  /** The administrator's email (or the seed's author), and when (ms since epoch). */
  createdBy: string;
  createdAt: number;
}

/** A resident's subscription to the lists (issue 11), with double opt-in. */
export interface SubscriberTable {
  id: string;
  /** Lower-cased and trimmed. */
  email: string;
  /** The lists wanted, comma-separated and sorted: "beach,events,news". */
  lists: string;
  createdAt: number;
  /** When the confirmation link was followed (ms since epoch); null until then. */
  confirmedAt: number | null;
  /** The client address the subscription came from (the consent record). */
  consentIp: string;
  updatedAt: number;
  /** The beaches whose alerts the beach list brings, site ids comma-separated (migration 0016; before it: "beach"). */
  beachSites: Generated<string>;
}

/** One row per subscription request, for throttling per address and per client. */
export interface SubscribeAttemptTable {
  id: string;
  email: string;
  ip: string;
  at: number;
}

/** One row per password reset request, for throttling per address and per client (migration 0009). */
export interface PasswordResetRequestTable {
  id: string;
  email: string;
  ip: string;
  at: number;
}

/** A message written to the board on /contact-us (issue 28, migration 0022). */
export interface ContactMessageTable {
  id: string;
  /** The writer's name, one line. */
  name: string;
  /** The writer's address, where the board's reply goes. */
  email: string;
  message: string;
  /** The client's address it came from (the throttle counts per client). */
  ip: string;
  createdAt: number;
  /** When someone on the board marked it handled (ms since epoch), and who (their address); null while it waits. */
  handledAt: number | null;
  handledBy: string | null;
}

/** An address that gets no list mail: a permanent SMTP refusal (5xx). */
export interface MailSuppressionTable {
  email: string;
  reason: string;
  at: number;
}

/** A mail queued for sending (app/mail/outbox.server.ts): one text, many recipients. */
/** A news post or event mailed to its list: at most one row per item, by its primary key (migration 0011). */
export interface AnnouncementTable {
  itemId: string;
  /** "news" | "events" */
  list: string;
  messageId: string;
  at: number;
}

export interface OutboxMessageTable {
  id: string;
  /** "beach" | "news" | "events" | "members" | "notice" */
  list: string;
  subject: string;
  /** The plain-text part and the HTML body, before each recipient's footer is added. */
  text: string;
  html: string;
  createdBy: string;
  createdAt: number;
  /** How many recipients were queued. */
  recipients: number;
  /** The Reply-To address: a contact message's writer (issue 28); null for every other mail. */
  replyTo: string | null;
}

/** One recipient of a queued mail and its delivery state. */
export interface OutboxRecipientTable {
  id: string;
  messageId: string;
  email: string;
  /** "s" subscriber, "m" member, "" nobody's links (a notice to one address). */
  kind: string;
  refId: string;
  /** "queued" | "sending" | "sent" | "failed" */
  state: string;
  attempts: number;
  /** Not before this instant (ms since epoch): the back-off after a temporary refusal. */
  nextAttemptAt: number;
  /** While "sending": the lease; after it a crashed sender's row is taken up again. */
  lockedUntil: number | null;
  lastError: string | null;
  sentAt: number | null;
}

/**
 * A row the demo seed wrote (migration 0014, decision 028): `kind` names its table ("news_post", "event",
 * "measurement", "site_item", "banner", "image") or "setting" for a page text, `id` its id (a setting's key), and
 * `version` what it was when seeded (its updated/created instant as text, a setting's value). A row whose version
 * has changed since was edited by the board and is no longer demo content.
 */
export interface DemoContentTable {
  kind: string;
  id: string;
  version: string;
}

/** An account's role (migration 0010): "administrator" (everything) or "editor" (the content, not people or settings). */
export interface AccountRoleTable {
  /** better-auth's user id. */
  userId: string;
  /** "administrator" | "editor" */
  role: string;
  /** When a session was last made for the account, ms since epoch; null when never. */
  lastSignInAt: number | null;
}

/** An invitation to become an Administrator or Editor (migration 0010): a one-time link, its token kept hashed. */
export interface AccountInvitationTable {
  id: string;
  email: string;
  /** "administrator" | "editor" */
  role: string;
  /** SHA-256 of the token, hex. */
  tokenHash: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** A page of the board's own (issue 28, migration 0021): its address under /more, its text, and where it is linked. */
export interface BoardPageTable {
  id: string;
  /** Lower-case words joined by hyphens: the page is /more/<slug>. Unique. */
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  /** "more" (the More section's navigation) or "menu" (the header's main menu). */
  placement: string;
  /** Place in the board's order of its pages, ascending. */
  position: number;
  /** ms since epoch */
  createdAt: number;
  updatedAt: number;
  /** Who saved it last (the administrator's email). */
  updatedBy: string;
}

/** An address a board page had before, sending to it (migration 0021). */
export interface BoardPageRedirectTable {
  slug: string;
  pageId: string;
}

/**
 * The site search's full-text index (migration 0023, decision 039), written only by the database's triggers on its
 * sources' tables: an FTS5 table on SQLite, a table with a GIN index on its `tsvector` on PostgreSQL. Read by
 * app/search/data/search.server.ts.
 */
export interface SearchIndexTable {
  title: string;
  body: string;
  /** "news" | "events" | "faq" | "bylaws" | "documents" (app/search/sources.ts) */
  source: string;
  /** The item's id in its table. */
  ref: string;
  /** "YYYY-MM-DD", or "" for an item without a date. */
  date: string;
  /** 1 for a draft. */
  hidden: number;
  /** ms since epoch; 0 for an item always public. */
  publishAt: number;
}

export interface DB {
  news_post: NewsPostTable;
  event: EventTable;
  event_tombstone: EventTombstoneTable;
  banner: BannerTable;
  measurement: MeasurementTable;
  monitoring_site: MonitoringSiteTable;
  lab_file_mapping: LabFileMappingTable;
  parameter: ParameterTable;
  site_advisory: SiteAdvisoryTable;
  site_announced: SiteAnnouncedTable;
  member: MemberTable;
  document: DocumentTable;
  document_category: DocumentCategoryTable;
  setting: SettingTable;
  change_version: ChangeVersionTable;
  sign_in_attempt: SignInAttemptTable;
  site_item: SiteItemTable;
  board_page: BoardPageTable;
  board_page_redirect: BoardPageRedirectTable;
  image: ImageTable;
  subscriber: SubscriberTable;
  subscribe_attempt: SubscribeAttemptTable;
  password_reset_request: PasswordResetRequestTable;
  contact_message: ContactMessageTable;
  mail_suppression: MailSuppressionTable;
  outbox_message: OutboxMessageTable;
  outbox_recipient: OutboxRecipientTable;
  demo_content: DemoContentTable;
  account_role: AccountRoleTable;
  account_invitation: AccountInvitationTable;
  announcement: AnnouncementTable;
  search_index: SearchIndexTable;
}

export type NewsPost = Selectable<NewsPostTable>;
export type NewNewsPost = Insertable<NewsPostTable>;
export type NewsPostUpdate = Updateable<NewsPostTable>;
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type EventTombstone = Selectable<EventTombstoneTable>;
export type Banner = Selectable<BannerTable>;
export type Measurement = Selectable<MeasurementTable>;
export type MonitoringSite = Selectable<MonitoringSiteTable>;
export type Parameter = Selectable<ParameterTable>;
export type Member = Selectable<MemberTable>;
export type DocumentRecord = Selectable<DocumentTable>;
export type DocumentCategory = Selectable<DocumentCategoryTable>;
export type Subscriber = Selectable<SubscriberTable>;
export type OutboxRecipient = Selectable<OutboxRecipientTable>;
export type OutboxMessage = Selectable<OutboxMessageTable>;
export type ContactMessage = Selectable<ContactMessageTable>;
