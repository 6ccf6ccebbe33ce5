/**
 * The SQLite side of backup and restore: a consistent copy of the live database, its integrity check, what the live
 * database holds, and whether another process has the file open.
 */
import { existsSync } from "node:fs";
import SQLite from "better-sqlite3";
import { BackupError } from "../manifest.server.ts";

/** What a copied database holds, for the manifest and for the documents check. */
export interface Snapshot {
  /** Names of the migrations applied, in order. */
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
  /** Storage ids of the documents the copy lists. */
  documentIds: string[];
}

/** What a live database holds, for the check before a restore replaces it. */
export interface DatabaseContents {
  /** Its own tables, views and sequences (PostgreSQL's or SQLite's own catalogue left out); 0 for an empty one. */
  relations: number;
  /** Rows per table. */
  tables: Record<string, number>;
}

/** The condition on `sqlite_schema` that leaves out SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`, ...). */
const OWN_OBJECTS = "name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

/** The database's own tables, each with its number of rows. */
function tableRows(db: SQLite.Database): Record<string, number> {
  const names = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND ${OWN_OBJECTS} ORDER BY name`).pluck().all() as string[];
  return Object.fromEntries(names.map((name) => [name, db.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number]));
}

/**
 * Runs SQLite's integrity check on a database file.
 * @param what how the message names the file, e.g. "The copy of the database"
 * @throws BackupError when the check reports anything but "ok"
 */
export function checkSqliteIntegrity(file: string, what: string): void {
  const db = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`${what} fails its integrity check: ${String(check)}`);
  } finally {
    db.close();
  }
}

/**
 * Copies the live SQLite database into `target` in one read transaction (`VACUUM INTO`, so writers may go on
 * meanwhile), checks the copy's integrity and reads what it holds.
 * @param source the live database file ($DATA_DIR/shoreline.db)
 * @throws BackupError when the copy cannot be made or fails its integrity check
 */
export function snapshotSqlite(source: string, target: string): Snapshot {
  const live = new SQLite(source, { fileMustExist: true, timeout: 15_000 });
  try {
    live.prepare("VACUUM INTO ?").run(target);
  } catch (error) {
    throw new BackupError(`Could not copy the database ${source}: ${(error as Error).message}`);
  } finally {
    live.close();
  }
  checkSqliteIntegrity(target, "The copy of the database");
  const copy = new SQLite(target, { fileMustExist: true, readonly: true });
  try {
    const tables = tableRows(copy);
    const migrations = "kysely_migration" in tables ? (copy.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all() as string[]) : [];
    const documentIds = "document" in tables ? (copy.prepare("SELECT id FROM document").pluck().all() as string[]) : [];
    return { migrations, tables, documentIds };
  } finally {
    copy.close();
  }
}

/**
 * What the live SQLite database holds, read without writing to it. Opened for writing all the same: a read-only
 * connection to a database in WAL mode cannot remove the -wal and -shm files it makes, and would leave them behind.
 * @param file the live database file ($DATA_DIR/shoreline.db)
 * @returns no relations when there is no file yet
 * @throws BackupError when the file is not a database SQLite can read (damaged?): a restore keeps a copy of what it
 *   replaces, and this cannot be copied
 */
export function sqliteContents(file: string): DatabaseContents {
  if (!existsSync(file)) return { relations: 0, tables: {} };
  try {
    const db = new SQLite(file, { fileMustExist: true });
    try {
      const relations = db.prepare(`SELECT count(*) FROM sqlite_schema WHERE type IN ('table', 'view') AND ${OWN_OBJECTS}`).pluck().get() as number;
      return { relations, tables: tableRows(db) };
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError(
      `Could not read the database ${file} (${(error as Error).message}). A restore first keeps a copy of what it replaces, and this file cannot be copied: if it is damaged, move it out of DATA_DIR, then restore again.`,
    );
  }
}

/** Whether another connection has the SQLite file open (a running server keeps a shared lock on it in WAL mode). */
export function sqliteInUse(file: string): boolean {
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
    return false; // not a readable database (damaged?): nobody can be using it (sqliteContents says what is wrong)
  } finally {
    db.close();
  }
}
