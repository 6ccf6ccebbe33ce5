import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { ADMIN_ENDPOINTS, ADMIN_SCREENS } from "./routes/admin/screens.ts";

export default [
  index("routes/public/home.tsx"),
  route("the-lake", "routes/public/the-lake.tsx"),
  route("news-events", "routes/public/news-events.tsx"),
  route("membership", "routes/public/membership.tsx"),
  route("contact-us", "routes/public/contact-us.tsx"),
  route("more", "routes/public/more/layout.tsx", [
    index("routes/public/more/index.tsx"),
    route("meetboard", "routes/public/more/meetboard.tsx"),
    route("localinfo", "routes/public/more/localinfo-index.tsx"),
    route("localinfo/:category", "routes/public/more/localinfo.tsx"),
    route("documents", "routes/public/more/documents.tsx"),
  ]),
  route("documents/:id", "routes/public/document-download.ts"),
  route("images/:id/:file", "routes/public/image.ts"),
  // Feeds and open data (resource routes: a loader each, no page cache; docs/architecture.md "Feeds and open data").
  route("events.ics", "routes/feeds/events-ics.ts"),
  route("events/:id.ics", "routes/feeds/event-ics.ts"),
  route("news.atom", "routes/feeds/news-atom.ts"),
  route("beach.atom", "routes/feeds/beach-atom.ts"),
  route("data/beach-readings.csv", "routes/feeds/beach-readings-csv.ts"),
  route("data/beach-readings.json", "routes/feeds/beach-readings-json.ts"),
  route("data/swimguide.json", "routes/feeds/swimguide-json.ts"),
  route("api/email", "routes/api/email.ts"),
  route("subscribe", "routes/public/mail/subscribe.tsx"),
  route("subscribe/confirm/:token", "routes/public/mail/subscribe-confirm.tsx"),
  route("subscriptions/:token", "routes/public/mail/subscriptions.tsx"),
  route("unsubscribe/:token", "routes/public/mail/unsubscribe.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("setup", "routes/auth/setup.tsx"),

  // Admin screens come from their registry (app/routes/admin/screens.ts), so that the menu and the tests follow.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    ...[...ADMIN_SCREENS, ...ADMIN_ENDPOINTS].map((s) => route(s.path, s.file)),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
