/**
 * What `/sitemap.xml` and `/robots.txt` list (issue 28 part 6). Here, in the composition layer, because the sitemap
 * spans the domains: each source below gives its addresses with the date their content last changed.
 *
 * Adding a kind of page to the sitemap is one entry of `SITEMAP_SOURCES`: a function from the services to a list of
 * `{ path, lastmod }` (the board's own pages: their paths and `updatedAt`; the occurrences of repeating events, if
 * they get pages of their own). A page of the registry of public pages (app/routes/public/pages.ts) is listed without
 * any: a path with parameters by `PAGE_INSTANCES` (or its `visit` address), its date by `PAGE_CHANGES` (or the site's
 * latest change).
 */
import type { Services } from "./services.server.ts";
import type { SitemapUrl } from "#app/platform/http/sitemap.ts";
import { listPublicNewsStamps } from "#app/news-events/data/news.server.ts";
import { listPublicEventStamps } from "#app/news-events/data/events.server.ts";
import { lastDocumentChange } from "#app/documents/data/documents.server.ts";
import { lastSiteItemChanges } from "#app/site/data/site-content.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getPageTexts } from "#app/site/data/page-texts.server.ts";
import { lastResultChanges } from "#app/beach/data/readings.server.ts";
import { listSites } from "#app/beach/data/sites.server.ts";
import { listPublishedPages } from "#app/site/data/board-pages.server.ts";
import { BUSINESS_CATEGORIES } from "#app/site/business-categories.ts";

/** One kind of address of the sitemap: its addresses and their dates, read when the sitemap is asked for. */
export type SitemapSource = (services: Services, now: number, pages: readonly RegistryPage[]) => Promise<SitemapUrl[]>;

/** A page of the registry of public pages, as the sitemap needs it (`PublicPage` of app/routes/public/pages.ts). */
export interface RegistryPage {
  path: string;
  visit?: string;
}

/** When what the public pages show last changed, read once per sitemap (ms since epoch; absent when never). */
interface SiteChanges {
  news?: number;
  events?: number;
  documents?: number;
  pageTexts?: number;
  association?: number;
  /** By kind of list: "board", "faq", "bylaws", "business". */
  lists: Map<string, number>;
  /** By monitoring site id. */
  results: Map<string, number>;
  /** Each monitoring site's id by its identifier (its page's address). */
  sites: Map<string, string>;
  /** Each board page's last change by its address's slug (/more/<slug>). */
  boardPages: Map<string, number>;
}

const max = (...stamps: (number | undefined)[]) => Math.max(0, ...stamps.filter((s): s is number => s !== undefined)) || undefined;
const latestResult = (c: SiteChanges) => max(...c.results.values());

/** Each registry page's date, by its path: the latest change of what it shows. */
const PAGE_CHANGES: Record<string, (c: SiteChanges, params: string) => number | undefined> = {
  "/": (c) => max(c.news, c.events, c.pageTexts, latestResult(c)),
  "/membership": (c) => max(c.pageTexts, c.lists.get("faq")),
  "/the-lake": (c) => max(c.pageTexts, c.lists.get("faq"), latestResult(c)),
  "/the-lake/sites/:identifier": (c, identifier) => c.results.get(c.sites.get(identifier) ?? ""),
  "/news-events": (c) => max(c.news, c.events),
  "/more/meetboard": (c) => max(c.lists.get("board"), c.lists.get("bylaws")),
  "/more/localinfo/:category": (c) => c.lists.get("business"),
  "/more/documents": (c) => c.documents,
  "/contact-us": (c) => c.association,
  "/more/:slug": (c, slug) => c.boardPages.get(slug),
};

/** The addresses of a registry page whose path has a parameter, by its path: the parameter's values. */
const PAGE_INSTANCES: Record<string, (c: SiteChanges) => string[]> = {
  "/the-lake/sites/:identifier": (c) => [...c.sites.keys()],
  "/more/localinfo/:category": () => ["All", ...BUSINESS_CATEGORIES],
  // The board's own pages (issue 28 part 3): each one the board has made, none when it has made none.
  "/more/:slug": (c) => [...c.boardPages.keys()],
};

async function siteChanges({ db }: Services, now: number): Promise<SiteChanges> {
  const [news, events, documents, texts, details, lists, results, sites, boardPages] = await Promise.all([
    listPublicNewsStamps(db, now),
    listPublicEventStamps(db, now),
    lastDocumentChange(db),
    getPageTexts(db),
    getAssociationDetails(db),
    lastSiteItemChanges(db),
    lastResultChanges(db),
    listSites(db),
    listPublishedPages(db),
  ]);
  return {
    news: max(...news.map((p) => p.updated)),
    events: max(...events.map((e) => e.updated)),
    documents: documents ?? undefined,
    pageTexts: texts.updatedAt,
    association: details.updatedAt,
    lists,
    results,
    sites: new Map(sites.map((s) => [s.identifier, s.id])),
    boardPages: new Map(boardPages.map((p) => [p.path.slice("/more/".length), p.updatedAt])),
  };
}

/** Registry pages that are no page of their own for a search engine: the site search's results. */
const NOT_LISTED: readonly string[] = ["/search"];

/** Every page of the registry of public pages, a path with a parameter once per value. */
const publicPageSource: SitemapSource = async (services, now, pages) => {
  const changes = await siteChanges(services, now);
  const latest = max(changes.news, changes.events, changes.documents, changes.pageTexts, changes.association, ...changes.lists.values(), latestResult(changes));
  return pages.flatMap((page) => {
    // A results page is the answer to a query, not a page to index.
    if (NOT_LISTED.includes(page.path)) return [];
    const changed = PAGE_CHANGES[page.path];
    const values = PAGE_INSTANCES[page.path]?.(changes) ?? [undefined];
    return values.map((value) => ({
      path: value === undefined ? (page.visit ?? page.path) : page.path.replace(/:[^/]+/, encodeURIComponent(value)),
      lastmod: (changed ? changed(changes, value ?? "") : latest) ?? latest,
    }));
  });
};

/** Each public news post's page, dated by its own last change (never before its date). */
const newsSource: SitemapSource = async ({ db }, now) =>
  (await listPublicNewsStamps(db, now)).map((p) => ({ path: `/news/${encodeURIComponent(p.id)}`, lastmod: Math.max(p.updated, Math.min(p.timestamp, now)) }));

/** Each public event's page, dated by its own last change. */
const eventSource: SitemapSource = async ({ db }, now) =>
  (await listPublicEventStamps(db, now)).map((e) => ({ path: `/events/${encodeURIComponent(e.id)}`, lastmod: e.updated }));

/**
 * The sources of the sitemap, in its order. Another kind of page is one more function here (the board's own pages
 * are registry pages with a parameter: `PAGE_INSTANCES`; an event's page covers all its dates).
 */
export const SITEMAP_SOURCES: readonly SitemapSource[] = [publicPageSource, newsSource, eventSource];

/**
 * Every address of the sitemap, from every source.
 * @param pages the registry's public pages (`publicPages()`)
 */
export async function sitemapUrls(services: Services, pages: readonly RegistryPage[], now = Date.now()): Promise<SitemapUrl[]> {
  return (await Promise.all(SITEMAP_SOURCES.map((source) => source(services, now, pages)))).flat();
}

/**
 * What robots.txt keeps crawlers out of (path prefixes): the admin panel, the sign-in pages and the pages that differ
 * per visitor (subscription links from a mail), the API, and the public pages' data requests.
 */
export const ROBOTS_DISALLOW = ["/admin", "/login", "/logout", "/reset-password", "/setup", "/invitation", "/subscribe", "/subscriptions/", "/unsubscribe/", "/api/"] as const;
