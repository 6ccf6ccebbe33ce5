/**
 * What every Atom feed (RFC 4287) of the site shares, written with `feed`. Entry ids are `urn:uuid:` of the row's id
 * (a UUID made when the row was added and never changed), so a feed reader never sees an entry twice, whatever
 * address the site moves to.
 */
import { Feed } from "feed";

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
export function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The Atom id of a row: `urn:uuid:<id>` for a UUID id (RFC 4122 URN), `urn:shoreline:<id>` otherwise. */
export function entryId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? `urn:uuid:${id.toLowerCase()}` : `urn:shoreline:${encodeURIComponent(id)}`;
}

/** A new Atom feed of `site` at `path` (its page at `page`), with the site as author and copyright holder. */
export function newFeed(site: FeedSite, { path, page, title, description, updated }: { path: string; page: string; title: string; description: string; updated: number }) {
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
