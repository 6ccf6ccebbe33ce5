import { MaxFileSizeExceededError, MaxFilesExceededError, MaxTotalSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { data, redirect } from "react-router";
import type { Route } from "./+types/documents-upload";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { cleanDisplayName, detectDocumentType, EXTENSIONS, UNSUPPORTED_MESSAGE } from "#app/lib/file-types.server.ts";
import { addDocument, newDocumentId } from "#app/models/documents.server.ts";

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
 * unsupported or oversized one is refused with a message and nothing of it is kept. Answers JSON to the upload
 * widget (`Accept: application/json`), or redirects back to the documents screen for a plain form post.
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
  const files: { name: string; bytes: Uint8Array }[] = [];
  try {
    await parseFormData(request, { maxFileSize: MAX_DOCUMENT_BYTES, maxFiles: MAX_FILES }, async (upload: FileUpload) => {
      if (upload.fieldName === "file" && upload.name) files.push({ name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) });
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      result.errors.push({ name: "upload", message: TOO_LARGE_MESSAGE });
      return reply(413);
    }
    if (error instanceof MaxFilesExceededError) {
      result.errors.push({ name: "upload", message: `Upload at most ${MAX_FILES} files at a time.` });
      return reply(400);
    }
    throw error;
  }
  if (files.length === 0) {
    result.errors.push({ name: "upload", message: "Choose a file to upload." });
    return reply(400);
  }
  for (const file of files) {
    const displayName = cleanDisplayName(file.name);
    const type = await detectDocumentType(file.bytes, file.name);
    if (!type) {
      logger.info({ name: displayName, size: file.bytes.length }, "upload refused: type not supported");
      result.errors.push({ name: displayName, message: UNSUPPORTED_MESSAGE });
      continue;
    }
    try {
      const id = await newDocumentId(db, EXTENSIONS[type]);
      await addDocument(db, storage, { id, displayName, contentType: type, bytes: file.bytes });
      result.uploaded.push(displayName);
    } catch (error) {
      logger.error({ err: error, name: displayName }, "upload failed");
      result.errors.push({ name: displayName, message: "Failed to upload file. Please try again." });
    }
  }
  return reply(result.errors.length > 0 && result.uploaded.length === 0 ? 400 : 200);
}

export function loader() {
  return redirect("/admin/documents");
}
