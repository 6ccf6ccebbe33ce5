/**
 * News posts and events as the public pages show them: their Markdown texts turned into HTML in the loader, so the
 * browser receives HTML (also when live updates reload the loader) and never the Markdown renderer. On a document
 * request the HTML is in the markup once and the hydration data holds a reference (`markdownFor`, app/platform/http/page-html.ts).
 *
 * Only the fields `NewsItem` and `EventItem` show leave the server: not the author's account id, the times a row was
 * created and changed, its stored instant or its calendar sequence. They are row internals, and on /news-events with
 * 100 posts and a year of events they were about a third of the page's hydration data (issue 13).
 */
import type { Event, NewsPost } from "#db/schema.ts";
import type { Html } from "#app/platform/http/page-html.ts";
import type { NewsItemPost } from "./NewsItem.tsx";
import type { EventItemData } from "./EventItem.tsx";
import { fillNumbers, type AssociationNumbers } from "#app/site/data/governance.server.ts";
import { publicAuthor } from "./publication.ts";
import { eventDays, eventWhen, repeatText, type EventTiming } from "./occurrences.ts";

/**
 * Each post with its text as safe HTML as `html` (or its reference), and nothing else of its row. The author is
 * shown as `publicAuthor` has it: never an email address, the association's name instead (issue 26). The text's
 * placeholders (`{duesDollars}`, …) are filled in with the association's numbers (`fillNumbers`, issue 26 part 4);
 * the title is shown as written.
 * @param md the request's Markdown renderer (`markdownFor(context)`)
 * @param associationName what stands for an author who is an address or nobody
 * @param numbers the association's numbers (`getAssociationNumbers`)
 */
export function newsForDisplay(
  posts: readonly Pick<NewsPost, "id" | "title" | "date" | "author" | "text">[],
  md: (source: string) => Html,
  associationName: string,
  numbers: AssociationNumbers,
): NewsItemPost[] {
  return posts.map((post) => ({ id: post.id, title: post.title, date: post.date, author: publicAuthor(post.author, associationName), html: md(fillNumbers(post.text, numbers)) }));
}

/**
 * Each event occurrence (`listEventOccurrences`: `date` and `endDate` its own days) with its details as safe HTML as
 * `detailsHtml` ("" when there are none), how it repeats as text, and nothing else of its row. The details'
 * placeholders (`{duesDollars}`, …) are filled in with the association's numbers (`fillNumbers`, issue 26 part 4);
 * the title, time details and place are shown as written. An event's details are rendered once for all its dates.
 * @param md the request's Markdown renderer (`markdownFor(context)`)
 * @param numbers the association's numbers (`getAssociationNumbers`)
 */
export function eventsForDisplay(
  events: readonly (Pick<Event, "id" | "title" | "timeDetails" | "place" | "eventDetails"> & EventTiming & { firstDate?: string })[],
  md: (source: string) => Html,
  numbers: AssociationNumbers,
): EventItemData[] {
  const details = new Map<string, Html>();
  return events.map((event) => {
    if (!details.has(event.id)) details.set(event.id, md(fillNumbers(event.eventDetails, numbers)));
    return {
      id: event.id,
      // Occurrences of a repeating event share its id: the date tells them apart.
      key: event.repeat ? `${event.id}-${event.date}` : event.id,
      title: event.title,
      date: event.date,
      days: eventDays(event),
      when: eventWhen(event),
      repeats: repeatText({ ...event, date: event.firstDate ?? event.date }),
      place: event.place,
      detailsHtml: details.get(event.id)!,
    };
  });
}
