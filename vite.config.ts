import { existsSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { uplotLazyIntl } from "./vite/uplot-lazy-intl.ts";

/**
 * The small modules every public page shares (layout, beach status, news, formatting), in one chunk instead of a
 * dozen: each file costs its own request and gzip header, and compressed together they share one dictionary
 * (the home page's first-load JavaScript, issue 10's budget). Admin-only components stay in their own chunks.
 */
const PUBLIC_SHARED_FILES = [
  "beach/BeachStatusBox.tsx",
  "beach/status.ts",
  "mail/SubscribeForm.tsx",
  "news-events/EventItem.tsx",
  "news-events/NewsItem.tsx",
  "news-events/events.ts",
  "platform/http/live-updates.ts",
  "platform/http/meta.ts",
  "platform/http/nonce.ts",
  "platform/http/page-html.ts",
  "platform/http/route-handle.ts",
  "platform/text/format.ts",
  "platform/text/iso-date.ts",
  "routes/layout/Footer.tsx",
  "routes/layout/Header.tsx",
  "ui/Markdown.tsx",
  "ui/Picture.tsx",
];
// A file moved or renamed would silently leave the group: the build stops instead.
for (const file of PUBLIC_SHARED_FILES) {
  if (!existsSync(new URL(`./app/${file}`, import.meta.url))) throw new Error(`vite.config.ts: PUBLIC_SHARED_FILES names app/${file}, which does not exist`);
}
const PUBLIC_SHARED = new RegExp(`/app/(${PUBLIC_SHARED_FILES.map((f) => f.replaceAll(".", "\\.")).join("|")})$`);

export default defineConfig({
  plugins: [reactRouter(), uplotLazyIntl()],
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: "site", test: PUBLIC_SHARED }] } } },
      },
    },
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  server: { port: 5173, host: "127.0.0.1" },
});
