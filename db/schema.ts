/**
 * The database schema as Kysely types: one table for each entity of spec §3. Column names follow the
 * specification's field names. Instants are integers: milliseconds since the Unix epoch (UTC).
 * Dates are "YYYY-MM-DD" text, times "HH:MM" text. better-auth keeps its own tables (user, session, account,
 * verification) beside these.
 */
import type { Insertable, Selectable, Updateable } from "kysely";

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
}

export interface MemberTable {
  id: string;
  email: string;
  createdAt: number;
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

export interface DB {
  news_post: NewsPostTable;
  event: EventTable;
  banner: BannerTable;
  measurement: MeasurementTable;
  member: MemberTable;
  document: DocumentTable;
  setting: SettingTable;
  change_version: ChangeVersionTable;
  sign_in_attempt: SignInAttemptTable;
}

export type NewsPost = Selectable<NewsPostTable>;
export type NewNewsPost = Insertable<NewsPostTable>;
export type NewsPostUpdate = Updateable<NewsPostTable>;
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type Banner = Selectable<BannerTable>;
export type Measurement = Selectable<MeasurementTable>;
export type Member = Selectable<MemberTable>;
export type DocumentRecord = Selectable<DocumentTable>;
