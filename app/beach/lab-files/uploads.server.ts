/**
 * Uploaded lab files kept between the import's steps (mapping, preview, import): each is streamed to a temporary
 * file under the system's temporary folder, named by a random token, with its original name beside it, and removed
 * when the board imports it or chooses "Import nothing"; files left for a day are swept at the next upload. The steps
 * must reach the process that received the file (one instance, or sticky sessions; decision 031).
 */
import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MaxFileSizeExceededError, MaxFilesExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError, MultipartParseError } from "@remix-run/form-data-parser";
import { readMultipartStream } from "#app/platform/files/multipart-stream.server.ts";
import { LAB_FILE_TOO_LARGE, MAX_LAB_FILE_BYTES } from "./limits.ts";

/** Where uploads wait: a folder of the system's temporary folder (TMPDIR). */
export function labUploadDir(): string {
  return path.join(tmpdir(), "shoreline-lab-files");
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_MS = 86_400_000;

/**
 * Streams an upload to a new temporary file.
 * @param name the file's name as the browser sent it (shown back to the board)
 * @returns the upload's token
 * @throws what the stream throws (a body cut off, a file over the limit); nothing is kept then
 */
export async function saveLabUpload(body: Readable, name: string): Promise<string> {
  const dir = labUploadDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await sweepLabUploads().catch(() => undefined);
  const token = crypto.randomUUID();
  const file = path.join(dir, token);
  try {
    await pipeline(body, createWriteStream(file, { mode: 0o600 }));
    await writeFile(`${file}.json`, JSON.stringify({ name: name.slice(0, 200) }), { mode: 0o600 });
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return token;
}

/** The upload's file and name, or undefined when the token is not one or its file is gone. */
export async function findLabUpload(token: string): Promise<{ path: string; name: string } | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const file = path.join(labUploadDir(), token);
  try {
    const meta = JSON.parse(await readFile(`${file}.json`, "utf8")) as { name?: unknown };
    return { path: file, name: typeof meta.name === "string" ? meta.name : "" };
  } catch {
    return undefined;
  }
}

/** Removes an upload (nothing when the token is not one). */
export async function removeLabUpload(token: string): Promise<void> {
  if (!TOKEN.test(token)) return;
  const file = path.join(labUploadDir(), token);
  await rm(file, { force: true });
  await rm(`${file}.json`, { force: true });
}

/** Removes the uploads older than `maxAge` ms (default a day). */
export async function sweepLabUploads(maxAge = DAY_MS, now = Date.now()): Promise<void> {
  const dir = labUploadDir();
  for (const entry of await readdir(dir)) {
    const file = path.join(dir, entry);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > maxAge) await rm(file, { force: true });
  }
}

/**
 * Receives a lab file upload request (multipart, the file in the field "file"), streamed to a temporary file.
 * @returns the upload's token, or the board's message and the status to answer with (413 too large, 400 unreadable
 *   or no file; `unread` when the rest of the body was not read: answer with "Connection: close")
 * @throws what the disk throws (a fault, not a refusal)
 */
export async function receiveLabUpload(request: Request): Promise<{ token: string } | { error: string; status: number; unread: boolean }> {
  let token: string | undefined;
  try {
    await readMultipartStream(request, { maxFileSize: MAX_LAB_FILE_BYTES, maxFiles: 1 }, async (file) => {
      if (file.fieldName !== "file" || !file.name) {
        file.body.resume();
        return;
      }
      token = await saveLabUpload(file.body, file.name);
    });
  } catch (error) {
    if (token) await removeLabUpload(token);
    if (error instanceof MaxFileSizeExceededError) return { error: LAB_FILE_TOO_LARGE, status: 413, unread: true };
    if (error instanceof MaxFilesExceededError || error instanceof MultipartParseError || error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      return { error: "The upload could not be read. Please try again.", status: 400, unread: true };
    }
    throw error;
  }
  return token ? { token } : { error: "Choose a lab file to upload.", status: 400, unread: false };
}
