/**
 * Production entry: `node server/main.ts` (run by `npm start` after the build). Everything else is in the bundle
 * that `react-router build` writes from server/app.ts.
 */
import { existsSync } from "node:fs";

const bundle = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(bundle)) {
  console.error("The site is not built yet: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}
const { start } = (await import(bundle.href)) as { start: () => Promise<unknown> };
await start();
