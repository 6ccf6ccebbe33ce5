/**
 * The sizes uploads may have, in bytes, shared by the forms that say them, the routes that enforce them and the body
 * gate (their routes' `handle.body`), which must know them before the route runs (so they cannot live in a
 * `.server` module: a route's handle is also sent to the browser).
 */
import { DEFAULT_BODY_LIMIT, type BodyRule } from "#app/platform/http/request-body.ts";

/** Largest document accepted, in bytes (20 MB). */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** The document size limit as the upload screen and its messages say it: "20 MB". */
export const MAX_DOCUMENT_SIZE_TEXT = `${Math.floor(MAX_DOCUMENT_BYTES / (1024 * 1024))} MB`;
/** Most documents in one upload. */
export const MAX_DOCUMENT_FILES = 10;
/** Largest picture accepted, in bytes (20 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Largest lab CSV file accepted, in bytes (5 MB). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * The body rule of an upload route: `files` files of up to `fileBytes` each, plus 1 MB for the other fields and the
 * parts' headers.
 */
export function uploadBody(files: number, fileBytes: number): BodyRule {
  return { kind: "upload", limit: files * fileBytes + DEFAULT_BODY_LIMIT };
}

/**
 * The body rule of a form with `pictures` picture fields: each is read up to twice the picture limit, so that an
 * oversized one is answered with its size message and the form as typed (`readImageForm`).
 */
export const imageFormBody = (pictures: number): BodyRule => uploadBody(pictures, 2 * MAX_IMAGE_BYTES);
