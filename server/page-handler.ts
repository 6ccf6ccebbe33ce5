/**
 * React Router behind Express (`@react-router/express` turns Express requests into Fetch requests and writes the
 * responses), with a cache of public pages in memory around it (performance targets of issues 5 and 13).
 *
 * A GET of a page whose routes all say `handle.pageCache` (see app/platform/http/route-handle.ts), or its `.data` for client
 * navigation, by a visitor without a session is kept, keyed by URL and the association's date, and served again for
 * as long as the data it was made from is unchanged: every request reads the change counters (one small query) and
 * compares them with those the page was made with. A miss is rendered by the library as any request is, and what it
 * writes is kept as it goes out: one byte-identical copy per page version, in Brotli, gzip and plain, with the CSP
 * naming its inline code by hash instead of the nonce it was rendered with (server/page-version.ts), a strong ETag
 * per encoding and `Vary: Accept-Encoding`. One rendering per page at a time: requests that miss while the same page
 * (same key, same data) is being rendered wait for it and are served its copy, so that a write, which changes the
 * counters every page is kept with, costs one rendering of each page read afterwards, not one per reader (under 200
 * clients with a few writes a second, every reader rendered anew and reads fell from about 1,000 to about 130 a
 * second: npm run test:cluster).
 *
 * A stored page whose counters are known unchanged without a query (SQLite: `watchVersions`) is also served before
 * Express sees the request (`serveStored`): the headers it was last sent with, as one array, and its body. On a
 * cached page that path does nothing else (no middleware, no nonce, no query), which is what brings a page view
 * near the cost of a static file (issue 13, `npm run bench` against nginx).
 */
import { createRequestHandler } from "@react-router/express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { matchRoutes, type RouteObject, type RouterContextProvider, type ServerBuild } from "react-router";
import { todayIn } from "#app/platform/text/dates.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { FORM_BODY, type BodyRule } from "#app/platform/http/request-body.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import type { VersionWatch } from "#app/platform/data/changes.server.ts";
import { CONNECTION_HEADERS, makePageVersion, matchesVersion, PAGE_ENCODINGS, type PageEncoding, type PageVersion } from "./page-version.ts";

const MAX_ENTRIES = 500;
/**
 * Most bytes the cache holds, all encodings together. Pages differ by query string, so without a bound on bytes
 * a client could fill memory with large pages at made-up addresses; the least recently used go first.
 */
const MAX_BYTES = 24 * 1024 * 1024;

interface Entry {
  versions: string;
  status: number;
  headers: [string, string][];
  version: PageVersion;
  /**
   * The headers of a 200 of this entry as they went out, per encoding (`writeHead`'s flat array of names and values,
   * without Date and the connection's own), for `serveStored`; recorded by the first full response in that encoding.
   */
  sent: Partial<Record<PageEncoding, (string | number | string[])[]>>;
}

export interface PageHandlerOptions {
  build: () => Promise<ServerBuild>;
  /** "development" renders every page anew (code changes while it runs) and shows error details. */
  mode?: "development" | "production";
  db: Database;
  /** The change counters each page is kept with (`watchVersions` of the same database). */
  versions: VersionWatch;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}

/**
 * A route of the build, as `matchRoutes` takes it, with whether its module lets the cache keep it and what request
 * bodies it takes.
 */
type CacheRoute = RouteObject & { handle: { pageCache: boolean; body: BodyRule } };

/**
 * The build's routes as a tree for `matchRoutes`, each marked with whether its module lets the cache keep it and
 * with its body rule (a form of at most 1 MB unless its handle says otherwise).
 */
export function cacheRoutes(build: Pick<ServerBuild, "routes">): CacheRoute[] {
  const all = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): CacheRoute[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const declared = route.module.handle as RouteHandle | undefined;
        const handle = { pageCache: declared?.pageCache === true, body: declared?.body ?? FORM_BODY };
        return (route.index ? { id: route.id, index: true, handle } : { id: route.id, path: route.path, handle, children: childrenOf(route.id) }) as CacheRoute;
      });
  return childrenOf(undefined);
}

/** Most paths whose cacheability is remembered (matching ranks every route, so it is worked out once a path). */
const MAX_PATHS = 1000;

/**
 * Whether a request may be answered from (and fill) the cache: a GET without a session cookie, for a page whose
 * every matched route says `handle.pageCache`. A `.data` request is judged by the page it is for. `known` remembers
 * the answer per path.
 */
export function isCacheable(req: ExpressRequest, routes: CacheRoute[], known = new Map<string, boolean>()): boolean {
  if (req.method !== "GET") return false;
  if (hasSession(req.headers.cookie)) return false;
  const page = pageOf(req.path);
  let cacheable = known.get(page);
  if (cacheable === undefined) {
    const matches = matchRoutes(routes, page);
    cacheable = matches !== null && matches.every((m) => (m.route as CacheRoute).handle.pageCache);
    if (known.size >= MAX_PATHS) known.clear();
    known.set(page, cacheable);
  }
  return cacheable;
}

/** Whether a Cookie header carries a session (better-auth's `session_token`, with any prefix). */
const hasSession = (cookie: string | undefined) => cookie !== undefined && cookie.includes("session_token=");

/** The page a path is for: `/x.data` (client navigation data) is judged by `/x`, `/_root.data` by `/`. */
const pageOf = (path: string) => (path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path);

/**
 * The encoding chosen for each Accept-Encoding header seen (Express's `acceptsEncodings`, worked out once per
 * header text: browsers send a handful); `serveStored` serves only headers already worked out.
 */
const chosenEncodings = new Map<string, PageEncoding>();
const MAX_ENCODING_HEADERS = 100;

let today = { at: 0, date: "" };
/** The association's date as last worked out, while it is less than a second old; undefined after. */
const freshToday = (now = Date.now()) => (now - today.at < 1000 ? today.date : undefined);
/**
 * The association's calendar date in its time zone (as the board set it), worked out at most once a second: it is
 * part of every cache key, so a page made yesterday is not served today.
 */
async function associationToday(db: Database): Promise<string> {
  const now = Date.now();
  const known = freshToday(now);
  if (known !== undefined) return known;
  today = { at: now, date: todayIn(await getTimeZone(db), new Date(now)) };
  return today.date;
}

/** The page handler, an Express middleware, with the path that serves a stored page before Express. */
export interface PageHandler {
  (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void>;
  /**
   * Answers a GET from the cache without Express when everything is known at once: no session cookie, no
   * If-None-Match, a path already found cacheable, today's date worked out in the last second, counters known
   * unchanged, and the page stored and sent before in the encoding this Accept-Encoding header gets.
   * @returns true when it answered; false (having done nothing) to hand the request to Express
   */
  serveStored(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * What request bodies the route serving `path` takes: its handle's `body`, from the route that would answer (the
   * last one matched), or a form of at most 1 MB. Worked out once per path.
   */
  bodyRule(path: string): Promise<BodyRule>;
}

export function createPageHandler({ build, db, versions: counters, getLoadContext, mode = "production" }: PageHandlerOptions): PageHandler {
  const render = createRequestHandler({ build, getLoadContext, mode });
  let routes: CacheRoute[] | undefined;
  const cache = new Map<string, Entry>();
  let bytes = 0;
  const cacheablePaths = new Map<string, boolean>();
  /** The page being rendered for each key, with the counters it is made with; resolves to its entry, if kept. */
  const rendering = new Map<string, { versions: string; made: Promise<Entry | undefined> }>();

  /** The entry kept for `key` when it was made with these counters, moved to most recently used; else undefined. */
  const hit = (key: string, versions: string | undefined): Entry | undefined => {
    const entry = cache.get(key);
    if (!entry || entry.versions !== versions) return undefined;
    // Most recently used last, so that eviction takes the least recently used first.
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  };

  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (mode === "development") return await render(req, res, next);
      routes ??= cacheRoutes(await build());
      if (!isCacheable(req, routes, cacheablePaths)) return await render(req, res, next);
      const versions = counters.known() ?? (await counters.read());
      const key = `${req.originalUrl}|${await associationToday(db)}`;
      const entry = hit(key, versions);
      if (entry) return serve(entry, req, res);
      const pending = rendering.get(key);
      if (pending && pending.versions === versions) {
        const kept = await pending.made;
        // Not kept (not a 200, or it set a cookie): this request is rendered as any other.
        return kept ? serve(kept, req, res) : await render(req, res, next);
      }
      let settle: (made: Entry | undefined) => void = () => {};
      const rendered = new Promise<Entry | undefined>((resolve) => (settle = resolve));
      rendering.set(key, { versions, made: rendered });
      holdResponse(res, (status, headers, body) => {
        if (status !== 200 || headers.some(([name]) => name === "set-cookie")) {
          settle(undefined);
          return false;
        }
        const html = headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
        const csp = res.getHeader("Content-Security-Policy");
        const made: Entry = {
          versions,
          status,
          headers: headers.filter(([name]) => name !== "content-length"),
          version: makePageVersion(body, { nonce: String(res.locals.nonce ?? ""), csp: typeof csp === "string" ? csp : undefined, html }),
          sent: {},
        };
        const old = cache.get(key);
        if (old) bytes -= old.version.size;
        cache.delete(key);
        cache.set(key, made);
        bytes += made.version.size;
        for (const [oldest, dropped] of cache) {
          if (cache.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
          cache.delete(oldest);
          bytes -= dropped.version.size;
        }
        settle(made);
        serve(made, req, res);
        return true;
      });
      try {
        await render(req, res, next);
      } finally {
        // A rendering that failed or never ended its response lets the waiting requests render for themselves.
        settle(undefined);
        if (rendering.get(key)?.made === rendered) rendering.delete(key);
      }
    } catch (error) {
      next(error);
    }
  };

  function serveStored(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url;
    if (req.method !== "GET" || url === undefined || mode === "development") return false;
    if (req.headers["if-none-match"] !== undefined || hasSession(req.headers.cookie)) return false;
    const query = url.indexOf("?");
    if (cacheablePaths.get(pageOf(query === -1 ? url : url.slice(0, query))) !== true) return false;
    const date = freshToday();
    if (date === undefined) return false;
    const accept = req.headers["accept-encoding"];
    const encoding = accept === undefined || accept === "" ? "identity" : chosenEncodings.get(accept);
    if (encoding === undefined) return false;
    const key = `${url}|${date}`;
    const headers = cache.get(key)?.sent[encoding];
    const entry = headers && hit(key, counters.known());
    if (!headers || !entry) return false;
    res.writeHead(entry.status, headers);
    res.end(entry.version.bodies[encoding]);
    return true;
  }

  const bodyRules = new Map<string, BodyRule>();
  async function bodyRule(path: string): Promise<BodyRule> {
    let rule = mode === "development" ? undefined : bodyRules.get(path);
    if (rule === undefined) {
      const tree = mode === "development" ? cacheRoutes(await build()) : (routes ??= cacheRoutes(await build()));
      const matches = matchRoutes(tree, pageOf(path));
      const found = (matches?.at(-1)?.route as CacheRoute | undefined)?.handle.body ?? FORM_BODY;
      if (bodyRules.size >= MAX_PATHS) bodyRules.clear();
      bodyRules.set(path, found);
      return found;
    }
    return rule;
  }

  return Object.assign(handler, { serveStored, bodyRule });
}

/**
 * Holds back the response the request handler writes (the headers it adds with `res.append`, as
 * `@react-router/express` does, and the body, before any compression further down) until it ends. Then `done`
 * decides: it sends the response itself (from the cache entry it made, with its ETag) and returns true, or returns
 * false and the response goes out as written.
 */
function holdResponse(res: ExpressResponse, done: (status: number, headers: [string, string][], body: Buffer) => boolean) {
  const headers: [string, string][] = [];
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
  const { append, write, end } = res;
  res.append = (field: string, value?: string[] | string) => {
    for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.push([field.toLowerCase(), v]);
    return append.call(res, field, value);
  };
  res.write = ((chunk: unknown, encoding?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    return true;
  }) as ExpressResponse["write"];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    res.append = append;
    res.write = write;
    res.end = end;
    const body = Buffer.concat(chunks);
    if (!done(res.statusCode, headers, body)) res.end(body);
    return res;
  }) as ExpressResponse["end"];
}

/**
 * Sends the stored version in the encoding the browser prefers of those it accepts (Brotli, then gzip, then none),
 * or 304 when its If-None-Match names this version. The compression middleware leaves a body with a
 * Content-Encoding alone.
 */
function serve(entry: Entry, req: ExpressRequest, res: ExpressResponse) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  const encoding = preferredEncoding(req);
  const { version } = entry;
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", version.etags[encoding]);
  res.setHeader("Cache-Control", "no-cache");
  if (version.csp) res.setHeader("Content-Security-Policy", version.csp);
  if (matchesVersion(req.get("if-none-match"), version)) {
    res.status(304).end();
    return;
  }
  const body = version.bodies[encoding];
  res.status(entry.status);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
  // What went out, for `serveStored` to send again: every header set on the way (security headers included), by
  // their lower-case names (HTTP names are case-insensitive); Date and the connection's headers are Node's own for
  // each response.
  if (req.method === "GET" && entry.sent[encoding] === undefined) {
    entry.sent[encoding] = Object.entries(res.getHeaders())
      .filter(([name, value]) => value !== undefined && !CONNECTION_HEADERS.has(name))
      .flat() as (string | number | string[])[];
  }
}

/**
 * The encoding a request gets of those a page is stored in (Brotli, then gzip, then none), remembered per header text
 * for `serveStored`. No Accept-Encoding at all gets the plain body, as the compression middleware does (RFC 9110
 * would allow any).
 */
function preferredEncoding(req: ExpressRequest): PageEncoding {
  const header = req.get("accept-encoding");
  if (!header) return "identity";
  let encoding = chosenEncodings.get(header);
  if (encoding === undefined) {
    const accepted = req.acceptsEncodings([...PAGE_ENCODINGS]);
    encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
    if (chosenEncodings.size >= MAX_ENCODING_HEADERS) chosenEncodings.clear();
    chosenEncodings.set(header, encoding);
  }
  return encoding;
}
