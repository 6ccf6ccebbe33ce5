/**
 * Compresses the built client files once, at build time, at the highest settings, beside the originals as
 * `<file>.br` (Brotli quality 11) and `<file>.gz` (Zopfli: gzip format, about 3–4 % smaller than gzip level 9, read
 * by every gzip decoder). The server sends these to browsers that accept them (express-static-gzip), so a phone
 * downloads less script than with on-the-fly compression and the server spends no time compressing files.
 *
 * Usage: node scripts/precompress.ts [DIR]   (default build/client; run by `npm run build`)
 *
 * Only text formats of at least 256 bytes are compressed (below that a gzip header and trailer are most of what would be
 * saved), and a compressed copy is written only when it is smaller.
 * Each copy is written to a temporary name and renamed, so an interrupted build leaves no truncated copy.
 *
 * Zopfli takes about 0.1 s for 10 KB, so its output is kept in a cache folder keyed by the SHA-256 of the input
 * (`node_modules/.cache/shoreline-zopfli/`): `npm start` builds before every start, and most files are the same
 * bytes as last time (their names carry a hash of their content).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gunzipSync } from "node:zlib";
import { humanSize } from "#app/platform/text/format.ts";
import { parseCommandLine, runCli } from "./lib/cli.ts";

const USAGE = "Usage: node scripts/precompress.ts [DIR]   (default build/client; run by `npm run build`)";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
const MIN_BYTES = 256;
/** Zopfli's passes over each file: its README's "good value" for files of kilobytes to a few hundred. */
const ZOPFLI_ITERATIONS = 15;
const DEFAULT_CACHE = fileURLToPath(new URL("../node_modules/.cache/shoreline-zopfli", import.meta.url));

/** @gfx/zopfli (WebAssembly build of Google's Zopfli) is CommonJS without an ESM entry. */
const { gzipAsync } = createRequire(import.meta.url)("@gfx/zopfli") as typeof import("@gfx/zopfli");

/** Writes `data` to `file` through a temporary name, so that `file` is either absent or whole. */
function writeWhole(file: string, data: Uint8Array): void {
  writeFileSync(`${file}.tmp`, data);
  renameSync(`${file}.tmp`, file);
}

/**
 * The gzip member of `source` made by Zopfli, from `cacheDir` when it holds one for these bytes.
 * A cached copy that does not decompress to `source` is made again (a damaged cache costs time, never bytes).
 */
async function zopfliGzip(source: Buffer, cacheDir: string): Promise<Buffer> {
  const cached = path.join(cacheDir, `${createHash("sha256").update(source).digest("hex")}.gz`);
  try {
    const data = readFileSync(cached);
    if (gunzipSync(data).equals(source)) return data;
  } catch {
    // not cached yet, or unreadable: compress below
  }
  const data = Buffer.from(await gzipAsync(source, { numiterations: ZOPFLI_ITERATIONS }));
  mkdirSync(cacheDir, { recursive: true });
  writeWhole(cached, data);
  return data;
}

/**
 * Writes `.br` and `.gz` copies of every compressible file under `dir`.
 * @param cacheDir where Zopfli's outputs are kept between builds (created when missing)
 * @returns the number of files and bytes of the originals and of their Brotli and gzip copies, for the build log
 */
export async function precompress(dir: string, cacheDir = DEFAULT_CACHE): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  let gzipBytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gzip = await zopfliGzip(source, cacheDir);
    for (const [extension, data] of [["br", brotli], ["gz", gzip]] as const) {
      if (data.length < source.length) writeWhole(`${file}.${extension}`, data);
    }
    files++;
    bytes += source.length;
    brotliBytes += Math.min(brotli.length, source.length);
    gzipBytes += Math.min(gzip.length, source.length);
  }
  return { files, bytes, brotliBytes, gzipBytes };
}

if (import.meta.main) {
  await runCli(USAGE, async () => {
    const [dir = fileURLToPath(new URL("../build/client", import.meta.url))] = parseCommandLine(process.argv.slice(2), { positionals: { max: 1 } }).positionals;
    const { files, bytes, brotliBytes, gzipBytes } = await precompress(dir);
    console.log(`precompressed ${files} files: ${humanSize(bytes)} → ${humanSize(brotliBytes)} with Brotli, ${humanSize(gzipBytes)} with gzip`);
  });
}
