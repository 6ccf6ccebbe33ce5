import type { BodyRule } from "./request-body.ts";

/**
 * What a route module may declare in its `handle` export, read by the root layout (in the browser and on the
 * server) and by the page handler (on the server).
 */
export interface RouteHandle {
  /**
   * The page is the same for every visitor without a session and depends only on data that bumps a change topic,
   * so the public page cache may keep it (server/page-handler.ts). Every route of the matched branch must say so.
   */
  pageCache?: boolean;
  /** The route renders its own `<main id="main">` (the admin panel: its menu is a `nav` beside `main`, not in it). */
  ownMain?: boolean;
  /** The page shows its own "Get beach alerts and news" form, so the footer leaves its copy out. */
  subscribeForm?: boolean;
  /** The page shows its own site search form (/search), so the footer leaves its copy out. */
  searchForm?: boolean;
  /**
   * The request bodies the route's action takes, when not a form of at most 1 MB (`FORM_BODY`): an upload route's
   * multipart limit, or a JSON route's. Enforced before the route runs (server/body-gate.ts).
   */
  body?: BodyRule;
}

/** The handle of a public page the page cache may keep. */
export const CACHEABLE_PAGE = { pageCache: true } as const satisfies RouteHandle;
