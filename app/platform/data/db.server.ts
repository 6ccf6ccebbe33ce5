/**
 * The database: one Kysely handle over SQLite (default, `$DATA_DIR/shoreline.db`, WAL) or PostgreSQL
 * (`DATABASE_URL`). Nothing outside this module knows which one it is talking to.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from "kysely";
import { Migrator, type MigrationResult } from "kysely/migration";
import pg from "pg";
import type { DB } from "#db/schema.ts";
import { migrations } from "#db/migrations/index.ts";

export type Database = Kysely<DB>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  /** The PostgreSQL connection string, for a dedicated LISTEN connection; undefined on SQLite. */
  url?: string | undefined;
  /** The raw driver handle better-auth shares: the SQLite connection, or the PostgreSQL pool. */
  driver: SQLite.Database | pg.Pool;
  /** Closes every connection; the handle is unusable afterwards. */
  close(): Promise<void>;
}

// PostgreSQL returns int8 (bigint, and count(*)) as text by default; our int8 columns hold epoch milliseconds and
// byte sizes, far below 2^53, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * Opens the database.
 * @param options.databaseUrl a postgres:// URL, or undefined for SQLite
 * @param options.dataDir where the SQLite file lives (made when missing, as the file is)
 * @param options.sqliteFile override of the SQLite file path (tests)
 * @param options.onIdleError told when PostgreSQL closes an idle pooled connection (logged by the server)
 */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteFile?: string;
  onIdleError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover, an administrator's pg_terminate_backend) is an
    // 'error' event on the pool; unhandled, it would end the process. The pool drops that connection and opens a
    // new one on the next query, which fails or succeeds on its own (and /healthz says so).
    pool.on("error", (error) => options.onIdleError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", url: options.databaseUrl, driver: pool, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, "shoreline.db");
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // In WAL mode NORMAL loses no committed transaction when the process dies; only an OS crash can lose the last ones.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", driver: sqlite, close: () => db.destroy() };
}

/**
 * The SQLite page cache, in KiB (`PRAGMA cache_size` with a negative value: https://www.sqlite.org/pragma.html#pragma_cache_size).
 * better-sqlite3 compiles SQLite with 16,000 KiB (deps/defines.gypi, SQLITE_DEFAULT_CACHE_SIZE); SQLite's own default
 * is 2,000. The cache fills with whatever was read and is never given back, so on a large database it was the largest
 * native allocation of the server (16 MB live after the admin lists of `npm run bench`'s large data set, by heaptrack). 8 MB holds twice
 * the largest index the admin lists count over in the bench's large data set (100,000 readings: 4.2 MB); with 4 MB,
 * counting those readings reread the index from the operating system on each page view (3 ms instead of 0.04 ms).
 */
const SQLITE_CACHE_KIB = 8000;

/** How many prepared statements a SQLite handle keeps; the site runs a few dozen distinct queries. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 for Kysely, with its prepared statements kept and reused by SQL text (least recently used one
 * dropped past `STATEMENT_CACHE_SIZE`). Kysely prepares every query it runs; preparing was the largest single cost
 * of a cached page view (the change-counter read). Safe because better-sqlite3 runs each statement to completion
 * synchronously (`all`/`run`); nothing here streams rows with `iterate`, which would hold a statement busy.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

/**
 * Runs `fn` in a transaction, or in the caller's when `db` already is one: a domain's write and what must happen with
 * it (its change signal, the mail it queues) commit together or not at all, whoever started the transaction.
 */
export function inTransaction<T>(db: Database, fn: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Applies every pending migration of `db/migrations`, in order, all or none. Pass the handle so that SQLite can take
 * its write lock for the whole run (two processes starting at once then migrate one after the other).
 * @param handle from `openDatabase`
 * @returns the names of the migrations applied now (empty when the schema was current)
 * @throws the first migration error; the failed migration's transaction is rolled back
 */
export async function migrateToLatest(handle: Pick<DatabaseHandle, "db" | "dialect" | "driver">): Promise<string[]> {
  const { db } = handle;
  const sqlite = handle.dialect === "sqlite" ? (handle.driver as SQLite.Database) : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On SQLite the whole run is one IMMEDIATE transaction taken below, which is also the lock: Kysely takes none
    // there, so two processes starting on a new file would both try to create the tables.
    disableTransactions: sqlite !== undefined,
  });
  if (sqlite) sqlite.exec("BEGIN IMMEDIATE");
  let outcome;
  try {
    outcome = await migrator.migrateToLatest();
  } catch (error) {
    if (sqlite?.inTransaction) sqlite.exec("ROLLBACK");
    throw error;
  }
  const { error, results } = outcome;
  if (sqlite?.inTransaction) sqlite.exec(error ? "ROLLBACK" : "COMMIT");
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r: MigrationResult) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Asks the database for one row of a table every install has (`setting`, at most one row read), for the health
 * checks (`/healthz`, `/readyz`).
 * @throws whatever the driver throws when the database does not answer (a closed pool, a lost connection)
 */
export async function ping(db: Database): Promise<void> {
  await db.selectFrom("setting").select("key").limit(1).execute();
}

/** The PostgreSQL advisory lock key that serialises start-up work (an arbitrary constant: "SHORLINE" in ASCII hex). */
const STARTUP_LOCK_KEY = 0x53484f524c494e45n;

/**
 * Runs `work` while no other server process of the install runs its own: on PostgreSQL under a session advisory
 * lock held on one connection of the pool (`pg_advisory_lock`), so that instances started together on a new
 * database migrate and seed one after another instead of creating the same tables at once (they crashed with
 * `duplicate key value violates unique constraint "pg_type_typname_nsp_index"`). On SQLite, `migrateToLatest`
 * already holds the database's write lock, and `work` runs as it is. Do not nest: a second lock would wait for the
 * first forever.
 */
export async function withStartupLock<T>(handle: Pick<DatabaseHandle, "dialect" | "driver">, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== "postgres") return work();
  const client = await (handle.driver as pg.Pool).connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** The PostgreSQL channel that carries change signals (see `notifyChange`). */
export const CHANGE_CHANNEL = "shoreline_changes";

/**
 * Tells other server processes at once that `topic` changed: a NOTIFY on PostgreSQL (delivered when the surrounding
 * transaction commits). SQLite has no such signal; its readers poll the change counters instead.
 */
export async function notifyChange(db: Kysely<DB>, topic: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${topic})`.execute(db);
  }
}
