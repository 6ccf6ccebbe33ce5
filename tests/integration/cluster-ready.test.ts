/**
 * What lets several server processes share one install (issue 12), short of the cluster test itself
 * (`npm run test:cluster`): AUTH_SECRET is required with DATABASE_URL; /healthz and /readyz for a load balancer,
 * /readyz answering 503 while the instance drains at shutdown; scheduled chores run once per interval however
 * many processes ask (`takeTurn`), on both back ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from "#app/web/maintenance.server.ts";
import { takeTurn } from "#app/platform/data/schedule.server.ts";
import { sql } from "kysely";
import pg from "pg";
import { backends, createPostgresDatabase, PG_ADMIN_URL, postgresAvailable } from "../support/databases.ts";
import { startFakeS3 } from "../support/s3.ts";
import { runServerToExit, startServer, TEST_AUTH_SECRET, type RunningServer } from "../support/server.ts";

const PG = await postgresAvailable();
const dirs: string[] = [];
const servers: RunningServer[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-cluster-ready-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const s of servers.splice(0)) if (s.process.exitCode === null) await s.stop("SIGKILL");
});
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("start-up on PostgreSQL", () => {
  it("refuses to start without AUTH_SECRET, saying why and how to make one", async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("AUTH_SECRET: must be set when DATABASE_URL is");
    expect(result.output).toContain("openssl rand -base64 32");
  });

  it.runIf(PG)("starts with it, and answers /healthz and /readyz", async () => {
    const database = await createPostgresDatabase();
    try {
      const server = await startServer({ DATA_DIR: dataDir(), DATABASE_URL: database.url, AUTH_SECRET: TEST_AUTH_SECRET, SEED: "none" });
      servers.push(server);
      const health = await fetch(`${server.url}/healthz`);
      expect([health.status, await health.text(), health.headers.get("cache-control")]).toEqual([200, "ok", "no-store"]);
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([200, "ready"]);
      await server.stop();
    } finally {
      await database.drop();
    }
  });
});

describe("instances started together", () => {
  it.runIf(PG)("on a new PostgreSQL database take turns: all three start, and the demo is seeded once", async () => {
    const database = await createPostgresDatabase();
    // An empty database: createPostgresDatabase migrates ours, so start from one made by hand instead.
    const url = new URL(database.url!);
    const empty = `${url.pathname.slice(1)}_empty`;
    await database.db.executeQuery(sql`CREATE DATABASE ${sql.id(empty)}`.compile(database.db));
    url.pathname = `/${empty}`;
    try {
      const env = { DATABASE_URL: url.toString(), AUTH_SECRET: TEST_AUTH_SECRET, SEED: "demo" };
      const started = await Promise.all([1, 2, 3].map(() => startServer({ ...env, DATA_DIR: dataDir() })));
      servers.push(...started);
      for (const server of started) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ n: number }>("SELECT count(*)::int AS n FROM news_post");
      const seeded = await check.query<{ n: number }>("SELECT count(*)::int AS n FROM setting WHERE key = 'seededAt'");
      await check.end();
      expect(rows[0]!.n).toBe(3); // the demo's three news posts (db/seed.ts), not six or nine
      expect(seeded.rows[0]!.n).toBe(1);
      await Promise.all(started.map((s) => s.stop()));
    } finally {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
      await admin.end();
      await database.drop();
    }
  });
});

describe("health and readiness", () => {
  it("answers /readyz 503 as soon as it is told to stop, goes on serving for SHUTDOWN_DRAIN_SECONDS, then exits 0", async () => {
    const server = await startServer({ DATA_DIR: dataDir(), SEED: "none", SHUTDOWN_DRAIN_SECONDS: "2" });
    servers.push(server);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const stoppedAt = Date.now();
    server.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`${server.url}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([503, "draining"]);
    // Still serving pages and still healthy: only the load balancer's question "send me traffic?" is answered no.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/the-lake`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2000);
  });

  it("answers /healthz and /readyz 503 naming the storage when the bucket does not answer", async () => {
    const s3 = await startFakeS3();
    try {
      await s3.createBucket("health-check");
      const server = await startServer({ DATA_DIR: dataDir(), SEED: "none", LOG_LEVEL: "silent", ...s3.env("health-check", "site") });
      servers.push(server);
      expect(await (await fetch(`${server.url}/healthz`)).text()).toBe("ok");
      await s3.stop();
      const health = await fetch(`${server.url}/healthz`);
      expect([health.status, await health.text()]).toEqual([503, "storage unavailable"]);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      await s3.stop().catch(() => undefined);
    }
  });

  it.runIf(PG)("answers /healthz 503 naming the database when it is gone", async () => {
    const database = await createPostgresDatabase();
    const server = await startServer({ DATA_DIR: dataDir(), DATABASE_URL: database.url, AUTH_SECRET: TEST_AUTH_SECRET, SEED: "none", LOG_LEVEL: "silent" });
    servers.push(server);
    await database.drop(); // terminates the server's connections and drops the database under it
    const health = await fetch(`${server.url}/healthz`);
    expect([health.status, await health.text()]).toEqual([503, "database unavailable"]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
  });
});

describe.each(backends)("scheduled work on $name", ({ name, create }) => {
  it.runIf(name === "sqlite" || PG)("gives one turn per interval to one of many processes asking at once", async () => {
    const database = await create();
    try {
      const now = Date.UTC(2026, 6, 1, 12);
      const turns = await Promise.all(Array.from({ length: 12 }, () => takeTurn(database.db, "chores", 60_000, now)));
      expect(turns.filter(Boolean)).toHaveLength(1);
      // Within the interval (less its tolerance of a tenth) nobody gets it; after, one does again.
      expect(await takeTurn(database.db, "chores", 60_000, now + 50_000)).toBe(false);
      const later = await Promise.all(Array.from({ length: 12 }, () => takeTurn(database.db, "chores", 60_000, now + 54_000)));
      expect(later.filter(Boolean)).toHaveLength(1);
      // Another job has its own turns.
      expect(await takeTurn(database.db, "other", 60_000, now)).toBe(true);
    } finally {
      await database.drop();
    }
  });

  it.runIf(name === "sqlite" || PG)("runs the chores once when three processes' timers fire together", async () => {
    const database = await create();
    try {
      const logger = createLogger("silent");
      const kicked: number[] = [];
      const services = (n: number) => ({ db: database.db, logger, outbox: { kick: () => kicked.push(n) } as never, config: { publicUrl: "http://127.0.0.1:3000" } as never });
      const now = Date.now();
      const ran = await Promise.all([1, 2, 3].map((n) => runMaintenance(services(n), now)));
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await runMaintenance(services(1), now + MAINTENANCE_INTERVAL_MS)).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
