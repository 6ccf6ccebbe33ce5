/**
 * Where document and picture bytes live. The default keeps them on local disk under `$DATA_DIR/documents/` and
 * `$DATA_DIR/images/` (`createDiskStorage`); with STORAGE_URL they are objects in an S3-compatible bucket
 * (`createS3Storage`, app/platform/files/storage-s3.server.ts). Ids are made by the server (time stamp + extension, or a
 * picture's random id and width), never taken from a client, so they cannot escape the folder or prefix.
 */
import { constants, createReadStream } from "node:fs";
import { access, link, mkdir, open, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What `put` stores: the bytes in memory, or a stream read to its end (an upload arriving from the client). */
export type StorageBody = Uint8Array | Readable;

export interface Storage {
  /**
   * Stores a new file under `id`, atomically: a reader sees the whole file or none. A stream is read to its end;
   * when it fails (the client went away, a size limit was hit) nothing is left stored and its error is thrown.
   * @param size the stream's length in bytes when known (lets S3 skip multipart for small files); ignored for bytes
   * @throws RangeError for an id the store does not accept, before anything is written; an error when a file with
   *   that id exists already (it is never overwritten)
   */
  put(id: string, body: StorageBody, size?: number): Promise<void>;
  /** A stream of the bytes and their number, or undefined when there is no such file. */
  get(id: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the file; nothing happens when it is already gone. */
  remove(id: string): Promise<void>;
  /** The ids of every stored file, sorted (what an upload in progress writes is left out). For backups. */
  list(): Promise<string[]>;
  /**
   * Removes what an interrupted upload may have left (disk: temporary files; S3: unfinished multipart uploads);
   * returns how many. Run at start-up, when no upload is in progress.
   */
  sweep(): Promise<number>;
  /** Resolves when the store can be written (disk: the folder is or can be made writable; S3: the bucket answers). */
  check(): Promise<void>;
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
    async put(id, body) {
      const target = path.join(dir, checkedId(id));
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${id}.${crypto.randomUUID()}.tmp`);
      try {
        if (body instanceof Uint8Array) await writeFile(temporary, body, { flush: true });
        else {
          // Opened here, not lazily by the stream: a stream that fails at once must not create the file after the
          // unlink below.
          const handle = await open(temporary, "wx");
          await pipeline(body, handle.createWriteStream({ flush: true }));
        }
        // link() puts the whole file in place at once and, unlike rename(), fails rather than replace another.
        await link(temporary, target);
      } finally {
        await unlink(temporary).catch(() => undefined);
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
    async list() {
      try {
        return (await readdir(dir)).filter((name) => ids.test(name)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
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
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
  };
}
