/**
 * The backup archive's format: where each file sits in the archive, manifest.json's shape, and the checks of an
 * archive against its manifest and against the install it is restored into. Used by `createBackup` (writing) and
 * `restoreBackup` (reading); see scripts/backup.ts and scripts/restore.ts for the commands.
 */
import { z } from "zod";
import type { Config } from "#app/platform/config.server.ts";
import { IMAGE_FILE_ID, STORAGE_ID } from "#app/platform/files/storage.server.ts";
import { migrations as knownMigrations } from "#db/migrations/index.ts";

/** What `format` and `version` of manifest.json say; a restore refuses any other. */
export const BACKUP_FORMAT = "shoreline-backup";
export const BACKUP_VERSION = 1;
export const MANIFEST = "manifest.json";
/** Paths inside the archive. */
export const SQLITE_ENTRY = "database/shoreline.db";
export const POSTGRES_ENTRY = "database/shoreline.pgdump";
export const SECRET_ENTRY = "data/auth-secret";
export const DOCUMENTS_ENTRY = "data/documents";
/** Pictures' WebP variants (archives made before issue 12 have none). */
export const IMAGES_ENTRY = "data/images";
/**
 * The folders of stored files and the names their files have: the ids the stores accept, which are the only names a
 * backup has ever archived (it leaves out anything else, such as an upload's temporary file).
 */
const STORED_FILES: Record<string, { ids: RegExp; what: string }> = {
  [DOCUMENTS_ENTRY]: { ids: STORAGE_ID, what: "document" },
  [IMAGES_ENTRY]: { ids: IMAGE_FILE_ID, what: "picture file" },
};
/** The only folders an archive may hold. */
const FOLDERS = ["database", "data", DOCUMENTS_ENTRY, IMAGES_ENTRY];

export type Dialect = "sqlite" | "postgres";
export const DIALECT_NAMES: Record<Dialect, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

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
  files: z.array(z.object({ path: z.string().refine(isBackupFile, "not a file a backup holds"), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A file's size in bytes and SHA-256 (hex), as the manifest lists it. */
export interface FileSum {
  size: number;
  sha256: string;
}

/** A failure with a message for the operator (no stack trace). */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The database kind an install is configured for: PostgreSQL when DATABASE_URL is set. */
export function dialectOf(config: Config): Dialect {
  return config.databaseUrl ? "postgres" : "sqlite";
}

/** The archive path of the database copy of `dialect`. */
export function databaseEntry(dialect: Dialect): string {
  return dialect === "sqlite" ? SQLITE_ENTRY : POSTGRES_ENTRY;
}

/** The folder part of an archive path and the name in it: "data/documents/1.pdf" → ["data/documents", "1.pdf"]. */
function splitEntry(entryPath: string): [string, string] {
  const slash = entryPath.lastIndexOf("/");
  return [entryPath.slice(0, Math.max(slash, 0)), entryPath.slice(slash + 1)];
}

/**
 * Whether `filePath` is a file a backup lists in its manifest: the database copy, `auth-secret`, or a document or
 * picture file under its storage id. Exact strings: no ".", "..", empty or doubled part passes.
 */
function isBackupFile(filePath: string): boolean {
  if (filePath === SQLITE_ENTRY || filePath === POSTGRES_ENTRY || filePath === SECRET_ENTRY) return true;
  const [folder, name] = splitEntry(filePath);
  return STORED_FILES[folder]?.ids.test(name) ?? false;
}

/**
 * Why an archive entry is not one a Shoreline backup may hold, or undefined when it is one: its folders,
 * manifest.json and the files `isBackupFile` knows. An archive holding any other is refused before anything is
 * unpacked (an entry such as "data/documents/." would otherwise meet the folder of that name while unpacking).
 * @param entryPath the entry's path inside the archive, as tar reads it ("/" separators; a folder's trailing "/" is
 *   ignored, a file's is not)
 * @param type tar's entry type: "File", "Directory", "SymbolicLink", ...
 * @returns a reason for the operator, e.g. "a file whose name is not a stored document's"
 */
export function entryRefusal(entryPath: string, type: string): string | undefined {
  if (type === "Directory") {
    const folder = entryPath.replace(/\/+$/, "");
    if (FOLDERS.includes(folder)) return undefined;
    return folder === MANIFEST || isBackupFile(folder) ? "a folder where a backup has a file" : "a folder a backup never has";
  }
  if (type !== "File") return `a ${type} entry, where a backup has only files and folders`;
  if (entryPath === MANIFEST || isBackupFile(entryPath)) return undefined;
  if (FOLDERS.includes(entryPath.replace(/\/+$/, ""))) return "a file where a backup has a folder";
  const stored = STORED_FILES[splitEntry(entryPath)[0]];
  return stored ? `a file whose name is not a stored ${stored.what}'s` : "a file a backup never has";
}

/**
 * Reads manifest.json's text.
 * @param text the file's text, or undefined when the archive has none
 * @param archive the archive's path, for the message
 * @throws BackupError when it is missing, not JSON, of another format or version, or not of the expected shape
 */
export function parseManifest(text: string | undefined, archive: string): Manifest {
  try {
    if (text === undefined) throw new Error(`it has no ${MANIFEST}`);
    const raw = JSON.parse(text) as { format?: unknown; version?: unknown };
    if (raw.format !== BACKUP_FORMAT) throw new Error("not a Shoreline backup");
    if (raw.version !== BACKUP_VERSION) throw new Error(`backup format version ${String(raw.version)}; this version of Shoreline reads version ${BACKUP_VERSION}`);
    return ManifestSchema.parse(raw);
  } catch (error) {
    throw new BackupError(`${archive} is not a usable Shoreline backup: ${(error as Error).message}`);
  }
}

/**
 * Checks the files found (in the archive's stream, or unpacked on disk) against the manifest: every listed file is
 * there with its size and SHA-256, and nothing else is (manifest.json itself aside).
 * @param found each file's path inside the archive → its size and SHA-256
 * @throws BackupError naming the first file that is missing, of another size, altered, or not listed
 */
export function checkFiles(manifest: Manifest, found: ReadonlyMap<string, FileSum>, archive: string): void {
  const unlisted = new Map(found);
  unlisted.delete(MANIFEST);
  for (const file of manifest.files) {
    const sum = unlisted.get(file.path);
    if (!sum) throw new BackupError(`${archive} is damaged: ${file.path} is listed in the manifest but missing.`);
    unlisted.delete(file.path);
    if (sum.size !== file.size) throw new BackupError(`${archive} is damaged: ${file.path} has ${sum.size} bytes, the manifest says ${file.size}.`);
    if (sum.sha256 !== file.sha256) throw new BackupError(`${archive} is damaged: ${file.path} does not match its SHA-256 checksum.`);
  }
  if (unlisted.size > 0) throw new BackupError(`${archive} holds files its manifest does not list: ${[...unlisted.keys()].slice(0, 5).join(", ")}`);
}

/**
 * Checks that the backup can go into this install: the same database kind as configured, its database copy listed,
 * and no migration that this version of Shoreline does not know (a backup made by a newer version).
 * @throws BackupError saying what to do instead
 */
export function checkFitsInstall(manifest: Manifest, config: Config, archive: string): void {
  const configured = dialectOf(config);
  if (manifest.dialect !== configured) {
    throw new BackupError(
      `This backup holds a ${DIALECT_NAMES[manifest.dialect]} database, but this install is configured for ${DIALECT_NAMES[configured]} ` +
        `(${configured === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is not set"}). Restore it into an install of the same kind.`,
    );
  }
  const expected = databaseEntry(manifest.dialect);
  if (manifest.database.file !== expected || !manifest.files.some((f) => f.path === expected)) {
    throw new BackupError(`${archive} is not a usable Shoreline backup: it lists no ${expected}`);
  }
  const unknown = manifest.database.migrations.filter((name) => !(name in knownMigrations));
  if (unknown.length > 0) {
    throw new BackupError(`This backup was made by a newer version of Shoreline (migrations ${unknown.join(", ")}); upgrade Shoreline first, then restore.`);
  }
}

/** How many document files the manifest lists. */
export function documentCount(manifest: Manifest): number {
  return manifest.files.filter((f) => f.path.startsWith(`${DOCUMENTS_ENTRY}/`)).length;
}

/** How many picture files (WebP variants) the manifest lists. */
export function imageCount(manifest: Manifest): number {
  return manifest.files.filter((f) => f.path.startsWith(`${IMAGES_ENTRY}/`)).length;
}
