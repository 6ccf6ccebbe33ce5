/**
 * Puts a backup archive back in place: checks it whole before anything changes, then swaps the live files for the
 * restored ones (and loads PostgreSQL in one transaction), putting everything back if a step fails. The command and
 * its steps are described in scripts/restore.ts.
 */
import { createHash } from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { extract, list, type ReadEntry } from "tar";
import type { Config } from "#app/platform/config.server.ts";
import { ownUrl } from "#app/platform/http/server-url.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { createStores } from "#app/platform/files/stores.server.ts";
import { backupsFolder, createBackup, defaultBackupFile } from "#app/platform/backup/create.server.ts";
import { exists, fileSums, fsyncPath } from "#app/platform/backup/files.server.ts";
import {
  BackupError,
  checkFiles,
  checkFitsInstall,
  DIALECT_NAMES,
  documentCount,
  DOCUMENTS_ENTRY,
  entryRefusal,
  imageCount,
  IMAGES_ENTRY,
  MANIFEST,
  parseManifest,
  POSTGRES_ENTRY,
  SECRET_ENTRY,
  SQLITE_ENTRY,
  type Dialect,
  type FileSum,
  type Manifest,
} from "#app/platform/backup/manifest.server.ts";
import { loadPostgres, postgresState } from "#app/platform/backup/data/postgres.server.ts";
import { checkSqliteIntegrity, sqliteContents, sqliteInUse, type DatabaseContents } from "#app/platform/backup/data/sqlite.server.ts";

/** The largest manifest.json read, in bytes; a real one is a few kilobytes. */
const MANIFEST_MAX_BYTES = 10 * 1024 * 1024;

/** A restore that failed half-way and could not put the previous files back either. */
export class RollbackError extends BackupError {
  override name = "RollbackError";
}

/** The /healthz URL of the configured port on this machine when something answers there, else undefined. */
async function serverAnswers(config: Config): Promise<string | undefined> {
  const url = `${ownUrl(config.host, config.port)}/healthz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Reads the whole archive without writing anything: the manifest's text, and each file's size and SHA-256.
 * @throws BackupError when the archive cannot be read to its end (damaged, truncated, not a tar.gz) or holds an
 *   entry a backup never has (a link, a device, a path outside the known ones)
 */
async function scanArchive(archive: string): Promise<{ manifestText: string | undefined; files: Map<string, FileSum> }> {
  const files = new Map<string, FileSum>();
  const refused: string[] = [];
  let manifestText: string | undefined;
  try {
    await list({
      file: archive,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const refusal = entryRefusal(entry.path, entry.type);
        if (refusal) refused.push(`${JSON.stringify(entry.path)} (${refusal})`);
        if (entry.type !== "File") return;
        const hash = createHash("sha256");
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on("data", (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          if (entry.path === MANIFEST && size <= MANIFEST_MAX_BYTES) chunks.push(chunk);
        });
        entry.on("end", () => {
          files.set(entry.path, { size, sha256: hash.digest("hex") });
          if (entry.path === MANIFEST) manifestText = Buffer.concat(chunks).toString("utf8");
        });
      },
    });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive (damaged or truncated?): ${(error as Error).message}`);
  }
  if (files.size === 0) throw new BackupError(`${archive} is not a readable backup archive (damaged or truncated?): it holds no files`);
  if (refused.length > 0) throw new BackupError(`${archive} holds entries a Shoreline backup never has: ${refused.slice(0, 5).join("; ")}`);
  return { manifestText, files };
}

/**
 * Checks the archive against its manifest and this install (reading it whole first, writing nothing), then
 * unpacks it into `dir` and checks the unpacked files again, the same way.
 * @throws BackupError naming what is wrong: not a backup, damaged, truncated, altered, another database kind
 */
async function unpackAndVerify(archive: string, dir: string, config: Config): Promise<Manifest> {
  const scanned = await scanArchive(archive);
  const manifest = parseManifest(scanned.manifestText, archive);
  checkFiles(manifest, scanned.files, archive);
  checkFitsInstall(manifest, config, archive);
  try {
    await extract({
      file: archive,
      cwd: dir,
      strict: true,
      preserveOwner: false,
      filter: (entryPath: string, entry: ReadEntry | Stats) => entryRefusal(entryPath, "type" in entry ? entry.type : "File") === undefined,
    });
  } catch (error) {
    throw new BackupError(`Could not unpack ${archive}: ${(error as Error).message}`);
  }
  // Again on disk: what was read is what was written.
  checkFiles(manifest, await fileSums(dir), archive);
  if (manifest.dialect === "sqlite") checkSqliteIntegrity(path.join(dir, SQLITE_ENTRY), `The database in ${archive}`);
  // Flush the unpacked files before they replace the live ones.
  for (const file of manifest.files) await fsyncPath(path.join(dir, file.path));
  return manifest;
}

/** The files of one folder of the unpacked archive, by name, with their sizes in bytes. */
async function archivedFiles(dir: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  for (const name of await readdir(dir).catch(() => [] as string[])) files.set(name, (await stat(path.join(dir, name))).size);
  return files;
}

/** One store of the bucket and the archive's files for it: what is there already, and what the archive adds. */
interface ObjectPlan {
  store: Storage;
  dir: string;
  archived: Map<string, number>;
  present: string[];
}

/**
 * Compares the archive's files with what the bucket holds, changing nothing. A file under the same id is the same
 * file when its size is the same (ids are made by the server from the time); it is then not sent again.
 * @throws BackupError when the bucket holds another file under an id of the archive (another site's bucket?)
 */
async function planObjects(store: Storage, dir: string, what: string): Promise<ObjectPlan> {
  const archived = await archivedFiles(dir);
  const present = await store.list();
  for (const id of present) {
    const size = archived.get(id);
    if (size === undefined) continue;
    const stored = await store.get(id);
    stored?.stream.destroy();
    if (stored && stored.size !== size) {
      throw new BackupError(`The bucket holds another ${what} under the name ${id} (${stored.size} bytes, the backup's has ${size}): is STORAGE_URL the right bucket and prefix?`);
    }
  }
  return { store, dir, archived, present };
}

/** "news posts: 3, events: 5, measurements: 120, members: 4": the rows of a Shoreline database an operator knows. */
function headlineRows(tables: Record<string, number>): string {
  return `news posts: ${tables.news_post ?? 0}, events: ${tables.event ?? 0}, measurements: ${tables.measurement ?? 0}, members: ${tables.member ?? 0}`;
}

/** "3 document files and 1 picture file". */
function storedFiles({ documents, images }: { documents: number; images: number }): string {
  return `${documents} document file${documents === 1 ? "" : "s"} and ${images} picture file${images === 1 ? "" : "s"}`;
}

/** "s3://bucket/prefix". */
function bucketName(s3: NonNullable<Config["s3"]>): string {
  return `s3://${s3.bucket}/${s3.prefix}`;
}

/**
 * What an install holds, for the message that refuses to replace it without --force: its database (the rows an
 * operator knows, or the names of the tables of a database that is not Shoreline's) and its stored files.
 */
function describeInstall(dialect: Dialect, database: DatabaseContents, held: { documents: number; images: number }, config: Config): string {
  const names = Object.keys(database.tables);
  const objects = database.relations === names.length ? `${names.length} tables` : `${database.relations} tables, views or sequences`;
  const rows = "news_post" in database.tables ? headlineRows(database.tables) : `tables: ${names.slice(0, 5).join(", ") || "none"}${names.length > 5 ? ", …" : ""}`;
  const where = config.s3 ? bucketName(config.s3) : config.dataDir;
  return `its ${DIALECT_NAMES[dialect]} database has ${objects} (${rows}), and ${where} holds ${storedFiles(held)}`;
}

export interface RestoreOptions {
  /**
   * Restore even while a server answers or the database is in use, and over an install that is not empty (its
   * contents are first written to `$DATA_DIR/backups/shoreline-before-restore-*.tar.gz`).
   */
  force?: boolean;
  /** Where progress and warnings go; default console.log. */
  log?: (line: string) => void;
}

/**
 * Restores `archive` into the configured install (DATA_DIR, and DATABASE_URL for PostgreSQL), which is made when
 * it does not exist yet. An install that is not empty is replaced only with `force`, and only once a copy of it has
 * been written (`createBackup`); the copy's path is logged.
 * @returns the archive's manifest
 * @throws BackupError with a message for the operator; the install is then unchanged (and the copy removed again).
 *   RollbackError (a BackupError) when the previous files could not be put back either: its message says where they
 *   are, and where the copy is.
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
  await mkdir(dataDir, { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(".restore-old-")) log(`Warning: ${path.join(dataDir, name)} holds the files of an interrupted restore; check it and remove it.`);
  }

  const work = await mkdtemp(path.join(dataDir, ".restore-new-"));
  const unpacked = path.join(work, "archive");
  await mkdir(unpacked);
  let old: string | undefined;
  /** The archive of the install as it was before this restore, when it held anything. */
  let kept: string | undefined;
  const moved: { live: string; aside: string }[] = [];
  let placed: string[] = [];
  /** Objects written to the bucket by this restore, removed again if it fails. */
  const added: { store: Storage; id: string }[] = [];
  try {
    const manifest = await unpackAndVerify(file, unpacked, config);
    log(`Checked ${file}: ${manifest.files.length} files, made ${manifest.created} by ${manifest.app.name} ${manifest.app.version}.`);

    const dbFile = path.join(dataDir, "shoreline.db");
    let database: DatabaseContents;
    if (manifest.dialect === "sqlite") {
      if (sqliteInUse(dbFile)) {
        if (!force) throw new BackupError(`${dbFile} is in use by another process (a running server?): stop it before restoring, or add --force.`);
        log(`Warning: ${dbFile} is in use by another process; replacing it anyway (--force).`);
      }
      database = sqliteContents(dbFile);
    } else {
      const state = await postgresState(config.databaseUrl!);
      if (state.others > 0) {
        if (!force) throw new BackupError(`The database of DATABASE_URL has ${state.others} other connection(s) (a running server?): stop them before restoring, or add --force.`);
        log(`Warning: the database has ${state.others} other connection(s); restoring anyway (--force).`);
      }
      database = state;
    }

    // One rule on both back ends: an install is empty when its database has no table, view or sequence of its own
    // and no document or picture is stored. Anything else is replaced only with --force, and kept as an archive first.
    const stores = createStores(config);
    const held = { documents: (await stores.storage.list()).length, images: (await stores.images.list()).length };
    const installEmpty = database.relations === 0 && held.documents === 0 && held.images === 0;
    if (!installEmpty && !force) {
      throw new BackupError(
        `This install is not empty: ${describeInstall(manifest.dialect, database, held, config)}. A restore replaces all of it: restore into a new, empty install, ` +
          `or add --force to replace it (a copy of what is there is then written to ${backupsFolder(config)} first).`,
      );
    }

    // With STORAGE_URL the documents and pictures go to the bucket, checked against what it holds first.
    const newDocuments = path.join(unpacked, DOCUMENTS_ENTRY);
    const newImages = path.join(unpacked, IMAGES_ENTRY);
    const plans = config.s3 ? [await planObjects(stores.storage, newDocuments, "document"), await planObjects(stores.images, newImages, "picture")] : [];

    // The last step before anything is replaced: the install as it is, in the archive `npm run backup` writes.
    if (!installEmpty) {
      try {
        kept = (await createBackup(config, defaultBackupFile(config, new Date(), "before-restore-"))).file;
      } catch (error) {
        throw new BackupError(
          `Could not keep a copy of this install before replacing it: ${(error as Error).message}\n` +
            `Restore into a new, empty install instead, or empty this one by hand once what it holds is safe.`,
        );
      }
      log(`Kept a copy of the install as it was: ${kept} (to undo this restore: npm run restore -- ${kept} --force)`);
    }

    // Swap: the live files aside, the restored ones in. Renames within DATA_DIR are atomic.
    const swaps: { from: string; live: string }[] = [];
    if (!config.s3) {
      for (const [from, live] of [[newDocuments, "documents"], [newImages, "images"]] as const) {
        await mkdir(from, { recursive: true });
        await fsyncPath(from);
        swaps.push({ from, live: path.join(dataDir, live) });
      }
    }
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
    // The bucket gets the archive's files it lacks; what it holds besides is removed once the restore has succeeded.
    for (const plan of plans) {
      const present = new Set(plan.present);
      for (const [id, size] of plan.archived) {
        if (present.has(id)) continue;
        await plan.store.put(id, createReadStream(path.join(plan.dir, id)), size);
        added.push({ store: plan.store, id });
      }
    }

    if (manifest.dialect === "postgres") {
      log("Loading the database (one transaction)…");
      await loadPostgres(config.databaseUrl!, path.join(unpacked, POSTGRES_ENTRY), work, database.relations === 0);
    }
    placed = [];
    moved.length = 0;
    added.length = 0;
    for (const plan of plans) {
      const extra = plan.present.filter((id) => !plan.archived.has(id));
      try {
        for (const id of extra) await plan.store.remove(id);
      } catch (error) {
        log(`Warning: the restore succeeded, but removing files of the bucket that the backup does not hold failed (${(error as Error).message}); they are unused.`);
      }
    }
    log(
      `Restored the ${DIALECT_NAMES[manifest.dialect]} database (${headlineRows(manifest.database.tables)}), ` +
        `${storedFiles({ documents: documentCount(manifest), images: imageCount(manifest) })} into ${dataDir}${config.s3 ? ` and ${bucketName(config.s3)}` : ""}.`,
    );
    return manifest;
  } catch (error) {
    // Put the live files back as they were.
    try {
      for (const { store, id } of added.reverse()) await store.remove(id);
      for (const live of placed.reverse()) await rm(live, { recursive: true, force: true });
      for (const { live, aside } of moved.reverse()) await rename(aside, live);
      if (moved.length > 0) await fsyncPath(dataDir);
      moved.length = 0;
      // The install is as it was, so the copy of it is one archive too many.
      if (kept) await rm(kept, { force: true });
    } catch (rollbackError) {
      throw new RollbackError(
        `${(error as Error).message}\nThen putting the previous files back failed (${(rollbackError as Error).message}): they are in ${old}; move them back by hand.` +
          (kept ? ` A copy of the install as it was is in ${kept}.` : ""),
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
