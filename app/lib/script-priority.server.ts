/**
 * Content before scripts: the module preloads that React Router renders into the head are marked
 * `fetchpriority="low"`, so that on a slow link the browser gives the page's text and its images the bandwidth
 * first and hydration comes after (docs/decisions/005-inline-stylesheet.md). Every page works before its scripts
 * arrive, so nothing waits on them.
 */
import { Transform } from "node:stream";

const HEAD_END = "</head>";
const PRELOAD = /<link rel="modulepreload"/g;

/**
 * A stream of an HTML document (UTF-8 bytes in, bytes out) that adds `fetchpriority="low"` to each
 * `<link rel="modulepreload"` before `</head>`. It holds back the document only until the end of the head; the
 * rest passes through unchanged. A document without `</head>` is passed on unchanged at its end.
 */
export function lowPriorityModulePreloads(): Transform {
  let head: Buffer[] | null = [];
  let headLength = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      // Searched as bytes: a chunk may end inside a character; only the head, which ends at an ASCII ">", is decoded.
      const held = Buffer.concat(head, headLength);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      head = null;
      const cut = end + HEAD_END.length;
      const marked = held.subarray(0, cut).toString("utf8").replace(PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.concat([Buffer.from(marked, "utf8"), held.subarray(cut)]));
    },
    flush(callback) {
      if (head !== null && head.length > 0) this.push(Buffer.concat(head, headLength));
      callback();
    },
  });
}
