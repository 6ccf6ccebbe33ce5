/** The title and description of a page (a route's `meta` replaces the root's, so each page gives both). */

/** What a route's `meta` is given of the routes matched: the root's loader data carries the association's name. */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/**
 * "The Lake · Heron Lake Association": the page's title and the association's name as the board set it (from the
 * root loader), with the page's description.
 */
export function pageMeta(matches: Matches, title: string, description: string) {
  return [{ title: `${title} · ${siteName(matches)}` }, { name: "description", content: description }];
}

/**
 * What the header and footer say when the root loader could not read the association's details (a page shown by the
 * root error boundary while the database is down): neutral words, never another association's name. Kept here, not
 * read from content/, so that the demo content stays out of the browser's bundle.
 */
export const FALLBACK_SITE = { name: "Lake Association", shortName: "Home", socialUrl: "", socialLabel: "" } as const;

/** The header's blue (app.css `--brand`): the browser's theme colour, and the ground of the tab and home-screen icons. */
export const THEME_COLOR = "#0b3d5c";

/** The association's name as the board set it (the root loader's), for a page's title. */
export function siteName(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: { name?: string } } | undefined;
  return root?.site?.name ?? FALLBACK_SITE.name;
}
