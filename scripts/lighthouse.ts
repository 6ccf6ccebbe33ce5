/**
 * Lighthouse (mobile) in Debian's Chromium on pages of the production build, on a fresh data folder with the demo
 * content. Prints the four category scores and the main metrics of each page. Paths under /admin are audited as a
 * signed-in administrator (the server is started with one, and Lighthouse sends its session cookie).
 * Usage: npm run lighthouse [-- /path ...]   (run `npm run build` first; CHROME_PATH defaults to /usr/bin/chromium)
 * A path ending in `/:first` (`/news/:first`, `/events/:first`) audits the first page of the sitemap under it: the
 * demo's news posts and events have ids made when it is seeded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { signInCookie, startServer } from "../tests/support/server.ts";
import { parseCommandLine, runCli, UsageError } from "./lib/cli.ts";

/** Every public page (app/routes/public/pages.ts): a new public page is audited the day it is added. */
const DEFAULT_PAGES = publicPageAddresses();
const USAGE = `Usage: npm run lighthouse [-- /path ...]   (default: ${DEFAULT_PAGES.join(", ")}; paths under /admin as a signed-in administrator)`;
/** The administrator the audited server starts with (ADMIN_EMAIL and ADMIN_PASSWORD), for /admin paths. */
const ADMIN = { email: "lighthouse@heronlake.example.org", password: "lighthouse-admin-password" };

/** A path of the admin panel, audited signed in. */
function isAdmin(page: string): boolean {
  return page === "/admin" || page.startsWith("/admin/") || page.startsWith("/admin?");
}

/**
 * Splits Lighthouse's simulated Total Blocking Time (mobile, Lantern) by when each task ran in the real trace.
 * Lantern simulates first contentful paint on a graph of only the tasks a paint needs (the first parse, layout and
 * paint, render-blocking scripts), but blocking time on a graph of all tasks, where Chromium's own work before the
 * real paint (committing the navigation and creating the page's JavaScript context, 40 to 120 ms here, times 4) comes
 * first and so ends after the simulated paint. Same sum as Lantern's, by Lantern's own rule per task (the mean of its
 * optimistic and pessimistic estimates, each task clipped to first paint and time to interactive), in ms.
 *
 * @returns `beforePaint`: blocking time of tasks that started before the observed first contentful paint;
 *   `afterPaint`: of the tasks that started after it (the page's scripts, hydration)
 */
async function blockingTimeByPaint(result: RunnerResult): Promise<{ beforePaint: number; afterPaint: number }> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    simulator: null,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
  };
  const context = { computedCache: new Map(), settings } as unknown as Parameters<typeof LanternTotalBlockingTime.request>[1];
  const [fcp, interactive, tbt] = await Promise.all([
    LanternFirstContentfulPaint.request(data, context),
    LanternInteractive.request(data, context),
    LanternTotalBlockingTime.request(data, context),
  ]);
  const paintTs = artifacts.Trace.traceEvents.find((event) => event.name === "firstContentfulPaint")?.ts ?? Number.POSITIVE_INFINITY;
  const split = { beforePaint: 0, afterPaint: 0 };
  // As Lantern's TotalBlockingTime: the optimistic estimate with the pessimistic paint, and the other way round.
  const estimates = [
    { nodeTimings: tbt.optimisticEstimate.nodeTimings, start: fcp.pessimisticEstimate.timeInMs, end: interactive.optimisticEstimate.timeInMs },
    { nodeTimings: tbt.pessimisticEstimate.nodeTimings, start: fcp.optimisticEstimate.timeInMs, end: interactive.pessimisticEstimate.timeInMs },
  ];
  const { BLOCKING_TIME_THRESHOLD, calculateTbtImpactForEvent } = Lantern.Metrics.TBTUtils;
  for (const { nodeTimings, start, end } of estimates) {
    for (const [node, timing] of nodeTimings) {
      // Lantern's TotalBlockingTime counts the CPU tasks of at least the threshold, each by calculateTbtImpactForEvent.
      if (node.type !== "cpu" || timing.duration < BLOCKING_TIME_THRESHOLD) continue;
      const impact = calculateTbtImpactForEvent({ start: timing.startTime, end: timing.endTime, duration: timing.duration }, start, end);
      split[node.event.ts < paintTs ? "beforePaint" : "afterPaint"] += impact / estimates.length;
    }
  }
  return { beforePaint: Math.round(split.beforePaint), afterPaint: Math.round(split.afterPaint) };
}

/**
 * The path of the first `<loc>` of `sitemap` whose path starts with `prefix` ("/news/").
 * @throws when there is none (the demo has no such page)
 */
function firstInSitemap(sitemap: string, prefix: string): string {
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const { pathname } = new URL(loc!);
    if (pathname.startsWith(prefix)) return pathname;
  }
  throw new UsageError(`The sitemap has no page under ${prefix}`);
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
    const sitemap = pages.some((p) => p.endsWith("/:first")) ? await (await fetch(`${server.url}/sitemap.xml`)).text() : "";
    for (const named of pages) {
      // "/news/:first": the first address of the sitemap under /news/ (as a path on the audited server).
      const page = named.endsWith("/:first") ? firstInSitemap(sitemap, named.slice(0, -":first".length)) : named;
      const flags = { port: chrome.port, output: "json" as const, logLevel: "error" as const, ...(isAdmin(page) ? { extraHeaders: { Cookie: cookie! } } : {}) };
      // A fresh Chromium sometimes fails to record the first trace (NO_NAVSTART): such a run is said and made again.
      let result = await lighthouse(`${server.url}${page}`, flags);
      for (let attempt = 2; result?.lhr.runtimeError?.code === "NO_NAVSTART" && attempt <= 3; attempt++) {
        const { code, message } = result.lhr.runtimeError;
        rows.push(`${page.padEnd(18)} Lighthouse could not measure it (${code}: ${message}); attempt ${attempt}:`);
        result = await lighthouse(`${server.url}${page}`, flags);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (result.lhr.runtimeError) {
        // A page that did not load (a 404, an error), or no trace three times: said, and the next page measured.
        const { code, message } = result.lhr.runtimeError;
        rows.push(`${page.padEnd(18)} not measured (${code}: ${message})`);
        continue;
      }
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? "n/a";
      const blocking = await blockingTimeByPaint(result);
      rows.push(
        `${page.padEnd(18)} perf ${score("performance")}  a11y ${score("accessibility")}  best ${score("best-practices")}  seo ${score("seo")}  ` +
          `| FCP ${metric("first-contentful-paint")}  LCP ${metric("largest-contentful-paint")}  TBT ${metric("total-blocking-time")} ` +
          `(${blocking.beforePaint} ms from tasks before the first paint, ${blocking.afterPaint} ms after)  CLS ${metric("cumulative-layout-shift")}  SI ${metric("speed-index")}`,
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
