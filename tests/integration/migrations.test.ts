/**
 * The schema migrations on both back ends: an empty database gets "0001-initial", a second run applies nothing, and
 * every table (and column) of db/schema.ts exists afterwards.
 */
import { pageNews } from "#app/news-events/data/news.server.ts";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { BUILTIN_PARAMETERS } from "#app/beach/parameters.ts";
import { migrations } from "#db/migrations/index.ts";
import { childEnv } from "../support/child-env.ts";
import { backends, PG_ADMIN_URL } from "../support/databases.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";

const SCHEMA = readFileSync(new URL("../../db/schema.ts", import.meta.url), "utf8");

/** The tables of `interface DB` in db/schema.ts, each with the fields of its table interface. */
function schemaTables(): Map<string, string[]> {
  const body = (name: string) => {
    const match = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(SCHEMA);
    if (!match) throw new Error(`interface ${name} not found in db/schema.ts`);
    return match[1]!;
  };
  const tables = new Map<string, string[]>();
  for (const [, table, type] of body("DB").matchAll(/^\s+(\w+): (\w+);/gm)) {
    const fields = [...body(type!).matchAll(/^\s+(\w+)\??: /gm)].map((m) => m[1]!);
    tables.set(table!, fields);
  }
  return tables;
}

interface EmptyDatabase {
  handle: DatabaseHandle;
  /** Opens another handle on the same database (another server process). */
  reopen(): DatabaseHandle;
  drop(): Promise<void>;
}

/** A new SQLite file with nothing in it. */
function emptySqlite(): EmptyDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-migrate-"));
  const handle = openDatabase({ dataDir: dir });
  return {
    handle,
    reopen: () => openDatabase({ dataDir: dir }),
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new PostgreSQL database with nothing in it (the support helper's databases come migrated). */
async function emptyPostgres(): Promise<EmptyDatabase> {
  const name = `shoreline_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-migrate-"));
  const open = () => openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  const handle = open();
  const others: DatabaseHandle[] = [];
  return {
    handle,
    reopen: () => {
      const other = open();
      others.push(other);
      return other;
    },
    drop: async () => {
      for (const h of [handle, ...others]) await h.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        // pg-pool's end() resolves before its connections are closed: wait for the server to see them go, so that
        // the drop does not have to kill a session (which its client would report as an unhandled error).
        for (let i = 0; i < 250; i++) {
          const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const EMPTY = { sqlite: async () => emptySqlite(), postgres: emptyPostgres };

describe("db/schema.ts as parsed by this test", () => {
  it("names the nine tables of the first migration and those added since", () => {
    expect([...schemaTables().keys()]).toEqual(
      expect.arrayContaining(["banner", "change_version", "document", "event", "measurement", "member", "news_post", "setting", "sign_in_attempt", "site_item"]),
    );
    expect(schemaTables().get("news_post")).toContain("timezoneOffset");
  });

  it("lists 0001-initial as the first migration", () => {
    expect(Object.keys(migrations)[0]).toBe("0001-initial");
  });
});

describe.each(backends)("migrateToLatest on $name", ({ name, available }) => {
  let database: EmptyDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function empty(skipTest: (note?: string) => void): Promise<EmptyDatabase> {
    if (!(await available())) skipTest(`${name} is not reachable`);
    database = await EMPTY[name]();
    return database;
  }

  it("applies 0001-initial to an empty database, then nothing on a second run", async ({ skip }) => {
    const { handle } = await empty(skip);
    expect((await migrateToLatest(handle))[0]).toBe("0001-initial");
    expect(await migrateToLatest(handle)).toEqual([]);
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it("applies every migration of db/migrations, in order", async ({ skip }) => {
    const { handle } = await empty(skip);
    expect(await migrateToLatest(handle)).toEqual(Object.keys(migrations));
  });

  it("creates every table of db/schema.ts with every column", async ({ skip }) => {
    const { handle } = await empty(skip);
    await migrateToLatest(handle);
    const tables = await handle.db.introspection.getTables();
    const byName = new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
    for (const [table, fields] of schemaTables()) {
      expect(byName.has(table), `table ${table}`).toBe(true);
      expect([...(byName.get(table) ?? [])].sort(), `columns of ${table}`).toEqual([...fields].sort());
    }
  });

  it("leaves the content tables empty; settings hold only the default email worker address, the catalogue its parameters, the sites one beach", async ({ skip }) => {
    const { handle } = await empty(skip);
    await migrateToLatest(handle);
    for (const table of schemaTables().keys()) {
      if (table === "parameter" || table === "monitoring_site") continue;
      const rows = await handle.db.selectFrom(table as "setting").selectAll().execute();
      expect(rows, table).toEqual(table === "setting" ? [{ key: "emailWorkerUrl", value: "/api/email" }] : []);
    }
    const parameters = await handle.db.selectFrom("parameter").select("id").orderBy("position").execute();
    expect(parameters.map((p) => p.id)).toEqual(BUILTIN_PARAMETERS.map((p) => p.id));
    const sites = await handle.db.selectFrom("monitoring_site").select(["id", "kind", "name", "identifier"]).execute();
    expect(sites).toEqual([{ id: "beach", kind: "beach", name: "Heron Lake Public Beach", identifier: "beach" }]);
  });

  // Two processes starting on the same new database (the server while `npm run admin` or `npm run import:measurements`
  // runs) must migrate one after the other: one applies "0001-initial", the other nothing. SQLite is tried with two
  // real processes, since its lock blocks the whole process; PostgreSQL with two pools in this one.
  it("is safe when two processes migrate the same empty database at once", async ({ skip }) => {
    const { handle, reopen } = await empty(skip);
    let applied: string[][];
    if (name === "sqlite") {
      const file = (handle.driver as { name: string }).name;
      await handle.close();
      const script = `import { openDatabase, migrateToLatest } from "./app/platform/data/db.server.ts";
        const h = openDatabase({ dataDir: ".", sqliteFile: ${JSON.stringify(file)} });
        console.log(JSON.stringify(await migrateToLatest(h))); await h.close();`;
      const run = () =>
        new Promise<string>((resolve, reject) =>
          execFile(process.execPath, ["--input-type=module", "-e", script], { env: childEnv() }, (error, stdout, stderr) =>
            error ? reject(new Error(stderr || String(error))) : resolve(stdout),
          ),
        );
      applied = (await Promise.all([run(), run()])).map((out) => JSON.parse(out) as string[]);
    } else {
      const other = reopen();
      applied = await Promise.all([migrateToLatest(handle), migrateToLatest(other)]);
      await other.close();
    }
    expect(applied.flat()).toEqual(Object.keys(migrations));
  });

  it("upgrades a 0001 database with data: rows kept, the email worker address added only where none was set", async ({ skip }) => {
    const { handle, reopen } = await empty(skip);
    // An install at 0001 with content, as released before 0002 existed.
    const { Migrator } = await import("kysely/migration");
    const { "0001-initial": first } = migrations;
    const old = new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ "0001-initial": first! }) } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    await handle.db.insertInto("news_post").values({ id: "n1", title: "Old post", text: "kept", date: "2025-06-01", author: "a", authorId: null, created: 1, updated: 1, timestamp: 2, timezoneOffset: 300 }).execute();
    await handle.db.insertInto("measurement").values({ id: "m1", date: "2025-06-01", value: 235.5, name: "E. Coli", unit: "per 100mL", timestamp: 2, createdAt: 1 }).execute();

    expect(await migrateToLatest(handle)).toEqual(Object.keys(migrations).slice(1));
    expect(await handle.db.selectFrom("news_post").select("title").execute()).toEqual([{ title: "Old post" }]);
    // The old rows are found through the new list order (0003's indexes).
    expect((await pageNews(handle.db, { page: 1, sort: "newest", defaultSort: "newest" })).rows.map((p) => p.id)).toEqual(["n1"]);
    expect((await handle.db.selectFrom("measurement").select("value").executeTakeFirstOrThrow()).value).toBe(235.5);
    expect((await handle.db.selectFrom("setting").select("value").where("key", "=", "emailWorkerUrl").executeTakeFirstOrThrow()).value).toBe("/api/email");
    void reopen;
  });

  it("0004 rewrites old plain news texts and event details as Markdown that reads exactly as before", async ({ skip }) => {
    const { handle } = await empty(skip);
    const { Migrator } = await import("kysely/migration");
    const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0004"));
    expect(Object.keys(released)).toEqual(["0001-initial", "0002-email-worker-setting", "0003-list-order-indexes"]);
    expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest()).error).toBeUndefined();
    const old = "Come *stars* and _all_!\n# not a heading\n1. not a list\n- nor this\n<b>tags</b> & &amp;\n[x](javascript:alert(1))\n\n> last `line`";
    const plain = "Open to all members.\nThe agenda is posted a week ahead.";
    const row = { date: "2025-06-01", author: "a", authorId: null, created: 1, updated: 1, timestamp: 2, timezoneOffset: 300 };
    await handle.db.insertInto("news_post").values([{ ...row, id: "n1", title: "Old", text: old }, { ...row, id: "n2", title: "Plain", text: plain }]).execute();
    await handle.db.insertInto("event").values({ ...row, id: "e1", title: "Old event", startTime: "", timeDetails: "", place: "", eventDetails: old }).execute();

    await migrateToLatest(handle);
    const texts = await handle.db.selectFrom("news_post").select(["id", "text"]).orderBy("id").execute();
    const details = (await handle.db.selectFrom("event").select("eventDetails").executeTakeFirstOrThrow()).eventDetails;
    // What a reader sees: the same characters on the same lines, and no formatting (only paragraphs and line breaks).
    const seen = (markdown: string) => {
      const html = renderMarkdown(markdown);
      expect(html).not.toMatch(/<(?!\/?p>|br>)/);
      return html.replace(/<br>\n?/g, "\n").replace(/<\/p>\n?<p>/g, "\n\n").replace(/<\/?p>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    };
    expect(seen(texts[0]!.text)).toBe(old);
    expect(seen(details)).toBe(old);
    // A text with nothing to escape is left as it was.
    expect(texts[1]!.text).toBe(plain);
    expect(seen(plain)).toBe(plain);
  });

  it("0008 gives the events of an older database sequence 0 and an empty tombstone table; edits and deletes then use them", async ({ skip }) => {
    const { handle } = await empty(skip);
    const { Migrator } = await import("kysely/migration");
    const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0008"));
    expect(Object.keys(released)).not.toContain("0008-event-calendar");
    expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest()).error).toBeUndefined();
    const row = { date: "2025-06-01", author: "a", authorId: null, created: 1, updated: 1, timestamp: 2, timezoneOffset: 300, startTime: "19:00", timeDetails: "", place: "Dock", eventDetails: "" };
    await handle.db.insertInto("event").values([{ ...row, id: "e1", title: "Old event" }, { ...row, id: "e2", title: "Another" }]).execute();

    expect(await migrateToLatest(handle)).toContain("0008-event-calendar");
    const events = await handle.db.selectFrom("event").select(["id", "title", "sequence"]).orderBy("id").execute();
    expect(events).toEqual([{ id: "e1", title: "Old event", sequence: 0 }, { id: "e2", title: "Another", sequence: 0 }]);
    expect(await handle.db.selectFrom("event_tombstone").selectAll().execute()).toEqual([]);

    // The upgraded rows go through the new model paths: an edit raises the sequence, a delete leaves a tombstone.
    const { updateEvent, deleteEvent, listEventTombstones } = await import("#app/news-events/data/events.server.ts");
    expect(await updateEvent(handle.db, "e1", { title: "Old event, moved", date: "2025-06-02", startTime: "19:30", timeDetails: "", place: "Dock", eventDetails: "", author: "a" })).toBe(true);
    expect((await handle.db.selectFrom("event").select("sequence").where("id", "=", "e1").executeTakeFirstOrThrow()).sequence).toBe(1);
    expect(await deleteEvent(handle.db, "e1", 5_000)).toBe(true);
    expect(await listEventTombstones(handle.db, { since: 0 })).toEqual([
      { id: "e1", title: "Old event, moved", date: "2025-06-02", startTime: "19:30", sequence: 2, deletedAt: 5_000 },
    ]);
  });

  it("0011 makes every news post and event of an older database published, live and not to be mailed; the public reads show them", async ({ skip }) => {
    const { handle } = await empty(skip);
    const { Migrator } = await import("kysely/migration");
    const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0011"));
    expect(Object.keys(released)).not.toContain("0011-publication");
    expect((await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest()).error).toBeUndefined();
    const common = { date: "2025-06-01", authorId: null, updated: 1, timestamp: 2, timezoneOffset: 300 };
    await handle.db.insertInto("news_post").values({ ...common, id: "n1", title: "Old post", text: "kept", author: "chair@example.org", created: 1_000 }).execute();
    await handle.db.insertInto("event").values({ ...common, id: "e1", title: "Old event", author: "Board", created: 2_000, startTime: "19:00", timeDetails: "", place: "Dock", eventDetails: "" }).execute();

    expect(await migrateToLatest(handle)).toContain("0011-publication");
    const columns = ["id", "title", "author", "draft", "publishAt", "live", "mailOnPublish"] as const;
    expect(await handle.db.selectFrom("news_post").select(columns).execute()).toEqual([{ id: "n1", title: "Old post", author: "chair@example.org", draft: 0, publishAt: 1_000, live: 1, mailOnPublish: 0 }]);
    expect(await handle.db.selectFrom("event").select(columns).execute()).toEqual([{ id: "e1", title: "Old event", author: "Board", draft: 0, publishAt: 2_000, live: 1, mailOnPublish: 0 }]);
    expect(await handle.db.selectFrom("announcement").selectAll().execute()).toEqual([]);

    // The upgraded rows are public; the stored author is kept, and shown as the association's name (never an address).
    const { listNews } = await import("#app/news-events/data/news.server.ts");
    const { listCalendarEvents } = await import("#app/news-events/data/events.server.ts");
    const { newsForDisplay } = await import("#app/news-events/item-html.server.ts");
    const { getAssociationNumbers } = await import("#app/site/data/governance.server.ts");
    const posts = await listNews(handle.db);
    expect(posts.map((p) => p.title)).toEqual(["Old post"]);
    expect(newsForDisplay(posts, (t) => t as never, "Heron Lake Association", await getAssociationNumbers(handle.db))[0]!.author).toBe("Heron Lake Association");
    expect((await listCalendarEvents(handle.db)).map((e) => e.title)).toEqual(["Old event"]);
  });

  it("keeps an email worker address that was set before 0002", async ({ skip }) => {
    const { handle } = await empty(skip);
    const { Migrator } = await import("kysely/migration");
    const { "0001-initial": first } = migrations;
    await new Migrator({ db: handle.db, provider: { getMigrations: async () => ({ "0001-initial": first! }) } }).migrateToLatest();
    await handle.db.insertInto("setting").values({ key: "emailWorkerUrl", value: "https://mail.example.org/send" }).execute();
    await migrateToLatest(handle);
    expect((await handle.db.selectFrom("setting").select("value").where("key", "=", "emailWorkerUrl").executeTakeFirstOrThrow()).value).toBe("https://mail.example.org/send");
  });
});
