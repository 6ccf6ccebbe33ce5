/**
 * Content before scripts (docs/decisions/005-inline-stylesheet.md, 013-hydrate-after-first-paint.md): the browser
 * paints the page's text before it asks for a single hydration script. Every page reads and works before its
 * scripts run (forms post without JavaScript), so nothing waits on them.
 *
 * React Router's `<Scripts />` writes `<link rel="modulepreload">` elements into the head, which the browser's
 * preload scanner fetches at once, and an inline module script whose static `import * as routeN from "…"` lines
 * fetch the route modules as soon as the parser reaches it; both happen before the first paint. This transform
 * takes the preloads out of the head and turns the static imports into dynamic ones inside a function that runs
 * after the first frame is painted (`requestAnimationFrame`, then a task), which first puts the same preloads back
 * so that the whole module graph is still fetched in parallel. Lighthouse's simulation counts every script asked
 * for before the largest paint as delaying it (LCP about 1.7 s where the first paint was 0.7 s); a phone at the end
 * of a dock gives the page's text and pictures the link first.
 *
 * A document whose scripts do not have this shape (another React Router version) passes through unchanged.
 */
import { Transform } from "node:stream";

const PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
/** A static import at the start of a line of the module script: `import * as name from "url";` or `import "url";`. */
const STATIC_IMPORT = /^[ \t]*import\s*(?:\*\s*as\s+(\w+)\s+from\s*)?("[^"\n]+")\s*;?/gm;

/**
 * How the browser is told to hydrate after the first paint: `hydrate` runs once, in the task after the next frame (a
 * hidden tab paints no frame, so there it runs at once; a 1 s timer makes sure it runs even where frames are held
 * back).
 */
const AFTER_PAINT =
  'let started=false;const once=()=>{if(!started){started=true;void hydrate();}};' +
  'if(document.visibilityState==="hidden")once();else{requestAnimationFrame(()=>setTimeout(once,0));setTimeout(once,1000);}';

/**
 * Rewrites a whole HTML document (see the module comment). Exported for tests.
 * @returns the document with its module preloads and route imports deferred to after the first paint, or the same
 *   text when it has no inline module script with static imports
 */
export function hydrateAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf("</head>");
  const script = MODULE_SCRIPT.exec(html);
  if (headEnd === -1 || !script) return html;
  const [whole, open, code, close] = script as unknown as [string, string, string, string];
  const imports: { name: string | undefined; url: string }[] = [];
  const rest = code.replace(STATIC_IMPORT, (_match, name: string | undefined, url: string) => {
    imports.push({ name, url });
    return "";
  });
  if (imports.length === 0) return html;
  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(PRELOAD)].map((m) => m[1] as string);
  const bindings = imports.map((i) => i.name ?? "").join(",");
  const deferred =
    `const hydrate=async()=>{` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);}` +
    `const [${bindings}]=await Promise.all([${imports.map((i) => `import(${i.url})`).join(",")}]);` +
    `${rest}\n};${AFTER_PAINT}`;
  const at = script.index;
  const rewritten = html.slice(0, at) + open + deferred + close + html.slice(at + whole.length);
  // The preloads come out of the head only (the script may be there too, so the head is found again).
  const end = rewritten.indexOf("</head>");
  return rewritten.slice(0, end).replace(PRELOAD, "") + rewritten.slice(end);
}

/**
 * A stream of an HTML document (UTF-8 bytes in, bytes out) rewritten by `hydrateAfterFirstPaint`. It holds the
 * document until its end: every page is rendered whole before it is sent (onAllReady), so nothing streams anyway.
 * @param before another rewrite of the whole document, done first (the head's extras, head-extras.server.ts)
 */
export function hydrateAfterFirstPaintStream(before: (html: string) => string = (html) => html): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(hydrateAfterFirstPaint(before(Buffer.concat(chunks).toString("utf8"))), "utf8"));
    },
  });
}
