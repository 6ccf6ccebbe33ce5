/**
 * Document uploads (spec §5; issue 12): each file of a multipart request (field "file", up to 10 at once) goes to the
 * store while it arrives, judged by its content on the way (app/documents/file-types.server.ts). The request is one
 * unit: if it fails later (the client goes away, a later file is too large, too many files), the documents stored
 * from it are removed again, rows and bytes (docs/decisions/011-object-storage.md).
 */
import { Transform } from "node:stream";
import { MaxFileSizeExceededError, MaxFilesExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError, MultipartParseError } from "@remix-run/form-data-parser";
import type { Database } from "#app/platform/data/db.server.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { readHead, readMultipartStream, type StreamedFile } from "#app/platform/files/multipart-stream.server.ts";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_FILES as MAX_FILES } from "#app/platform/files/upload-limits.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { addDocument, deleteDocument, newDocumentId } from "./data/documents.server.ts";
import { cleanDisplayName, createTextCheck, detectDocumentStart, EXTENSIONS, HEAD_BYTES, NO_NAME_MESSAGE, textType, UNSUPPORTED_MESSAGE } from "./file-types.server.ts";

export const TOO_LARGE_MESSAGE = "That file is too large: documents of up to 20 MB are accepted.";

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

/**
 * Receives the documents of an upload request. An unsupported file is refused with a message and nothing of it is
 * kept; an oversized one, too many, or a body cut off fails the whole request and nothing of it is kept.
 * @throws what the store or the database throws beyond those (a fault, not a refusal)
 */
export async function receiveDocuments(services: DocumentServices, request: Request): Promise<UploadOutcome> {
  const { db, storage, logger } = services;
  const result: UploadResult = { uploaded: [], errors: [] };
  const reply = (status = 200, unread = false): UploadOutcome => ({ result, status, unread });

  // A file's first bytes decide its type; a text file is checked to its end on the way, and one that fails is not kept.
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
    const { head, whole } = await readHead(file.body, HEAD_BYTES);
    const start = await detectDocumentStart(head);
    if (!start) {
      whole.destroy();
      return refuse(displayName, head.length);
    }
    const contentType = start === "text" ? textType(file.name) : start;
    const stream = start === "text" ? whole.pipe(checkedText()) : whole;
    if (start === "text") whole.once("error", (error) => stream.destroy(error));
    try {
      const id = await newDocumentId(db, EXTENSIONS[contentType]);
      await addDocument(db, storage, { id, displayName, contentType, stream });
      stored.push(id);
      result.uploaded.push(displayName);
    } catch (error) {
      if (error instanceof NotText) return refuse(displayName, error.at);
      // The request itself failed (too large, broken off): answered below, for the whole request.
      if (error instanceof MultipartParseError || error instanceof MaxFileSizeExceededError) return;
      logger.error({ err: error, name: displayName }, "upload failed");
      result.errors.push({ name: displayName, message: "Failed to upload file. Please try again." });
    }
  };
  try {
    await readMultipartStream(request, { maxFileSize: MAX_DOCUMENT_BYTES, maxFiles: MAX_FILES }, store);
  } catch (error) {
    for (const id of stored) {
      await deleteDocument(db, storage, id).catch((removeError: unknown) => logger.error({ err: removeError, id }, "could not remove a document of a failed upload"));
    }
    result.uploaded = [];
    if (stored.length > 0) logger.info({ documents: stored.length }, "upload failed half-way: the documents stored from it were removed");
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
  if (received === 0) {
    result.errors.push({ name: "upload", message: "Choose a file to upload." });
    return reply(400);
  }
  return reply(result.errors.length > 0 && result.uploaded.length === 0 ? 400 : 200);
}
