/** The title and description of a page (a route's `meta` replaces the root's, so each page gives both). */
import { association } from "#content/association.ts";

/** What a route's `meta` is given of the routes matched: the root's loader data carries the association's name. */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/**
 * "The Lake · Heron Lake Association": the page's title and the association's name as the board set it (from the
 * root loader), with the page's description.
 */
export function pageMeta(matches: Matches, title: string, description: string) {
  return [{ title: `${title} · ${siteName(matches)}` }, { name: "description", content: description }];
}

/** The association's name as the board set it (the root loader's), for a page's title. */
export function siteName(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: { name?: string } } | undefined;
  return root?.site?.name ?? association.name;
}
