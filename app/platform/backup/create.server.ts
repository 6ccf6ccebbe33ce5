/**
 * Makes a backup archive: manifest.json, a consistent copy of the database, `auth-secret`, every document and every
 * picture variant, as one .tar.gz. The files come from DATA_DIR, or from the bucket when STORAGE_URL is set; the
 * archive is the same either way. Its parts are staged on disk first (the manifest, which comes first in the archive,
 * lists every file's SHA-256), then packed as a stream: into a file readable by its owner only (`createBackup`, for
 * `npm run backup`, scripts/backup.ts, and the copy `npm run restore --force` keeps), or to a browser
 * (`streamBackup`, Settings → Backup, decision 038). Nothing of the archive is held in memory.
 */
import { createWriteStream, rmSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { create as createTar } from "tar";
import type { Config } from "#app/platform/config.server.ts";
import { IMAGE_FILE_ID } from "#app/platform/files/storage.server.ts";
import { createStores } from "#app/platform/files/stores.server.ts";
import { exists, fileSum, fsyncPath, linkOrCopy, stageDocuments, stageObjects } from "./files.server.ts";
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, databaseEntry, dialectOf, DOCUMENTS_ENTRY, IMAGES_ENTRY, MANIFEST, SECRET_ENTRY, type Manifest } from "./manifest.server.ts";
import { snapshotPostgres } from "./data/postgres.server.ts";
import { snapshotSqlite, type Snapshot } from "./data/sqlite.server.ts";
import packageJson from "../../../package.json" with { type: "json" };

/** "20260613-193000", local time. */
function timestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

/** The folder of an install's own backups, `$DATA_DIR/backups` (never itself backed up or replaced by a restore). */
export function backupsFolder(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "backups");
}

/**
 * Where a backup goes unless told otherwise: `$DATA_DIR/backups/shoreline-<label>YYYYMMDD-HHMMSS.tar.gz`, local time.
 * @param label what the archive is, between "shoreline-" and the time (e.g. "before-restore-"); none for `npm run backup`
 */
export function defaultBackupFile(config: Pick<Config, "dataDir">, now: Date, label = ""): string {
  return path.join(backupsFolder(config), backupFileName(now, label));
}

/**
 * An archive's file name, `shoreline-<label>YYYYMMDD-HHMMSS.tar.gz` (local time): the name `npm run backup` gives
 * it and the one a browser saves a download under.
 */
export function backupFileName(now: Date, label = ""): string {
  return `shoreline-${label}${timestamp(now)}.tar.gz`;
}

/** Paths to remove if the process is stopped half-way (Ctrl-C). */
const leftovers = new Set<string>();

/** Removes the half-written archive and staging folder of a backup in progress; for a SIGINT/SIGTERM handler. */
export function removeBackupLeftovers(): void {
  for (const p of leftovers) rmSync(p, { recursive: true, force: true });
}

export interface BackupResult {
  /** The archive's absolute path. */
  file: string;
  /** Its size in bytes. */
  size: number;
  manifest: Manifest;
}

/** The parts of an archive, staged on disk in a private folder under `$DATA_DIR/backups`, ready to be packed. */
export interface StagedBackup {
  /** The staging folder: the archive's entries, relative to it. */
  folder: string;
  /** The archive's entries in their order: manifest.json first, so that a reader meets it before the files it describes. */
  entries: string[];
  manifest: Manifest;
  /** Removes the staging folder (hard links and copies only: the live files stay). */
  remove(): Promise<void>;
}

/**
 * Stages the archive's parts. The database is copied first, then the documents: a document's bytes are stored before
 * its row, so every document the copy lists is on disk (or in the bucket) by then, unless it was deleted meanwhile
 * (then the copy is made again, up to three times). The pictures' variants follow, likewise written before their row.
 * SQLite's copy is `VACUUM INTO` in one read transaction; PostgreSQL's `pg_dump --format=custom` in the snapshot of a
 * repeatable-read transaction: writers may go on meanwhile.
 * @param now the archive's time (manifest `created`)
 * @throws BackupError with a message for the operator (no database, a document missing, the database unreachable);
 *   the staging folder is then removed
 */
export async function stageBackup(config: Config, now = new Date()): Promise<StagedBackup> {
  const backupsDir = backupsFolder(config);
  const dialect = dialectOf(config);
  const liveSqlite = path.join(config.dataDir, "shoreline.db");
  if (dialect === "sqlite" && !(await exists(liveSqlite))) throw new BackupError(`There is no database at ${liveSqlite}: is DATA_DIR right?`);
  await mkdir(backupsDir, { recursive: true, mode: 0o700 });
  // The staging folder is inside DATA_DIR so that documents can be hard-linked into it.
  const staging = await mkdtemp(path.join(backupsDir, ".staging-"));
  leftovers.add(staging);
  const remove = async () => {
    await rm(staging, { recursive: true, force: true });
    leftovers.delete(staging);
  };
  const stores = config.s3 ? createStores(config) : undefined;
  const where = config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : path.join(config.dataDir, "documents");
  try {
    await mkdir(path.join(staging, "database"));
    const databaseFile = databaseEntry(dialect);
    let snapshot: Snapshot;
    let documents: string[];
    for (let attempt = 1; ; attempt++) {
      await rm(path.join(staging, databaseFile), { force: true });
      await rm(path.join(staging, DOCUMENTS_ENTRY), { recursive: true, force: true });
      snapshot =
        dialect === "sqlite" ? snapshotSqlite(liveSqlite, path.join(staging, databaseFile)) : await snapshotPostgres(config.databaseUrl!, path.join(staging, databaseFile));
      documents = stores
        ? await stageObjects(stores.storage, path.join(staging, DOCUMENTS_ENTRY))
        : await stageDocuments(path.join(config.dataDir, "documents"), path.join(staging, DOCUMENTS_ENTRY));
      const missing = snapshot.documentIds.filter((id) => !documents.includes(id));
      if (missing.length === 0) break;
      if (attempt === 3) {
        throw new BackupError(`Documents listed in the database are missing from ${where}: ${missing.join(", ")}`);
      }
    }
    const images = stores
      ? await stageObjects(stores.images, path.join(staging, IMAGES_ENTRY))
      : await stageDocuments(path.join(config.dataDir, "images"), path.join(staging, IMAGES_ENTRY), IMAGE_FILE_ID);
    const entries = [databaseFile];
    if (await linkOrCopy(path.join(config.dataDir, "auth-secret"), path.join(staging, SECRET_ENTRY))) entries.push(SECRET_ENTRY);
    entries.push(...documents.map((name) => `${DOCUMENTS_ENTRY}/${name}`), ...images.map((name) => `${IMAGES_ENTRY}/${name}`));
    const files: Manifest["files"] = [];
    for (const entry of entries) files.push({ path: entry, ...(await fileSum(path.join(staging, entry))) });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created: now.toISOString(),
      app: { name: packageJson.name, version: packageJson.version },
      dialect,
      database: { file: databaseFile, migrations: snapshot.migrations, tables: snapshot.tables },
      files,
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    return { folder: staging, entries: [MANIFEST, ...entries], manifest, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The staged parts as one .tar.gz stream (tar's own), read from disk as it is consumed. */
function packStaged(staged: StagedBackup) {
  return createTar({ gzip: true, cwd: staged.folder, portable: true }, staged.entries);
}

/**
 * Writes the archive to a file, readable by its owner only (it holds sessions and member addresses): under a
 * temporary name first, renamed and flushed when complete.
 * @param target the archive's path; default `$DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz` (local time)
 * @throws BackupError with a message for the operator (the file exists already, no database, a document missing,
 *   the database unreachable); nothing is left behind
 */
export async function createBackup(config: Config, target?: string, now = new Date()): Promise<BackupResult> {
  const file = path.resolve(target ?? defaultBackupFile(config, now));
  if (await exists(file)) throw new BackupError(`${file} exists already; choose another name.`);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  leftovers.add(partial);
  let staged: StagedBackup | undefined;
  try {
    // Staged first: an install without a database is refused before any folder is made.
    staged = await stageBackup(config, now);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(packStaged(staged), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    await chmod(partial, 0o600);
    await fsyncPath(partial);
    await rename(partial, file);
    leftovers.delete(partial);
    await fsyncPath(path.dirname(file));
    return { file, size: (await stat(file)).size, manifest: staged.manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await staged?.remove();
    leftovers.delete(partial);
  }
}

/** An archive on its way to a reader. */
export interface BackupStream {
  /** The .tar.gz bytes, produced as they are read; the staging folder is removed when the stream ends or is destroyed. */
  stream: Readable;
  /** The name to save it under: `shoreline-YYYYMMDD-HHMMSS.tar.gz`, local time. */
  fileName: string;
  manifest: Manifest;
}

/**
 * The same archive as `createBackup`, as a stream for a download (Settings → Backup): staged on disk, then packed as
 * the reader reads; nothing is written beside the staging folder, which goes when the stream closes (read to its
 * end, failed, or cancelled by the reader).
 * @throws BackupError as `stageBackup` does, before any byte is produced
 */
export async function streamBackup(config: Config, now = new Date()): Promise<BackupStream> {
  const staged = await stageBackup(config, now);
  // A Node stream around tar's, so that the web's streams can take it; a reader that goes away destroys it, which
  // stops the packing too.
  const stream = new PassThrough();
  pipeline(packStaged(staged), stream).catch(() => undefined);
  stream.once("close", () => void staged.remove());
  return { stream, fileName: backupFileName(now), manifest: staged.manifest };
}
