import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { uplotLazyIntl } from "./vite/uplot-lazy-intl.ts";

/**
 * The small modules every public page shares (layout, beach status, news, formatting), in one chunk instead of a
 * dozen: each file costs its own request and gzip header, and compressed together they share one dictionary
 * (the home page's first-load JavaScript, issue 10's budget). Admin-only components stay in their own chunks.
 */
const PUBLIC_SHARED = /\/app\/(components\/(BeachStatusBox|EventItem|Footer|Header|Markdown|NewsItem|Picture|SubscribeForm)\.tsx|lib\/(beach|events|format|iso-date|live-updates|meta|page-html|route-handle)\.ts)$/;

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
