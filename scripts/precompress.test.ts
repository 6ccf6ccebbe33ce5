/**
 * The build's compressed copies (scripts/precompress.ts): each `.gz` and `.br` decodes to its original, the gzip copy
 * (Zopfli) is smaller than gzip level 9 of the same bytes, small files get none, and a damaged cache entry is made
 * again instead of being served.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, expect, test } from "vitest";
import { precompress } from "./precompress.ts";

let dir: string;
let cache: string;

/** Script-like text of about `bytes` bytes: repetitive enough to compress, varied enough to be realistic. */
function script(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0; parts.join("").length < bytes; i++) parts.push(`function f${i}(a,b){return a${i % 7 === 0 ? "+" : "*"}b+${(i * 7919) % 1000}}\n`);
  return parts.join("");
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "precompress-"));
  cache = mkdtempSync(path.join(os.tmpdir(), "precompress-cache-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

test("each copy decodes to its original, and the gzip copy beats gzip level 9", async () => {
  const source = Buffer.from(script(40_000));
  writeFileSync(path.join(dir, "app.js"), source);
  writeFileSync(path.join(dir, "tiny.js"), "export const a = 1;\n".repeat(12));
  writeFileSync(path.join(dir, "photo.webp"), source);

  const result = await precompress(dir, cache);

  expect(result.files).toBe(1);
  const gz = readFileSync(path.join(dir, "app.js.gz"));
  const br = readFileSync(path.join(dir, "app.js.br"));
  expect(gunzipSync(gz).equals(source)).toBe(true);
  expect(brotliDecompressSync(br).equals(source)).toBe(true);
  expect(gz.length).toBeLessThan(gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length);
  expect(result.gzipBytes).toBe(gz.length);
  expect(readdirSync(dir).sort()).toEqual(["app.js", "app.js.br", "app.js.gz", "photo.webp", "tiny.js"]);
});

test("the second build takes Zopfli's output from the cache, and a damaged entry is made again", async () => {
  const source = Buffer.from(script(20_000));
  writeFileSync(path.join(dir, "app.js"), source);
  await precompress(dir, cache);
  const [entry] = readdirSync(cache);
  expect(entry).toMatch(/^[0-9a-f]{64}\.gz$/);
  const first = readFileSync(path.join(dir, "app.js.gz"));

  writeFileSync(path.join(cache, entry!), first.subarray(0, first.length >> 1));
  rmSync(path.join(dir, "app.js.gz"));
  await precompress(dir, cache);

  const again = readFileSync(path.join(dir, "app.js.gz"));
  expect(gunzipSync(again).equals(source)).toBe(true);
  expect(again.equals(first)).toBe(true);
  expect(readFileSync(path.join(cache, entry!)).equals(first)).toBe(true);
});
