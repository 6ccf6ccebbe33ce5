/**
 * The cluster test (issue 12): `npm run test:cluster` builds, then runs this script. It starts a cluster on
 * loopback (scripts/lib/cluster.ts: a new database on this machine's PostgreSQL, s3rver, three instances of the
 * production build, Debian's nginx in front with the committed deploy/nginx configuration, round robin) and checks:
 *   1. sign in through one instance, act (an admin list, a news post) through the others;
 *   2. a document uploaded through one instance downloads byte-identical through every other and through nginx;
 *   3. a news post written on one instance is on every instance's public page at once, and Chromium pages open on
 *      another instance (and on nginx) show it without a reload (Server-Sent Events over PostgreSQL LISTEN/NOTIFY);
 *   4. sign-in throttling holds across instances: five failures spread over them, then the right password is
 *      refused on a third;
 *   5. 200 clients through nginx for CLUSTER_LOAD_SECONDS (default 60; mostly public pages, some administrators
 *      writing news posts and beach readings through the real forms), while one instance is killed with kill -9
 *      at a third of the time and restarted 5 s later: no acknowledged write lost, no error but the killed
 *      instance's requests in flight (attributed through nginx's access log), the other instances keep serving,
 *      and the restarted instance serves through nginx again (nginx tries it again 5 s after its last failure: with
 *      CLUSTER_LOAD_SECONDS under about 30 the run ends before that, and this check fails).
 * Prints the figures (requests served, errors, writes acknowledged vs found, the failover gap) and exits 1 when
 * any check fails, 0 when all pass. Needs nginx (/usr/sbin/nginx), PostgreSQL (PG_TEST_URL, default
 * postgres://postgres@127.0.0.1:5432/test) and Chromium (/usr/bin/chromium).
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { todayIn } from "#app/platform/text/dates.ts";
import { childEnv } from "../tests/support/child-env.ts";
import { ACCESS_LOG_FLUSH_MS, readAccessLog, startCluster, type Cluster, type Instance } from "./lib/cluster.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ADMIN = { email: "chair@example.org", password: "cluster-admin-password" };
/** A second administrator, whose account the throttle check locks for 15 minutes. */
const LOCKED = { email: "treasurer@example.org", password: "cluster-treasurer-password" };
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 60);
const CLIENTS = 200;
const NEWS_WRITERS = 5;
const READING_WRITERS = 5;
const READ_PATHS = ["/", "/the-lake", "/news-events", "/more/documents"];
/**
 * Each writer's pause between two writes, in ms: a board at work, not a flood. Every write invalidates the cached
 * public pages it shows on, so writers without a pause would make every read a new rendering.
 */
const WRITE_PAUSE_MS = 500;
/** The instance (0-based) that is killed, and how long it stays down, in ms. */
const VICTIM = 1;
const DOWN_MS = 5_000;
/** Beach readings of the load are BASE and up, so that they are told apart from the demo's. */
const BASE = 900_000;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LIVE_TIMEOUT_MS = 10_000;
/** The association's time zone in the demo content. */
const TIME_ZONE = "America/Chicago";
const runId = randomBytes(3).toString("hex");

// ---- reporting ----

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];

function record(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
}

/** Runs one check; an exception fails it with its message instead of ending the run. */
async function step(name: string, fn: () => Promise<{ ok: boolean; detail: string }>): Promise<void> {
  try {
    const { ok, detail } = await fn();
    record(name, ok, detail);
  } catch (error) {
    record(name, false, `threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const secs = (ms: number, digits = 2) => `${(ms / 1000).toFixed(digits)} s`;
const name = (i: Instance) => `instance ${i.index + 1}`;

function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join("\n");
}

// ---- HTTP ----

/** Signs in through the /login form of `url` and returns the Cookie header. @throws unless answered 302 */
async function signIn(url: string, account = ADMIN): Promise<string> {
  const response = await postForm(url, "/login", { email: account.email, password: account.password, intent: "login" });
  await response.body?.cancel();
  if (response.status !== 302) throw new Error(`sign-in at ${url} answered ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** A form post as a browser on `url` sends it (Origin: `url`, which React Router compares with the Host). */
function postForm(url: string, pathname: string, form: Record<string, string>, cookie?: string): Promise<Response> {
  return fetch(`${url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(form),
  });
}

async function getText(url: string, cookie?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, text: await response.text() };
}

// ---- 1. sign in through one, act through the others ----

async function signInElsewhere(cluster: Cluster, cookie: string) {
  const [first, ...others] = cluster.instances;
  const lists = await Promise.all(others.map(async (i) => ({ i, ...(await getText(`${i.url}/admin/news`, cookie)) })));
  const title = `Posted through another instance ${runId}`;
  const last = others.at(-1)!;
  const posted = await postForm(last.url, "/admin/news", { title, date: todayIn(TIME_ZONE), author: "Chair", text: "Signed in elsewhere." }, cookie);
  await posted.body?.cancel();
  const listed = await getText(`${first!.url}/admin/news`, cookie);
  const ok = lists.every((l) => l.status === 200 && l.text.includes("News")) && posted.status === 302 && listed.text.includes(title);
  return {
    ok,
    detail:
      `signed in at ${name(first!)}; /admin/news ${lists.map((l) => `${l.status} at ${name(l.i)}`).join(", ")}; ` +
      `a news post through ${name(last)}: ${posted.status}, listed at ${name(first!)}: ${listed.text.includes(title) ? "yes" : "NO"}`,
  };
}

// ---- 2. documents ----

async function documentsEverywhere(cluster: Cluster, cookie: string) {
  const [first, ...others] = cluster.instances;
  const fileName = `cluster-${runId}.txt`;
  const bytes = Buffer.from(`Minutes of the cluster test ${runId}\n${randomBytes(192 * 1024).toString("base64")}\n`);
  const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
  const form = new FormData();
  form.append("file", new File([bytes], fileName, { type: "text/plain" }));
  const uploaded = await fetch(`${first!.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: first!.url }, body: form });
  const body = (await uploaded.json()) as { uploaded?: string[] };
  if (uploaded.status !== 200 || !body.uploaded?.includes(fileName)) return { ok: false, detail: `upload through ${name(first!)} answered ${uploaded.status}` };
  const id = await withDatabase(cluster, async (client) => {
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM document WHERE "displayName" = $1`, [fileName]);
    return rows[0]?.id;
  });
  if (!id) return { ok: false, detail: "the uploaded document is not in the database" };
  const targets = [...others.map((i) => ({ label: name(i), url: i.url })), { label: "nginx", url: cluster.url }];
  const results = await Promise.all(
    targets.map(async (t) => {
      const response = await fetch(`${t.url}/documents/${id}`);
      const got = new Uint8Array(await response.arrayBuffer());
      return { ...t, status: response.status, same: response.status === 200 && sha(got) === sha(bytes) };
    }),
  );
  return {
    ok: results.every((r) => r.same),
    detail:
      `${int(bytes.length)} bytes uploaded through ${name(first!)}; downloaded ` +
      results.map((r) => `${r.label}: ${r.status}${r.status === 200 ? (r.same ? " identical" : " DIFFERENT") : ""}`).join(", "),
  };
}

// ---- 3. news on every instance at once, live in the browser ----

/** Opens /news-events at `url` in a new page and waits until it listens to the change stream. */
async function openListening(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  const changes = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/changes", { timeout: 15_000 });
  await page.goto(`${url}/news-events`);
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--header-height") !== "", undefined, { timeout: 15_000 });
  const stream = await changes;
  if (stream.status() !== 200) throw new Error(`/api/changes answered ${stream.status()} at ${url}`);
  return page;
}

async function newsEverywhere(cluster: Cluster, cookie: string) {
  const [writer, ...others] = cluster.instances;
  const listener = others.at(-1)!;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const pages = [
      { label: `${name(listener)} directly`, page: await openListening(browser, listener.url) },
      { label: "nginx", page: await openListening(browser, cluster.url) },
    ];
    // Each instance's change feed reads its starting counters when its first listener subscribes; let that finish.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const title = `Dock removal day ${runId}`;
    const posted = await postForm(writer!.url, "/admin/news", { title, date: todayIn(TIME_ZONE), author: "Chair", text: "Bring **gloves**." }, cookie);
    await posted.body?.cancel();
    const postedAt = performance.now();
    if (posted.status !== 302) return { ok: false, detail: `the post through ${name(writer!)} answered ${posted.status}` };
    const targets = [...cluster.instances.map((i) => ({ label: name(i), url: i.url })), { label: "nginx", url: cluster.url }];
    const shown = await Promise.all(targets.map(async (t) => ({ ...t, ...(await getText(`${t.url}/news-events`)) })));
    const live = await Promise.all(
      pages.map(async ({ label, page }) => {
        try {
          await page.getByRole("heading", { name: title }).first().waitFor({ state: "visible", timeout: LIVE_TIMEOUT_MS });
          return { label, ms: performance.now() - postedAt };
        } catch {
          return { label, ms: undefined };
        }
      }),
    );
    const atOnce = shown.every((s) => s.status === 200 && s.text.includes(title));
    return {
      ok: atOnce && live.every((l) => l.ms !== undefined),
      detail:
        `posted through ${name(writer!)}; right after, /news-events shows it at ` +
        shown.map((s) => `${s.label}: ${s.status === 200 && s.text.includes(title) ? "yes" : `NO (${s.status})`}`).join(", ") +
        `; live in Chromium open on ` +
        live.map((l) => `${l.label} after ${l.ms === undefined ? `NOT within ${secs(LIVE_TIMEOUT_MS, 0)}` : secs(l.ms)}`).join(", "),
    };
  } finally {
    await browser.close();
  }
}

// ---- 4. sign-in throttle across instances ----

async function throttleAcross(cluster: Cluster) {
  // A second administrator, made with the command line as an operator would, on the cluster's database.
  await promisify(execFile)(process.execPath, ["scripts/admin.ts", "add", LOCKED.email], {
    cwd: ROOT,
    env: childEnv({ ...cluster.sharedEnv, DATA_DIR: cluster.instances[0]!.dataDir, ADMIN_PASSWORD: LOCKED.password }),
  });
  const { instances } = cluster;
  const statuses: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const at = instances[attempt % instances.length]!;
    const response = await postForm(at.url, "/login", { email: LOCKED.email, password: "not-the-password", intent: "login" });
    await response.body?.cancel();
    statuses.push(`${response.status} at ${at.index + 1}`);
  }
  const last = instances.at(-1)!;
  const right = await postForm(last.url, "/login", { email: LOCKED.email, password: LOCKED.password, intent: "login" });
  const rightText = await right.text();
  const viaNginx = await postForm(cluster.url, "/login", { email: LOCKED.email, password: LOCKED.password, intent: "login" });
  await viaNginx.body?.cancel();
  const failuresOk = statuses.every((s) => s.startsWith("401"));
  const refused = right.status === 429 && rightText.includes("Too many failed sign-in attempts") && viaNginx.status === 429;
  return {
    ok: failuresOk && refused,
    detail: `wrong password: ${statuses.join(", ")}; then the right one at ${name(last)}: ${right.status}, through nginx: ${viaNginx.status}`,
  };
}

// ---- 5. load with kill -9 ----

interface Sent {
  id: string;
  kind: "read" | "news" | "reading";
  start: number;
  end: number;
  /** 0 when no answer came (a network error). */
  status: number;
  /** The Location of a redirect. */
  location?: string;
  error?: string;
}

/** One request through the keep-alive agent, body read to its end; never throws. */
function send(agent: Agent, url: string, id: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; location?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request(url, { method: options.method ?? "GET", headers: { ...options.headers, "X-Test-Id": id }, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.complete ? { status: res.statusCode ?? 0, location: res.headers.location } : { status: 0, error: "response cut off" }));
      res.on("error", (error) => resolve({ status: 0, error: error.message }));
    });
    req.on("error", (error) => resolve({ status: 0, error: error.message }));
    req.setTimeout(60_000, () => req.destroy(new Error("timed out after 60 s")));
    req.end(options.body);
  });
}

/** A write the site acknowledged: the form's redirect back to its screen (not to /login, which a lost session gets). */
const saved = (answer: { status: number; location?: string }) => answer.status === 302 && !(answer.location ?? "").startsWith("/login");

interface LoadResult {
  sent: Sent[];
  ackedNews: string[];
  ackedReadings: number[];
  loadStart: number;
  loadEnd: number;
  killedAt: number;
  restartedAt: number;
  listeningAt: number;
  healthyAt: number;
}

async function load(cluster: Cluster, cookie: string): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });
  const victim = cluster.instances[VICTIM]!;
  const sent: Sent[] = [];
  const ackedNews: string[] = [];
  const ackedReadings: number[] = [];
  let counter = 0;
  let readings = 0;
  let stopping = false;
  const loadStart = performance.now();
  const until = loadStart + LOAD_SECONDS * 1000;
  const today = todayIn(TIME_ZONE);
  const formHeaders = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: cluster.url };

  const client = async (n: number) => {
    const kind: Sent["kind"] = n < NEWS_WRITERS ? "news" : n < NEWS_WRITERS + READING_WRITERS ? "reading" : "read";
    let i = 0;
    while (!stopping && performance.now() < until) {
      const id = `${kind[0]}${counter++}`;
      const start = performance.now();
      let answer;
      if (kind === "read") {
        answer = await send(agent, `${cluster.url}${READ_PATHS[(n + i) % READ_PATHS.length]}`, id);
      } else if (kind === "news") {
        const title = `Cluster load ${runId} #${id}`;
        const body = new URLSearchParams({ title, date: today, author: "Load", text: "Written during the cluster test." }).toString();
        answer = await send(agent, `${cluster.url}/admin/news`, id, { method: "POST", headers: formHeaders, body });
        if (saved(answer)) ackedNews.push(title);
      } else {
        const value = BASE + readings++;
        const body = new URLSearchParams({ intent: "add", date: "2025-08-01", value: String(value) }).toString();
        answer = await send(agent, `${cluster.url}/admin/beach-measurements`, id, { method: "POST", headers: formHeaders, body });
        if (saved(answer)) ackedReadings.push(value);
      }
      sent.push({ id, kind, start, end: performance.now(), ...answer });
      i++;
      if (kind !== "read") await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
    }
  };

  const chaos = async () => {
    await new Promise((resolve) => setTimeout(resolve, (LOAD_SECONDS * 1000) / 3));
    const killedAt = await victim.kill();
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    const restartedAt = performance.now();
    await victim.restart();
    const listeningAt = performance.now();
    let healthyAt = Number.NaN;
    while (Number.isNaN(healthyAt) && performance.now() < until + 30_000) {
      const { status } = await send(agent, `${victim.url}/healthz`, "health");
      if (status === 200) healthyAt = performance.now();
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { killedAt, restartedAt, listeningAt, healthyAt };
  };

  const [times] = await Promise.all([chaos(), ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);
  stopping = true;
  const loadEnd = performance.now();
  agent.destroy();
  return { sent, ackedNews, ackedReadings, loadStart, loadEnd, ...times };
}

async function withDatabase<T>(cluster: Cluster, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The longest stretch without a successful answer between `from` and `to` (ms, performance.now() clock). */
function longestGap(successEnds: number[], from: number, to: number): number {
  let previous = from;
  let longest = 0;
  for (const end of successEnds) {
    if (end < from) continue;
    if (end > to) break;
    longest = Math.max(longest, end - previous);
    previous = end;
  }
  return Math.max(longest, to - previous);
}

/** "3 news 502, 1 read 502": failed requests counted by kind and status (0 = no answer). */
function describe(list: Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(`${s.kind} ${s.status || "no answer"}`, (counts.get(`${s.kind} ${s.status || "no answer"}`) ?? 0) + 1);
  return counts.size === 0 ? "none" : [...counts].map(([key, n]) => `${n} ${key}`).join(", ");
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function loadCheck(cluster: Cluster, cookie: string): Promise<[string, string][]> {
  const victim = cluster.instances[VICTIM]!;
  const result = await load(cluster, cookie);
  const { sent, killedAt, healthyAt } = result;
  // nginx writes its log lines at least once a second; wait for the last ones.
  await new Promise((resolve) => setTimeout(resolve, ACCESS_LOG_FLUSH_MS + 500));
  const log = new Map(readAccessLog(cluster.accessLog).map((e) => [e.testId, e]));

  const failed = sent.filter((s) => s.status === 0 || s.status >= 500);
  const allowed = failed.filter((s) => s.start <= killedAt && (log.get(s.id)?.upstreams.includes(victim.address) ?? false));
  const unallowed = failed.filter((s) => !allowed.includes(s));
  const expected = (s: Sent) => (s.kind === "read" ? s.status === 200 : saved(s));
  const unexpected = sent.filter((s) => s.status > 0 && s.status < 500 && !expected(s));
  const served = sent.filter((s) => s.status > 0 && s.status < 500);

  const [foundNews, foundReadings] = await withDatabase(cluster, async (client) => {
    const news = await client.query<{ title: string }>("SELECT title FROM news_post WHERE title LIKE $1", [`Cluster load ${runId} #%`]);
    const readings = await client.query<{ value: number }>("SELECT value FROM measurement WHERE value >= $1", [BASE]);
    return [new Set(news.rows.map((r) => r.title)), new Set(readings.rows.map((r) => Number(r.value)))] as const;
  });
  const lostNews = result.ackedNews.filter((t) => !foundNews.has(t));
  const lostReadings = result.ackedReadings.filter((v) => !foundReadings.has(v));
  const acked = result.ackedNews.length + result.ackedReadings.length;
  const found = acked - lostNews.length - lostReadings.length;
  const unacked = foundNews.size + foundReadings.size - found;
  // The public page after the run: every instance shows the same latest posts of the load.
  const pages = await Promise.all(cluster.instances.map(async (i) => (await getText(`${i.url}/news-events`)).text));
  const titlesOn = (html: string) => [...html.matchAll(new RegExp(`Cluster load ${runId} #[a-z]\\d+`, "g"))].map((m) => m[0]).join("|");
  const sameEverywhere = pages.every((p) => titlesOn(p) === titlesOn(pages[0]!)) && titlesOn(pages[0]!) !== "";

  const successEnds = served.map((s) => s.end).sort((a, b) => a - b);
  const back = Number.isNaN(healthyAt) ? result.loadEnd : healthyAt;
  const gapAroundKill = longestGap(successEnds, killedAt - 1000, Math.min(result.loadEnd, back + 6000));
  const gapWhole = longestGap(successEnds, result.loadStart + 1000, result.loadEnd - 1000);
  const byInstance = (from: number, to: number) =>
    cluster.instances.map((i) => served.filter((s) => s.end >= from && s.end <= to && log.get(s.id)?.upstreams.at(-1) === i.address).length);
  const during = byInstance(killedAt, back);
  const others = cluster.instances.filter((i) => i !== victim);
  const firstBack = served
    .filter((s) => s.end > result.restartedAt && log.get(s.id)?.upstreams.at(-1) === victim.address)
    .reduce((min, s) => Math.min(min, s.end), Number.POSITIVE_INFINITY);
  const seconds = (result.loadEnd - result.loadStart) / 1000;
  const latencies = served.map((s) => s.end - s.start).sort((a, b) => a - b);
  const reads = sent.filter((s) => s.kind === "read").length;

  record(
    "load: no error beyond the killed instance's requests in flight",
    unallowed.length === 0 && unexpected.length === 0,
    `${int(failed.length)} errors, ${int(allowed.length)} of them in flight on ${name(victim)} when it was killed; ` +
      `${int(unallowed.length)} others${unallowed.length ? ` (${unallowed.slice(0, 5).map((s) => `${s.kind} ${s.status || s.error} upstream ${log.get(s.id)?.upstreams.join(",") ?? "none"} at ${secs(s.start - result.loadStart)}`).join("; ")})` : ""}; ` +
      `${int(unexpected.length)} unexpected statuses${unexpected.length ? ` (${[...new Set(unexpected.map((s) => `${s.kind} ${s.status}`))].join(", ")})` : ""}`,
  );
  record(
    "load: no acknowledged write lost",
    lostNews.length === 0 && lostReadings.length === 0 && acked > 0,
    `${int(acked)} acknowledged, ${int(found)} of them found in the database (${int(unacked)} more found that were not acknowledged)`,
  );
  record(
    "load: the other instances keep serving while one is down",
    others.every((i) => (during[i.index] ?? 0) > 0) && !Number.isNaN(healthyAt),
    others.map((i) => `${name(i)} answered ${int(during[i.index] ?? 0)}`).join(", ") + ` requests while ${name(victim)} was down (${secs(back - killedAt, 1)})`,
  );
  record(
    "load: the restarted instance serves through nginx again",
    Number.isFinite(firstBack),
    Number.isFinite(firstBack) ? `its first answer through nginx ${secs(firstBack - killedAt, 1)} after the kill` : "no answer from it through nginx before the end of the load",
  );
  record("load: the latest posts are the same on every instance's /news-events afterwards", sameEverywhere, sameEverywhere ? "yes" : "NO");

  return [
    ["load", `${CLIENTS} clients through nginx for ${seconds.toFixed(1)} s (${CLIENTS - NEWS_WRITERS - READING_WRITERS} reading ${READ_PATHS.join(" ")}, ${NEWS_WRITERS} posting news, ${READING_WRITERS} adding beach readings, each pausing ${WRITE_PAUSE_MS} ms between writes)`],
    ["requests served", `${int(served.length)} (${int(served.length / seconds)} req/s; ${int(reads)} reads, ${int(sent.length - reads)} writes; latency p50 ${int(percentile(latencies, 50))} ms, p99 ${int(percentile(latencies, 99))} ms)`],
    ["errors", `${int(failed.length)} (${int(allowed.length)} in flight on the killed instance: ${describe(allowed)}; ${int(unallowed.length)} other); ${int(unexpected.length)} unexpected statuses`],
    ["writes acknowledged vs found", `${int(acked)} acknowledged, ${int(found)} found afterwards (${int(result.ackedNews.length)} news posts, ${int(result.ackedReadings.length)} beach readings); ${int(unacked)} unacknowledged found`],
    ["failover gap", `${secs(gapAroundKill)} (longest time without a successful answer through nginx, from 1 s before the kill until 6 s after the restarted instance is healthy; whole run: ${secs(gapWhole)})`],
    ["kill -9", `${name(victim)} at ${secs(killedAt - result.loadStart, 1)}, restarted ${secs(result.restartedAt - killedAt, 1)} later; listening after ${secs(result.listeningAt - result.restartedAt)}, /healthz 200 after ${Number.isNaN(healthyAt) ? "NEVER" : secs(healthyAt - result.restartedAt)}`],
    ["back in nginx's rotation", Number.isFinite(firstBack) ? `${secs(firstBack - killedAt, 1)} after the kill (${secs(firstBack - result.listeningAt, 1)} after it listened; fail_timeout=5s)` : "NOT within the run"],
    ["served during the outage", cluster.instances.map((i) => `${name(i)} ${int(during[i.index] ?? 0)}`).join(", ")],
  ];
}

// ---- the run ----

let cluster: Cluster | undefined;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the cluster`);
    void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

const started = performance.now();
console.log(`Shoreline cluster test (run ${runId}): Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
let figures: [string, string][] = [];
try {
  cluster = await startCluster({ instances: 3, admin: ADMIN });
  console.log(`  nginx ${cluster.url} → ${cluster.instances.map((i) => i.address).join(", ")} (round robin); PostgreSQL ${new URL(cluster.databaseUrl).pathname.slice(1)}; s3rver ${cluster.s3.endpoint}`);
  console.log(`  started in ${secs(performance.now() - started, 1)}\n`);
  const cookie = await signIn(cluster.instances[0]!.url);
  await step("sign in through one instance, act through the others", () => signInElsewhere(cluster!, cookie));
  await step("a document uploaded through one instance is byte-identical through the others", () => documentsEverywhere(cluster!, cookie));
  await step("a news post is on every instance's public page at once, and live in the browser", () => newsEverywhere(cluster!, cookie));
  await step("sign-in throttling holds across instances", () => throttleAcross(cluster!));
  console.log(`\n  load: ${CLIENTS} clients for ${LOAD_SECONDS} s, kill -9 of ${name(cluster.instances[VICTIM]!)} at ${(LOAD_SECONDS / 3).toFixed(0)} s …`);
  const loadCookie = await signIn(cluster.url);
  try {
    figures = await loadCheck(cluster, loadCookie);
  } catch (error) {
    record("load", false, `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
} catch (error) {
  record("cluster", false, `could not run: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cluster?.stop();
}

const failedChecks = checks.filter((c) => !c.ok);
console.log(`\nCluster figures`);
console.log(table([...figures, ["checks", `${checks.length - failedChecks.length} of ${checks.length} passed`], ["run time", secs(performance.now() - started, 1)]]));
if (failedChecks.length > 0) {
  console.log(`\nFAILED:\n${failedChecks.map((c) => `  ${c.name}: ${c.detail}`).join("\n")}`);
  process.exitCode = 1;
}
process.exit(process.exitCode ?? 0);
