/**
 * The title and description of a page (a route's `meta` replaces the root's, so each page gives both), and with them
 * what search engines and link previews read (issue 28 part 6): the canonical address, Open Graph and Twitter card
 * tags, every address absolute from the configured public address (`PUBLIC_URL`, from the root loader).
 */

/** What a route's `meta` is given of the routes matched: the root's loader data carries the association's name. */
type Matches = readonly ({ id: string; pathname?: string; loaderData?: unknown } | undefined)[];

/** What the root loader says for link previews: the public address and the picture a shared link shows. */
export interface ShareSite {
  /** The site's public address without a trailing slash ("https://heronlake.example.org"). */
  url: string;
  /** The association's logo (a path on the site, "/images/<id>/640.webp"), or the bundled icon without one. */
  image: string;
}

/** What a page may add to its preview: a picture of its own (a news post's first picture), and its kind. */
export interface ShareOptions {
  /** An address or a path on the site; the logo when absent. */
  image?: string;
  /** Open Graph's type: "article" for a news post, "website" (the default) otherwise. */
  type?: "website" | "article";
}

/**
 * "The Lake · Heron Lake Association": the page's title and the association's name as the board set it (from the
 * root loader), with the page's description, the canonical link and the link-preview tags (`shareMeta`).
 */
export function pageMeta(matches: Matches, title: string, description: string, options: ShareOptions = {}) {
  return [{ title: `${title} · ${siteName(matches)}` }, { name: "description", content: description }, ...shareMeta(matches, title, description, options)];
}

/**
 * The canonical link, Open Graph and Twitter card tags of the page matched: its address (the last match's path, without
 * a query), title, description, the association's name and a picture, each address absolute. None when the root
 * loader could not run (a page of the error boundary while the database is down): no address is known then.
 */
export function shareMeta(matches: Matches, title: string, description: string, { image, type = "website" }: ShareOptions = {}) {
  const share = rootData(matches)?.share;
  if (!share) return [];
  const path = matches.findLast((m) => m?.pathname !== undefined)?.pathname ?? "/";
  const url = absoluteUrl(share.url, path);
  const picture = absoluteUrl(share.url, image ?? share.image);
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName(matches) },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: picture },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: picture },
  ];
}

/** `target` (a path, or an address already absolute) as an absolute address under `base`; a path's spaces and such escaped. */
export function absoluteUrl(base: string, target: string): string {
  return new URL(target, `${base}/`).href;
}

/**
 * What the header and footer say when the root loader could not read the association's details (a page shown by the
 * root error boundary while the database is down): neutral words, never another association's name. Kept here, not
 * read from content/, so that the demo content stays out of the browser's bundle.
 */
export const FALLBACK_SITE = { name: "Lake Association", shortName: "Home", socialUrl: "", socialLabel: "" } as const;

/** The header's blue (app.css `--brand`): the browser's theme colour, and the ground of the tab and home-screen icons. */
export const THEME_COLOR = "#0b3d5c";

function rootData(matches: Matches) {
  return matches.find((m) => m?.id === "root")?.loaderData as { site?: { name?: string }; share?: ShareSite } | undefined;
}

/** The association's name as the board set it (the root loader's), for a page's title. */
export function siteName(matches: Matches): string {
  return rootData(matches)?.site?.name ?? FALLBACK_SITE.name;
}
