/**
 * The change topics, once: every write bumps its topic's counter (app/platform/data/changes.server.ts), the page
 * cache and the live updates of a page (`useLiveUpdates`) follow the topics it shows, and each admin screen names the
 * topic its writes bump (app/routes/admin/screens.ts). Shared by server and browser, so it imports nothing.
 */
export const TOPICS = ["news", "events", "banner", "measurements", "documents", "members", "settings", "site", "pages"] as const;
export type Topic = (typeof TOPICS)[number];
