import { index, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { ADMIN_ENDPOINTS, ADMIN_SCREENS } from "./routes/admin/screens.ts";
import { isSection, PUBLIC_SITE } from "./routes/public/pages.ts";

/** The route of the module at `address` ("/more/meetboard") under `parent` ("/more"): the parent's own address is its index. */
function routeAt(address: string, file: string, parent = ""): RouteConfigEntry {
  const path = address.slice(parent.length + 1);
  return path === "" ? index(file) : route(path, file);
}

export default [
  // Public pages come from their registry (app/routes/public/pages.ts), so that the navigation and the tests follow.
  ...PUBLIC_SITE.map((entry) =>
    isSection(entry)
      ? route(entry.path.slice(1), entry.file, [...entry.redirects, ...entry.pages].map((child) => routeAt(child.path, child.file, entry.path)))
      : routeAt(entry.path, entry.file),
  ),
  // Downloads: a loader each, answering a file rather than a page.
  route("documents/:id", "routes/public/document-download.ts"),
  route("images/:id/:file", "routes/public/image.ts"),
  // The lake's map as an image (/the-lake draws no SVG of its own, decision 034).
  route("the-lake/map.svg", "routes/public/lake-map-svg.ts"),
  // Feeds and open data (resource routes: a loader each, no page cache; docs/architecture.md "Feeds and open data").
  route("events.ics", "routes/feeds/events-ics.ts"),
  route("events/:id.ics", "routes/feeds/event-ics.ts"),
  route("news.atom", "routes/feeds/news-atom.ts"),
  route("beach.atom", "routes/feeds/beach-atom.ts"),
  route("data/beach-readings.csv", "routes/feeds/beach-readings-csv.ts"),
  route("data/beach-readings.json", "routes/feeds/beach-readings-json.ts"),
  route("data/swimguide.json", "routes/feeds/swimguide-json.ts"),
  // Open data by the standards (issue 27, decision 033): every result in WQX columns, and each site's own files.
  route("data/results.csv", "routes/feeds/wqx-results-csv.ts", { id: "wqx-results-csv" }),
  route("data/sites/:identifier/results.csv", "routes/feeds/wqx-results-csv.ts", { id: "wqx-site-results-csv" }),
  route("data/sites/:identifier/readings.csv", "routes/feeds/site-readings-csv.ts"),
  route("data/sites/:identifier/readings.json", "routes/feeds/site-readings-json.ts"),
  route("data/sites/:identifier/readings.atom", "routes/feeds/site-atom.ts"),
  route("news.json", "routes/feeds/news-json.ts"),
  // Found and shared (issue 28 part 6): what crawlers and browsers ask for at the top of a site.
  route("robots.txt", "routes/feeds/robots-txt.ts"),
  route("sitemap.xml", "routes/feeds/sitemap-xml.ts"),
  route("manifest.webmanifest", "routes/feeds/manifest.ts"),
  route("api/email", "routes/api/email.ts"),
  // A news post's and an event's own page (issue 28 part 6): the addresses shared links and the sitemap name.
  route("news/:id", "routes/public/news-post.tsx"),
  route("events/:id", "routes/public/event.tsx"),
  // Pages reached from a subscription form or a link in a mail: they differ per visitor, so not public pages.
  route("subscribe", "routes/public/mail/subscribe.tsx"),
  route("subscribe/confirm/:token", "routes/public/mail/subscribe-confirm.tsx"),
  route("subscriptions/:token", "routes/public/mail/subscriptions.tsx"),
  route("unsubscribe/:token", "routes/public/mail/unsubscribe.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("setup", "routes/auth/setup.tsx"),
  route("invitation", "routes/auth/invitation.tsx"),

  // Admin screens come from their registry (app/routes/admin/screens.ts), so that the menu and the tests follow.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    ...[...ADMIN_SCREENS, ...ADMIN_ENDPOINTS].map((s) => route(s.path, s.file)),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
