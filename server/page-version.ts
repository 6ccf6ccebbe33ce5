/**
 * One stored copy of a public page version (issue 13): the same bytes for every visitor, kept once per encoding.
 *
 * A page is rendered with the request's CSP nonce, like every page. Before it is stored, the nonce attributes are
 * taken out and the policy names each inline script and style by its SHA-256 hash instead of by the nonce (CSP
 * Level 2 §4.2.4 hash-source, https://www.w3.org/TR/CSP3/#framework-directive-source-list). Both allow exactly the
 * inline code the server wrote and nothing injected, so the policy is as strict as before, while the body no longer
 * differs per response and can be compressed once per version and served with a strong ETag
 * (docs/decisions/012-hashed-csp-for-cached-pages.md).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Parser } from "htmlparser2";

/**
 * Response headers Node's HTTP server writes itself for each response (the date, and how the connection goes on):
 * a stored response is replayed without them (server/page-handler.ts), and so is the bench's bare Node server.
 */
export const CONNECTION_HEADERS: ReadonlySet<string> = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * Brotli quality of the stored copy. Measured on /news-events of the demo (31.5 KB): quality 5 takes 0.7 ms and
 * gives 8.6 KB, quality 11 takes 28 ms (70 to 90 ms on a loaded machine) for 7.8 KB. Every write makes each
 * instance compress each page again, and both sizes fit the first round trip of a new connection (about 14 KB), so
 * the cheap setting wins; gzip at level 9 takes 0.5 ms.
 */
const BROTLI_QUALITY = 5;

/** The encodings a stored page is kept in, in the order they are preferred when a browser accepts several. */
export const PAGE_ENCODINGS = ["br", "gzip", "identity"] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** A page version as it is stored and served. */
export interface PageVersion {
  /** The body in each encoding. */
  bodies: Record<PageEncoding, Buffer>;
  /** Strong ETags, one per encoding (`"<hash>"`, `"<hash>-br"`, `"<hash>-gz"`: different bytes, different tags). */
  etags: Record<PageEncoding, string>;
  /** The policy for this body (inline code allowed by hash), or undefined when the body is not HTML. */
  csp: string | undefined;
  /** Bytes held, all encodings together. */
  size: number;
}

/** The SHA-256 hash-sources (`'sha256-…'`) of every inline `<script>` and `<style>` element of an HTML document. */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const found = { script: new Set<string>(), style: new Set<string>() };
  let open: { tag: "script" | "style"; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if ((name === "script" && attributes.src === undefined) || name === "style") open = { tag: name, text: "" };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (open && name === open.tag) {
          found[open.tag].add(`'sha256-${createHash("sha256").update(open.text, "utf8").digest("base64")}'`);
          open = undefined;
        }
      },
    },
    // Raw text as the browser hashes it: no entity decoding inside script and style.
    { decodeEntities: false },
  );
  parser.end(html);
  return { script: [...found.script], style: [...found.style] };
}

/**
 * The policy `csp` with the nonce-source of `script-src` and `style-src` replaced by the hashes of the inline code
 * (`'none'` stays out: an empty list keeps `'self'` alone).
 * @param csp a Content-Security-Policy header value with `'nonce-…'` sources, as helmet writes it
 */
export function hashPolicy(csp: string, hashes: { script: string[]; style: string[] }): string {
  return csp
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const list = name === "script-src" ? hashes.script : name === "style-src" ? hashes.style : undefined;
      if (!list) return directive.trim();
      return [name, ...sources.filter((s) => !s.startsWith("'nonce-")), ...list].join(" ");
    })
    .join(";");
}

/**
 * Makes the stored version of a rendered response.
 * @param body the body as the renderer wrote it (UTF-8)
 * @param options.nonce the nonce it was rendered with; its `nonce="…"` attributes are removed from HTML
 * @param options.csp the policy header it was rendered with (helmet's), for HTML
 * @param options.html whether the body is an HTML document (a `.data` response is not)
 */
export function makePageVersion(body: Buffer, options: { nonce: string; csp: string | undefined; html: boolean }): PageVersion {
  let text = body.toString("utf8");
  let csp: string | undefined;
  if (options.html) {
    if (options.nonce) text = text.replaceAll(` nonce="${options.nonce}"`, "");
    if (options.csp) csp = hashPolicy(options.csp, inlineHashes(text));
  }
  const identity = Buffer.from(text, "utf8");
  const bodies: Record<PageEncoding, Buffer> = {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: 9 }),
    identity,
  };
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  return {
    bodies,
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
    csp,
    size: bodies.br.length + bodies.gzip.length + identity.length,
  };
}

/**
 * Whether an If-None-Match header names this version in any encoding (RFC 9110 §13.1.2: weak comparison, so `W/`
 * and the encoding suffix are ignored), or is `*`.
 */
export function matchesVersion(ifNoneMatch: string | undefined, version: PageVersion): boolean {
  if (!ifNoneMatch) return false;
  const base = version.etags.identity.slice(1, -1);
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return t === "*" || t === base || t === `${base}-br` || t === `${base}-gz`;
  });
}
