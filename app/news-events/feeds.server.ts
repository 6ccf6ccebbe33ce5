/**
 * Atom feeds (RFC 4287) of the news (/news.atom) and of the beach readings (/beach.atom), written with `feed`.
 *
 * Entry ids are `urn:uuid:` of the row's id (a UUID made when the row was added and never changed), so a feed reader
 * never sees an entry twice, whatever address the site moves to. A news entry's content is its Markdown text as the
 * page shows it (`renderMarkdown`: safe HTML); a beach entry is one reading with its status (app/beach/status.ts).
 */
import { Feed } from "feed";
import type { Measurement, NewsPost } from "#db/schema.ts";
import { publicBeachStatus } from "#app/beach/status.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { cleanText } from "#app/platform/text/text.ts";

/** The site a feed belongs to. */
export interface FeedSite {
  /** The association's name, e.g. "Heron Lake Association". */
  name: string;
  /** The site's public address without a trailing slash. */
  publicUrl: string;
}

/**
 * A plain text as HTML: `feed` writes entry titles as `type="html"`, so a title's own "<" or "&" must reach the
 * reader escaped once more, or it would be read as markup.
 */
function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The Atom id of a row: `urn:uuid:<id>` for a UUID id (RFC 4122 URN), `urn:shoreline:<id>` otherwise. */
export function entryId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? `urn:uuid:${id.toLowerCase()}` : `urn:shoreline:${encodeURIComponent(id)}`;
}

function newFeed(site: FeedSite, { path, page, title, description, updated }: { path: string; page: string; title: string; description: string; updated: number }) {
  return new Feed({
    id: `${site.publicUrl}${path}`,
    title,
    description,
    link: `${site.publicUrl}${page}`,
    feedLinks: { atom: `${site.publicUrl}${path}` },
    updated: new Date(updated),
    author: { name: site.name },
    copyright: site.name,
    generator: "Shoreline",
  });
}

/**
 * The news as an Atom document, in the order given (newest first).
 * @param posts the posts to publish; each entry's `updated` is the post's last change, `published` its creation
 * @param now the feed's `updated` when there are no posts, ms since epoch
 */
export function newsAtom(posts: readonly NewsPost[], site: FeedSite, now = Date.now()): string {
  const feed = newFeed(site, {
    path: "/news.atom",
    page: "/news-events",
    title: `${site.name}: news`,
    description: `News from ${site.name}.`,
    updated: posts.reduce((latest, p) => Math.max(latest, p.updated), posts.length ? 0 : now),
  });
  for (const post of posts) {
    feed.addItem({
      id: entryId(post.id),
      title: htmlText(cleanText(post.title)),
      link: `${site.publicUrl}/news-events#news-${post.id}`,
      date: new Date(post.updated),
      published: new Date(post.created),
      author: [{ name: cleanText(post.author) }],
      content: renderMarkdown(cleanText(post.text)),
    });
  }
  return feed.atom1();
}

/** A reading in words: "Open: 84 E. coli per 100 mL, sampled 2026-07-01." */
export function readingSummary(reading: Pick<Measurement, "date" | "value">): string {
  return `${publicBeachStatus(reading.value)}: ${formatNumber(reading.value, 1)} E. coli per 100 mL, sampled ${reading.date}.`;
}

/**
 * The beach readings as an Atom document: one entry per reading, in the order given (newest first), titled with its
 * status and value.
 * @param beachName the beach the readings are from
 * @param now the feed's `updated` when there are no readings, ms since epoch
 */
export function beachAtom(readings: readonly Measurement[], site: FeedSite & { beachName: string }, now = Date.now()): string {
  const feed = newFeed(site, {
    path: "/beach.atom",
    page: "/the-lake#beach",
    title: `${site.beachName}: E. coli readings`,
    description: `Water-quality readings (E. coli per 100 mL) at ${site.beachName}, from ${site.name}.`,
    updated: readings.reduce((latest, r) => Math.max(latest, r.createdAt), readings.length ? 0 : now),
  });
  for (const reading of readings) {
    feed.addItem({
      id: entryId(reading.id),
      title: htmlText(`${site.beachName}: ${publicBeachStatus(reading.value)}, ${formatNumber(reading.value, 1)} E. coli per 100 mL (${reading.date})`),
      link: `${site.publicUrl}/the-lake#beach`,
      date: new Date(reading.createdAt),
      published: new Date(reading.createdAt),
      description: readingSummary(reading),
    });
  }
  return feed.atom1();
}
