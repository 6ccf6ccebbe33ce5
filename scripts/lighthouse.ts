/**
 * Lighthouse (mobile) in Debian's Chromium on pages of the production build, on a fresh data folder with the demo
 * content. Prints the four category scores and the main metrics of each page. Paths under /admin are audited as a
 * signed-in administrator (the server is started with one, and Lighthouse sends its session cookie).
 * Usage: npm run lighthouse [-- /path ...]   (run `npm run build` first; CHROME_PATH defaults to /usr/bin/chromium)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signInCookie, startServer } from "../tests/support/server.ts";
import { parseCommandLine, runCli, UsageError } from "./lib/cli.ts";

const USAGE =
  "Usage: npm run lighthouse [-- /path ...]   (default: /, /the-lake, /news-events, /membership, /more/meetboard; paths under /admin as a signed-in administrator)";
/** The administrator the audited server starts with (ADMIN_EMAIL and ADMIN_PASSWORD), for /admin paths. */
const ADMIN = { email: "lighthouse@heronlake.example.org", password: "lighthouse-admin-password" };
const DEFAULT_PAGES = ["/", "/the-lake", "/news-events", "/membership", "/more/meetboard"];

/** A path of the admin panel, audited signed in. */
function isAdmin(page: string): boolean {
  return page === "/admin" || page.startsWith("/admin/") || page.startsWith("/admin?");
}

/** One line of scores and metrics per page, and the failing audits of each category below 100. */
async function measure(pages: string[]): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-lighthouse-"));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const rows: string[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const cookie = pages.some(isAdmin) ? await signInCookie(server.url, ADMIN.email, ADMIN.password) : undefined;
    for (const page of pages) {
      const flags = { port: chrome.port, output: "json" as const, logLevel: "error" as const, ...(isAdmin(page) ? { extraHeaders: { Cookie: cookie! } } : {}) };
      // A fresh Chromium sometimes fails to record the first trace (NO_NAVSTART): such a run is said and made again.
      let result = await lighthouse(`${server.url}${page}`, flags);
      for (let attempt = 2; result?.lhr.runtimeError && attempt <= 3; attempt++) {
        const { code, message } = result.lhr.runtimeError;
        rows.push(`${page.padEnd(18)} Lighthouse could not measure it (${code}: ${message}); attempt ${attempt}:`);
        result = await lighthouse(`${server.url}${page}`, flags);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? "n/a";
      rows.push(
        `${page.padEnd(18)} perf ${score("performance")}  a11y ${score("accessibility")}  best ${score("best-practices")}  seo ${score("seo")}  ` +
          `| FCP ${metric("first-contentful-paint")}  LCP ${metric("largest-contentful-paint")}  TBT ${metric("total-blocking-time")}  CLS ${metric("cumulative-layout-shift")}  SI ${metric("speed-index")}`,
      );
      for (const [id, category] of Object.entries(categories)) {
        if ((category.score ?? 1) < 1) {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          if (failing.length > 0) rows.push(`    ${id}: ${failing.join(", ")}`);
        }
      }
    }
  } finally {
    chrome?.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

await runCli(USAGE, async () => {
  const { positionals } = parseCommandLine(process.argv.slice(2), { positionals: { max: Number.POSITIVE_INFINITY } });
  const bad = positionals.find((page) => !page.startsWith("/"));
  if (bad !== undefined) throw new UsageError(`Not a path: ${bad} (paths start with /)`);
  console.log((await measure(positionals.length > 0 ? positionals : DEFAULT_PAGES)).join("\n"));
});
