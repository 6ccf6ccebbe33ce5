/**
 * The SQLite side of backup and restore: a consistent copy of the live database, its integrity check, and whether
 * another process has the file open.
 */
import SQLite from "better-sqlite3";
import { BackupError } from "./manifest.ts";

/** What a copied database holds, for the manifest and for the documents check. */
export interface Snapshot {
  /** Names of the migrations applied, in order. */
  migrations: string[];
  /** Rows per table. */
  tables: Record<string, number>;
  /** Storage ids of the documents the copy lists. */
  documentIds: string[];
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
    return false; // not a readable database (damaged?): nobody can be using it, and it is about to be replaced
  } finally {
    db.close();
  }
}
