/**
 * One archive with everything an install needs to come back: a consistent copy of the database and every document.
 *   npm run backup                  writes $DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz
 *   npm run backup -- FILE          writes FILE (a .tar.gz)
 * The archive holds manifest.json (format version, time, dialect, migrations, row counts, every file with its size
 * and SHA-256), the database (SQLite: `VACUUM INTO`, one read transaction, so writers may go on meanwhile;
 * PostgreSQL: `pg_dump --format=custom` in the snapshot of our own repeatable-read transaction), `auth-secret` and
 * `documents/`. Never `backups/` or `mail/`. It is written under a temporary name and renamed when complete, readable
 * by its owner only (it holds sessions and member addresses). Restore with `npm run restore -- FILE`.
 * Exit codes: 0 written, 1 failed (nothing left behind), 2 usage or configuration error.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync, rmSync } from "node:fs";
import { chmod, copyFile, link, mkdir, mkdtemp, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { create as createTar } from "tar";
import { z } from "zod";
import { ConfigError, loadConfig, type Config } from "#app/lib/config.server.ts";
import { STORAGE_ID } from "#app/lib/storage.server.ts";

const run = promisify(execFile);

/** What `format` and `version` of manifest.json say; a restore refuses any other. */
export const BACKUP_FORMAT = "shoreline-backup";
export const BACKUP_VERSION = 1;
export const MANIFEST = "manifest.json";
/** Paths inside the archive. */
export const SQLITE_ENTRY = "database/shoreline.db";
export const POSTGRES_ENTRY = "database/shoreline.pgdump";
export const SECRET_ENTRY = "data/auth-secret";
export const DOCUMENTS_ENTRY = "data/documents";
/** The only file paths an archive may hold (besides manifest.json). */
export const ENTRY_PATH = /^(database\/shoreline\.(db|pgdump)|data\/auth-secret|data\/documents\/[^/]+)$/;

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  created: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  dialect: z.enum(["sqlite", "postgres"]),
  database: z.object({
    file: z.string(),
    /** Names of the migrations applied in the copied database, in order. */
    migrations: z.array(z.string()),
    /** Rows per table in the copy. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  files: z.array(z.object({ path: z.string().regex(ENTRY_PATH), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A failure with a message for the operator (no stack trace). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The configuration without side effects: no `auth-secret` is made for the occasion. */
export function loadScriptConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || "x".repeat(32), ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Flushes a file or folder to disk. */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The connection string without its password, and the password apart (for PGPASSWORD), so that it never shows in
 * the process list.
 */
export function postgresCommandEnv(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: "10" };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** Runs a PostgreSQL client program; its stderr becomes the error message. */
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

function timestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

interface Snapshot {
  migrations: string[];
  tables: Record<string, number>;
  /** Ids of the documents the copied database lists. */
  documentIds: string[];
}

/** Copies the SQLite database into `target` in one read transaction (`VACUUM INTO`) and checks the copy. */
function snapshotSqlite(config: Config, target: string): Snapshot {
  const source = new SQLite(path.join(config.dataDir, "shoreline.db"), { fileMustExist: true, timeout: 15_000 });
  try {
    source.prepare("VACUUM INTO ?").run(target);
  } catch (error) {
    throw new BackupError(`Could not copy the database ${source.name}: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`The copy of the database fails its integrity check: ${String(check)}`);
    const names = copy.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) tables[name] = copy.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number;
    const migrations = names.includes("kysely_migration")
      ? (copy.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all() as string[])
      : [];
    const documentIds = names.includes("document") ? (copy.prepare("SELECT id FROM document").pluck().all() as string[]) : [];
    return { migrations, tables, documentIds };
  } finally {
    copy.close();
  }
}

/**
 * Dumps the PostgreSQL database into `target` with pg_dump, in the snapshot of our own repeatable-read transaction,
 * so that the counts and document ids read here are those of the dump.
 */
async function snapshotPostgres(config: Config, target: string): Promise<Snapshot> {
  const url = config.databaseUrl!;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshotId = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
    const names = (
      await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
    ).rows.map((r) => r.name);
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`)).rows[0]!.n);
    }
    const migrations = names.includes("kysely_migration")
      ? (await client.query<{ name: string }>("SELECT name FROM kysely_migration ORDER BY name")).rows.map((r) => r.name)
      : [];
    const documentIds = names.includes("document") ? (await client.query<{ id: string }>("SELECT id FROM document")).rows.map((r) => r.id) : [];
    const { dbname, env } = postgresCommandEnv(url);
    await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshotId}`, `--file=${target}`, `--dbname=${dbname}`], env);
    await client.query("COMMIT");
    return { migrations, tables, documentIds };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Puts every stored document into `target` (hard links: instant, and the bytes stay even if the file is deleted
 * meanwhile; a copy where links are impossible). Temporary files of uploads in progress are left out.
 */
async function stageDocuments(documentsDir: string, target: string): Promise<string[]> {
  await mkdir(target, { recursive: true });
  let names: string[];
  try {
    names = await readdir(documentsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const staged: string[] = [];
  for (const name of names.sort()) {
    if (!STORAGE_ID.test(name)) continue; // ".<id>.<uuid>.tmp": an upload being written
    const from = path.join(documentsDir, name);
    const to = path.join(target, name);
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue; // deleted meanwhile
      if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP") throw error;
      try {
        await copyFile(from, to);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw copyError;
      }
    }
    staged.push(name);
  }
  return staged;
}

/** Paths to remove if the process is stopped half-way (Ctrl-C). */
const leftovers = new Set<string>();
function removeLeftovers() {
  for (const p of leftovers) rmSync(p, { recursive: true, force: true });
}

export interface BackupResult {
  file: string;
  size: number;
  manifest: Manifest;
}

/**
 * Writes the archive.
 * @param target the archive's path; default `$DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz`
 * @throws BackupError with a message for the operator; nothing is left behind
 */
export async function createBackup(config: Config, target?: string, now = new Date()): Promise<BackupResult> {
  const backupsDir = path.join(config.dataDir, "backups");
  const file = path.resolve(target ?? path.join(backupsDir, `shoreline-${timestamp(now)}.tar.gz`));
  if (await stat(file).then(() => true, () => false)) throw new BackupError(`${file} exists already; choose another name.`);
  const dialect = config.databaseUrl ? "postgres" : "sqlite";
  if (dialect === "sqlite" && !(await stat(path.join(config.dataDir, "shoreline.db")).then(() => true, () => false))) {
    throw new BackupError(`There is no database at ${path.join(config.dataDir, "shoreline.db")}: is DATA_DIR right?`);
  }
  await mkdir(backupsDir, { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(file), { recursive: true });
  // The staging folder is inside DATA_DIR so that documents can be hard-linked into it.
  const staging = await mkdtemp(path.join(backupsDir, ".staging-"));
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  leftovers.add(staging);
  leftovers.add(partial);
  try {
    await mkdir(path.join(staging, "database"));
    const databaseEntry = dialect === "sqlite" ? SQLITE_ENTRY : POSTGRES_ENTRY;
    let snapshot: Snapshot | undefined;
    let documents: string[] = [];
    // The database first, then the documents: a document's bytes are stored before its row, so every document the
    // copy lists is on disk by then, unless it was deleted in the meantime; then we try again.
    for (let attempt = 1; ; attempt++) {
      await rm(path.join(staging, databaseEntry), { force: true });
      await rm(path.join(staging, DOCUMENTS_ENTRY), { recursive: true, force: true });
      snapshot = dialect === "sqlite" ? snapshotSqlite(config, path.join(staging, databaseEntry)) : await snapshotPostgres(config, path.join(staging, databaseEntry));
      documents = await stageDocuments(path.join(config.dataDir, "documents"), path.join(staging, DOCUMENTS_ENTRY));
      const missing = snapshot.documentIds.filter((id) => !documents.includes(id));
      if (missing.length === 0) break;
      if (attempt === 3) {
        throw new BackupError(`Documents listed in the database are missing from ${path.join(config.dataDir, "documents")}: ${missing.join(", ")}`);
      }
    }
    const files: Manifest["files"] = [];
    const entries = [databaseEntry];
    try {
      await link(path.join(config.dataDir, "auth-secret"), path.join(staging, SECRET_ENTRY));
      entries.push(SECRET_ENTRY);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        await copyFile(path.join(config.dataDir, "auth-secret"), path.join(staging, SECRET_ENTRY));
        entries.push(SECRET_ENTRY);
      }
    }
    entries.push(...documents.map((name) => `${DOCUMENTS_ENTRY}/${name}`));
    for (const entry of entries) {
      const full = path.join(staging, entry);
      files.push({ path: entry, size: (await stat(full)).size, sha256: await sha256File(full) });
    }
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string; version: string };
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created: now.toISOString(),
      app: { name: pkg.name, version: pkg.version },
      dialect,
      database: { file: databaseEntry, migrations: snapshot.migrations, tables: snapshot.tables },
      files,
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");

    // manifest.json first, so that a reader meets it before the files it describes.
    const pack = createTar({ gzip: true, cwd: staging, portable: true }, [MANIFEST, ...entries]);
    await pipeline(pack, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    await chmod(partial, 0o600);
    await fsyncPath(partial);
    await rename(partial, file);
    leftovers.delete(partial);
    await fsyncPath(path.dirname(file));
    return { file, size: (await stat(file)).size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    leftovers.delete(staging);
    leftovers.delete(partial);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a.startsWith("-"))) {
    console.error("Usage: npm run backup -- [FILE]");
    return 2;
  }
  let config;
  try {
    config = loadScriptConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      removeLeftovers();
      console.error(`Backup interrupted by ${signal}; nothing was written.`);
      process.exit(1);
    });
  }
  try {
    const { file, size, manifest } = await createBackup(config, args[0]);
    const documents = manifest.files.filter((f) => f.path.startsWith(`${DOCUMENTS_ENTRY}/`)).length;
    console.log(`Backup written: ${file}`);
    console.log(`  ${humanSize(size)} (${size} bytes); ${manifest.dialect} database, ${documents} document${documents === 1 ? "" : "s"}`);
    return 0;
  } catch (error) {
    removeLeftovers();
    console.error(`Backup failed: ${error instanceof BackupError ? error.message : String((error as Error).stack ?? error)}`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main();
