/**
 * News posts and events as the public pages show them: their Markdown texts turned into HTML in the loader, so the
 * browser receives HTML (also when live updates reload the loader) and never the Markdown renderer.
 */
import type { Event, NewsPost } from "#db/schema.ts";
import { renderMarkdown } from "#app/lib/markdown.server.ts";

/** A post without its Markdown `text`, with `html`: the text rendered by `renderMarkdown`. */
export type NewsForDisplay<T extends Pick<NewsPost, "text">> = Omit<T, "text"> & { html: string };
/** An event without its Markdown `eventDetails`, with `detailsHtml` ("" when there are no details). */
export type EventForDisplay<T extends Pick<Event, "eventDetails">> = Omit<T, "eventDetails"> & { detailsHtml: string };

/** Each post with its text as safe HTML (see `renderMarkdown`). */
export function newsForDisplay<T extends Pick<NewsPost, "text">>(posts: readonly T[]): NewsForDisplay<T>[] {
  return posts.map(({ text, ...post }) => ({ ...post, html: renderMarkdown(text) }));
}

/** Each event with its details as safe HTML (see `renderMarkdown`). */
export function eventsForDisplay<T extends Pick<Event, "eventDetails">>(events: readonly T[]): EventForDisplay<T>[] {
  return events.map(({ eventDetails, ...event }) => ({ ...event, detailsHtml: renderMarkdown(eventDetails) }));
}
