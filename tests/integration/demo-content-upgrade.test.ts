/**
 * Migration 0014 on an install seeded before it (issue 26, decision 028), on both back ends: the demo rows nobody
 * edited are marked as demo content, so "Remove demo content" finds them; rows the board wrote or edited, and the page
 * texts once the board saved the pages screen, are not. An install started with SEED=none gets no marks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Migrator } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { untouchedDemoContent } from "#app/platform/data/demo-content.server.ts";
import { migrations } from "#db/migrations/index.ts";
import { backends, PG_ADMIN_URL } from "../support/databases.ts";

const SEED_AUTHOR = "board@heronlake.example.org";
const ADMIN = "chair@loonlake.example.org";
const SEEDED_AT = Date.parse("2026-04-01T12:00:00.000Z");

/** An empty database of the back end, with a way to drop it. */
async function emptyDatabase(name: "sqlite" | "postgres"): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-demo-upgrade-"));
  if (name === "sqlite") {
    const handle = openDatabase({ dataDir: dir });
    return { handle, drop: async () => (await handle.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const db = `shoreline_demo_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${db}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      for (let i = 0; i < 250; i++) {
        const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [db]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The schema as it was before 0014: every migration released before it. */
async function migrateBefore0014(handle: DatabaseHandle) {
  const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0014"));
  expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest()).error).toBeUndefined();
}

/** What the old seed wrote, plus the board's own rows and edits. */
async function oldInstall(handle: DatabaseHandle, seededAt: string, pagesSavedBy: string) {
  const db = handle.db;
  const post = { date: "2026-03-01", text: "x", authorId: null, timestamp: 1, timezoneOffset: 300 };
  await db.insertInto("setting").values({ key: "seededAt", value: seededAt }).execute();
  await db
    .insertInto("news_post")
    .values([
      { ...post, id: "n-demo", title: "Demo post", author: SEED_AUTHOR, created: SEEDED_AT, updated: SEEDED_AT },
      { ...post, id: "n-edited", title: "Demo post the board edited", author: SEED_AUTHOR, created: SEEDED_AT, updated: SEEDED_AT + 5 },
      { ...post, id: "n-own", title: "The board's post", author: ADMIN, created: SEEDED_AT + 9, updated: SEEDED_AT + 9 },
    ])
    .execute();
  const event = { date: "2026-03-01", startTime: "", timeDetails: "", place: "Dock", eventDetails: "", authorId: null, timestamp: 1, timezoneOffset: 300, created: SEEDED_AT, updated: SEEDED_AT };
  await db.insertInto("event").values([{ ...event, id: "e-demo", title: "Demo event", author: SEED_AUTHOR }, { ...event, id: "e-own", title: "Own event", author: ADMIN }]).execute();
  const reading = { date: "2026-03-01", value: 12, name: "E. Coli", unit: "per 100mL", timestamp: 1 };
  await db.insertInto("measurement").values([{ ...reading, id: "m-demo", createdAt: SEEDED_AT }, { ...reading, id: "m-own", date: "2026-03-02", createdAt: SEEDED_AT + 60_000 }]).execute();
  const item = { kind: "faq", data: "{}", updatedAt: SEEDED_AT };
  await db.insertInto("site_item").values([{ ...item, id: "s-demo", position: 1, updatedBy: SEED_AUTHOR }, { ...item, id: "s-edited", position: 2, updatedBy: ADMIN }]).execute();
  await db.insertInto("banner").values({ id: 1, text: "Demo banner", createdBy: SEED_AUTHOR, createdAt: SEEDED_AT }).execute();
  await db.insertInto("image").values({ id: "a".repeat(32), alt: "Map", width: 640, height: 420, widths: "[320,640]", createdBy: SEED_AUTHOR, createdAt: SEEDED_AT }).execute();
  await db
    .insertInto("setting")
    .values([
      { key: "page.welcome", value: "Welcome to Heron Lake" },
      { key: "page.mapImageId", value: "a".repeat(32) },
      { key: "page.geeseTitle", value: "" },
      { key: "page.updatedBy", value: pagesSavedBy },
      { key: "page.updatedAt", value: String(SEEDED_AT) },
    ])
    .execute();
}

describe.each(backends)("migration 0014 on $name", ({ name, available }) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  async function upgraded(skip: (note?: string) => void, seededAt: string, pagesSavedBy: string) {
    if (!(await available())) skip(`${name} is not reachable`);
    const database = await emptyDatabase(name);
    drop = database.drop;
    await migrateBefore0014(database.handle);
    await oldInstall(database.handle, seededAt, pagesSavedBy);
    expect(await migrateToLatest(database.handle)).toContain("0014-demo-content");
    return database.handle.db;
  }

  const ids = async (db: DatabaseHandle["db"]) => (await untouchedDemoContent(db)).map((r) => `${r.kind}:${r.id}`).sort();

  it("marks the seeded rows nobody edited, and nothing of the board's", async ({ skip }) => {
    const db = await upgraded(skip, new Date(SEEDED_AT).toISOString(), SEED_AUTHOR);
    expect(await ids(db)).toEqual(["banner:1", "event:e-demo", `image:${"a".repeat(32)}`, "measurement:m-demo", "news_post:n-demo", "setting:page.mapImageId", "setting:page.welcome", "site_item:s-demo"]);
  });

  it("leaves the page texts alone once the board saved the pages screen", async ({ skip }) => {
    const db = await upgraded(skip, new Date(SEEDED_AT).toISOString(), ADMIN);
    expect((await ids(db)).filter((id) => id.startsWith("setting:"))).toEqual([]);
  });

  it("marks nothing on an install started with SEED=none", async ({ skip }) => {
    const db = await upgraded(skip, "none", SEED_AUTHOR);
    expect(await ids(db)).toEqual([]);
  });
});
