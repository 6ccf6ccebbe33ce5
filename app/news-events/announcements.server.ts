/**
 * Publishing news posts and events, and their mail to the news and events lists (issue 11, issue 26 part 3,
 * docs/decisions/025-publishing-is-a-decision.md).
 *
 * A save says how the item is published (now, at a set time, or kept as a draft) and whether its list is mailed.
 * Mail goes only when the board chose it, when the item is public: at once for "now", when it goes live for a set
 * time (`publishDue`, run by the publication timer and the chores). An item is mailed at most once: the
 * `announcement` row, keyed by the item's id, is written in the transaction that queues the mail, so the database
 * refuses a second. An item's save, its going live and its mail are one transaction.
 */
import type { SubscriberList } from "#app/mail/mail-texts.ts";
import type { MailServices } from "#app/mail/outbox.server.ts";
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import type { Topic } from "#app/platform/data/topics.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { clockTime, longDate } from "#app/platform/text/format.ts";
import { repeatText } from "./occurrences.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { fillNumbers, getAssociationNumbers, type AssociationNumbers } from "#app/site/data/governance.server.ts";
import { createEvent, getEvent, updateEvent, type Event, type EventInput } from "./data/events.server.ts";
import { createNewsPost, getNewsPost, updateNewsPost, type NewsPost, type NewsPostInput } from "./data/news.server.ts";
import { queueListMail, queueNotice, type QueuedMail } from "#app/mail/data/outbox.server.ts";
import { countMailableSubscribers } from "#app/mail/data/subscribers.server.ts";
import {
  clearMailChoice,
  isAnnounced,
  listDueItems,
  markLive,
  recordAnnouncement,
  setAnnouncementMessage,
  type ItemTable,
  type StoredPublication,
} from "./data/publication.server.ts";
import { publicAuthor, publicationColumns, type PublishChoice } from "./publication.ts";

/** The lists that news posts and events are mailed to. */
type ItemList = Extract<SubscriberList, "news" | "events">;

/** A list mail's subject, plain text and HTML body (before the outbox adds each recipient's footer). */
export type ListMail = Pick<QueuedMail, "subject" | "text" | "html">;

/**
 * What a list mail is composed with: the association's name, the site's public address, and the association's
 * numbers, which a text's placeholders (`{duesDollars}`, …) stand for (`fillNumbers`, issue 26 part 4).
 */
export interface MailOptions {
  associationName: string;
  publicUrl: string;
  numbers: AssociationNumbers;
}

/**
 * The mail for a new news post: its title as the subject, its date, its author as the site shows it, its text (Markdown as written for the plain
 * part, rendered and sanitized for the HTML part), and a link to the site's news page. The text's placeholders are
 * filled in, in both parts, as the site shows them; the title is sent as written.
 */
export function composeNewsMail(post: Pick<NewsPost, "title" | "text" | "date" | "author">, options: MailOptions): ListMail {
  const body = fillNumbers(post.text, options.numbers);
  const link = new URL("/news-events", options.publicUrl).href;
  // The author as the site shows it: a name, never an administrator's address (issue 26).
  const byline = `${longDate(post.date)} · ${publicAuthor(post.author, options.associationName)}`;
  return {
    subject: `${options.associationName}: ${post.title}`,
    text: `${post.title}\n${byline}\n\n${body}\n\nOn the site: ${link}`,
    html:
      `<h1 style="font-size:1.3em">${escapeHtml(post.title)}</h1><p style="color:#555">${escapeHtml(byline)}</p>` +
      `${renderMarkdown(body)}<p><a href="${escapeHtml(link)}">Read it on the site</a></p>`,
  };
}

/**
 * The mail for a new event: title, date, start time and place, its details, and links to the event's calendar file
 * (`/events/:id.ics`, so a subscriber adds it to a calendar in one tap) and to the site's events page. The details'
 * placeholders are filled in, in both parts, as the site shows them; the title is sent as written.
 */
export function composeEventMail(
  event: Pick<Event, "id" | "title" | "date" | "startTime" | "timeDetails" | "place" | "eventDetails"> &
    Partial<Pick<Event, "endTime" | "endDate" | "allDay" | "repeat" | "repeatUntil" | "repeatCount">>,
  options: MailOptions,
): ListMail {
  const details = fillNumbers(event.eventDetails, options.numbers);
  const page = new URL("/news-events", options.publicUrl).href;
  const calendar = new URL(`/events/${encodeURIComponent(event.id)}.ics`, options.publicUrl).href;
  // Issue 28 part 2: its last day, its end time or "All day", and how it repeats.
  const days = event.endDate && event.endDate > event.date ? `${longDate(event.date)} to ${longDate(event.endDate)}` : longDate(event.date);
  const time = event.allDay ? "All day" : event.startTime ? [clockTime(event.startTime), event.endTime ? clockTime(event.endTime) : ""].filter(Boolean).join(" to ") : "";
  const when = [days, time, event.timeDetails].filter(Boolean).join(", ");
  const repeats = repeatText({ date: event.date, repeat: event.repeat ?? "", repeatUntil: event.repeatUntil ?? "", repeatCount: event.repeatCount ?? null });
  const facts = [`When: ${when}`, ...(repeats ? [`Repeats: ${repeats}`] : []), ...(event.place ? [`Where: ${event.place}`] : [])];
  return {
    subject: `${options.associationName} event: ${event.title}, ${longDate(event.date)}`,
    text: `${event.title}\n${facts.join("\n")}\n\n${details}\n\nAdd to your calendar: ${calendar}\nAll events: ${page}`,
    html:
      `<h1 style="font-size:1.3em">${escapeHtml(event.title)}</h1><p>${facts.map(escapeHtml).join("<br>")}</p>` +
      `${renderMarkdown(details)}<p><a href="${escapeHtml(calendar)}">Add to your calendar</a> · <a href="${escapeHtml(page)}">All events</a></p>`,
  };
}

/** How a save publishes an item: the board's "Publish" choice, the set time for "at", and whether to mail the list. */
export interface PublishRequest {
  choice: PublishChoice;
  /** For "at": the instant, ms since epoch. */
  at: number | null;
  /** The board checked "Email this to the N … subscribers". */
  mail: boolean;
}

/** Who saves: the account kept with a new item, and the address recorded as who queued its mail. */
export interface Saver {
  userId: string;
  email: string;
}

/** What differs between news posts and events for publishing. */
interface ItemKind<Item extends { id: string }, Input> {
  table: ItemTable;
  topic: Topic;
  list: ItemList;
  get(db: Database, id: string): Promise<Item | undefined>;
  create(db: Database, input: Input, authorId: string, now: number, publication: StoredPublication): Promise<Item>;
  update(db: Database, id: string, input: Input, now: number, publication: StoredPublication): Promise<boolean>;
  compose(item: Item, options: MailOptions): ListMail;
}

const NEWS: ItemKind<NewsPost, NewsPostInput> = {
  table: "news_post",
  topic: "news",
  list: "news",
  get: getNewsPost,
  create: createNewsPost,
  update: updateNewsPost,
  compose: composeNewsMail,
};

const EVENTS: ItemKind<Event, EventInput> = {
  table: "event",
  topic: "events",
  list: "events",
  get: getEvent,
  create: createEvent,
  update: updateEvent,
  compose: composeEventMail,
};

/** Listeners told after a save that left an item waiting for a set time (the publication timer of this process). */
const scheduledListeners = new Set<() => void>();

/** Calls `listener` after each save in this process that schedules an item; returns the function that stops it. */
export function onScheduled(listener: () => void): () => void {
  scheduledListeners.add(listener);
  return () => scheduledListeners.delete(listener);
}

/**
 * Mails an item to its list inside the caller's transaction, unless it was mailed before: the announcement record
 * first (refused by its primary key for an item already announced), then the list mail, then the item's pending
 * choice is cleared.
 * @returns the recipients queued, or null when the item had been announced already
 */
async function announce<Item extends { id: string }>(trx: Database, kind: ItemKind<Item, unknown>, item: Item, createdBy: string, publicUrl: string, now: number): Promise<number | null> {
  const { name } = await getAssociationDetails(trx);
  await clearMailChoice(trx, kind.table, item.id);
  if (!(await recordAnnouncement(trx, { itemId: item.id, list: kind.list, messageId: "", at: now }))) return null;
  const mail = kind.compose(item, { associationName: name, publicUrl, numbers: await getAssociationNumbers(trx) });
  const queued = await queueListMail(trx, kind.list, { ...mail, createdBy }, now);
  await setAnnouncementMessage(trx, item.id, queued.messageId);
  return queued.recipients;
}

/** After a write committed: logs the mail queued with it and wakes the outbox. */
function afterMailing(services: MailServices, list: ItemList, recipients: number | null | undefined) {
  if (recipients === null || recipients === undefined) return;
  services.logger.info({ list, recipients }, "list mail queued");
  services.outbox.kick();
}

/**
 * Saves a new item (`id` null) or changes one, with its publication, and mails its list in the same transaction when
 * the board chose it and the item is public now (never a second time).
 * @returns the item as saved, or null when `id` names no item
 * @throws RangeError when the date is not a calendar date; nothing is saved or queued
 */
async function saveItem<Item extends { id: string; draft: number; publishAt: number }, Input>(
  services: MailServices,
  kind: ItemKind<Item, Input>,
  id: string | null,
  input: Input,
  publish: PublishRequest,
  by: Saver,
  now: Date,
): Promise<Item | null> {
  const at = now.getTime();
  const saved = await inTransaction(services.db, async (trx) => {
    const before = id ? await kind.get(trx, id) : undefined;
    if (id && !before) return null;
    const columns = publicationColumns(publish.choice, publish.at, at, before);
    const announced = before ? await isAnnounced(trx, before.id) : false;
    const publication = { ...columns, mailOnPublish: publish.mail && !announced ? 1 : 0 };
    let item: Item | undefined;
    if (before) item = (await kind.update(trx, before.id, input, at, publication)) ? await kind.get(trx, before.id) : undefined;
    else item = await kind.create(trx, input, by.userId, at, publication);
    if (!item) return null;
    const goesOut = publication.mailOnPublish === 1 && !publication.draft && publication.live === 1;
    return { item, scheduled: !publication.draft && !publication.live, recipients: goesOut ? await announce(trx, kind, item, by.email, services.config.publicUrl, at) : null };
  });
  if (!saved) return null;
  afterMailing(services, kind.list, saved.recipients);
  if (saved.scheduled) for (const listener of scheduledListeners) listener();
  return saved.item;
}

/**
 * Saves a news post (new when `id` is null) as the board chose to publish it; mails the news list when chosen.
 * @returns the post, or null when `id` names no post
 * @throws RangeError when the date is not a calendar date; nothing is saved or queued
 */
export function saveNewsPost(services: MailServices, id: string | null, input: NewsPostInput, publish: PublishRequest, by: Saver, now = new Date()): Promise<NewsPost | null> {
  return saveItem(services, NEWS, id, input, publish, by, now);
}

/**
 * Saves an event (new when `id` is null) as the board chose to publish it; mails the events list when chosen.
 * @returns the event, or null when `id` names no event
 * @throws RangeError when the date is not a calendar date; nothing is saved or queued
 */
export function saveEvent(services: MailServices, id: string | null, input: EventInput, publish: PublishRequest, by: Saver, now = new Date()): Promise<Event | null> {
  return saveItem(services, EVENTS, id, input, publish, by, now);
}

/**
 * Makes every item whose set time has come live: in one transaction per item, marks it live (compare-and-set, so
 * that of several processes one does it), bumps its topic's counter (the public page cache and open pages follow)
 * and, when the board chose it, mails its list. Run by each process's publication timer and by the chores.
 * @param now ms since epoch
 * @returns how many items this call made live
 */
export async function publishDue(services: MailServices, now = Date.now()): Promise<number> {
  let made = 0;
  for (const kind of [NEWS, EVENTS] as ItemKind<{ id: string }, unknown>[]) {
    for (const { id } of await listDueItems(services.db, kind.table, now)) {
      const recipients = await writeAndSignal(services.db, kind.topic, async (trx) => {
        const live = await markLive(trx, kind.table, id, now);
        if (!live) return undefined;
        made++;
        const item = live.mailOnPublish ? await kind.get(trx, id) : undefined;
        return item ? announce(trx, kind, item, "system", services.config.publicUrl, now) : null;
      });
      afterMailing(services, kind.list, recipients);
    }
  }
  if (made) services.logger.info({ items: made }, "scheduled items published");
  return made;
}

/** What the "Email this to …" choice says for an item: how many subscribers its list has, and whether it was mailed. */
export async function mailChoice(db: Database, list: ItemList, itemId: string | null): Promise<{ subscribers: number; announced: boolean }> {
  const [subscribers, announced] = await Promise.all([countMailableSubscribers(db, list), itemId ? isAnnounced(db, itemId) : Promise.resolve(false)]);
  return { subscribers, announced };
}

/**
 * The message the list would get for a news post or an event as the form holds it: the same composition the list
 * mail uses (`composeNewsMail`, `composeEventMail`).
 */
export async function previewMail(db: Database, publicUrl: string, item: { kind: "news"; post: Parameters<typeof composeNewsMail>[0] } | { kind: "events"; event: Parameters<typeof composeEventMail>[0] }): Promise<ListMail> {
  const [{ name }, numbers] = await Promise.all([getAssociationDetails(db), getAssociationNumbers(db)]);
  const options = { associationName: name, publicUrl, numbers };
  return item.kind === "news" ? composeNewsMail(item.post, options) : composeEventMail(item.event, options);
}

/**
 * "Send me a test first": queues `mail` to the signed-in administrator alone, through the outbox, its subject marked
 * as a test. Nothing is recorded as announced.
 * @returns false when the address is suppressed (a bounce), so nothing was queued
 */
export async function sendTestMail(services: MailServices, mail: ListMail, to: string): Promise<boolean> {
  const queued = await queueNotice(services.db, to, { ...mail, subject: `Test: ${mail.subject}`, createdBy: to });
  if (queued) {
    services.logger.info({ to }, "test of a list mail queued");
    services.outbox.kick();
  }
  return queued !== null;
}
