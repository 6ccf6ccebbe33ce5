import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import { data } from "react-router";
import type { Route } from "./+types/document-download";
import { getServices } from "#app/web/context.server.ts";
import { downloadName, type AcceptedType } from "#app/documents/file-types.server.ts";
import { STORAGE_ID } from "#app/platform/files/storage.server.ts";
import { getDocument, storageKeyOf } from "#app/documents/data/documents.server.ts";

/**
 * Downloads a document as an attachment under its display name (RFC 6266 filename and filename*), never rendered
 * inline, so that a stored file cannot run as a page of this site; the name ends with an extension of the type the
 * upload checked and the response declares (`downloadName`), so the saved file opens as that type.
 *
 * A replaced file keeps this address (issue 28): the bytes are read from the record's storage key, and the ETag
 * names that key and the record's last change, so a browser's copy is used again only while neither changed
 * ("no-cache" makes it ask each time; a match is answered 304 without the bytes).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  if (!STORAGE_ID.test(params.id)) throw data(null, { status: 404 });
  const record = await getDocument(db, params.id);
  if (!record) throw data(null, { status: 404 });
  const etag = `"${storageKeyOf(record)}-${record.updated}"`;
  const caching = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (request.headers.get("if-none-match")?.split(/\s*,\s*/).includes(etag)) return new Response(null, { status: 304, headers: caching });
  const file = await storage.get(storageKeyOf(record));
  if (!file) throw data(null, { status: 404 });
  // The upload stores only ACCEPTED_TYPES (app/documents/upload.server.ts).
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": record.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(downloadName(record.displayName, record.contentType as AcceptedType), { type: "attachment" }),
      ...caching,
    },
  });
}
