/**
 * Writes a backup archive: manifest.json, a consistent copy of the database, `auth-secret`, every document and every
 * picture variant, as one .tar.gz readable by its owner only. The files come from DATA_DIR, or from the bucket when
 * STORAGE_URL is set; the archive is the same either way. The command is scripts/backup.ts.
 */
import { createWriteStream, readFileSync, rmSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { create as createTar } from "tar";
import type { Config } from "#app/platform/config.server.ts";
import { IMAGE_FILE_ID } from "#app/platform/files/storage.server.ts";
import { createStores } from "#app/platform/files/stores.server.ts";
import { exists, fileSum, fsyncPath, linkOrCopy, stageDocuments, stageObjects } from "./files.ts";
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, databaseEntry, dialectOf, DOCUMENTS_ENTRY, IMAGES_ENTRY, MANIFEST, SECRET_ENTRY, type Manifest } from "./manifest.ts";
import { snapshotPostgres } from "./postgres.ts";
import { snapshotSqlite, type Snapshot } from "./sqlite.ts";

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
  return path.join(backupsFolder(config), `shoreline-${label}${timestamp(now)}.tar.gz`);
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

/**
 * Writes the archive. The database is copied first, then the documents: a document's bytes are stored before its
 * row, so every document the copy lists is on disk (or in the bucket) by then, unless it was deleted meanwhile (then
 * the copy is made again, up to three times). The pictures' variants follow, likewise written before their row.
 * @param target the archive's path; default `$DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz` (local time)
 * @throws BackupError with a message for the operator (the file exists already, no database, a document missing,
 *   the database unreachable); nothing is left behind
 */
export async function createBackup(config: Config, target?: string, now = new Date()): Promise<BackupResult> {
  const backupsDir = backupsFolder(config);
  const file = path.resolve(target ?? defaultBackupFile(config, now));
  if (await exists(file)) throw new BackupError(`${file} exists already; choose another name.`);
  const dialect = dialectOf(config);
  const liveSqlite = path.join(config.dataDir, "shoreline.db");
  if (dialect === "sqlite" && !(await exists(liveSqlite))) throw new BackupError(`There is no database at ${liveSqlite}: is DATA_DIR right?`);
  await mkdir(backupsDir, { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(file), { recursive: true });
  // The staging folder is inside DATA_DIR so that documents can be hard-linked into it.
  const staging = await mkdtemp(path.join(backupsDir, ".staging-"));
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  leftovers.add(staging);
  leftovers.add(partial);
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
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { name: string; version: string };
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created: now.toISOString(),
      app: { name: pkg.name, version: pkg.version },
      dialect,
      database: { file: databaseFile, migrations: snapshot.migrations, tables: snapshot.tables },
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
