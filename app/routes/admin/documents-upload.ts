import { MaxFileSizeExceededError, MaxFilesExceededError, MaxTotalSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { data, redirect } from "react-router";
import type { Route } from "./+types/documents-upload";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { cleanDisplayName, detectDocumentType, EXTENSIONS, UNSUPPORTED_MESSAGE } from "#app/lib/file-types.server.ts";
import { addDocument, deleteDocument, newDocumentId } from "#app/models/documents.server.ts";

/** Largest document accepted, in bytes. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const MAX_FILES = 10;
export const TOO_LARGE_MESSAGE = "That file is too large: documents of up to 20 MB are accepted.";

interface UploadResult {
  uploaded: string[];
  errors: { name: string; message: string }[];
}

/**
 * Receives document uploads (multipart, field "file", up to 10 at once). Each file is judged by its content; an
 * unsupported one is refused with a message and nothing of it is kept; an oversized one, or a body cut off, fails
 * the whole request and nothing of it is kept. Answers JSON to the upload widget (`Accept: application/json`), or
 * redirects back to the documents screen for a plain form post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { db, storage, logger } = getServices(context);
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const result: UploadResult = { uploaded: [], errors: [] };
  const reply = (status = 200) => {
    if (wantsJson) return data(result, { status });
    const params = new URLSearchParams();
    if (result.uploaded.length) params.set("uploaded", String(result.uploaded.length));
    for (const e of result.errors) params.append("error", `${e.name}: ${e.message}`);
    return redirect(`/admin/documents?${params}`);
  };

  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_FILES * MAX_DOCUMENT_BYTES + 1024 * 1024) {
    result.errors.push({ name: "upload", message: TOO_LARGE_MESSAGE });
    return reply(413);
  }
  // Each file is judged and stored as soon as the parser has it, so one file at most is in memory (the parser holds
  // a part whole, up to 20 MB: docs/decisions/011-object-storage.md). The request is one unit: if it fails later
  // (the client goes away, a later file is too large, too many files), the documents stored from it are removed
  // again, rows and bytes, and nothing of it is left.
  const stored: string[] = [];
  let received = 0;
  const store = async (upload: FileUpload) => {
    if (upload.fieldName !== "file" || !upload.name) return;
    received++;
    const bytes = new Uint8Array(await upload.arrayBuffer());
    const displayName = cleanDisplayName(upload.name);
    const type = await detectDocumentType(bytes, upload.name);
    if (!type) {
      logger.info({ name: displayName, size: bytes.length }, "upload refused: type not supported");
      result.errors.push({ name: displayName, message: UNSUPPORTED_MESSAGE });
      return;
    }
    try {
      const id = await newDocumentId(db, EXTENSIONS[type]);
      await addDocument(db, storage, { id, displayName, contentType: type, bytes });
      stored.push(id);
      result.uploaded.push(displayName);
    } catch (error) {
      logger.error({ err: error, name: displayName }, "upload failed");
      result.errors.push({ name: displayName, message: "Failed to upload file. Please try again." });
    }
  };
  try {
    await parseFormData(request, { maxFileSize: MAX_DOCUMENT_BYTES, maxFiles: MAX_FILES }, store);
  } catch (error) {
    for (const id of stored) {
      await deleteDocument(db, storage, id).catch((removeError: unknown) => logger.error({ err: removeError, id }, "could not remove a document of a failed upload"));
    }
    result.uploaded = [];
    if (stored.length > 0) logger.info({ documents: stored.length }, "upload failed half-way: the documents stored from it were removed");
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      result.errors = [{ name: "upload", message: TOO_LARGE_MESSAGE }];
      return reply(413);
    }
    if (error instanceof MaxFilesExceededError) {
      result.errors = [{ name: "upload", message: `Upload at most ${MAX_FILES} files at a time.` }];
      return reply(400);
    }
    throw error;
  }
  if (received === 0) {
    result.errors.push({ name: "upload", message: "Choose a file to upload." });
    return reply(400);
  }
  return reply(result.errors.length > 0 && result.uploaded.length === 0 ? 400 : 200);
}

export function loader() {
  return redirect("/admin/documents");
}
