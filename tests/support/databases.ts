/**
 * Real databases for tests: a fresh SQLite file in a temporary folder, and a fresh database on the PostgreSQL server
 * of this machine (PG_TEST_URL, default postgres://postgres@127.0.0.1:5432/test). Under CI a PostgreSQL that cannot
 * be reached is a failure; elsewhere its tests are skipped with a message.
 */
import { mkdtempSync, rmSync } from "node:fs";
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

/** A migrated, empty PostgreSQL database made for this test file, dropped by `drop()` (`migrate: false`: no table). */
export async function createPostgresDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `shoreline_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-test-"));
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  if (migrate) await migrateToLatest(handle);
  return {
    ...handle,
    url: url.toString(),
    dir,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      // pg-pool's end() resolves before its connections are gone on the server; dropping WITH (FORCE) then would
      // kill a live connection and surface as an uncaught 57P01 error. Wait until the server sees none.
      for (let i = 0; i < 250; i++) {
        const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
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
