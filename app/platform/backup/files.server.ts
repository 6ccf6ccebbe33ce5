/**
 * File work shared by backup and restore: checksums, flushing to disk, and the stored files (documents, pictures)
 * on disk or in object storage.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, link, lstat, mkdir, open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { STORAGE_ID, type Storage } from "#app/platform/files/storage.server.ts";
import { BackupError, type FileSum } from "./manifest.server.ts";

/** A file's size in bytes and its SHA-256 (hex). */
export async function fileSum(file: string): Promise<FileSum> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return { size: (await stat(file)).size, sha256: hash.digest("hex") };
}

/**
 * Every file below `dir` with its size and SHA-256, keyed by its path relative to `dir` ("/" separators).
 * @throws BackupError when the folder holds anything but plain files and folders (a link, a device, ...)
 */
export async function fileSums(dir: string, prefix = ""): Promise<Map<string, FileSum>> {
  const sums = new Map<string, FileSum>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [p, sum] of await fileSums(full, relative)) sums.set(p, sum);
    else if (entry.isFile()) sums.set(relative, await fileSum(full));
    else throw new BackupError(`The archive holds ${relative}, which is not a plain file.`);
  }
  return sums;
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

/** Whether anything (a file, a folder, a dangling link) is at `p`. */
export async function exists(p: string): Promise<boolean> {
  return lstat(p).then(
    () => true,
    () => false,
  );
}

/**
 * Puts every stored document into `target` (hard links: instant, and the bytes stay even if the file is deleted
 * meanwhile; a copy where links are impossible). Temporary files of uploads in progress are left out, and so are
 * documents deleted while this runs.
 * @param ids the names of stored files (`STORAGE_ID` for documents, `IMAGE_FILE_ID` for pictures)
 * @returns the names (storage ids) of the files staged, sorted
 */
export async function stageDocuments(documentsDir: string, target: string, ids: RegExp = STORAGE_ID): Promise<string[]> {
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
    if (!ids.test(name)) continue; // ".<id>.<uuid>.tmp": an upload being written
    if (await linkOrCopy(path.join(documentsDir, name), path.join(target, name))) staged.push(name);
  }
  return staged;
}

/**
 * Hard-links `from` to `to`, or copies it where links are impossible (another file system, no permission).
 * @returns false when `from` does not exist (any more)
 */
export async function linkOrCopy(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP") throw error;
  }
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Downloads every file of a store (object storage) into `target`, one stream at a time; files removed while this
 * runs are left out.
 * @returns the ids of the files staged, sorted
 * @throws what the store throws (the bucket unreachable, access denied)
 */
export async function stageObjects(store: Storage, target: string): Promise<string[]> {
  await mkdir(target, { recursive: true });
  const staged: string[] = [];
  for (const id of await store.list()) {
    const file = await store.get(id);
    if (!file) continue;
    await pipeline(file.stream, createWriteStream(path.join(target, id), { flags: "wx" }));
    staged.push(id);
  }
  return staged;
}
