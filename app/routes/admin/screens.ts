/**
 * Every admin screen, once. This list feeds `app/routes.ts` (the URL), the admin menu (`layout.tsx`), and the tests
 * that must cover every screen: the guard (a guest is refused), the axe scan at phone and desktop widths, and the
 * empty-state texts of an empty site. Adding a screen is one route module plus one entry here (see "How to add an
 * admin screen" in docs/architecture.md).
 *
 * This module is read at build time by `routes.ts` and in the browser by the menu: it imports nothing but types.
 */
import type { Topic } from "#app/platform/data/topics.ts";
import type { Access, Role } from "#app/accounts/roles.ts";

/** Which menu a screen is linked from: the specification's own menu, or the "Site" group of the fixed content. */
export type MenuGroup = "main" | "site";

export interface AdminScreen {
  /** Path under /admin, without a leading slash: "news" is /admin/news. */
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** The page's h1 and title ("News Posts"); also its menu label unless `menu.label` says otherwise. */
  heading: string;
  /** Where the screen is linked from; absent for screens reached by address only (spec §2: Members, Email Members). */
  menu?: { group: MenuGroup; label?: string };
  /** The change topic its writes bump (public page caches and live updates follow it). */
  topic?: Topic;
  /** What the screen says on a site with no content (spec §8), word for word. */
  emptyText?: string;
  /**
   * Who may use it (issue 26): "administrator" for Administrators only (people, settings, subscribers, member mail);
   * absent, Administrators and Editors (the association's content).
   */
  access?: "administrator";
}

/**
 * The admin screens in menu order. The spec's menu (§2) is News Posts, Events, Documents, Beach Data, Banner, then
 * Logout; Members and Email Members have routes but no menu link.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: "news", file: "routes/admin/news.tsx", heading: "News Posts", menu: { group: "main" }, topic: "news", emptyText: "We couldn't find any News Posts!" },
  { path: "events", file: "routes/admin/events.tsx", heading: "Events", menu: { group: "main" }, topic: "events", emptyText: "We couldn't find any Events!" },
  { path: "documents", file: "routes/admin/documents.tsx", heading: "Documents", menu: { group: "main" }, topic: "documents", emptyText: "We couldn't find any Files!" },
  { path: "beach-measurements", file: "routes/admin/beach-measurements.tsx", heading: "Beach Data", menu: { group: "main" }, topic: "measurements", emptyText: "No measurements found" },
  { path: "beach-measurements/import", file: "routes/admin/beach-import.tsx", heading: "Import a lab file" },
  { path: "banner", file: "routes/admin/banner.tsx", heading: "Banner", menu: { group: "main" }, topic: "banner" },
  { path: "members", file: "routes/admin/members.tsx", heading: "Members", topic: "members", emptyText: "There are no members yet.", access: "administrator" },
  { path: "email", file: "routes/admin/email.tsx", heading: "Email Members", access: "administrator" },
  { path: "settings", file: "routes/admin/settings.tsx", heading: "Site settings", menu: { group: "site", label: "Settings" }, topic: "settings", access: "administrator" },
  { path: "settings/email", file: "routes/admin/settings-email.tsx", heading: "Email settings", topic: "settings", access: "administrator" },
  { path: "settings/backup", file: "routes/admin/settings-backup.tsx", heading: "Backup", access: "administrator" },
  { path: "board", file: "routes/admin/board.tsx", heading: "Board Members", menu: { group: "site", label: "Board" }, topic: "site", emptyText: "There are no board members yet." },
  { path: "bylaws", file: "routes/admin/bylaws.tsx", heading: "Bylaws", menu: { group: "site" }, topic: "site", emptyText: "There are no bylaws articles yet." },
  { path: "faq", file: "routes/admin/faq.tsx", heading: "Questions and Answers", menu: { group: "site", label: "FAQ" }, topic: "site", emptyText: "There are no questions yet." },
  { path: "pages", file: "routes/admin/pages.tsx", heading: "Page Texts", menu: { group: "site", label: "Pages" }, topic: "site" },
  // Issue 28: the board's own pages, under More or in the main menu.
  { path: "custom-pages", file: "routes/admin/custom-pages.tsx", heading: "Your Pages", menu: { group: "site" }, topic: "pages", emptyText: "There are no pages of your own yet." },
  { path: "businesses", file: "routes/admin/businesses.tsx", heading: "Local Businesses", menu: { group: "site", label: "Businesses" }, topic: "site", emptyText: "There are no local businesses yet." },
  { path: "documents/categories", file: "routes/admin/document-categories.tsx", heading: "Document Categories", menu: { group: "site", label: "Document categories" }, topic: "documents", emptyText: "There are no document categories yet." },
  { path: "sites", file: "routes/admin/sites.tsx", heading: "Sites", menu: { group: "site" }, topic: "measurements" },
  { path: "parameters", file: "routes/admin/parameters.tsx", heading: "Parameters", menu: { group: "site" }, topic: "measurements" },
  { path: "beach-advisory", file: "routes/admin/beach-advisory.tsx", heading: "Beach Advisory", menu: { group: "site", label: "Advisory" }, topic: "measurements" },
  { path: "messages", file: "routes/admin/messages.tsx", heading: "Messages", menu: { group: "site" }, emptyText: "There are no messages yet.", access: "administrator" },
  { path: "subscribers", file: "routes/admin/subscribers.tsx", heading: "Subscribers", menu: { group: "site" }, emptyText: "There are no subscribers yet.", access: "administrator" },
  { path: "demo-content", file: "routes/admin/demo-content.tsx", heading: "Demo Content", menu: { group: "site", label: "Demo content" }, topic: "site", access: "administrator" },
  { path: "people", file: "routes/admin/people.tsx", heading: "People", menu: { group: "site" }, access: "administrator" },
  { path: "account", file: "routes/admin/account.tsx", heading: "Your account", menu: { group: "site" } },
  // Issue 28: a picture for any Markdown text, answered as the Markdown to paste (the editor's "Insert picture" posts here).
  { path: "markdown-picture", file: "routes/admin/markdown-picture.tsx", heading: "Insert a picture" },
];

/**
 * Admin routes that are not screens: /admin itself (sends to the first screen) and endpoints that answer a script
 * rather than a page. The guard covers them like every other admin route.
 */
export const ADMIN_ENDPOINTS: readonly { path: string; file: string; access?: "administrator" }[] = [
  { path: "documents/upload", file: "routes/admin/documents-upload.ts" },
  { path: "documents/replace", file: "routes/admin/documents-replace.ts" },
  { path: "beach-measurements/import/upload", file: "routes/admin/beach-import-upload.ts" },
  { path: "subscribers/export", file: "routes/admin/subscribers-export.ts", access: "administrator" },
  { path: "settings/backup/download", file: "routes/admin/settings-backup-download.ts", access: "administrator" },
  { path: "markdown-preview", file: "routes/admin/markdown-preview.ts" },
  { path: "markdown-picture/upload", file: "routes/admin/markdown-picture-upload.ts" },
];

/**
 * Who may use the admin path `adminPath` (under /admin, no leading slash: "settings", "subscribers/export",
 * "" for /admin itself): the `access` of the longest screen or endpoint path it is or lies under; "everyone"
 * (Administrators and Editors) when that entry says nothing. A path no entry covers is for Administrators
 * (nothing opened it to Editors); /admin itself, which only sends on to the first screen, is for everyone.
 */
export function accessOf(adminPath: string, entries: readonly { path: string; access?: "administrator" }[] = [...ADMIN_SCREENS, ...ADMIN_ENDPOINTS]): Access {
  if (adminPath === "") return "everyone";
  const covering = entries.filter((e) => adminPath === e.path || adminPath.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length);
  const entry = covering[0];
  if (!entry) return "administrator";
  // An endpoint under an Administrator's screen is theirs too, whatever it says.
  return covering.some((e) => e.access === "administrator") ? "administrator" : "everyone";
}

/** The menu of `group` as a person with `role` sees it: without the screens they may not use. */
export function menuFor(group: MenuGroup, role: Role | undefined): { to: string; label: string }[] {
  return menuOf(group, role === "administrator" ? ADMIN_SCREENS : ADMIN_SCREENS.filter((s) => s.access !== "administrator"));
}

/** The screen's address: "/admin/news". */
export function screenUrl(screen: Pick<AdminScreen, "path">): string {
  return `/admin/${screen.path}`;
}

/** The screens linked from `group` of the menu, in order, with their labels. */
export function menuOf(group: MenuGroup, screens: readonly AdminScreen[] = ADMIN_SCREENS): { to: string; label: string }[] {
  return screens.filter((s) => s.menu?.group === group).map((s) => ({ to: screenUrl(s), label: s.menu?.label ?? s.heading }));
}

/**
 * The document title and description of a screen (a route module's `meta`): "News Posts · Admin", and a sentence
 * that says what the screen manages (search engines and Lighthouse's SEO audit expect one on every page; the admin
 * panel is behind sign-in, so no crawler reaches it).
 */
export function screenMeta(screen: Pick<AdminScreen, "heading">): { title?: string; name?: string; content?: string }[] {
  return [{ title: `${screen.heading} · Admin` }, { name: "description", content: `${screen.heading} in the association's admin panel.` }];
}

/** The screen at `path` ("news"), for its title and heading. @throws when no screen has that path (a typo in a module) */
export function screen(path: string): AdminScreen {
  const found = ADMIN_SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`No admin screen at /admin/${path}: add it to app/routes/admin/screens.ts`);
  return found;
}
