/**
 * Real databases for tests: a fresh SQLite file in a temporary folder, and a fresh database on the PostgreSQL server
 * of this machine (PG_TEST_URL, default postgres://postgres@127.0.0.1:5432/test). Under CI a PostgreSQL that cannot
 * be reached is a failure; elsewhere its tests are skipped with a message.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Migrator } from "kysely/migration";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { migrations } from "#db/migrations/index.ts";

export const PG_ADMIN_URL = process.env.PG_TEST_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Whether the PostgreSQL server answers; throws under CI when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`PostgreSQL is required under CI and did not answer at ${PG_ADMIN_URL}: ${String(error)}`);
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}; its tests are skipped`);
    return false;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and removes the file or database. */
  drop(): Promise<void>;
  url?: string;
  dir: string;
}

/**
 * The schema as it was before migration `name`: every migration whose name sorts before it, for a test that upgrades
 * an older install's data (then `migrateToLatest`).
 */
export async function migrateBefore(handle: DatabaseHandle, name: string): Promise<void> {
  const released = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name));
  const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest();
  if (error) throw error;
}

/** A migrated, empty SQLite database in a new temporary folder (`migrate: false`: with no table at all). */
export async function createSqliteDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-test-"));
  const handle = openDatabase({ dataDir: dir });
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    dir,
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The address of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until the server sees no connection to database `name` (pg-pool's end() resolves before they are gone). */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The advisory lock the test processes take while one of them makes the migrated template. */
const TEMPLATE_LOCK = 7_311_202;

let template: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database migrated to the latest schema, made once for all test processes and reused as
 * the template of each migrated test database (`CREATE DATABASE … TEMPLATE`: a file copy, about 0.1 s, where running
 * every migration took 0.5 s per database). Named by a hash of the migrations' source, so a changed or added
 * migration makes a new one (the others are dropped); made under a name of its own, then renamed, so that no
 * process copies a half-migrated one.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const folder = path.join(import.meta.dirname, "../../db/migrations");
    const hash = createHash("sha256");
    for (const file of readdirSync(folder).sort()) if (file.endsWith(".ts") && !file.endsWith(".test.ts")) hash.update(file).update(readFileSync(path.join(folder, file)));
    const name = `shoreline_template_${hash.digest("hex").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'shoreline\\_template\\_%'");
      if (rows.some((r) => r.datname === name)) return name;
      for (const old of rows) await admin.query(`DROP DATABASE IF EXISTS ${old.datname} WITH (FORCE)`);
      const making = `${name}_making`;
      await admin.query(`CREATE DATABASE ${making}`);
      const handle = openDatabase({ databaseUrl: databaseUrl(making), dataDir: tmpdir() });
      try {
        await migrateToLatest(handle);
      } finally {
        await handle.close();
      }
      await untilUnused(admin, making);
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

/**
 * A migrated, empty PostgreSQL database made for this test file, dropped by `drop()` (`migrate: false`: no table):
 * a copy of the migrated template (`migratedTemplate`).
 */
export async function createPostgresDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `shoreline_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const from = migrate ? await migratedTemplate() : undefined;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-test-"));
  const handle = openDatabase({ databaseUrl: url, dataDir: dir });
  // The template's schema is the latest: this finds every migration applied and runs none.
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    url,
    dir,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      // pg-pool's end() resolves before its connections are gone on the server; dropping WITH (FORCE) then would
      // kill a live connection and surface as an uncaught 57P01 error. Wait until the server sees none.
      await untilUnused(client, name);
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Both back ends, for `describe.each`: SQLite always; PostgreSQL when it answers (always under CI). */
export const backends = [
  { name: "sqlite", create: createSqliteDatabase, available: async () => true },
  { name: "postgres", create: createPostgresDatabase, available: postgresAvailable },
] as const;
