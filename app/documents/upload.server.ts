/**
 * Document uploads (spec §5; issues 12 and 28): each file of a multipart request (field "file", up to 10 at once) is
 * judged by its content (app/documents/file-types.server.ts): a PDF or a text goes to the store while it arrives,
 * checked on the way; a zip, a compound file or a picture is read whole (up to the size limit), judged, and a
 * picture stored without its metadata. The request is one unit: if it fails later (the client goes away, a later
 * file is too large, too many files), the documents stored from it are removed again, rows and bytes
 * (docs/decisions/011-object-storage.md). A replaced file (`receiveReplacement`) keeps its document's address.
 */
import { Transform, type Readable } from "node:stream";
import { MaxFileSizeExceededError, MaxFilesExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError, MultipartParseError } from "@remix-run/form-data-parser";
import type { Database } from "#app/platform/data/db.server.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { readHead, readMultipartStream, type StreamedFile } from "#app/platform/files/multipart-stream.server.ts";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_FILES as MAX_FILES, MAX_DOCUMENT_SIZE_TEXT } from "#app/platform/files/upload-limits.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { addDocument, deleteDocument, getDocument, newDocumentId, replaceDocumentFile, setDocumentCategories } from "./data/documents.server.ts";
import { getCategory } from "./data/categories.server.ts";
import {
  cleanDisplayName,
  createTextCheck,
  detectDocumentStart,
  detectWholeDocument,
  EXTENSIONS,
  HEAD_BYTES,
  NO_NAME_MESSAGE,
  PICTURE_TYPES,
  stripPicture,
  textType,
  UNSUPPORTED_MESSAGE,
  type AcceptedType,
  type PictureType,
} from "./file-types.server.ts";

export const TOO_LARGE_MESSAGE = `That file is too large: documents of up to ${MAX_DOCUMENT_SIZE_TEXT} are accepted.`;

/** What receiving documents needs of the services. */
export interface DocumentServices {
  db: Database;
  storage: Storage;
  logger: Logger;
}

/** A file without a binary signature that turned out not to be text (at byte `at`): refused, nothing kept. */
class NotText extends Error {
  override name = "NotText";
  readonly at: number;
  constructor(at: number) {
    super("not text");
    this.at = at;
  }
}

/** Passes a file through unchanged while `createTextCheck` accepts it; fails with NotText from the first refusal. */
function checkedText(): Transform {
  const check = createTextCheck();
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      at += chunk.length;
      done(check.push(chunk) ? null : new NotText(at), chunk);
    },
    flush(done) {
      done(check.end() ? null : new NotText(at));
    },
  });
}

/**
 * A file judged by its content: its type and its bytes, or the rest of its stream (a text still to be checked to its
 * end on the way: `body`), or refused (with its size so far).
 */
type Judged = { contentType: AcceptedType; bytes: Uint8Array } | { contentType: AcceptedType; stream: Readable; text: boolean } | { refused: number };

/**
 * What to store of a judged file: its bytes, or its stream, a text's through the text check. Called just before the
 * store reads it, so that a text refused at its end has its reader's error handler by then (a check that fails with
 * nobody listening would bring the process down).
 */
function body(judged: Exclude<Judged, { refused: number }>): { bytes: Uint8Array } | { stream: Readable } {
  if ("bytes" in judged) return { bytes: judged.bytes };
  if (!judged.text) return { stream: judged.stream };
  const stream = judged.stream.pipe(checkedText());
  judged.stream.once("error", (error) => stream.destroy(error));
  return { stream };
}

/**
 * Judges a file of an upload by its content as it arrives. A PDF is passed on as a stream; a text as a stream that
 * `body` checks on the way (failing with NotText at its first bad byte); a zip, compound file or picture is read
 * whole and judged (a picture stripped of its metadata, or refused when it cannot be read).
 * @throws what the body throws while it is read whole (too large, broken off)
 */
async function judge(file: StreamedFile): Promise<Judged> {
  const { head, whole } = await readHead(file.body, HEAD_BYTES);
  const start = await detectDocumentStart(head);
  if (!start) {
    whole.destroy();
    return { refused: head.length };
  }
  if (start === "whole") {
    const bytes = Buffer.concat(await whole.toArray());
    const type = await detectWholeDocument(bytes);
    if (!type) return { refused: bytes.length };
    if (!(PICTURE_TYPES as readonly string[]).includes(type)) return { contentType: type, bytes };
    try {
      return { contentType: type, bytes: await stripPicture(bytes, type as PictureType) };
    } catch {
      return { refused: bytes.length };
    }
  }
  if (start === "application/pdf") return { contentType: start, stream: whole, text: false };
  return { contentType: textType(file.name), stream: whole, text: true };
}

/** The request itself failed (too large, broken off): answered for the whole request, not for one file. */
const failedRequest = (error: unknown) => error instanceof MultipartParseError || error instanceof MaxFileSizeExceededError;

/** What an upload did: the names stored, and a message per file (or for the whole request) refused. */
export interface UploadResult {
  uploaded: string[];
  errors: { name: string; message: string }[];
}

/**
 * The outcome of an upload request: what it did, the HTTP status to answer with (200, or 400/413 when nothing was
 * kept), and whether the body was left unread (the connection then closes after the answer).
 */
export interface UploadOutcome {
  result: UploadResult;
  status: number;
  unread: boolean;
}

/** The answer to a request that failed as a whole (`readMultipartStream` threw), or the error again when it is a fault. */
function requestFailure(error: unknown, result: UploadResult, reply: (status: number, unread: boolean) => UploadOutcome): UploadOutcome {
  if (error instanceof MaxFileSizeExceededError) {
    result.errors = [{ name: "upload", message: TOO_LARGE_MESSAGE }];
    return reply(413, true);
  }
  if (error instanceof MaxFilesExceededError) {
    result.errors = [{ name: "upload", message: `Upload at most ${MAX_FILES} files at a time.` }];
    return reply(400, true);
  }
  // Not a multipart form, a malformed one, or one that broke off (then nobody reads the answer).
  if (error instanceof MultipartParseError || error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
    result.errors = [{ name: "upload", message: "The upload could not be read. Please try again." }];
    return reply(400, true);
  }
  throw error;
}

/**
 * Receives the documents of an upload request. An unsupported file is refused with a message and nothing of it is
 * kept; an oversized one, too many, or a body cut off fails the whole request and nothing of it is kept. The
 * documents are filed under the category the form's "category" field (or the address's `?category=`) names, if any.
 * @throws what the store or the database throws beyond those (a fault, not a refusal)
 */
export async function receiveDocuments(services: DocumentServices, request: Request): Promise<UploadOutcome> {
  const { db, storage, logger } = services;
  const result: UploadResult = { uploaded: [], errors: [] };
  const reply = (status = 200, unread = false): UploadOutcome => ({ result, status, unread });

  const stored: string[] = [];
  let received = 0;
  const refuse = (displayName: string, size: number) => {
    logger.info({ name: displayName, size }, "upload refused: type not supported");
    result.errors.push({ name: displayName, message: UNSUPPORTED_MESSAGE });
  };
  const store = async (file: StreamedFile) => {
    if (file.fieldName !== "file" || !file.name) return;
    received++;
    const displayName = cleanDisplayName(file.name);
    if (!displayName) {
      result.errors.push({ name: "upload", message: NO_NAME_MESSAGE });
      return;
    }
    try {
      const judged = await judge(file);
      if ("refused" in judged) return refuse(displayName, judged.refused);
      const id = await newDocumentId(db, EXTENSIONS[judged.contentType]);
      await addDocument(db, storage, { id, displayName, contentType: judged.contentType, ...body(judged) });
      stored.push(id);
      result.uploaded.push(displayName);
    } catch (error) {
      if (error instanceof NotText) return refuse(displayName, error.at);
      if (failedRequest(error)) return;
      logger.error({ err: error, name: displayName }, "upload failed");
      result.errors.push({ name: displayName, message: "Failed to upload file. Please try again." });
    }
  };
  let fields: Record<string, string>;
  try {
    fields = await readMultipartStream(request, { maxFileSize: MAX_DOCUMENT_BYTES, maxFiles: MAX_FILES }, store);
  } catch (error) {
    for (const id of stored) {
      await deleteDocument(db, storage, id).catch((removeError: unknown) => logger.error({ err: removeError, id }, "could not remove a document of a failed upload"));
    }
    result.uploaded = [];
    if (stored.length > 0) logger.info({ documents: stored.length }, "upload failed half-way: the documents stored from it were removed");
    return requestFailure(error, result, reply);
  }
  if (received === 0) {
    result.errors.push({ name: "upload", message: "Choose a file to upload." });
    return reply(400);
  }
  const categoryId = fields.category || new URL(request.url).searchParams.get("category") || "";
  if (categoryId && stored.length > 0 && (await getCategory(db, categoryId))) await setDocumentCategories(db, stored, categoryId);
  return reply(result.errors.length > 0 && result.uploaded.length === 0 ? 400 : 200);
}

/** What replacing a document's file did: "replaced", or a message for the board (nothing changed then). */
export type ReplaceOutcome = { status: 200; replaced: string } | { status: 400 | 404 | 413; message: string; unread: boolean };

/**
 * Replaces the file of the document `id` with the one file of the request (field "file"), judged by its content as
 * an upload is. The document keeps its id, name, category and address; the new bytes are stored under a new key,
 * the record points at them, then the old bytes are removed (`replaceDocumentFile`). A refused, oversized or broken
 * file changes nothing.
 * @throws what the store or the database throws (a fault; the document is unchanged)
 */
export async function receiveReplacement(services: DocumentServices, request: Request, id: string): Promise<ReplaceOutcome> {
  const { db, storage, logger } = services;
  const document = await getDocument(db, id);
  if (!document) return { status: 404, message: "That document is gone. Please reload the page.", unread: true };
  let outcome: ReplaceOutcome | undefined;
  const take = async (file: StreamedFile) => {
    if (file.fieldName !== "file" || !file.name || outcome) {
      file.body.resume();
      return;
    }
    try {
      const judged = await judge(file);
      if ("refused" in judged) {
        logger.info({ id, size: judged.refused }, "replacement refused: type not supported");
        outcome = { status: 400, message: UNSUPPORTED_MESSAGE, unread: false };
        return;
      }
      const key = await newDocumentId(db, EXTENSIONS[judged.contentType]);
      const replaced = await replaceDocumentFile(db, storage, id, { key, contentType: judged.contentType, ...body(judged) });
      if (!replaced) {
        outcome = { status: 404, message: "That document is gone. Please reload the page.", unread: false };
        return;
      }
      if (!replaced.removed) logger.error({ id, key: replaced.oldKey }, "the replaced file's old bytes could not be removed");
      logger.info({ id, key, contentType: judged.contentType }, "document file replaced");
      outcome = { status: 200, replaced: document.displayName };
    } catch (error) {
      if (error instanceof NotText) {
        outcome = { status: 400, message: UNSUPPORTED_MESSAGE, unread: false };
        return;
      }
      if (failedRequest(error)) return;
      throw error;
    }
  };
  try {
    await readMultipartStream(request, { maxFileSize: MAX_DOCUMENT_BYTES, maxFiles: 1 }, take);
  } catch (error) {
    const result: UploadResult = { uploaded: [], errors: [] };
    const failed = requestFailure(error, result, (status) => ({ result, status, unread: true }));
    return { status: failed.status === 413 ? 413 : 400, message: result.errors[0]!.message, unread: true };
  }
  return outcome ?? { status: 400, message: "Choose a file to replace it with.", unread: false };
}
