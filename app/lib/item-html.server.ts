/**
 * News posts and events as the public pages show them: their Markdown texts turned into HTML in the loader, so the
 * browser receives HTML (also when live updates reload the loader) and never the Markdown renderer. On a document
 * request the HTML is in the markup once and the hydration data holds a reference (`markdownFor`, lib/page-html.ts).
 */
import type { Event, NewsPost } from "#db/schema.ts";
import type { Html } from "#app/lib/page-html.ts";

/** A post without its Markdown `text`, with `html`: the text rendered by `renderMarkdown` (or its reference). */
export type NewsForDisplay<T extends Pick<NewsPost, "text">> = Omit<T, "text"> & { html: Html };
/** An event without its Markdown `eventDetails`, with `detailsHtml` ("" when there are no details). */
export type EventForDisplay<T extends Pick<Event, "eventDetails">> = Omit<T, "eventDetails"> & { detailsHtml: Html };

/**
 * Each post with its text as safe HTML.
 * @param md the request's Markdown renderer (`markdownFor(context)`)
 */
export function newsForDisplay<T extends Pick<NewsPost, "text">>(posts: readonly T[], md: (source: string) => Html): NewsForDisplay<T>[] {
  return posts.map(({ text, ...post }) => ({ ...post, html: md(text) }));
}

/**
 * Each event with its details as safe HTML.
 * @param md the request's Markdown renderer (`markdownFor(context)`)
 */
export function eventsForDisplay<T extends Pick<Event, "eventDetails">>(events: readonly T[], md: (source: string) => Html): EventForDisplay<T>[] {
  return events.map(({ eventDetails, ...event }) => ({ ...event, detailsHtml: md(eventDetails) }));
}
