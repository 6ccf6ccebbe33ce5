/**
 * What search engines, link previews and feed readers read in a page's head (issue 28 part 6, decision 040), written
 * by the server alone: the canonical link, Open Graph and Twitter card tags, the feeds' and the manifest's links, and
 * the page's structured data (schema.org JSON-LD). None of it is in the page's JavaScript or its hydration data: the
 * home page's first-load budget had no room, and data in a loader travels twice. The server adds the tags to the
 * rendered document just before `</head>` (`withHeadExtras`, called by app/entry.server.tsx); React 19 leaves tags it
 * did not render in the head alone while it hydrates. After a navigation inside the site the head keeps the first
 * page's tags, which only people see; crawlers and previews load each address anew.
 *
 * Loaders say what the page adds through the request's `headExtrasContext` (set for document requests only, so a
 * `.data` request costs nothing): `addJsonLd` and `sharePage`; the root loader says `shareSite`.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { jsonLdText } from "./json-ld.ts";
import { absoluteUrl } from "./server-url.ts";

/** The site as link previews show it. */
export interface ShareSite {
  /** The public address, without a trailing slash. */
  url: string;
  /** The association's name: `og:site_name`. */
  name: string;
  /** The picture a preview shows unless the page has its own (a path on the site, or an address). */
  image: string;
}

/** What one document request adds to its head. */
export interface HeadExtras {
  site?: ShareSite;
  /** The page's own picture (a news post's first) and Open Graph type ("article" for a post). */
  page?: { image?: string; type?: "website" | "article" };
  /** JSON-LD documents, each written as one `<script type="application/ld+json">`. */
  jsonLd: unknown[];
}

/** The request's head extras: set by the Express app for a document request (not for `.data`), absent otherwise. */
export const headExtrasContext = createContext<HeadExtras | null>(null);

/** A new, empty set of head extras for a document request. */
export function newHeadExtras(): HeadExtras {
  return { jsonLd: [] };
}

/** Adds a JSON-LD document (an object with its `@context`) to the page's head. Nothing on a `.data` request. */
export function addJsonLd(context: Readonly<RouterContextProvider>, value: unknown): void {
  context.get(headExtrasContext)?.jsonLd.push(value);
}

/** Says what the site's link previews show (the root loader's, every document request). */
export function shareSite(context: Readonly<RouterContextProvider>, site: ShareSite): void {
  const extras = context.get(headExtrasContext);
  if (extras) extras.site = site;
}

/** Says what this page's link preview shows of its own: a picture, and its Open Graph type. */
export function sharePage(context: Readonly<RouterContextProvider>, page: NonNullable<HeadExtras["page"]>): void {
  const extras = context.get(headExtrasContext);
  if (extras) extras.page = page;
}

/** The feeds every page names for feed readers and calendar apps, and the web app manifest. */
const SITE_LINKS =
  '<link rel="manifest" href="/manifest.webmanifest"/>' +
  '<link rel="alternate" type="application/atom+xml" href="/news.atom" title="News (Atom)"/>' +
  '<link rel="alternate" type="application/feed+json" href="/news.json" title="News (JSON Feed)"/>' +
  '<link rel="alternate" type="text/calendar" href="/events.ics" title="Events (iCalendar)"/>';

function attribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An element's text or attribute value as React wrote it, decoded (React escapes `& < > " '`). */
function decoded(html: string): string {
  return html.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", amp: "&" })[name]!);
}

/**
 * The document `html` with its head extras before `</head>`: the feed and manifest links always; the canonical link
 * and the link-preview tags on a page answered 200 whose site is known, from the page's own `<title>` and
 * `<meta name="description">`; each JSON-LD document with the request's nonce.
 * @param path the page's path without its query ("/more/localinfo/All"): the canonical address under the site's
 * @param status the response's status: an error page names no canonical address
 */
export function withHeadExtras(html: string, extras: HeadExtras | null, { path, status, nonce }: { path: string; status: number; nonce: string }): string {
  const end = html.indexOf("</head>");
  if (end === -1) return html;
  let tags = SITE_LINKS;
  const site = extras?.site;
  if (site && status === 200) {
    const title = decoded(/<title>([^<]*)<\/title>/.exec(html.slice(0, end))?.[1] ?? site.name);
    const description = decoded(/<meta name="description" content="([^"]*)"/.exec(html.slice(0, end))?.[1] ?? "");
    const url = absoluteUrl(site.url, path);
    const own = extras.page?.image;
    const image = absoluteUrl(site.url, own ?? site.image);
    const meta: [string, string, string][] = [
      ["property", "og:type", extras.page?.type ?? "website"],
      ["property", "og:site_name", site.name],
      ["property", "og:title", title],
      ["property", "og:description", description],
      ["property", "og:url", url],
      ["property", "og:image", image],
      ["name", "twitter:card", own ? "summary_large_image" : "summary"],
      ["name", "twitter:title", title],
      ["name", "twitter:description", description],
      ["name", "twitter:image", image],
    ];
    tags = `<link rel="canonical" href="${attribute(url)}"/>${meta.map(([key, name, content]) => `<meta ${key}="${name}" content="${attribute(content)}"/>`).join("")}${tags}`;
  }
  for (const value of extras?.jsonLd ?? []) tags += `<script type="application/ld+json"${nonce ? ` nonce="${attribute(nonce)}"` : ""}>${jsonLdText(value)}</script>`;
  return html.slice(0, end) + tags + html.slice(end);
}
