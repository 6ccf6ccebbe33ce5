import { index, route, type RouteConfig } from "@react-router/dev/routes";

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
  route("api/email", "routes/api/email.ts"),

  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("reset-password", "routes/auth/reset-password.tsx"),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("news", "routes/admin/news.tsx"),
    route("events", "routes/admin/events.tsx"),
    route("members", "routes/admin/members.tsx"),
    route("email", "routes/admin/email.tsx"),
    route("documents", "routes/admin/documents.tsx"),
    route("documents/upload", "routes/admin/documents-upload.ts"),
    route("beach-measurements", "routes/admin/beach-measurements.tsx"),
    route("banner", "routes/admin/banner.tsx"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
