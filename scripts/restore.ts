/**
 * Puts a backup made by `npm run backup` back in place:
 *   npm run restore -- FILE [--force]
 * In order, and nothing is changed before step 4:
 *   1. refuses while a server answers on the configured PORT (/healthz);
 *   2. unpacks the archive into a temporary folder inside DATA_DIR and checks it: manifest format and version, the
 *      same database kind as configured (SQLite vs PostgreSQL), no migration unknown to this version, every file's
 *      size and SHA-256, no file that the manifest does not list, and (SQLite) the copy's integrity check;
 *   3. refuses while another process has the SQLite file open, or (PostgreSQL) while the target database has other
 *      connections or is not empty;
 *   4. swaps: the current database file (with its -wal and -shm), documents/ and auth-secret are moved aside, the
 *      restored ones renamed into place; PostgreSQL is then loaded in one transaction (psql --single-transaction),
 *      and if that fails the files are moved back. The old files are deleted at the end. If the process dies
 *      during this step, the previous files are in $DATA_DIR/.restore-old-* and nothing is lost.
 * `--force` skips the refusals of steps 1 and 3 (a PostgreSQL database that is not empty is emptied first: its
 * tables, views and sequences are dropped in the same transaction as the load).
 * Exit codes: 0 restored, 1 refused or failed (nothing changed), 2 usage or configuration error.
 */
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { extract, list, type ReadEntry } from "tar";
import { ConfigError, type Config } from "#app/lib/config.server.ts";
import { migrations as knownMigrations } from "#db/migrations/index.ts";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DOCUMENTS_ENTRY,
  ENTRY_PATH,
  fsyncPath,
  loadScriptConfig,
  MANIFEST,
  ManifestSchema,
  POSTGRES_ENTRY,
  postgresCommandEnv,
  runPostgresTool,
  SECRET_ENTRY,
  sha256File,
  SQLITE_ENTRY,
  type Manifest,
} from "./backup.ts";

const USAGE = "Usage: npm run restore -- FILE [--force]";

/** A restore that failed half-way and could not put the previous files back either. */
class RollbackError extends BackupError {
  override name = "RollbackError";
}

/** Whether something answers /healthz on the configured port of this machine. */
async function serverAnswers(config: Config): Promise<string | undefined> {
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host === "::" ? "::1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/healthz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return url;
  } catch {
    return undefined;
  }
}

/** Every file below `dir`, as paths relative to it with "/" separators; throws on anything but files and folders. */
async function walk(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) out.push(relative);
    else throw new BackupError(`The archive holds ${relative}, which is not a plain file.`);
  }
  return out;
}

/** Whether an archive entry is one a Shoreline backup may hold: its folders, manifest.json and the known files. */
function allowedEntry(entryPath: string, type: string): boolean {
  const clean = entryPath.replace(/\/+$/, "");
  return (type === "Directory" && ["database", "data", DOCUMENTS_ENTRY].includes(clean)) || (type === "File" && (clean === MANIFEST || ENTRY_PATH.test(clean)));
}

/**
 * Reads the whole archive without writing anything: the manifest's text, and each file's size and SHA-256.
 * @throws BackupError when the archive cannot be read to its end (damaged, truncated, not a tar.gz) or holds an
 *   entry a backup never has (a link, a device, a path outside the known ones)
 */
async function scanArchive(archive: string): Promise<{ manifestText: string | undefined; files: Map<string, { size: number; sha256: string }> }> {
  const files = new Map<string, { size: number; sha256: string }>();
  const refused: string[] = [];
  let manifestText: string | undefined;
  try {
    await list({
      file: archive,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const entryPath = entry.path.replace(/\/+$/, "");
        if (!allowedEntry(entryPath, entry.type)) refused.push(`${entry.path} (${entry.type})`);
        if (entry.type !== "File") return;
        const hash = createHash("sha256");
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on("data", (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          if (entryPath === MANIFEST && size <= 10 * 1024 * 1024) chunks.push(chunk);
        });
        entry.on("end", () => {
          files.set(entryPath, { size, sha256: hash.digest("hex") });
          if (entryPath === MANIFEST) manifestText = Buffer.concat(chunks).toString("utf8");
        });
      },
    });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive (damaged or truncated?): ${(error as Error).message}`);
  }
  if (files.size === 0) throw new BackupError(`${archive} is not a readable backup archive (damaged or truncated?): it holds no files`);
  if (refused.length > 0) throw new BackupError(`${archive} holds entries a Shoreline backup never has: ${refused.slice(0, 5).join(", ")}`);
  return { manifestText, files };
}

/**
 * Checks the archive against its manifest (reading it whole first, writing nothing), then unpacks it into `dir`
 * and checks the unpacked files again.
 * @throws BackupError naming what is wrong: not a backup, damaged, truncated, altered, another database kind
 */
async function unpackAndVerify(archive: string, dir: string, config: Config): Promise<Manifest> {
  const scanned = await scanArchive(archive);
  let manifest: Manifest;
  try {
    if (scanned.manifestText === undefined) throw new Error("it has no manifest.json");
    const raw = JSON.parse(scanned.manifestText) as { format?: unknown; version?: unknown };
    if (raw.format !== BACKUP_FORMAT) throw new Error("not a Shoreline backup");
    if (raw.version !== BACKUP_VERSION) throw new Error(`backup format version ${String(raw.version)}; this version of Shoreline reads version ${BACKUP_VERSION}`);
    manifest = ManifestSchema.parse(raw);
  } catch (error) {
    throw new BackupError(`${archive} is not a usable Shoreline backup: ${(error as Error).message}`);
  }
  const listed = new Map(scanned.files);
  listed.delete(MANIFEST);
  for (const file of manifest.files) {
    const found = listed.get(file.path);
    if (!found) throw new BackupError(`${archive} is damaged: ${file.path} is listed in the manifest but missing.`);
    listed.delete(file.path);
    if (found.size !== file.size) throw new BackupError(`${archive} is damaged: ${file.path} has ${found.size} bytes, the manifest says ${file.size}.`);
    if (found.sha256 !== file.sha256) throw new BackupError(`${archive} is damaged: ${file.path} does not match its SHA-256 checksum.`);
  }
  if (listed.size > 0) throw new BackupError(`${archive} holds files its manifest does not list: ${[...listed.keys()].slice(0, 5).join(", ")}`);

  const configured = config.databaseUrl ? "postgres" : "sqlite";
  if (manifest.dialect !== configured) {
    const names = { sqlite: "SQLite", postgres: "PostgreSQL" };
    throw new BackupError(
      `This backup holds a ${names[manifest.dialect]} database, but this install is configured for ${names[configured]} ` +
        `(${configured === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is not set"}). Restore it into an install of the same kind.`,
    );
  }
  const expectedDatabase = manifest.dialect === "sqlite" ? SQLITE_ENTRY : POSTGRES_ENTRY;
  if (manifest.database.file !== expectedDatabase || !manifest.files.some((f) => f.path === expectedDatabase)) {
    throw new BackupError(`${archive} is not a usable Shoreline backup: it lists no ${expectedDatabase}`);
  }
  const unknown = manifest.database.migrations.filter((name) => !(name in knownMigrations));
  if (unknown.length > 0) {
    throw new BackupError(`This backup was made by a newer version of Shoreline (migrations ${unknown.join(", ")}); upgrade Shoreline first, then restore.`);
  }

  try {
    await extract({
      file: archive,
      cwd: dir,
      strict: true,
      preserveOwner: false,
      filter: (entryPath: string, entry: ReadEntry | Stats) => allowedEntry(entryPath, "type" in entry ? entry.type : "File"),
    });
  } catch (error) {
    throw new BackupError(`Could not unpack ${archive}: ${(error as Error).message}`);
  }
  // Again on disk: every listed file present with its size and checksum, and nothing else.
  const present = new Set((await walk(dir)).filter((p) => p !== MANIFEST));
  for (const file of manifest.files) {
    const full = path.join(dir, file.path);
    if (!present.delete(file.path)) throw new BackupError(`${archive} is damaged: ${file.path} is listed in the manifest but missing.`);
    const size = (await stat(full)).size;
    if (size !== file.size) throw new BackupError(`${archive} is damaged: ${file.path} has ${size} bytes, the manifest says ${file.size}.`);
    if ((await sha256File(full)) !== file.sha256) throw new BackupError(`${archive} is damaged: ${file.path} does not match its SHA-256 checksum.`);
  }
  if (present.size > 0) throw new BackupError(`${archive} holds files its manifest does not list: ${[...present].slice(0, 5).join(", ")}`);

  if (manifest.dialect === "sqlite") {
    const copy = new SQLite(path.join(dir, SQLITE_ENTRY), { fileMustExist: true, readonly: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new BackupError(`The database in ${archive} fails its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
  }
  // Flush the unpacked files before they replace the live ones.
  for (const file of manifest.files) await fsyncPath(path.join(dir, file.path));
  return manifest;
}

/** Whether another connection has the SQLite file open (a running server keeps a shared lock on it in WAL mode). */
function sqliteInUse(file: string): boolean {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  } catch {
    return false; // no file yet
  }
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    return false; // not a readable database (damaged?): nobody can be using it, and it is about to be replaced
  } finally {
    db.close();
  }
}

/** Other sessions on the target database, and whether it holds any table, view or sequence of its own. */
async function postgresState(url: string): Promise<{ others: number; relations: number }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const others = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    const relations = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    return { others: others.rows[0]!.n, relations: relations.rows[0]!.n };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops every table, view and sequence of the target (only with --force), in the load's transaction. */
const EMPTY_DATABASE_SQL = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
  LOOP
    EXECUTE format('DROP %s IF EXISTS %I.%I CASCADE',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                     WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.nspname, r.relname);
  END LOOP;
END $$;
`;

/** Loads the dump into the target database in one transaction: all of it or nothing. */
async function loadPostgres(url: string, dump: string, work: string, empty: boolean): Promise<void> {
  const { dbname, env } = postgresCommandEnv(url);
  const script = path.join(work, "restore.sql");
  const preamble = path.join(work, "preamble.sql");
  await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, dump], env);
  await writeFile(preamble, empty ? "" : EMPTY_DATABASE_SQL);
  await runPostgresTool("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", `--file=${preamble}`, `--file=${script}`, `--dbname=${dbname}`], env);
}

async function exists(p: string): Promise<boolean> {
  return lstat(p).then(() => true, () => false);
}

export interface RestoreOptions {
  force?: boolean;
  /** Where progress and warnings go; default console.log. */
  log?: (line: string) => void;
}

/**
 * Restores `archive` into the configured install.
 * @throws BackupError with a message for the operator; the install is unchanged
 */
export async function restoreBackup(config: Config, archive: string, options: RestoreOptions = {}): Promise<Manifest> {
  const log = options.log ?? ((line: string) => console.log(line));
  const force = options.force ?? false;
  const file = path.resolve(archive);
  if (!(await stat(file).then((s) => s.isFile(), () => false))) throw new BackupError(`There is no file ${file}.`);

  const health = await serverAnswers(config);
  if (health) {
    if (!force) throw new BackupError(`A server answers at ${health}: stop Shoreline before restoring (or add --force if that is another program).`);
    log(`Warning: a server answers at ${health}; restoring anyway (--force).`);
  }
  const dataDir = config.dataDir;
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(".restore-old-")) log(`Warning: ${path.join(dataDir, name)} holds the files of an interrupted restore; check it and remove it.`);
  }

  const work = await mkdtemp(path.join(dataDir, ".restore-new-"));
  const unpacked = path.join(work, "archive");
  await mkdir(unpacked);
  let old: string | undefined;
  const moved: { live: string; aside: string }[] = [];
  let placed: string[] = [];
  try {
    const manifest = await unpackAndVerify(file, unpacked, config);
    log(`Checked ${file}: ${manifest.files.length} files, made ${manifest.created} by ${manifest.app.name} ${manifest.app.version}.`);

    const dbFile = path.join(dataDir, "shoreline.db");
    let targetEmpty = true;
    if (manifest.dialect === "sqlite") {
      if (sqliteInUse(dbFile)) {
        if (!force) throw new BackupError(`${dbFile} is in use by another process (a running server?): stop it before restoring, or add --force.`);
        log(`Warning: ${dbFile} is in use by another process; replacing it anyway (--force).`);
      }
    } else {
      const state = await postgresState(config.databaseUrl!);
      if (state.others > 0) {
        if (!force) throw new BackupError(`The database of DATABASE_URL has ${state.others} other connection(s) (a running server?): stop them before restoring, or add --force.`);
        log(`Warning: the database has ${state.others} other connection(s); restoring anyway (--force).`);
      }
      targetEmpty = state.relations === 0;
      if (!targetEmpty && !force) {
        throw new BackupError("The database of DATABASE_URL is not empty: restore into a new, empty database, or add --force to replace its contents.");
      }
    }

    // Swap: the live files aside, the restored ones in. Renames within DATA_DIR are atomic.
    const newDocuments = path.join(unpacked, DOCUMENTS_ENTRY);
    await mkdir(newDocuments, { recursive: true });
    await fsyncPath(newDocuments);
    const swaps: { from: string; live: string }[] = [{ from: newDocuments, live: path.join(dataDir, "documents") }];
    if (manifest.files.some((f) => f.path === SECRET_ENTRY)) swaps.push({ from: path.join(unpacked, SECRET_ENTRY), live: path.join(dataDir, "auth-secret") });
    const aside = swaps.map((s) => s.live);
    if (manifest.dialect === "sqlite") {
      swaps.push({ from: path.join(unpacked, SQLITE_ENTRY), live: dbFile });
      // A stale write-ahead log must never meet the restored file: it would be replayed into it.
      aside.push(dbFile, `${dbFile}-wal`, `${dbFile}-shm`, `${dbFile}-journal`);
    }
    old = await mkdtemp(path.join(dataDir, ".restore-old-"));
    for (const live of aside) {
      if (!(await exists(live))) continue;
      const target = path.join(old, path.basename(live));
      await rename(live, target);
      moved.push({ live, aside: target });
    }
    for (const swap of swaps) {
      await rename(swap.from, swap.live);
      placed.push(swap.live);
    }
    await fsyncPath(dataDir);

    if (manifest.dialect === "postgres") {
      log("Loading the database (one transaction)…");
      await loadPostgres(config.databaseUrl!, path.join(unpacked, POSTGRES_ENTRY), work, targetEmpty);
    }
    placed = [];
    moved.length = 0;
    const documents = manifest.files.filter((f) => f.path.startsWith(`${DOCUMENTS_ENTRY}/`)).length;
    const t = manifest.database.tables;
    log(
      `Restored the ${manifest.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} database (news posts: ${t.news_post ?? 0}, events: ${t.event ?? 0}, ` +
        `measurements: ${t.measurement ?? 0}, members: ${t.member ?? 0}) and ${documents} document file${documents === 1 ? "" : "s"} into ${dataDir}.`,
    );
    return manifest;
  } catch (error) {
    // Put the live files back as they were.
    try {
      for (const live of placed.reverse()) await rm(live, { recursive: true, force: true });
      for (const { live, aside } of moved.reverse()) await rename(aside, live);
      if (moved.length > 0) await fsyncPath(dataDir);
      moved.length = 0;
    } catch (rollbackError) {
      throw new RollbackError(
        `${(error as Error).message}\nThen putting the previous files back failed (${(rollbackError as Error).message}): they are in ${old}; move them back by hand.`,
      );
    }
    throw error;
  } finally {
    // tar may still be writing when it reports a damaged archive: retry until the folder is gone.
    const cleanup = { recursive: true, force: true, maxRetries: 10, retryDelay: 50 };
    await rm(work, cleanup).catch((error: Error) => log(`Warning: could not remove ${work}: ${error.message}`));
    if (old && moved.length === 0) await rm(old, cleanup).catch((error: Error) => log(`Warning: could not remove ${old}: ${error.message}`));
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const rest = args.filter((a) => a !== "--force");
  if (rest.length !== 1 || rest[0]!.startsWith("-")) {
    console.error(USAGE);
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
  try {
    await restoreBackup(config, rest[0]!, { force });
    return 0;
  } catch (error) {
    console.error(`Restore refused: ${error instanceof BackupError ? error.message : String((error as Error).stack ?? error)}`);
    if (!(error instanceof RollbackError)) console.error("Nothing was changed.");
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main();
