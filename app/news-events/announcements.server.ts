/**
 * Mail to the news and events lists (issue 11): when the board publishes a news post or adds an event, every
 * confirmed subscriber of that list gets one mail with the post or the event, through the outbox.
 *
 * Only what is new is mailed: a post dated before today or an event that has already happened (the board filling in
 * its archive) is saved without a mail, and an edit never mails again (docs/decisions/010-mail-outbox.md). A post or
 * event and its mail are one transaction (`publishNewsPost`, `publishEvent`).
 */
import type { SubscriberList } from "#app/mail/mail-texts.ts";
import type { MailServices } from "#app/mail/outbox.server.ts";
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { clockTime, longDate } from "#app/platform/text/format.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { createEvent, type Event, type EventInput } from "./data/events.server.ts";
import { createNewsPost, type NewsPost, type NewsPostInput } from "./data/news.server.ts";
import { queueListMail, type QueuedMail } from "#app/mail/data/outbox.server.ts";

/** The lists that news posts and events are mailed to. */
type ItemList = Extract<SubscriberList, "news" | "events">;

/** A list mail's subject, plain text and HTML body (before the outbox adds each recipient's footer). */
export type ListMail = Pick<QueuedMail, "subject" | "text" | "html">;

/**
 * The mail for a new news post: its title as the subject, its date and its text (Markdown as written for the plain
 * part, rendered and sanitized for the HTML part), and a link to the site's news page.
 */
export function composeNewsMail(post: Pick<NewsPost, "title" | "text" | "date" | "author">, options: { associationName: string; publicUrl: string }): ListMail {
  const link = new URL("/news-events", options.publicUrl).href;
  const byline = `${longDate(post.date)}${post.author ? ` · ${post.author}` : ""}`;
  return {
    subject: `${options.associationName}: ${post.title}`,
    text: `${post.title}\n${byline}\n\n${post.text}\n\nOn the site: ${link}`,
    html:
      `<h1 style="font-size:1.3em">${escapeHtml(post.title)}</h1><p style="color:#555">${escapeHtml(byline)}</p>` +
      `${renderMarkdown(post.text)}<p><a href="${escapeHtml(link)}">Read it on the site</a></p>`,
  };
}

/**
 * The mail for a new event: title, date, start time and place, its details, and links to the event's calendar file
 * (`/events/:id.ics`, so a subscriber adds it to a calendar in one tap) and to the site's events page.
 */
export function composeEventMail(
  event: Pick<Event, "id" | "title" | "date" | "startTime" | "timeDetails" | "place" | "eventDetails">,
  options: { associationName: string; publicUrl: string },
): ListMail {
  const page = new URL("/news-events", options.publicUrl).href;
  const calendar = new URL(`/events/${encodeURIComponent(event.id)}.ics`, options.publicUrl).href;
  const when = [longDate(event.date), event.startTime ? clockTime(event.startTime) : "", event.timeDetails].filter(Boolean).join(", ");
  const facts = [`When: ${when}`, ...(event.place ? [`Where: ${event.place}`] : [])];
  return {
    subject: `${options.associationName} event: ${event.title}, ${longDate(event.date)}`,
    text: `${event.title}\n${facts.join("\n")}\n\n${event.eventDetails}\n\nAdd to your calendar: ${calendar}\nAll events: ${page}`,
    html:
      `<h1 style="font-size:1.3em">${escapeHtml(event.title)}</h1><p>${facts.map(escapeHtml).join("<br>")}</p>` +
      `${renderMarkdown(event.eventDetails)}<p><a href="${escapeHtml(calendar)}">Add to your calendar</a> · <a href="${escapeHtml(page)}">All events</a></p>`,
  };
}

/**
 * Queues a new item's list mail inside the transaction that creates it, when it is dated today or later in the
 * association's time zone (an archive entry is saved without one).
 * @returns the recipients queued, or null when nothing was
 */
async function queueIfNew(trx: Database, list: ItemList, date: string, compose: (options: { associationName: string; publicUrl: string }) => ListMail, createdBy: string, publicUrl: string, now: Date) {
  const { name, timeZone } = await getAssociationDetails(trx);
  if (date < todayIn(timeZone, now)) return null;
  const mail = compose({ associationName: name, publicUrl });
  return (await queueListMail(trx, list, { ...mail, createdBy }, now.getTime())).recipients;
}

/** After a publication committed: logs the mail queued with it and wakes the outbox. */
function afterPublishing(services: MailServices, list: ItemList, recipients: number | null) {
  if (recipients === null) return;
  services.logger.info({ list, recipients }, "list mail queued");
  services.outbox.kick();
}

/**
 * Publishes a news post: creates it and, in the same transaction, queues its mail to the news list (when it is
 * dated today or later), so that a post is never saved without its announcement or announced without being saved.
 * @param by the administrator: the account id kept with the post, and the address shown in the Email screen's
 *   delivery table
 * @throws RangeError when the date is not a calendar date; nothing is saved or queued
 */
export async function publishNewsPost(services: MailServices, input: NewsPostInput, by: { userId: string; email: string }, now = new Date()): Promise<NewsPost> {
  const { post, recipients } = await inTransaction(services.db, async (trx) => {
    const post = await createNewsPost(trx, input, by.userId, now.getTime());
    return { post, recipients: await queueIfNew(trx, "news", post.date, (o) => composeNewsMail(post, o), by.email, services.config.publicUrl, now) };
  });
  afterPublishing(services, "news", recipients);
  return post;
}

/**
 * Adds an event: creates it and, in the same transaction, queues its mail to the events list (when it is on today
 * or later).
 * @param by as for `publishNewsPost`
 * @throws RangeError when the date is not a calendar date; nothing is saved or queued
 */
export async function publishEvent(services: MailServices, input: EventInput, by: { userId: string; email: string }, now = new Date()): Promise<Event> {
  const { event, recipients } = await inTransaction(services.db, async (trx) => {
    const event = await createEvent(trx, input, by.userId, now.getTime());
    return { event, recipients: await queueIfNew(trx, "events", event.date, (o) => composeEventMail(event, o), by.email, services.config.publicUrl, now) };
  });
  afterPublishing(services, "events", recipients);
  return event;
}
