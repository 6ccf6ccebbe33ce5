/**
 * Load benchmark of the production build. Prints figures and a table of targets; it asserts nothing and exits 0
 * (1 only when it cannot run: no build, a bad setting, a server that does not start).
 *
 * Usage: npm run bench
 *
 * Run `npm run build` first: this script builds nothing and measures whatever is in build/.
 *
 * 1. Starts `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --optimize-for-size server/main.js`, as `npm start` does (with the test suite's `startServer`, tests/support/server.ts)
 *    on a new temporary DATA_DIR (SQLite, LOG_LEVEL=warn), pinned to core 1 with `taskset -c 1` when taskset is
 *    available (this process, which runs autocannon, is pinned to core 0), and times spawn → "Shoreline is running
 *    at" (migration and demo seed included); stops it, adds an administrator (`npm run admin`, outside the timings)
 *    and times a second start on the same, now existing, data folder.
 * 2. Loads GET /, /the-lake, /news-events, the first hashed script that / references, and the admin lists
 *    /admin/news and /admin/beach-measurements as the administrator (signed in through the /login form), with
 *    autocannon: 50 connections (5 for the admin lists), a 2 s warm-up, then BENCH_SECONDS (default 10) measured;
 *    samples the server's memory meanwhile.
 * 3. Stops the server, writes a large data set into its database (scripts/bench-data.ts: 10,000 news posts,
 *    100,000 readings), starts it again and repeats 2; prints the slowdown (empty requests/s ÷ large requests/s)
 *    of every page and admin list.
 * 4. The mail outbox (issue 11), in this process on a new SQLite database and, when it answers, a new PostgreSQL
 *    database (tests/support/databases.ts): times `queueListMail` to 10,000 confirmed subscribers (one INSERT …
 *    SELECT), then drains 1,000 recipients through the real worker (`createOutboxWorker`, nodemailer's pooled SMTP)
 *    to an smtp-server listening in this process, and prints messages per second. Then the targets, met or not.
 *
 * Every page is measured twice: with no Accept-Encoding and with `Accept-Encoding: br`, as browsers ask (issue 13:
 * the page cache serves one stored copy per encoding). In the empty phase the same bytes of `/` (plain and Brotli)
 * are also served as static files by Debian's nginx, started here with its own configuration on a loopback port and
 * pinned to the server's core, and the bench prints Shoreline ÷ nginx (skipped when nginx is not installed). With
 * Debian's wrk installed (`apt-get install wrk`), `/` and `/news-events` are also loaded with wrk from Shoreline and
 * as the same bytes from nginx, in both phases, and the slowdowns are printed for both: autocannon, a Node program on
 * one core, cannot keep up with nginx (nor, since stored pages skip Express, with Shoreline). Its clients leave the
 * bodies unread (see `autocannon` below: reading them as text made a 43 KB Brotli body ten times slower to load).
 * With wrk, the empty phase also loads `/` with Brotli from a bare `node:http` server (scripts/lib/bare-http-server.ts)
 * sending the same headers and body on the same core: the most any Node server can do with those bytes.
 * Every load prints the CPU the serving process used (and, for autocannon, this process), as a share of one core: a
 * row where autocannon is near 100 % and the server well under it measures autocannon, and its target says so.
 * With BENCH_REQUESTS (e.g. 1000000) the large-data server then takes that many requests of the mix (the pages in
 * both encodings and the asset, 50 connections), and its RSS is printed at the start, the middle and the end.
 *
 * 5. The whole lake (issue 27): a new data folder with the demo (one beach, 30 readings) against another with the
 *    demo and 10 sites × 10 parameters × 10 years (about 500,000 results, scripts/bench-lake-data.ts): `/`,
 *    `/the-lake`, and the beach's site page against a station's
 *    (/the-lake/sites/BENCH-STATION-1). Both servers run side by side and are measured in turns, so that the shared
 *    machine's load weighs on both alike. Each page is timed twice: rendered (the median of 20 requests that each
 *    miss the page cache, by a query string of their own: loaders, rendering and compression) and served (requests/s
 *    with autocannon, from the cache); prints large ÷ small for both (target ≤ 1.5 for `/` and `/the-lake`).
 *
 * 6. The lab file import (issue 27, scripts/lib/bench-lab-import.ts): 100,000 results from one CSV through
 *    `importLabFile`, in a child process pinned to core 1, on a new SQLite database and, when it answers, a new
 *    PostgreSQL database, with the server's flags (the Measurements screen) and as `npm run import:measurements`
 *    runs, and the same results as an .xlsx workbook on SQLite; prints CPU seconds (the time on one core), wall
 *    seconds and peak RSS (VmHWM).
 *
 * `npm run bench -- --only outbox` runs 4 alone (no build needed; nothing pinned).
 * `npm run bench -- --only lake` runs 5 alone.
 * `npm run bench -- --only import` runs 6 alone (no build needed).
 * `npm run bench -- --only cluster` (issue 12) measures GET / through nginx to three instances against one instance
 *    directly, all on one PostgreSQL database (scripts/lib/cluster.ts, as the cluster test runs them; nothing
 *    pinned: the instances share the machine's cores), in three alternating rounds, and prints the ratio. On two cores
 *    the point is that nothing slows down, not a speed-up.
 *
 * Environment: BENCH_SECONDS (measured seconds per URL, default 10); BENCH_GZIP=1 sends `Accept-Encoding: gzip`
 * on the requests that otherwise send none (the plain page rows, the asset and the admin lists); BENCH_REQUESTS (the
 * long run, off by default); BENCH_NODE_FLAGS (the server's Node flags, default those of `npm start`).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { DatabaseHandle } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createMailer } from "#app/platform/mail/mailer.server.ts";
import { createOutboxWorker } from "#app/mail/outbox.server.ts";
import { queueListMail } from "#app/mail/data/outbox.server.ts";
import { childEnv } from "../tests/support/child-env.ts";
import { createPostgresDatabase, createSqliteDatabase, postgresAvailable, type TestDatabase } from "../tests/support/databases.ts";
import { freePort, rawGet, signInCookie, startServer as startTestServer, type RunningServer } from "../tests/support/server.ts";
import { startSmtpSink } from "../tests/support/smtp.ts";
import { addConfirmedSubscribers, loadLargeDataSet } from "./bench-data.ts";
import { LAKE_STATION, loadLakeDataSet } from "./bench-lake-data.ts";
import { startCluster, type Cluster } from "./lib/cluster.ts";
import { LAB_IMPORT_RESULTS, labImportPhase, type LabImportFigures } from "./lib/bench-lab-import.ts";
import { cpuSeconds, firstChild, procStatusKb } from "./lib/proc.ts";
import { CliError, parseCommandLine, runCli, UsageError } from "./lib/cli.ts";
import { CONNECTION_HEADERS } from "../server/page-version.ts";

const USAGE = `Usage: npm run bench [-- --only outbox|cluster|lake|import]
  Run \`npm run build\` first: the benchmark builds nothing and measures the production build in build/.
  --only outbox   only the mail outbox figures (queueing to 10,000 subscribers, send rate); needs no build
  --only cluster  only GET / through nginx to three instances against one instance (PostgreSQL, nginx needed)
  --only lake     only /, /the-lake and a station page: one beach and 30 readings against 10 sites × 10 parameters × 10 years
  --only import   only the lab file import of 100,000 results (CPU seconds and peak RSS); needs no build
  Environment: BENCH_SECONDS  measured seconds per URL (default 10; each run follows a 2 s warm-up)
               BENCH_GZIP=1   send Accept-Encoding: gzip on the plain rows (default: none, uncompressed)
               BENCH_REQUESTS the long run: this many requests of the mix on the large data set, RSS at start,
                              middle and end (default: no long run)
               BENCH_NODE_FLAGS the server's Node flags (default: those of npm start; "" for none)`;

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = ["/", "/the-lake", "/news-events"] as const;
/** Admin lists, requested by a signed-in administrator (never cached). */
const ADMIN_PAGES = ["/admin/news", "/admin/beach-measurements"] as const;
const ADMIN = { email: "bench-admin@heronlake.example.org", password: "bench-admin-password" };
const CONNECTIONS = 50;
/**
 * Connections for the admin lists: a few board members at once. Each signed-in page is rendered (tens of
 * milliseconds), so 5 keep the server's core busy; 50 would only queue, and time out after autocannon's 10 s.
 */
const ADMIN_CONNECTIONS = 5;
const WARMUP_SECONDS = 2;
const SERVER_CORE = "1";
const BENCH_CORE = "0";
const STOP_GRACE_MS = 5_000;
const START_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;
const TARGETS = { homeRps: 2_000, homeVsStatic: 0.5, slowdown: 1.5, peakRssMb: 150, startMs: 2_000, queueMs: 2_000, vsNginx: 0.6, p99Ms: 30 };
/** The mail outbox figures: subscribers a list mail is queued to, and recipients drained to the local SMTP server. */
const OUTBOX = { queueSubscribers: 10_000, sendRecipients: 1_000 };

// ---- autocannon (CommonJS, no bundled types): the part of its programmatic API used here ----

interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  headers?: Record<string, string>;
  /** Requests each connection makes in turn, instead of GET `url`. */
  requests?: { path: string; headers?: Record<string, string> }[];
  /** Called with each connection's client as it is made (autocannon's `setupClient`). */
  setupClient?: (client: AutocannonClient) => void;
}
/** The part of autocannon's per-connection client (lib/httpClient.js) the bench changes. */
interface AutocannonClient {
  pipelinedRequests: { addBody: (data: Buffer) => void };
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: AutocannonOptions) => PromiseLike<AutocannonResult>;
const autocannonLoad = createRequire(import.meta.url)("autocannon") as Autocannon;

/**
 * autocannon, with each response's body left unread. autocannon 9 appends every body chunk to a string
 * (`req.body += data` in lib/pipelinedRequestsQueue.js), a UTF-8 decoding of every byte received, for its
 * `expectBody` and `verifyBody` options, which the bench does not use (it counts bytes separately). On compressed
 * bodies, which are not valid UTF-8, that decoding took 78 % of autocannon's time: 1,780 requests/s of the 43 KB
 * Brotli /news-events of the large data set, where wrk on the same core did 19,700.
 */
function autocannon(options: AutocannonOptions): PromiseLike<AutocannonResult> {
  return autocannonLoad({
    ...options,
    setupClient: (client) => {
      client.pipelinedRequests.addBody = () => {};
    },
  });
}

// ---- settings ----

const seconds = Number(process.env.BENCH_SECONDS ?? "10");
const gzip = process.env.BENCH_GZIP === "1";
const requestHeaders: Record<string, string> = gzip ? { "accept-encoding": "gzip" } : {};
/** What a browser sends: the page cache answers with its stored Brotli copy. */
const BROTLI = { "accept-encoding": "br" };
/** The label of a row measured with `BROTLI`. */
const BR_ROW = " (br)";
/**
 * The pages nginx serves as static files: the home page (loaded with autocannon and wrk) and the one that grows most
 * with the data (wrk only). "/" first: nginx serves it as /page-0.
 */
const WRK_PAGES = ["/", "/news-events"] as const;
const longRequests = process.env.BENCH_REQUESTS === undefined ? undefined : Number(process.env.BENCH_REQUESTS);
const ONLY = ["outbox", "cluster", "lake", "import"] as const;
let only: (typeof ONLY)[number] | undefined;

/** @throws UsageError or CliError (exit 2 or 1) when the benchmark cannot run as asked */
function checkSettings(): void {
  const { values } = parseCommandLine(process.argv.slice(2), { options: { only: { type: "string" } } });
  const chosen = ONLY.find((name) => name === values.only);
  if (values.only !== undefined && chosen === undefined) {
    throw new UsageError(`--only takes "outbox", "cluster", "lake" or "import", not "${values.only}".`);
  }
  only = chosen;
  if (only === "outbox" || only === "import") return;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`BENCH_SECONDS must be a positive number of seconds, not "${process.env.BENCH_SECONDS}".`);
  if (longRequests !== undefined && !(Number.isInteger(longRequests) && longRequests >= 1000)) {
    throw new UsageError(`BENCH_REQUESTS must be a whole number of requests, at least 1000, not "${process.env.BENCH_REQUESTS}".`);
  }
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new CliError(`The site is not built: build/server/index.js is missing. Run \`npm run build\` first.\n\n${USAGE}`);
  }
}

// ---- formatting ----

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const fixed = (n: number, digits = 1) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A CPU use (1 = one core) as a percentage of one core. */
const percent = (n: number | undefined) => (n === undefined ? "n/a" : `${int(n * 100)} %`);
const mb = (n: number | undefined) => (n === undefined ? "n/a" : `${fixed(n)} MB`);
const ms = (n: number) => `${int(n)} ms`;

// ---- the server process ----

/** taskset runs and core 1 exists. */
const pinned = spawnSync("taskset", ["-c", SERVER_CORE, "true"], { stdio: "ignore" }).status === 0;
let current: RunningServer | undefined;

/** The environment `npm start` and `npm run serve` set before Node (package.json; docs/decisions/015-two-malloc-arenas.md). */
const START_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
/** The Node flags of `npm start` (package.json), or BENCH_NODE_FLAGS to measure others (e.g. "" for none). */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "--optimize-for-size").split(" ").filter(Boolean);

/**
 * Starts the server on `dataDir` with SQLite and no start-up work beyond migration and seed, with the same V8 flag
 * and malloc setting as `npm start` (a smaller young generation, two malloc arenas), pinned to its core when possible.
 */
async function startServer(dataDir: string): Promise<RunningServer> {
  const env = { ...START_ENV, DATA_DIR: dataDir, HOST: "127.0.0.1", LOG_LEVEL: "warn", SEED: "demo" };
  const options = { nodeArgs: NODE_FLAGS, timeoutMs: START_TIMEOUT_MS, ...(pinned ? { prefix: ["taskset", "-c", SERVER_CORE] } : {}) };
  current = await startTestServer(env, options);
  return current;
}

/** SIGTERM, then SIGKILL when it is still running after 5 s; resolves once it has exited. */
async function stopServer(server: RunningServer | undefined): Promise<void> {
  if (!server) return;
  await server.stop("SIGTERM", STOP_GRACE_MS);
  if (current === server) current = undefined;
}

/** Adds the benchmark's administrator with `npm run admin` (its own process, outside every timing). */
async function addAdministrator(dataDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ["scripts/admin.ts", "add", ADMIN.email], {
    cwd: root,
    env: childEnv({ DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" }),
  });
}

// ---- measuring ----

/**
 * How busy the server's process and this one (autocannon runs in it) were between `busyMeter` and `read()`: CPU
 * seconds per second of wall time, 1 being one core fully used. A load where this process is near 1 and the server
 * well under it measures the load generator, not the server.
 */
function busyMeter(serverPid: number) {
  const wall = performance.now();
  const server = cpuSeconds(serverPid);
  const client = process.cpuUsage();
  return {
    read(): { serverBusy: number | undefined; clientBusy: number } {
      const seconds = (performance.now() - wall) / 1000;
      const serverNow = cpuSeconds(serverPid);
      const used = process.cpuUsage(client);
      return {
        serverBusy: server === undefined || serverNow === undefined ? undefined : (serverNow - server) / seconds,
        clientBusy: (used.user + used.system) / 1e6 / seconds,
      };
    },
  };
}

interface UrlResult {
  path: string;
  status: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The non-2xx responses by status, e.g. "404: 12". */
  non2xxCodes: string;
  errors: number;
  timeouts: number;
  total: number;
  /** Highest VmRSS sampled while this URL was loaded (warm-up included), MB. */
  rssMb: number | undefined;
  /** The server's CPU use during the measured seconds (1 = one core), when it could be read. */
  serverBusy?: number | undefined;
  /** autocannon's (this process's) CPU use during the measured seconds (1 = one core). */
  clientBusy?: number;
}

interface PhaseResult {
  rows: UrlResult[];
  /** VmRSS just before the load, MB. */
  idleMb: number | undefined;
  /** VmHWM at the end of the load, MB. */
  hwmMb: number | undefined;
  /** Highest VmRSS sampled every 200 ms during the load, MB. */
  rssMaxMb: number | undefined;
}

/** The first hashed script under /assets/ that the home page references. */
async function findAsset(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text();
  for (const match of html.matchAll(/\/assets\/[\w.-]+\.js\b/g)) {
    if (existsSync(path.join(root, "build/client", match[0]))) return match[0];
  }
  throw new Error("GET / references no script under /assets/ that exists in build/client/assets");
}

/** Samples the server's VmRSS every 200 ms; `take()` returns the highest since the last take, in kB. */
function rssSampler(pid: number) {
  let highest: number | undefined;
  const sample = () => {
    const kb = procStatusKb(pid, "VmRSS");
    if (kb !== undefined && (highest === undefined || kb > highest)) highest = kb;
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    take(): number | undefined {
      sample();
      const value = highest;
      highest = undefined;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

const toMb = (kb: number | undefined) => (kb === undefined ? undefined : (kb * 1024) / MB);

/**
 * Loads one URL with autocannon and samples memory meanwhile.
 * @param options.cookie a session cookie (the admin lists)
 * @param options.brotli send `Accept-Encoding: br` as browsers do; the row is labelled with BR_ROW
 */
async function measureUrl(server: RunningServer, urlPath: string, sampler: ReturnType<typeof rssSampler>, options: { cookie?: string; brotli?: boolean } = {}): Promise<UrlResult> {
  const { cookie, brotli = false } = options;
  const url = `${server.url}${urlPath}`;
  const base = brotli ? BROTLI : requestHeaders;
  const headers = cookie ? { ...base, cookie } : base;
  const probe = await rawGet(url, { "accept-encoding": brotli ? "br" : gzip ? "gzip" : "identity", ...(cookie ? { cookie } : {}) });
  const encoding = probe.headers["content-encoding"];
  const bytes = probe.body.length;
  const status = `${probe.status}${encoding ? ` ${encoding}` : ""}`;
  const connections = cookie ? ADMIN_CONNECTIONS : CONNECTIONS;
  await autocannon({ url, connections, duration: WARMUP_SECONDS, headers });
  const meter = busyMeter(server.pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const busy = meter.read();
  const non2xxCodes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${code}: ${int(count)}`)
    .join(", ");
  return {
    path: brotli ? `${urlPath}${BR_ROW}` : urlPath,
    status,
    bytes,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    non2xxCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
    rssMb: toMb(sampler.take()),
    ...busy,
  };
}

async function loadPhase(server: RunningServer, assetPath: string): Promise<PhaseResult> {
  const cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  const idleMb = toMb(procStatusKb(server.pid, "VmRSS"));
  const sampler = rssSampler(server.pid);
  const rows: UrlResult[] = [];
  try {
    for (const urlPath of PAGES) {
      rows.push(await measureUrl(server, urlPath, sampler));
      rows.push(await measureUrl(server, urlPath, sampler, { brotli: true }));
    }
    rows.push(await measureUrl(server, assetPath, sampler));
    for (const urlPath of ADMIN_PAGES) rows.push(await measureUrl(server, urlPath, sampler, { cookie }));
  } finally {
    sampler.stop();
  }
  const sampled = rows.map((r) => r.rssMb).filter((n): n is number => n !== undefined);
  return {
    rows,
    idleMb,
    hwmMb: toMb(procStatusKb(server.pid, "VmHWM")),
    rssMaxMb: sampled.length > 0 ? Math.max(...sampled) : undefined,
  };
}

// ---- the physical limit: the same bytes of / from nginx (issue 13) ----

interface NginxFigures {
  plain: UrlResult;
  brotli: UrlResult;
  /** The wrk cross-check of each page given (Shoreline and nginx, plain and Brotli); empty without wrk. */
  wrk: WrkComparison[];
  /** With wrk: `/` with Brotli from a bare `node:http` server sending the same headers and body (Node's floor). */
  bare?: WrkFigures | undefined;
}

/** One page in one encoding under wrk: Shoreline, then nginx serving the bytes Shoreline sent. */
interface WrkComparison {
  path: string;
  bytes: number;
  ours: WrkFigures;
  nginx: WrkFigures;
}

interface WrkFigures {
  rps: number;
  /** 99th percentile latency, milliseconds. */
  p99: number;
  /** The serving process's CPU use during the measured seconds (1 = one core), when it could be read. */
  busy: number | undefined;
}

/** wrk (Debian's package), when installed: a C load generator that keeps up with nginx, which autocannon does not. */
const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((b) => existsSync(b));

/**
 * Loads `url` with wrk (one thread, CONNECTIONS connections; a warm-up, then `seconds`) from this process's core.
 * autocannon, a Node program on one core, tops out near 19,000 to 25,000 requests/s of an 8 KB body, where wrk
 * reaches 47,000 to 65,000 from nginx, so it measures itself as much as the server.
 * @param pid the serving process, whose CPU use is measured meanwhile
 * @returns requests/s and p99 in ms, parsed from wrk's `--latency` report, and the server's CPU use
 * @throws when wrk fails or prints no figures
 */
async function wrkLoad(url: string, headers: Record<string, string>, pid: number | undefined): Promise<WrkFigures> {
  const args = (duration: number) => ["-t1", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  await promisify(execFile)(WRK!, args(WARMUP_SECONDS));
  const meter = pid === undefined ? undefined : busyMeter(pid);
  const { stdout } = await promisify(execFile)(WRK!, args(seconds));
  const busy = meter?.read().serverBusy;
  const rps = /Requests\/sec:\s*([\d.]+)/.exec(stdout)?.[1];
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(stdout);
  if (!rps || !p99) throw new Error(`wrk printed no figures for ${url}:\n${stdout}`);
  const scale = p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1;
  return { rps: Number(rps), p99: Number(p99[1]) * scale, busy };
}

let nginxProcess: ChildProcess | undefined;

/** A page of WRK_PAGES as nginx serves it: `/page-<n>` (plain) and `/page-<n>/br`, with each body's size. */
interface NginxCopy {
  page: string;
  n: number;
  plain: number;
  brotli: number;
}

/**
 * Serves the bytes Shoreline sends for each of WRK_PAGES (plain and Brotli) as static files from Debian's nginx, one
 * worker pinned to the server's core, runs `use` with its address, then stops it. Undefined when nginx is not
 * installed.
 */
async function withNginx<T>(server: RunningServer, use: (url: string, copies: NginxCopy[]) => Promise<T>): Promise<T | undefined> {
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((b) => existsSync(b));
  if (!binary) return undefined;
  const dir = path.join(dataDir, "nginx");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "www"), { recursive: true });
  const copies = await Promise.all(
    WRK_PAGES.map(async (page, n): Promise<NginxCopy> => {
      const plain = (await rawGet(`${server.url}${page}`, { "accept-encoding": "identity" })).body;
      const brotli = (await rawGet(`${server.url}${page}`, BROTLI)).body;
      writeFileSync(path.join(dir, `www/page-${n}.html`), plain);
      writeFileSync(path.join(dir, `www/page-${n}.html.br`), brotli);
      return { page, n, plain: plain.length, brotli: brotli.length };
    }),
  );
  // nginx started as root serves as "nobody": the temporary folders must be readable by others.
  for (const folder of [dataDir, dir, path.join(dir, "www")]) chmodSync(folder, 0o755);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const config = [
    "worker_processes 1;",
    "daemon off;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((n) => `  ${temp(n)}`),
    "  server {",
    `    listen 127.0.0.1:${port};`,
    `    root ${path.join(dir, "www")};`,
    ...copies.flatMap(({ n }) => [
      `    location = /page-${n} { default_type text/html; try_files /page-${n}.html =404; }`,
      `    location = /page-${n}/br { default_type text/html; add_header Content-Encoding br; try_files /page-${n}.html.br =404; }`,
    ]),
    "  }",
    "}",
  ].join("\n");
  writeFileSync(path.join(dir, "nginx.conf"), `${config}\n`);
  const command = pinned ? ["taskset", "-c", SERVER_CORE, binary] : [binary];
  nginxProcess = spawn(command[0]!, [...command.slice(1), "-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const status = await rawGet(`${url}/page-0`, {}).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (i > 100) throw new Error(`nginx did not serve /page-0 on port ${port} (last status ${status}; see ${path.join(dir, "error.log")})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await use(url, copies);
  } finally {
    nginxProcess.kill("SIGTERM");
    nginxProcess = undefined;
  }
}

/** nginx's one worker, the child of its master process. */
const nginxWorker = () => (nginxProcess?.pid === undefined ? undefined : firstChild(nginxProcess.pid));

/** With wrk installed, each copy in both encodings from Shoreline and from nginx; empty without wrk. */
async function wrkComparisons(server: RunningServer, url: string, copies: NginxCopy[]): Promise<WrkComparison[]> {
  const wrk: WrkComparison[] = [];
  if (!WRK) return wrk;
  const worker = nginxWorker();
  for (const { page, n, plain, brotli } of copies) {
    wrk.push({ path: page, bytes: plain, ours: await wrkLoad(`${server.url}${page}`, {}, server.pid), nginx: await wrkLoad(`${url}/page-${n}`, {}, worker) });
    wrk.push({ path: `${page}${BR_ROW}`, bytes: brotli, ours: await wrkLoad(`${server.url}${page}`, BROTLI, server.pid), nginx: await wrkLoad(`${url}/page-${n}/br`, BROTLI, worker) });
  }
  return wrk;
}

/**
 * The bytes of `/` (plain and Brotli) from nginx, loaded like a page with autocannon, and the wrk comparisons of
 * WRK_PAGES. Undefined when nginx is not installed.
 */
function nginxFigures(server: RunningServer): Promise<NginxFigures | undefined> {
  return withNginx(server, async (url, copies) => {
    const load = async (urlPath: string, label: string, headers: Record<string, string>): Promise<UrlResult> => {
      await autocannon({ url: `${url}${urlPath}`, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
      const worker = nginxWorker();
      const meter = worker === undefined ? undefined : busyMeter(worker);
      const result = await autocannon({ url: `${url}${urlPath}`, connections: CONNECTIONS, duration: seconds, headers });
      const busy = meter?.read();
      const probe = await rawGet(`${url}${urlPath}`, headers);
      const encoding = probe.headers["content-encoding"];
      return {
        path: label,
        status: `${probe.status}${encoding ? ` ${encoding}` : ""}`,
        bytes: probe.body.length,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        non2xxCodes: "",
        errors: result.errors,
        timeouts: result.timeouts,
        total: result.requests.total,
        rssMb: undefined,
        ...busy,
      };
    };
    // WRK_PAGES starts with "/": page 0.
    const plain = await load("/page-0", "nginx /", {});
    const brotli = await load("/page-0/br", `nginx /${BR_ROW}`, BROTLI);
    return { plain, brotli, wrk: await wrkComparisons(server, url, copies), bare: WRK ? await bareNode(server) : undefined };
  });
}

/**
 * `/` with Brotli under wrk from scripts/lib/bare-http-server.ts: a `node:http` server on the server's core, with the
 * same Node flags and malloc settings, answering every request with the status, headers (but Date and the
 * connection's own, which Node adds) and body Shoreline sent. The most any Node server can do with those bytes.
 */
async function bareNode(server: RunningServer): Promise<WrkFigures> {
  const sent = await rawGet(`${server.url}/`, BROTLI);
  const headers = Object.entries(sent.headers).flatMap(([name, value]) =>
    value === undefined || CONNECTION_HEADERS.has(name) ? [] : [[name, String(value)]],
  );
  const dir = path.join(dataDir, "bare");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "body"), sent.body);
  writeFileSync(path.join(dir, "response.json"), JSON.stringify({ headers: headers.flat(), body: path.join(dir, "body") }));
  const command = [...(pinned ? ["taskset", "-c", SERVER_CORE] : []), process.execPath, ...NODE_FLAGS, path.join(root, "scripts/lib/bare-http-server.ts"), path.join(dir, "response.json")];
  const child = spawn(command[0]!, command.slice(1), { env: childEnv(START_ENV), stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.on("exit", (code) => reject(new Error(`the bare Node server exited (${code}) before listening`)));
    });
    return await wrkLoad(`http://127.0.0.1:${port}/`, BROTLI, child.pid);
  } finally {
    child.kill("SIGTERM");
  }
}

/** The nginx rows beside Shoreline's rows of `/`, and the ratios. */
function printNginx(nginx: NginxFigures | undefined, empty: PhaseResult): void {
  if (!nginx) {
    console.log("\nnginx is not installed (apt-get install nginx): the comparison with static files is skipped");
    return;
  }
  console.log(`\nThe same bytes of / as static files from nginx (one worker, ${pinned ? `pinned to core ${SERVER_CORE}` : "not pinned"})`);
  const rows = [nginx.plain, nginx.brotli];
  console.log(
    table(
      ["path", "status", "bytes", "req/s", "p50 ms", "p99 ms", "errors", "nginx CPU", "autocannon CPU"],
      rows.map((r) => [r.path, r.status, int(r.bytes), int(r.rps), fixed(r.p50), fixed(r.p99), int(r.errors), percent(r.serverBusy), percent(r.clientBusy)]),
      2,
    ),
  );
  for (const [ours, theirs] of [[row(empty, "/"), nginx.plain], [row(empty, `/${BR_ROW}`), nginx.brotli]] as const) {
    if (ours) console.log(`  Shoreline ${ours.path} ÷ nginx: ${fixed(ours.rps / theirs.rps, 2)} × (${int(ours.rps)} ÷ ${int(theirs.rps)} req/s)`);
  }
  printWrk(nginx.wrk);
  const ours = nginx.wrk.find((w) => w.path === `/${BR_ROW}`);
  if (nginx.bare && ours) {
    console.log(
      `  Node's floor, / (br) from a bare node:http server sending the same headers and body: ${int(nginx.bare.rps)} req/s (CPU ${percent(nginx.bare.busy)}); ` +
        `Shoreline ÷ bare Node ${fixed(ours.ours.rps / nginx.bare.rps, 2)} ×, bare Node ÷ nginx ${fixed(nginx.bare.rps / ours.nginx.rps, 2)} ×`,
    );
  }
}

/** The wrk cross-check table: each page and encoding from Shoreline and from nginx, and the ratio. */
function printWrk(comparisons: WrkComparison[]): void {
  if (!WRK) {
    console.log("  wrk is not installed (apt-get install wrk): no cross-check with a load generator faster than autocannon");
    return;
  }
  console.log(`  Cross-check with wrk (1 thread, ${CONNECTIONS} connections; autocannon itself tops out near nginx's figures above):`);
  console.log(
    table(
      ["path", "bytes", "Shoreline req/s", "p99 ms", "CPU", "nginx req/s", "p99 ms", "CPU", "Shoreline ÷ nginx"],
      comparisons.map((w) => [w.path, int(w.bytes), int(w.ours.rps), fixed(w.ours.p99), percent(w.ours.busy), int(w.nginx.rps), fixed(w.nginx.p99), percent(w.nginx.busy), `${fixed(w.ours.rps / w.nginx.rps, 2)} ×`]),
      1,
    ),
  );
}

const row = (phase: PhaseResult, label: string) => phase.rows.find((r) => r.path === label);

/**
 * Whether autocannon rather than the server set a row's rate: autocannon used at least 90 % of its core while the
 * server used under 80 % of its own. Such a figure is the load generator's limit; the wrk rows measure the server.
 */
const clientBound = (r: UrlResult | undefined): r is UrlResult =>
  r?.clientBusy !== undefined && r.serverBusy !== undefined && r.clientBusy >= 0.9 && r.serverBusy < 0.8;
const boundNote = (r: UrlResult) => `(autocannon's limit: it used ${percent(r.clientBusy)} of its core, the server ${percent(r.serverBusy)})`;

function nginxTargets(nginx: NginxFigures | undefined, empty: PhaseResult): string[][] {
  const brotli = row(empty, `/${BR_ROW}`);
  const rows: string[][] = brotli ? [[`p99 of /${BR_ROW} < ${TARGETS.p99Ms} ms at ${CONNECTIONS} connections, empty data`, `${fixed(brotli.p99)} ms`, verdict(brotli.p99 < TARGETS.p99Ms)]] : [];
  if (nginx && brotli) {
    const ratio = brotli.rps / nginx.brotli.rps;
    const bound = [nginx.brotli, brotli].find(clientBound);
    rows.push([`/${BR_ROW} ≥ ${TARGETS.vsNginx} × nginx serving the same bytes`, `${fixed(ratio, 2)} ×`, `${verdict(ratio >= TARGETS.vsNginx)}${bound ? ` ${boundNote(bound)}` : ""}`]);
    const byWrk = nginx.wrk.find((w) => w.path === `/${BR_ROW}`);
    if (byWrk) {
      const wrkRatio = byWrk.ours.rps / byWrk.nginx.rps;
      const floor = nginx.bare ? ` (a bare node:http server: ${fixed(nginx.bare.rps / byWrk.nginx.rps, 2)} ×)` : "";
      rows.push([`/${BR_ROW} ≥ ${TARGETS.vsNginx} × nginx serving the same bytes, wrk${floor}`, `${fixed(wrkRatio, 2)} ×`, verdict(wrkRatio >= TARGETS.vsNginx)]);
    }
  }
  return rows;
}

// ---- the long run (issue 13): memory after many requests ----

interface LongRun {
  requests: number;
  /** VmRSS before the first request, after half of them, and after all, MB. */
  startMb: number | undefined;
  middleMb: number | undefined;
  endMb: number | undefined;
  rps: number;
  errors: number;
  non2xx: number;
}

/** `requests` requests of the mix (each page plain and Brotli, the asset), in two halves, with RSS between. */
async function longRun(server: RunningServer, assetPath: string, requests: number): Promise<LongRun> {
  const mix = [...PAGES.flatMap((p) => [{ path: p }, { path: p, headers: BROTLI }]), { path: assetPath }];
  const startMb = toMb(procStatusKb(server.pid, "VmRSS"));
  const half = () => autocannon({ url: server.url, connections: CONNECTIONS, amount: Math.floor(requests / 2), requests: mix });
  const first = await half();
  const middleMb = toMb(procStatusKb(server.pid, "VmRSS"));
  const second = await half();
  const endMb = toMb(procStatusKb(server.pid, "VmRSS"));
  return {
    requests: first.requests.total + second.requests.total,
    startMb,
    middleMb,
    endMb,
    rps: (first.requests.average + second.requests.average) / 2,
    errors: first.errors + second.errors + first.timeouts + second.timeouts,
    non2xx: first.non2xx + second.non2xx,
  };
}

// ---- the mail outbox (issue 11) ----

interface OutboxFigures {
  database: "SQLite" | "PostgreSQL";
  /** Milliseconds `queueListMail` took to queue one mail to OUTBOX.queueSubscribers confirmed subscribers. */
  queueMs: number;
  queued: number;
  /** Milliseconds the worker took to drain OUTBOX.sendRecipients recipients to the local SMTP server. */
  sendMs: number;
  sent: number;
  /** Messages the SMTP server accepted. */
  accepted: number;
}

/** The outbox's databases of this run, dropped by `cleanup` when the run is interrupted. */
const outboxDatabases = new Set<TestDatabase>();

/**
 * Queues a mail to 10,000 confirmed subscribers of "beach" (timed), removes it, then queues one to the 1,000 of them
 * also on "news" and times the worker draining it to an smtp-server in this process (which shares the core).
 */
async function outboxFigures(database: OutboxFigures["database"], handle: DatabaseHandle): Promise<OutboxFigures> {
  const { db, dialect } = handle;
  const logger = createLogger("silent");
  const mail = { subject: "Beach closed", text: "E. coli above the limit: no swimming today.", html: "<p>E. coli above the limit: no swimming today.</p>", createdBy: "system" };
  await addConfirmedSubscribers(db, { count: OUTBOX.sendRecipients, lists: "beach,news" });
  await addConfirmedSubscribers(db, { count: OUTBOX.queueSubscribers - OUTBOX.sendRecipients, first: OUTBOX.sendRecipients, lists: "beach" });

  const queueStart = performance.now();
  const all = await queueListMail(db, "beach", mail);
  const queueMs = performance.now() - queueStart;
  await db.deleteFrom("outbox_recipient").where("messageId", "=", all.messageId).execute();
  await db.deleteFrom("outbox_message").where("id", "=", all.messageId).execute();

  const sink = await startSmtpSink();
  const mailer = createMailer({ smtpUrl: sink.url, outboxDir: path.join(os.tmpdir(), "shoreline-bench-unused"), from: "Bench <bench@heronlake.example.org>", logger });
  try {
    const worker = createOutboxWorker({ db, dialect, mailer, logger, publicUrl: "https://heronlake.example.org", secret: "bench-secret-bench-secret-bench-secret" });
    await queueListMail(db, "news", mail);
    const sendStart = performance.now();
    const totals = await worker.drain();
    const sendMs = performance.now() - sendStart;
    return { database, queueMs, queued: all.recipients, sendMs, sent: totals.sent, accepted: sink.accepted.length };
  } finally {
    mailer.close();
    await sink.close();
  }
}

/** The outbox figures on SQLite and, when it answers, PostgreSQL. */
async function outboxPhase(): Promise<OutboxFigures[]> {
  let withPostgres = false;
  try {
    withPostgres = await postgresAvailable();
  } catch (error) {
    console.warn(`  PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
  const figures: OutboxFigures[] = [];
  for (const [database, create] of [["SQLite", createSqliteDatabase], ...(withPostgres ? [["PostgreSQL", createPostgresDatabase] as const] : [])] as const) {
    const handle = await create();
    outboxDatabases.add(handle);
    try {
      figures.push(await outboxFigures(database, handle));
    } finally {
      outboxDatabases.delete(handle);
      await handle.drop();
    }
  }
  return figures;
}

function printOutbox(figures: OutboxFigures[]): void {
  console.log(`\nMail outbox (in this process; SMTP to an smtp-server in this process, one pooled connection)`);
  console.log(
    table(
      ["database", `queue to ${int(OUTBOX.queueSubscribers)}`, "queued", `drain ${int(OUTBOX.sendRecipients)}`, "sent", "accepted", "messages/s"],
      figures.map((f) => [f.database, ms(f.queueMs), int(f.queued), ms(f.sendMs), int(f.sent), int(f.accepted), int((f.sent / f.sendMs) * 1000)]),
    ),
  );
  if (figures.length < 2) console.log("  (PostgreSQL did not answer: SQLite only)");
}

function outboxTargets(figures: OutboxFigures[]): string[][] {
  return figures.map((f) => [
    `queue a mail to ${int(OUTBOX.queueSubscribers)} subscribers ≤ ${TARGETS.queueMs / 1000} s, ${f.database}`,
    ms(f.queueMs),
    f.queued === OUTBOX.queueSubscribers ? verdict(f.queueMs <= TARGETS.queueMs) : `NOT met (${int(f.queued)} queued)`,
  ]);
}

const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

// ---- printing ----

/** Columns from `rightFrom` on are right-aligned, up to (not including) `rightTo`; the others left-aligned. */
function table(header: string[], rows: string[][], rightFrom = 1, rightTo = header.length): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= rightFrom && i < rightTo ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].map((l) => `  ${l}`).join("\n");
}

function printPhase(title: string, server: RunningServer, phase: PhaseResult, assetPath: string): void {
  console.log(`\n${title} (server pid ${server.pid})`);
  console.log(
    table(
      ["path", "status", "bytes", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "requests", "RSS MB", "server CPU", "autocannon CPU"],
      phase.rows.map((r) => [
        r.path,
        r.status,
        int(r.bytes),
        int(r.rps),
        fixed(r.p50),
        fixed(r.p99),
        r.non2xx > 0 ? `${int(r.non2xx)} (${r.non2xxCodes})` : int(r.non2xx),
        r.timeouts > 0 ? `${int(r.errors)} (${int(r.timeouts)} timeouts)` : int(r.errors),
        int(r.total),
        r.rssMb === undefined ? "n/a" : fixed(r.rssMb),
        percent(r.serverBusy),
        percent(r.clientBusy),
      ]),
      2,
    ),
  );
  console.log(`  (/admin/… requested with an administrator's session cookie by ${ADMIN_CONNECTIONS} connections; signed-in pages are never cached)`);
  console.log("  (CPU: of one core, during the measured seconds; autocannon near 100 % with the server well under it is autocannon's own limit)");
  const home = phase.rows[0]?.rps ?? 0;
  const asset = phase.rows.find((r) => r.path === assetPath)?.rps ?? 0;
  console.log(`  / ÷ static asset requests/s: ${asset > 0 ? fixed(home / asset, 2) : "n/a"}`);
  console.log(
    `  server memory: RSS before the load ${mb(phase.idleMb)}; during the load highest sampled VmRSS ${mb(phase.rssMaxMb)}, ` +
      `peak RSS (VmHWM, since start) ${mb(phase.hwmMb)}`,
  );
}

// ---- the run ----

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shoreline-bench-"));
let cleaned = false;

async function cleanup(): Promise<void> {
  nginxProcess?.kill("SIGTERM");
  await stopServer(current);
  await stopServer(lakeSmallServer);
  await currentCluster?.stop();
  currentCluster = undefined;
  for (const database of outboxDatabases) await database.drop().catch(() => undefined);
  outboxDatabases.clear();
  if (!cleaned) {
    cleaned = true;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing ${dataDir}`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort when the process ends some other way: no server left behind, no temporary folder.
process.on("exit", () => {
  if (current && current.process.exitCode === null && current.process.signalCode === null) current.process.kill("SIGKILL");
  nginxProcess?.kill("SIGKILL");
  if (!cleaned) rmSync(dataDir, { recursive: true, force: true });
});

/** When the build was last written, to tell whether it changed under the benchmark. */
const buildStamp = () => {
  try {
    return statSync(path.join(root, "build/server/index.js")).mtimeMs;
  } catch {
    return Number.NaN;
  }
};

async function main(): Promise<void> {
  const builtAt = buildStamp();
  const cores = os.cpus().length;
  let benchPinned = false;
  if (pinned) benchPinned = spawnSync("taskset", ["-a", "-p", "-c", BENCH_CORE, String(process.pid)], { stdio: "ignore" }).status === 0;
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log("Shoreline benchmark: production build in build/ (run `npm run build` first; nothing is built here)");
  console.log(`  Node ${process.version}, ${cores} cores (${cpu}), load average ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}`);
  console.log(
    pinned
      ? `  server pinned to core ${SERVER_CORE} (taskset -c ${SERVER_CORE}); autocannon in this process${benchPinned ? ` pinned to core ${BENCH_CORE}` : " (not pinned)"}`
      : "  taskset unavailable or no core 1: server NOT pinned, sharing the cores with autocannon",
  );
  console.log(
    `  ${CONNECTIONS} connections (${ADMIN_CONNECTIONS} for the admin lists), ${WARMUP_SECONDS} s warm-up then ${seconds} s per URL; ` +
      `${gzip ? "Accept-Encoding: gzip" : "no Accept-Encoding (uncompressed responses)"}; data in ${dataDir}`,
  );
  console.log(`  server: LOG_LEVEL=warn, no line per request (the default, info, writes one: docs/deploy.md "The request log"); node ${NODE_FLAGS.join(" ")}`);

  // Start-up: a new data folder (migrate + seed), then the same folder again.
  const fresh = await startServer(dataDir);
  const freshMs = fresh.startMs;
  await stopServer(fresh);
  await addAdministrator(dataDir);
  let server = await startServer(dataDir);
  const existingMs = server.startMs;
  console.log(`\nStart to listening (spawn → "Shoreline is running at")`);
  console.log(`  new data folder (migration + demo seed): ${ms(freshMs)}`);
  console.log(`  existing data folder:                    ${ms(existingMs)}`);

  const assetPath = await findAsset(server.url);
  const empty = await loadPhase(server, assetPath);
  printPhase("Empty data set (demo content)", server, empty, assetPath);
  const nginx = await nginxFigures(server);
  printNginx(nginx, empty);
  await stopServer(server);

  const dbFile = path.join(dataDir, "shoreline.db");
  const loaded = loadLargeDataSet(dbFile);
  console.log(
    `\nLarge data set: ${int(loaded.news)} news posts, ${int(loaded.events)} events, ${int(loaded.measurements)} measurements ` +
      `written in ${ms(loaded.ms)} (one transaction); database ${mb(statSync(dbFile).size / MB)}`,
  );
  server = await startServer(dataDir);
  const largeStartMs = server.startMs;
  console.log(`  start to listening with the large data set: ${ms(largeStartMs)}`);
  const large = await loadPhase(server, assetPath);
  printPhase("Large data set", server, large, assetPath);
  const wrkLarge = WRK ? await withNginx(server, (url, copies) => wrkComparisons(server, url, copies)) : undefined;
  if (wrkLarge) {
    console.log("\nLarge data set, cross-check with wrk: the same pages from Shoreline and as static files from nginx");
    printWrk(wrkLarge);
  }
  let long: LongRun | undefined;
  if (longRequests !== undefined) {
    console.log(`\nLong run: ${int(longRequests)} requests of the mix (${PAGES.join(", ")} plain and Brotli, the asset), ${CONNECTIONS} connections, large data set`);
    long = await longRun(server, assetPath, longRequests);
    console.log(table(["requests", "req/s", "non-2xx", "errors", "RSS start", "RSS middle", "RSS end"], [[int(long.requests), int(long.rps), int(long.non2xx), int(long.errors), mb(long.startMb), mb(long.middleMb), mb(long.endMb)]], 0));
  }
  await stopServer(server);

  console.log(`\nSlowdown = empty requests/s ÷ large requests/s (target ≤ ${TARGETS.slowdown} for each page and admin list)`);
  const slowdowns = empty.rows.map((e, i) => {
    const l = large.rows[i];
    const bound = [e, l].find(clientBound);
    return { path: e.path, empty: e.rps, large: l?.rps ?? 0, slowdown: l && l.rps > 0 ? e.rps / l.rps : Number.POSITIVE_INFINITY, bound };
  });
  console.log(
    table(
      ["path", "empty req/s", "large req/s", "slowdown"],
      slowdowns.map((s) => [s.path, int(s.empty), int(s.large), fixed(s.slowdown, 2)]),
    ),
  );
  // The same with wrk, and nginx's own slowdown on the same bytes: what the pages' growth alone costs.
  const wrkSlowdowns = (nginx?.wrk ?? []).flatMap((e) => {
    const l = wrkLarge?.find((w) => w.path === e.path);
    return l ? [{ path: e.path, ours: e.ours.rps / l.ours.rps, nginx: e.nginx.rps / l.nginx.rps, bytes: `${int(e.bytes)} → ${int(l.bytes)}` }] : [];
  });
  if (wrkSlowdowns.length > 0) {
    console.log("\nSlowdown with wrk, Shoreline and nginx serving the same bytes (the page's growth alone)");
    console.log(table(["path", "bytes empty → large", "Shoreline slowdown", "nginx slowdown"], wrkSlowdowns.map((w) => [w.path, w.bytes, fixed(w.ours, 2), fixed(w.nginx, 2)])));
  }

  const homeEmpty = empty.rows[0]?.rps ?? 0;
  const homeLarge = large.rows[0]?.rps ?? 0;
  const assetEmpty = empty.rows.find((r) => r.path === assetPath)?.rps ?? 0;
  const assetLarge = large.rows.find((r) => r.path === assetPath)?.rps ?? 0;
  const ratioEmpty = assetEmpty > 0 ? homeEmpty / assetEmpty : 0;
  const ratioLarge = assetLarge > 0 ? homeLarge / assetLarge : 0;
  const peaks = [empty.hwmMb, empty.rssMaxMb, large.hwmMb, large.rssMaxMb].filter((n): n is number => n !== undefined);
  const peakMb = peaks.length > 0 ? Math.max(...peaks) : undefined;
  const outbox = await outboxPhase();
  printOutbox(outbox);
  const lake = await lakeFigures();
  printLake(lake);
  const labImport = await importPhase();
  printImport(labImport);

  const rows: string[][] = [
    [`/ ≥ ${int(TARGETS.homeRps)} req/s on one core, empty data`, `${int(homeEmpty)} req/s`, verdict(homeEmpty >= TARGETS.homeRps)],
    [`/ ≥ ${int(TARGETS.homeRps)} req/s on one core, large data`, `${int(homeLarge)} req/s`, verdict(homeLarge >= TARGETS.homeRps)],
    [`/ ≥ ${TARGETS.homeVsStatic} × static asset req/s, empty data`, `${fixed(ratioEmpty, 2)} ×`, verdict(ratioEmpty >= TARGETS.homeVsStatic)],
    [`/ ≥ ${TARGETS.homeVsStatic} × static asset req/s, large data`, `${fixed(ratioLarge, 2)} ×`, verdict(ratioLarge >= TARGETS.homeVsStatic)],
    ...nginxTargets(nginx, empty),
    ...slowdowns
      .filter((s) => ([...PAGES, ...ADMIN_PAGES] as readonly string[]).includes(s.path.replace(BR_ROW, "")))
      .map((s) => [`slowdown ≤ ${TARGETS.slowdown}, ${s.path}`, fixed(s.slowdown, 2), `${verdict(s.slowdown <= TARGETS.slowdown)}${s.bound ? ` ${boundNote(s.bound)}` : ""}`]),
    // With nginx's slowdown on the same bytes beside it: a page that grows 7-fold is slower to send from any server.
    ...wrkSlowdowns.map((w) => [`slowdown ≤ ${TARGETS.slowdown}, ${w.path}, wrk (nginx, same bytes: ${fixed(w.nginx, 2)})`, fixed(w.ours, 2), verdict(w.ours <= TARGETS.slowdown)]),
    [`peak RSS ≤ ${TARGETS.peakRssMb} MB (VmHWM / sampled VmRSS, both runs)`, mb(peakMb), peakMb === undefined ? "n/a" : verdict(peakMb <= TARGETS.peakRssMb)],
    [`start to listening ≤ ${TARGETS.startMs / 1000} s, new data folder`, ms(freshMs), verdict(freshMs <= TARGETS.startMs)],
    [`start to listening ≤ ${TARGETS.startMs / 1000} s, existing data folder`, ms(existingMs), verdict(existingMs <= TARGETS.startMs)],
    [`start to listening ≤ ${TARGETS.startMs / 1000} s, large data`, ms(largeStartMs), verdict(largeStartMs <= TARGETS.startMs)],
    ...outboxTargets(outbox),
    ...lakeTargets(lake),
    ...importTargets(labImport),
    ...(long ? [[`RSS ≤ ${TARGETS.peakRssMb} MB after ${int(long.requests)} requests of the mix`, mb(long.endMb), long.endMb === undefined ? "n/a" : verdict(long.endMb <= TARGETS.peakRssMb)]] : []),
  ];
  console.log("\nTargets (figures are from one run on a shared machine: noisy)");
  console.log(table(["target", "measured", "result"], rows, 1, 2));
  console.log("  (1 MB = 1,048,576 bytes)");
  console.log(`  load average at the end: ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}`);
  if (buildStamp() !== builtAt) {
    console.log("  WARNING: build/ was rewritten during the run; the figures mix two builds (non-2xx on the asset are likely 404s).");
  }
}

// ---- the cluster (issue 12) ----

let currentCluster: Cluster | undefined;
const CLUSTER_ROUNDS = 3;

/** GET / with autocannon (CONNECTIONS connections, a warm-up, then `seconds`) at `url`. */
async function measureHome(url: string) {
  await autocannon({ url: `${url}/`, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: requestHeaders });
  const result = await autocannon({ url: `${url}/`, connections: CONNECTIONS, duration: seconds, headers: requestHeaders });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, total: result.requests.total };
}

/**
 * `--only cluster`: requests/s of GET / through nginx to three instances, and directly to one of them, alternating
 * CLUSTER_ROUNDS times; prints both, their means and the ratio (three ÷ one).
 */
async function mainCluster(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log("Shoreline benchmark: GET / through nginx to three instances against one instance (--only cluster)");
  console.log(`  Node ${process.version}, ${os.cpus().length} cores (${cpu}), load average ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}; not pinned`);
  const startedAt = performance.now();
  currentCluster = await startCluster({ instances: 3 });
  const cluster = currentCluster;
  console.log(`  cluster started in ${ms(performance.now() - startedAt)}: PostgreSQL, s3rver, ${cluster.instances.length} instances, nginx (deploy/nginx/, round robin)`);
  console.log(`  ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${seconds} s per measurement, ${CLUSTER_ROUNDS} rounds; ${gzip ? "Accept-Encoding: gzip" : "no Accept-Encoding"}`);
  const targets = [
    { label: `one instance directly (${cluster.instances[0]!.address})`, url: cluster.instances[0]!.url },
    { label: `three instances through nginx (${new URL(cluster.url).host})`, url: cluster.url },
  ];
  const rows: string[][] = [];
  const sums = [0, 0];
  for (let round = 1; round <= CLUSTER_ROUNDS; round++) {
    for (const [i, target] of targets.entries()) {
      const r = await measureHome(target.url);
      sums[i]! += r.rps;
      rows.push([`${round}`, target.label, int(r.rps), fixed(r.p50), fixed(r.p99), int(r.bad), int(r.total)]);
    }
  }
  console.log(`\nGET / (the home page; served from each instance's page cache)`);
  console.log(table(["round", "target", "req/s", "p50 ms", "p99 ms", "non-2xx/errors", "requests"], rows, 2));
  const [one, three] = sums.map((sum) => sum / CLUSTER_ROUNDS) as [number, number];
  console.log(`\n  mean req/s: one instance ${int(one)}, three instances behind nginx ${int(three)}`);
  console.log(`  ratio three ÷ one: ${one > 0 ? fixed(three / one, 2) : "n/a"} (${os.cpus().length} cores shared by nginx, the instances, PostgreSQL and autocannon: no speed-up expected)`);
  console.log(`  load average at the end: ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}`);
}

// ---- the whole lake (issue 27) ----

/**
 * Requests that each miss the page cache, per page and data set; the median is printed. After enough warm-up
 * renders for V8 to have compiled the page's code (with 3, the median of 20 swung by 0.5 between runs).
 */
const LAKE_RENDERS = 60;
const LAKE_WARMUP_RENDERS = 20;
/** Alternating runs of the served requests/s, per page and data set. */
const LAKE_ROUNDS = 3;

interface LakeRow {
  path: string;
  bytes: number;
  /** Median and 90th percentile milliseconds of a request that misses the page cache (rendered anew). */
  renderMs: number;
  renderP90Ms: number;
  /** Requests/s served from the page cache (autocannon). */
  rps: number;
}

interface LakeFigures {
  small: LakeRow[];
  large: LakeRow[];
  /** /the-lake with the same sites and one season of results, and with ten (the large data set): data volume alone. */
  season: { results: number; row: LakeRow; large: LakeRow };
  results: number;
  loadMs: number;
  dbMb: number;
}

/** Median and 90th percentile of `ms`. */
function percentiles(ms: number[]): { median: number; p90: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p90: at(0.9) };
}

/** The small data set's server while the large one runs beside it (stopped by `cleanup` when interrupted). */
let lakeSmallServer: RunningServer | undefined;

/** One request that misses the page cache (a query string of its own): milliseconds and the body's bytes. */
async function renderOnce(server: RunningServer, urlPath: string, n: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await rawGet(`${server.url}${urlPath}?bench-render=${n}`, { "accept-encoding": "identity" });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
  return { ms: elapsed, bytes: response.body.length };
}

/**
 * One page on both data sets, measured in turns so that the machine's load (other work on the shared cores) weighs
 * on both alike: LAKE_RENDERS requests that miss the page cache, alternating small and large, after a few to warm
 * up; then the requests/s served from the cache, in LAKE_ROUNDS alternating runs of `seconds / LAKE_ROUNDS` each.
 */
async function lakePair(small: RunningServer, large: RunningServer, paths: [string, string]): Promise<[LakeRow, LakeRow]> {
  const servers = [small, large] as const;
  const times: [number[], number[]] = [[], []];
  const bytes = [0, 0];
  for (let i = 0; i < LAKE_WARMUP_RENDERS + LAKE_RENDERS; i++) {
    for (const side of [0, 1] as const) {
      const { ms: elapsed, bytes: size } = await renderOnce(servers[side], paths[side], i);
      bytes[side] = size;
      if (i >= LAKE_WARMUP_RENDERS) times[side].push(elapsed);
    }
  }
  const served = [0, 0];
  const duration = Math.max(1, Math.round(seconds / LAKE_ROUNDS));
  for (const side of [0, 1] as const) await autocannon({ url: `${servers[side].url}${paths[side]}`, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: requestHeaders });
  for (let round = 0; round < LAKE_ROUNDS; round++) {
    for (const side of [0, 1] as const) {
      const result = await autocannon({ url: `${servers[side].url}${paths[side]}`, connections: CONNECTIONS, duration, headers: requestHeaders });
      served[side]! += result.requests.average / LAKE_ROUNDS;
    }
  }
  const row = (side: 0 | 1): LakeRow => {
    const { median, p90 } = percentiles(times[side]);
    return { path: paths[side], bytes: bytes[side]!, renderMs: median, renderP90Ms: p90, rps: served[side]! };
  };
  return [row(0), row(1)];
}

/**
 * The whole lake: two data folders, one with the demo (one beach, 30 readings), one with the demo and 10 sites × 10
 * parameters × 10 years of results (scripts/bench-lake-data.ts), each served by its own server on the server's core;
 * `/`, `/the-lake` and a site page measured on both in turns (`lakePair`). Then /the-lake of the same 10 sites with
 * one season of results against ten: what the volume of data costs, apart from the page's nine more sections.
 */
async function lakeFigures(): Promise<LakeFigures> {
  const smallDir = path.join(dataDir, "lake-small");
  const largeDir = path.join(dataDir, "lake-large");
  const seasonDir = path.join(dataDir, "lake-season");
  for (const dir of [smallDir, largeDir, seasonDir]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  // The large folders: migrated and seeded by a first start, then the results written while it is stopped.
  await stopServer(await startServer(largeDir));
  const dbFile = path.join(largeDir, "shoreline.db");
  const loaded = loadLakeDataSet(dbFile);
  await stopServer(await startServer(seasonDir));
  const season = loadLakeDataSet(path.join(seasonDir, "shoreline.db"), new Date(), 1);
  lakeSmallServer = await startServer(smallDir);
  const large = await startServer(largeDir);
  try {
    const pairs: [string, string][] = [
      ["/", "/"],
      ["/the-lake", "/the-lake"],
      ["/the-lake/sites/beach", `/the-lake/sites/${LAKE_STATION}`],
    ];
    const rows: [LakeRow, LakeRow][] = [];
    for (const pair of pairs) rows.push(await lakePair(lakeSmallServer, large, pair));
    await stopServer(lakeSmallServer);
    // The same sites with one season: what ten years of results cost /the-lake beyond its sections.
    lakeSmallServer = await startServer(seasonDir);
    const [seasonRow, largeAgain] = await lakePair(lakeSmallServer, large, ["/the-lake", "/the-lake"]);
    return {
      small: rows.map((r) => r[0]),
      large: rows.map((r) => r[1]),
      season: { results: season.results, row: seasonRow, large: largeAgain },
      results: loaded.results,
      loadMs: loaded.ms,
      dbMb: statSync(dbFile).size / MB,
    };
  } finally {
    await stopServer(large);
    await stopServer(lakeSmallServer);
    lakeSmallServer = undefined;
    for (const dir of [smallDir, largeDir, seasonDir]) rmSync(dir, { recursive: true, force: true });
  }
}

function printLake(lake: LakeFigures): void {
  console.log(
    `\nThe whole lake (issue 27): one beach with 30 readings (the demo) against 10 sites × 10 parameters × 10 years ` +
      `(${int(lake.results)} results written in ${ms(lake.loadMs)}; database ${mb(lake.dbMb)})`,
  );
  console.log(`  two servers (small and large data) on the server's core, measured in turns: rendered, median (p90) of ${LAKE_RENDERS} requests that each miss the page cache;`);
  console.log(`  served, requests/s from the cache (${CONNECTIONS} connections, ${LAKE_ROUNDS} alternating runs)`);
  console.log(
    table(
      ["page (small → large)", "bytes small", "bytes large", "rendered small", "rendered large", "ratio", "served small", "served large", "ratio"],
      lake.small.map((s, i) => {
        const l = lake.large[i]!;
        const label = s.path === l.path ? s.path : `${s.path} → ${l.path}`;
        return [
          label,
          int(s.bytes),
          int(l.bytes),
          `${fixed(s.renderMs)} (${fixed(s.renderP90Ms)}) ms`,
          `${fixed(l.renderMs)} (${fixed(l.renderP90Ms)}) ms`,
          fixed(l.renderMs / s.renderMs, 2),
          `${int(s.rps)} req/s`,
          `${int(l.rps)} req/s`,
          fixed(s.rps / l.rps, 2),
        ];
      }),
    ),
  );
  console.log("  (ratio: large ÷ small for the rendering time, small ÷ large for requests/s: above 1 is slower with the whole lake)");
  const { season } = lake;
  console.log(
    `  data volume alone, /the-lake with the same 10 sites: one season (${int(season.results)} results) ${fixed(season.row.renderMs)} ms, ` +
      `ten years ${fixed(season.large.renderMs)} ms rendered (ratio ${fixed(season.large.renderMs / season.row.renderMs, 2)}); ` +
      `${int(season.row.rps)} and ${int(season.large.rps)} req/s served (ratio ${fixed(season.row.rps / season.large.rps, 2)}); ` +
      `${int(season.row.bytes)} and ${int(season.large.bytes)} bytes`,
  );
}

/** `/` and `/the-lake` within TARGETS.slowdown of one beach with 30 readings, rendered and served. */
function lakeTargets(lake: LakeFigures): string[][] {
  return lake.small.slice(0, 2).flatMap((s, i) => {
    const l = lake.large[i]!;
    const rendered = l.renderMs / s.renderMs;
    const served = s.rps / l.rps;
    return [
      [`whole lake ≤ ${TARGETS.slowdown} × one beach, ${s.path} rendered`, fixed(rendered, 2), verdict(rendered <= TARGETS.slowdown)],
      [`whole lake ≤ ${TARGETS.slowdown} × one beach, ${s.path} served`, fixed(served, 2), verdict(served <= TARGETS.slowdown)],
    ];
  });
}

/** `--only lake`: the whole-lake figures alone. */
async function mainLake(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  if (pinned) spawnSync("taskset", ["-a", "-p", "-c", BENCH_CORE, String(process.pid)], { stdio: "ignore" });
  console.log("Shoreline benchmark: the whole lake only (--only lake; production build in build/)");
  console.log(`  Node ${process.version}, ${os.cpus().length} cores (${cpu}), load average ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}; ${pinned ? `server pinned to core ${SERVER_CORE}` : "not pinned"}`);
  const lake = await lakeFigures();
  printLake(lake);
  console.log("\nTargets (figures are from one run on a shared machine: noisy)");
  console.log(table(["target", "measured", "result"], lakeTargets(lake)));
}

// ---- the lab file import (issue 27) ----

/** The import's targets (issue 27): 100,000 results from one file in under 10 s on one core, RSS under 250 MB. */
const IMPORT_TARGETS = { seconds: 10, rssMb: 250 };

/** Runs the import benchmark on SQLite and, when it answers, PostgreSQL (a new database, dropped after). */
async function importPhase(): Promise<LabImportFigures[]> {
  // Each PostgreSQL run gets its own empty database (SQLite runs get a new data folder each).
  const pg = (await postgresAvailable()) ? [await createPostgresDatabase(), await createPostgresDatabase()] : [];
  try {
    return await labImportPhase([
      { name: "SQLite" },
      ...pg.map((db, i) => ({ name: "PostgreSQL", url: db.url!, as: (["server", "cli"] as const)[i]! })),
      { name: "SQLite", as: "server", workbook: true },
    ]);
  } finally {
    for (const db of pg) await db.drop();
  }
}

function printImport(figures: LabImportFigures[]): void {
  console.log(`\nLab file import: ${int(LAB_IMPORT_RESULTS)} results from one file (importLabFile: read, check, create 10 sites, write, status once)`);
  console.log(`  child process ${figures[0]?.pinned ? "pinned to core 1 (taskset -c 1)" : "not pinned"}; node --optimize-for-size; "server" also with npm start's malloc settings`);
  console.log(
    table(
      ["back end", "as", "file", "CPU s (one core)", "wall s", "added", "peak RSS"],
      figures.map((f) => [f.backEnd, f.as, f.file, fixed(f.seconds, 2), fixed(f.wallSeconds, 2), int(f.added), mb(f.peakRssMb)]),
    ),
  );
  if (!figures.some((f) => f.backEnd === "PostgreSQL")) console.log("  (PostgreSQL did not answer: SQLite only)");
  console.log("  CPU s is this Node process's (user + system); with PostgreSQL the database server's own work is not in it.");
}

function importTargets(figures: LabImportFigures[]): string[][] {
  return figures.flatMap((f) => [
    [`import ${int(LAB_IMPORT_RESULTS)} results ≤ ${IMPORT_TARGETS.seconds} s on one core, ${f.backEnd}, ${f.as}, ${f.file}`, `${fixed(f.seconds, 2)} s CPU (${fixed(f.wallSeconds, 2)} s wall)`, verdict(f.seconds <= IMPORT_TARGETS.seconds)],
    [`import RSS ≤ ${IMPORT_TARGETS.rssMb} MB, ${f.backEnd}, ${f.as}, ${f.file}`, mb(f.peakRssMb), f.peakRssMb === undefined ? "n/a" : verdict(f.peakRssMb <= IMPORT_TARGETS.rssMb)],
  ]);
}

/** `--only import`: the lab file import figures alone. */
async function mainImport(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log("Shoreline benchmark: the lab file import only (--only import)");
  console.log(`  Node ${process.version}, ${os.cpus().length} cores (${cpu}), load average ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}`);
  const figures = await importPhase();
  printImport(figures);
  console.log("\nTargets (figures are from one run on a shared machine: noisy)");
  console.log(table(["target", "measured", "result"], importTargets(figures)));
  console.log(`  load average at the end: ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}`);
}

/** `--only outbox`: the mail outbox figures alone. */
async function mainOutbox(): Promise<void> {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log("Shoreline benchmark: the mail outbox only (--only outbox)");
  console.log(`  Node ${process.version}, ${os.cpus().length} cores (${cpu}), load average ${os.loadavg().map((l) => fixed(l, 2)).join(" ")}; not pinned`);
  const outbox = await outboxPhase();
  printOutbox(outbox);
  console.log("\nTargets (figures are from one run on a shared machine: noisy)");
  console.log(table(["target", "measured", "result"], outboxTargets(outbox)));
}

await runCli(USAGE, async () => {
  try {
    checkSettings();
    await (only === "outbox" ? mainOutbox() : only === "cluster" ? mainCluster() : only === "lake" ? mainLake() : only === "import" ? mainImport() : main());
  } catch (error) {
    // After SIGINT/SIGTERM the server is being stopped under the run; that failure is expected, not news.
    if (interrupted) return 130;
    if (error instanceof UsageError || error instanceof CliError) throw error;
    throw new CliError(`\nThe benchmark could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanup();
  }
});
process.exit(process.exitCode);
