/**
 * React Router behind Express, with a cache of public pages in memory (performance target of issue 5).
 *
 * A GET of a public page (or its `.data` for client navigation) by a visitor without a session is kept, keyed by
 * URL and the association's date, and served again for as long as the data it was made from is unchanged: every
 * request reads the change counters (one small query) and compares them with those the page was made with. Each
 * served copy gets the response's own CSP nonce in place of the one it was rendered with, so nonces stay
 * per-response. A weak ETag (the body without its nonce) lets browsers revalidate with a 304.
 */
import { createHash } from "node:crypto";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { association } from "#content/association.ts";
import { todayIn } from "#app/lib/dates.ts";
import type { Database } from "#app/lib/db.server.ts";
import { getVersions } from "#app/models/changes.server.ts";

/** Pages whose content is the same for every visitor. */
const PUBLIC_PAGE = /^\/(|the-lake|news-events|membership|contact-us|more(\/[^/]+(\/[^/]+)?)?|_root)$/;
const MAX_ENTRIES = 500;

interface Entry {
  versions: string;
  status: number;
  headers: [string, string][];
  /**
   * The body as UTF-8 bytes, cut where its nonce was, so that each copy is written with its own nonce without a
   * search, an encoding or a copy of the page: the parts are written to the socket as they are.
   */
  parts: Buffer[];
  /** Bytes of the parts together. */
  partsLength: number;
  etag: string;
}

export interface PageHandlerOptions {
  build: () => Promise<ServerBuild>;
  db: Database;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}

/** Whether a request may be answered from (and fill) the cache. */
export function isCacheable(req: ExpressRequest): boolean {
  if (req.method !== "GET") return false;
  if (/session_token=/.test(req.get("cookie") ?? "")) return false;
  return PUBLIC_PAGE.test(req.path.replace(/\.data$/, "").replace(/\/$/, "") || "/");
}

let today = { at: 0, date: "" };
/** The association's calendar date, worked out at most once a second (it is part of every cache key). */
function associationToday(): string {
  const now = Date.now();
  if (now - today.at >= 1000) today = { at: now, date: todayIn(association.timeZone, new Date(now)) };
  return today.date;
}

export function createPageHandler({ build, db, getLoadContext }: PageHandlerOptions) {
  let handle: ((request: Request, context: RouterContextProvider) => Promise<Response>) | undefined;
  const cache = new Map<string, Entry>();

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      handle ??= createRequestHandler(build, "production");
      const nonce = String(res.locals.nonce ?? "");
      if (!isCacheable(req)) {
        await send(res, await handle(toRequest(req, res), getLoadContext(req, res)));
        return;
      }
      const versions = JSON.stringify(await getVersions(db));
      const key = `${req.originalUrl}|${associationToday()}`;
      let entry = cache.get(key);
      if (!entry || entry.versions !== versions) {
        const response = await handle(toRequest(req, res), getLoadContext(req, res));
        if (response.status !== 200 || response.headers.has("set-cookie")) {
          await send(res, response);
          return;
        }
        const body = await response.text();
        const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
        const parts = (isHtml && nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, "utf8"));
        entry = {
          versions,
          status: response.status,
          headers: [...response.headers.entries()].filter(([name]) => name !== "content-length"),
          parts,
          partsLength: parts.reduce((sum, part) => sum + part.length, 0),
          etag: `W/"${parts.reduce((hash, part) => hash.update(part), createHash("sha1")).digest("base64url")}"`,
        };
        cache.delete(key);
        cache.set(key, entry);
        if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      }
      serve(entry, req, res, nonce);
    } catch (error) {
      next(error);
    }
  };
}

function serve(entry: Entry, req: ExpressRequest, res: ExpressResponse, nonce: string) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", "no-cache");
  if (req.get("if-none-match")?.split(/\s*,\s*/).includes(entry.etag)) {
    // A 304 updates the browser's stored headers: without a CSP header here, the stored one keeps matching the
    // nonce of the stored page.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  const nonceBytes = Buffer.from(nonce, "utf8");
  res.status(entry.status);
  res.setHeader("Content-Length", entry.partsLength + nonceBytes.length * (entry.parts.length - 1));
  entry.parts.forEach((part, i) => {
    if (i > 0) res.write(nonceBytes);
    res.write(part);
  });
  res.end();
}

function toRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const host = (req.app.enabled("trust proxy") && req.get("x-forwarded-host")) || req.get("host") || "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
