/**
 * Every public page, once: the pages of the site that every visitor sees alike, which the public page cache may keep
 * (`handle.pageCache`; tests/integration/security.test.ts fails when such a route is not in this list). It feeds
 * `app/routes.ts` (the routes), the header's navigation (`app/routes/layout/Header.tsx`) and the More section's
 * (`more/layout.tsx`), and everything that must cover every public page: axe at phone and desktop widths
 * (tests/e2e/a11y.spec.ts), the Content-Security-Policy in Chromium (csp.spec.ts) and in the headers
 * (tests/integration/security.test.ts, which also checks that each entry is routed to its module), the pages without
 * JavaScript (no-js.spec.ts), hydration without console errors (public.spec.ts), painting before scripts
 * (paint-first.spec.ts) and the Lighthouse list (scripts/lighthouse.ts). Adding a page is one route module plus one
 * entry here (tests/e2e/registry/throwaway-page.spec.ts proves it).
 *
 * Not in this list: the sign-in pages (routes/auth) and the subscription pages reached from a form or a mail
 * (routes/public/mail), which differ per visitor and are not cached; the resource routes (documents, pictures, feeds,
 * open data); and the not-found page. `routes.ts` lists them.
 *
 * This module is read at build time by `routes.ts`, in the browser by the navigation, and by Node scripts as it is:
 * it imports nothing and uses only syntax that Node's type stripping erases.
 */

/** A link of a navigation: where it goes and what it says. */
export interface NavItem {
  to: string;
  label: string;
}

export interface PublicPage {
  /** The page's address as a route pattern: "/the-lake", "/more/localinfo/:category"; "/" is the home page. */
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /**
   * Its link in the navigation it belongs to (the header for a page of its own, the section's for a page in a
   * section); absent for a page linked from elsewhere (the logo, the footer). `to` when the link goes to an address
   * that sends to the page (one of its section's `redirects`), otherwise the link goes to `path`.
   */
  link?: { label: string; to?: string };
  /**
   * For a path with parameters, or a page that shows its content for a query: the address of one page of it, which
   * the tests and audits visit ("/more/localinfo/All", "/search?q=lake").
   */
  visit?: string;
}

/** Pages under one address with a layout (and a navigation) of their own: /more. */
export interface PublicSection {
  /** The section's address, which sends to one of its pages: "/more". */
  path: string;
  /** The layout module around its pages, relative to `app/`. */
  file: string;
  /** Its link in the header; it goes to `path`. */
  link: { label: string };
  /** Its pages, in the order of its navigation. */
  pages: readonly PublicPage[];
  /**
   * The section's addresses that are not pages but send to one, each answered by a module with only a loader: the
   * section's own address, and an address a link names (`link.to`). Routed like the pages, not checked as pages.
   */
  redirects: readonly { path: string; file: string }[];
}

/** An entry of the registry: a page, or a section of pages. */
export type PublicEntry = PublicPage | PublicSection;

/**
 * The More section (the header's Board & More): Meet the Board, Local Info, Documents under /more, with the "More"
 * navigation of its layout. /more sends to Meet the Board, and the Local Info link's /more/localinfo to all of its
 * categories.
 */
export const MORE: PublicSection = {
  path: "/more",
  file: "routes/public/more/layout.tsx",
  link: { label: "Board & More" },
  pages: [
    { path: "/more/meetboard", file: "routes/public/more/meetboard.tsx", link: { label: "Meet the Board" } },
    { path: "/more/localinfo/:category", file: "routes/public/more/localinfo.tsx", link: { label: "Local Info", to: "/more/localinfo" }, visit: "/more/localinfo/All" },
    { path: "/more/documents", file: "routes/public/more/documents.tsx", link: { label: "Documents" } },
    // The board's own pages (issue 28, decision 037): their links come from the database, after these; the static
    // pages above win over this pattern. The demo association's page is the one the tests visit.
    { path: "/more/:slug", file: "routes/public/more/page.tsx", visit: "/more/boat-launch" },
  ],
  redirects: [
    { path: "/more", file: "routes/public/more/index.tsx" },
    { path: "/more/localinfo", file: "routes/public/more/localinfo-index.tsx" },
  ],
};

/**
 * The public pages and sections, in the header's order (spec §2: Membership, The Lake, News & Events, Board & More);
 * the home page is the logo's link, Contact us the footer's.
 */
export const PUBLIC_SITE: readonly PublicEntry[] = [
  { path: "/", file: "routes/public/home.tsx" },
  { path: "/membership", file: "routes/public/membership.tsx", link: { label: "Membership" } },
  { path: "/the-lake", file: "routes/public/the-lake.tsx", link: { label: "The Lake" } },
  // A site's results over the years (issue 27): linked from /the-lake's sections; the first beach is always there.
  { path: "/the-lake/sites/:identifier", file: "routes/public/monitoring-site.tsx", visit: "/the-lake/sites/beach" },
  { path: "/news-events", file: "routes/public/news-events.tsx", link: { label: "News & Events" } },
  MORE,
  { path: "/contact-us", file: "routes/public/contact-us.tsx" },
  // Site search (issue 28, decision 039): the footer's search box leads here; checked with a query that finds things.
  { path: "/search", file: "routes/public/search.tsx", visit: "/search?q=lake" },
];

/** Whether an entry of the registry is a section (it has pages) rather than a page. */
export function isSection(entry: PublicEntry): entry is PublicSection {
  return "pages" in entry;
}

/** Every public page, sections' pages in their place, in registry order. */
export function publicPages(site: readonly PublicEntry[] = PUBLIC_SITE): PublicPage[] {
  return site.flatMap((entry) => (isSection(entry) ? entry.pages : [entry]));
}

/**
 * The address that shows `page`: its path, or for a path with parameters its `visit` address.
 * @throws when a path with parameters has no `visit` (a new entry that forgot it): tests could not open the page
 */
export function pageAddress(page: PublicPage): string {
  if (page.visit) return page.visit;
  if (page.path.includes(":")) throw new Error(`The public page ${page.path} has parameters: give it a \`visit\` address in app/routes/public/pages.ts`);
  return page.path;
}

/** The address of every public page, in registry order: what the tests and audits visit ("/", …, "/more/localinfo/All", …). */
export function publicPageAddresses(site: readonly PublicEntry[] = PUBLIC_SITE): string[] {
  return publicPages(site).map(pageAddress);
}

/**
 * The links of a navigation: the entries of `entries` that have a `link`, in order. `navOf(PUBLIC_SITE)` is the
 * header's (spec §2), `navOf(MORE.pages)` the More section's.
 */
export function navOf(entries: readonly PublicEntry[]): NavItem[] {
  return entries.flatMap((entry) => {
    const to = isSection(entry) ? entry.path : (entry.link?.to ?? entry.path);
    return entry.link ? [{ to, label: entry.link.label }] : [];
  });
}


/**
 * The addresses under /more that the registry's own pages and redirects take ("meetboard", "localinfo",
 * "documents", …): a page of the board's own may not have one (app/site/board-pages.ts, `slugProblem`).
 */
export function reservedMoreSlugs(section: PublicSection = MORE): Set<string> {
  const prefix = `${section.path}/`;
  return new Set(
    [...section.pages, ...section.redirects]
      .map((entry) => (entry.path.startsWith(prefix) ? entry.path.slice(prefix.length).split("/")[0]! : ""))
      .filter((slug) => slug !== "" && !slug.startsWith(":")),
  );
}
