/**
 * Responses of the feeds and open-data files: their content type, a short public cache life, and (for downloads) a
 * file name. They are resource routes without `handle.pageCache`, so the page cache (server/page-handler.ts) leaves
 * them alone and these headers reach the client as written.
 */
import { create as contentDisposition } from "content-disposition";

/** How long browsers, calendar apps, feed readers and proxies may keep a feed, in seconds (5 minutes). */
export const FEED_MAX_AGE_SECONDS = 300;

/**
 * A 200 response of a feed or data file.
 * @param body the document, or a byte stream of it
 * @param contentType e.g. "text/calendar; charset=utf-8"
 * @param filename when given, `Content-Disposition: attachment` with that name (RFC 6266)
 */
export function feedResponse(body: string | ReadableStream<Uint8Array>, contentType: string, filename?: string): Response {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": `public, max-age=${FEED_MAX_AGE_SECONDS}` });
  if (filename) headers.set("Content-Disposition", contentDisposition(filename, { type: "attachment" }));
  return new Response(body, { headers });
}

/** The calendar's address for calendar apps: the public address with `webcal:` in place of `http(s):`. */
export function webcalUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/^https?:/, "webcal:")}${path}`;
}
