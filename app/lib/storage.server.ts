/**
 * Where document bytes live. The default keeps them on local disk under `$DATA_DIR/documents/`; the interface is
 * what an S3-compatible back end implements too. Ids are made by the server (time stamp + extension), never taken
 * from a client, so they cannot escape the folder.
 */
import { createReadStream } from "node:fs";
import { link, mkdir, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export interface Storage {
  /**
   * Stores the bytes under a new `id`, atomically: a reader sees the whole file or none.
   * @throws when a file with that id exists already (it is never overwritten)
   */
  put(id: string, bytes: Uint8Array): Promise<void>;
  /** A stream of the bytes, or undefined when there is no such file. */
  get(id: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the file; nothing happens when it is already gone. */
  remove(id: string): Promise<void>;
  /** Removes temporary files a crash during an upload may have left; returns how many. Run at start-up. */
  sweep(): Promise<number>;
}

/** Storage ids: digits, then an optional lower-case extension ("1767312000000.pdf"). */
export const STORAGE_ID = /^\d{13,16}(\.[a-z0-9]{1,8})?$/;

/**
 * Files of the image store: a picture's id (32 lower-case hex digits) and one variant's width in pixels
 * ("0f3c…9a-640.webp"). Like `STORAGE_ID`, no slash, no leading dot, no "..": a name cannot leave its folder.
 */
export const IMAGE_FILE_ID = /^[0-9a-f]{32}-\d{1,4}\.webp$/;

/**
 * Files in one folder on local disk.
 * @param ids the names the folder accepts (`STORAGE_ID` for documents, `IMAGE_FILE_ID` for pictures); any other id is
 *   refused with a RangeError before the disk is touched
 */
export function createDiskStorage(dir: string, ids: RegExp = STORAGE_ID): Storage {
  const checkedId = (id: string): string => {
    if (!ids.test(id)) throw new RangeError(`Not a storage id: ${id}`);
    return id;
  };
  return {
    async put(id, bytes) {
      await mkdir(dir, { recursive: true });
      const target = path.join(dir, checkedId(id));
      const temporary = path.join(dir, `.${id}.${crypto.randomUUID()}.tmp`);
      await writeFile(temporary, bytes, { flush: true });
      // link() puts the whole file in place at once and, unlike rename(), fails rather than replace another.
      try {
        await link(temporary, target);
      } finally {
        await unlink(temporary);
      }
    },
    async get(id) {
      const file = path.join(dir, checkedId(id));
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(id) {
      await rm(path.join(dir, checkedId(id)), { force: true });
    },
    async sweep() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
        throw error;
      }
      const leftovers = names.filter((n) => n.startsWith(".") && n.endsWith(".tmp"));
      await Promise.all(leftovers.map((n) => rm(path.join(dir, n), { force: true })));
      return leftovers.length;
    },
  };
}
