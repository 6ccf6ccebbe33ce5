/**
 * Mail to the news and events lists (issue 11): when the board publishes a news post or adds an event, every
 * confirmed subscriber of that list gets one mail with the post or the event, through the outbox.
 *
 * Only what is new is mailed: a post dated before today or an event that has already happened (the board filling in
 * its archive) is saved without a mail, and an edit never mails again (docs/decisions/010-mail-outbox.md).
 */
import type { MailServices } from "#app/mail/outbox.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { clockTime, longDate } from "#app/platform/text/format.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import type { Event } from "#app/news-events/data/events.server.ts";
import type { NewsPost } from "#app/news-events/data/news.server.ts";
import { queueListMail, type QueuedMail } from "#app/mail/data/outbox.server.ts";

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
 * Queues the mail for a news post or event that was just created, when it is dated today or later in the
 * association's time zone, and wakes the outbox. Never throws: the post or event is already saved, so a failure is
 * logged and the board's write stands.
 * @param createdBy the administrator's address, shown in the Email screen's delivery table
 * @returns the number of recipients, or null when nothing was queued (an archive entry, or a failure)
 */
export async function announceNewItem(
  services: MailServices,
  item: { list: "news"; post: NewsPost } | { list: "events"; event: Event },
  createdBy: string,
  now = new Date(),
): Promise<number | null> {
  const { db, logger } = services;
  try {
    const date = item.list === "news" ? item.post.date : item.event.date;
    const { name, timeZone } = await getAssociationDetails(db);
    if (date < todayIn(timeZone, now)) return null;
    const options = { associationName: name, publicUrl: services.config.publicUrl };
    const mail = item.list === "news" ? composeNewsMail(item.post, options) : composeEventMail(item.event, options);
    const queued = await queueListMail(db, item.list, { ...mail, createdBy }, now.getTime());
    logger.info({ list: item.list, recipients: queued.recipients }, "list mail queued");
    services.outbox.kick();
    return queued.recipients;
  } catch (error) {
    logger.error({ err: error, list: item.list }, "list mail could not be queued");
    return null;
  }
}
