/**
 * The PostgreSQL side of backup and restore, with the PostgreSQL client programs (pg_dump, pg_restore, psql): a dump
 * in the snapshot of our own transaction, the state of a target database, and a load in one transaction.
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { BackupError } from "../manifest.server.ts";
import type { DatabaseContents, Snapshot } from "./sqlite.server.ts";

const run = promisify(execFile);

/**
 * The connection string without its password, and the password apart (for PGPASSWORD), so that it never shows in
 * the process list.
 * @param url a postgres:// URL
 * @returns `dbname` for the programs' --dbname, and the environment to run them with
 */
export function postgresCommandEnv(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: "10" };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/**
 * Runs a PostgreSQL client program.
 * @returns its standard output
 * @throws BackupError with its standard error, or saying how to install it when it is missing
 */
export async function runPostgresTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(program, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") throw new BackupError(`${program} was not found: install the PostgreSQL client programs (Debian: postgresql-client).`);
    throw new BackupError(`${program} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * Runs `work` on a new connection to `url`, closed afterwards.
 * @throws BackupError when the connection cannot be made (within 10 s)
 */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The tables of the connection's current schema, each with its number of rows (in the connection's snapshot). */
async function tableRows(client: pg.Client): Promise<Record<string, number>> {
  const names = (await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")).rows.map(
    (r) => r.name,
  );
  const tables: Record<string, number> = {};
  for (const name of names) tables[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`)).rows[0]!.n);
  return tables;
}

/**
 * Dumps the database into `target` with `pg_dump --format=custom`, in the snapshot of our own repeatable-read
 * transaction, so that the counts and document ids read here are those of the dump.
 * @throws BackupError when the database cannot be reached or pg_dump fails
 */
export async function snapshotPostgres(url: string, target: string): Promise<Snapshot> {
  return withClient(url, async (client) => {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshotId = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
    const tables = await tableRows(client);
    const migrations = "kysely_migration" in tables ? (await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).rows.map((r) => r.name) : [];
    const documentIds = "document" in tables ? (await client.query<{ id: string }>("SELECT id FROM document")).rows.map((r) => r.id) : [];
    const { dbname, env } = postgresCommandEnv(url);
    await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshotId}`, `--file=${target}`, `--dbname=${dbname}`], env);
    await client.query("COMMIT");
    return { migrations, tables, documentIds };
  });
}

/** Tables, views, sequences and foreign tables outside PostgreSQL's own schemas. */
const OWN_RELATIONS = `pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
    AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/**
 * The target database's state before a restore.
 * @returns `others`: other client sessions on it (a running server?); `relations`: its own tables, views and
 *   sequences, in any schema but PostgreSQL's own; `tables`: rows per table of its current schema
 * @throws BackupError when it cannot be reached
 */
export async function postgresState(url: string): Promise<DatabaseContents & { others: number }> {
  return withClient(url, async (client) => {
    const others = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    const relations = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${OWN_RELATIONS}`);
    return { others: others.rows[0]!.n, relations: relations.rows[0]!.n, tables: await tableRows(client) };
  });
}

/**
 * Drops every table, view and sequence of the target (only with --force), in the load's transaction, and then its own
 * functions (the site search's trigger functions, migration 0023), which the dump creates again.
 */
const EMPTY_DATABASE_SQL = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname, c.relname, c.relkind FROM ${OWN_RELATIONS}
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
  LOOP
    EXECUTE format('DROP %s IF EXISTS %I.%I CASCADE',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                     WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.nspname, r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS f FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
              WHERE p.prokind = 'f' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', r.f);
  END LOOP;
END $$;
`;

/**
 * Loads a `pg_dump --format=custom` file into the target database in one transaction: all of it or nothing.
 * @param work a private folder for the SQL files made on the way
 * @param empty whether the target holds nothing yet; when it does hold something, that is dropped first, in the
 *   same transaction
 * @throws BackupError with pg_restore's or psql's message; the target is then unchanged
 */
export async function loadPostgres(url: string, dump: string, work: string, empty: boolean): Promise<void> {
  const { dbname, env } = postgresCommandEnv(url);
  const script = path.join(work, "restore.sql");
  const preamble = path.join(work, "preamble.sql");
  await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, dump], env);
  await writeFile(preamble, empty ? "" : EMPTY_DATABASE_SQL);
  await runPostgresTool("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", `--file=${preamble}`, `--file=${script}`, `--dbname=${dbname}`], env);
}
