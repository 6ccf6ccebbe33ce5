/**
 * Storage in an S3-compatible bucket (issue 12 part 1). One contract, run against the disk store and the S3 store
 * (through s3rver, a real S3 API on a loopback port): byte-identical round trips from bytes and from streams, a
 * streamed read of a file larger than one multipart part, no overwrite, removal, ids refused before any request,
 * a failed upload that leaves nothing, and the sweep of an interrupted multipart upload. Then the built server
 * (`npm run build` first) with STORAGE_URL in s3rver: documents and pictures as objects, nothing left of a failed
 * upload, and a bad STORAGE_URL refused at start-up. Last, backup and restore of the bucket's files.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import http from "node:http";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { CreateMultipartUploadCommand, GetObjectCommand, PutObjectCommand, UploadPartCommand } from "@aws-sdk/client-s3";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, lazyS3Client, PART_SIZE } from "#app/platform/files/storage-s3.server.ts";
import { createDiskStorage, IMAGE_FILE_ID, STORAGE_ID, type Storage } from "#app/platform/files/storage.server.ts";
import { startFakeS3, type FakeS3 } from "../support/s3.ts";
import { freePort, runScript, runServerToExit, signInCookie, startServer, type RunningServer } from "../support/server.ts";

let s3: FakeS3;
const BUCKET = "shoreline-contract";
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  s3 = await startFakeS3();
  await s3.createBucket(BUCKET);
});
afterAll(async () => {
  await s3.stop();
  for (const cleanup of cleanups) cleanup();
});

/** Bytes made from a seed, `size` long: the same every run, different from any other seed. */
function pseudoRandom(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash("sha256").update(seed).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(out, at);
    block = createHash("sha256").update(block).digest();
  }
  return out;
}

/** A stream of `bytes` in 64 KB chunks that fails with `failWith` after `failAfter` bytes, when given. */
function chunked(bytes: Uint8Array, failAfter?: number, failWith = new Error("the client went away")): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && at >= failAfter) return this.destroy(failWith);
      if (at >= bytes.length) return this.push(null);
      const next = Math.min(bytes.length, at + 64 * 1024);
      this.push(bytes.subarray(at, next));
      at = next;
    },
  });
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface Backend {
  name: string;
  /** A new, empty store accepting `ids`; `requests` counts the calls that would reach the disk or the service. */
  make(ids?: RegExp): { storage: Storage; requests: () => number; leftovers: () => Promise<string[]> };
  /** What the store's folder holds, by name (disk: files; S3: object keys below the folder). */
  list(storage: Storage): Promise<string[]>;
  /** Leaves what a crash in the middle of an upload leaves behind. */
  interrupted(storage: Storage): Promise<void>;
}

const folders = new WeakMap<Storage, string>();
let serial = 0;

const disk: Backend = {
  name: "disk",
  make(ids = STORAGE_ID) {
    const root = mkdtempSync(path.join(tmpdir(), "shoreline-storage-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const dir = path.join(root, "documents");
    const storage = createDiskStorage(dir, ids);
    folders.set(storage, dir);
    return {
      storage,
      requests: () => (existsSync(dir) ? 1 : 0),
      leftovers: async () => (existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith(".")) : []),
    };
  },
  list: async (storage) => {
    const dir = folders.get(storage)!;
    return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith(".")).sort() : [];
  },
  interrupted: async (storage) => {
    writeFileSync(path.join(folders.get(storage)!, ".1767312000000.pdf.0b1e.tmp"), "half");
  },
};

const bucket: Backend = {
  name: "s3",
  make(ids = STORAGE_ID) {
    const folder = `site${++serial}/documents`;
    let requests = 0;
    const storage = createS3Storage({
      client: async () => {
        requests++;
        return s3.client;
      },
      bucket: BUCKET,
      folder,
      ids,
      staleAfterMs: 0,
    });
    folders.set(storage, folder);
    return { storage, requests: () => requests, leftovers: async () => (await s3.pendingUploads(BUCKET)).filter((k) => k.startsWith(`${folder}/`)) };
  },
  list: async (storage) => {
    const folder = folders.get(storage)!;
    return (await s3.keys(BUCKET, `${folder}/`)).map((k) => k.slice(folder.length + 1));
  },
  interrupted: async (storage) => {
    const Key = `${folders.get(storage)!}/1767312000000.pdf`;
    const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
    await s3.client.send(new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 1, Body: pseudoRandom(PART_SIZE, "part") }));
  },
};

describe.each([disk, bucket])("storage contract on $name", (backend) => {
  it("gives back byte for byte what was put, from bytes and from a stream; get of a missing id is undefined", async () => {
    const { storage } = backend.make();
    const small = new TextEncoder().encode("Annual meeting minutes\nMotion carried.\n");
    await storage.put("1767312000000.txt", small);
    const medium = pseudoRandom(300_000, "medium");
    await storage.put("1767312000001.pdf", chunked(medium), medium.length);
    const unsized = pseudoRandom(70_000, "unsized");
    await storage.put("1767312000002.pdf", chunked(unsized));

    for (const [id, bytes] of [["1767312000000.txt", small], ["1767312000001.pdf", medium], ["1767312000002.pdf", unsized]] as const) {
      const got = await storage.get(id);
      expect(got?.size, id).toBe(bytes.length);
      expect(sha(await buffer(got!.stream)), id).toBe(sha(bytes));
    }
    expect(await storage.get("1767312000009.pdf")).toBeUndefined();
    expect(await backend.list(storage)).toEqual(["1767312000000.txt", "1767312000001.pdf", "1767312000002.pdf"]);
    expect(await storage.list()).toEqual(["1767312000000.txt", "1767312000001.pdf", "1767312000002.pdf"]);
  });

  it("streams a 20 MB file in and out, in more than one part, without it whole in memory at either end", { timeout: 60_000 }, async () => {
    const { storage } = backend.make();
    const bytes = pseudoRandom(20 * 1024 * 1024 + 12_345, "large");
    expect(bytes.length).toBeGreaterThan(2 * PART_SIZE);
    await storage.put("1767312000000.pdf", chunked(bytes));
    const got = await storage.get("1767312000000.pdf");
    expect(got?.size).toBe(bytes.length);
    const hash = createHash("sha256");
    let chunks = 0;
    let largest = 0;
    for await (const chunk of got!.stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      chunks++;
      largest = Math.max(largest, chunk.length);
    }
    expect(hash.digest("hex")).toBe(sha(bytes));
    // Read as it arrives: many small chunks, none near the whole file.
    expect(chunks).toBeGreaterThan(20);
    expect(largest).toBeLessThan(PART_SIZE);
  });

  it("never overwrites a stored id, from bytes or from a stream", async () => {
    const { storage } = backend.make();
    await storage.put("1767312000000.txt", new TextEncoder().encode("first"));
    await expect(storage.put("1767312000000.txt", new TextEncoder().encode("second"))).rejects.toThrow();
    const stream = chunked(pseudoRandom(100_000, "again"));
    await expect(storage.put("1767312000000.txt", stream)).rejects.toThrow();
    expect(stream.destroyed, "the stream is not left open").toBe(true);
    expect((await buffer((await storage.get("1767312000000.txt"))!.stream)).toString()).toBe("first");
  });

  it("removes a file; removing it again is no error", async () => {
    const { storage } = backend.make();
    await storage.put("1767312000000.txt", new TextEncoder().encode("gone soon"));
    await storage.remove("1767312000000.txt");
    expect(await storage.get("1767312000000.txt")).toBeUndefined();
    await storage.remove("1767312000000.txt");
    expect(await backend.list(storage)).toEqual([]);
  });

  it("refuses ids it does not accept before any request", async () => {
    const { storage, requests } = backend.make();
    for (const id of ["../../etc/passwd", "..%2F..%2Fx", "1767312000000.pdf/../../x", "", ".hidden", "a".repeat(40)]) {
      await expect(storage.put(id, new Uint8Array([1])), id).rejects.toThrow(RangeError);
      await expect(storage.get(id), id).rejects.toThrow(RangeError);
      await expect(storage.remove(id), id).rejects.toThrow(RangeError);
    }
    const images = backend.make(IMAGE_FILE_ID);
    await expect(images.storage.put("1767312000000.pdf", new Uint8Array([1]))).rejects.toThrow(RangeError);
    await images.storage.put(`${"0f".repeat(16)}-640.webp`, new Uint8Array([1, 2, 3]));
    expect(requests(), "no request for a refused id").toBe(0);
  });

  it("keeps nothing of an upload whose stream fails half-way, before or after the first part", { timeout: 60_000 }, async () => {
    const { storage, leftovers } = backend.make();
    const bytes = pseudoRandom(3 * PART_SIZE, "broken");
    for (const [id, failAfter] of [["1767312000000.pdf", 100_000], ["1767312000001.pdf", PART_SIZE + PART_SIZE / 2]] as const) {
      await expect(storage.put(id, chunked(bytes, failAfter)), id).rejects.toThrow("the client went away");
      expect(await storage.get(id), id).toBeUndefined();
    }
    expect(await backend.list(storage)).toEqual([]);
    expect(await leftovers(), "no temporary file or multipart upload left").toEqual([]);
  });

  it("sweeps what an interrupted upload left, and nothing else", async () => {
    const { storage, leftovers } = backend.make();
    await storage.put("1767312000001.txt", new TextEncoder().encode("kept"));
    await backend.interrupted(storage);
    expect(await leftovers()).toHaveLength(1);
    expect(await storage.sweep()).toBe(1);
    expect(await leftovers()).toEqual([]);
    expect(await storage.sweep()).toBe(0);
    expect(await backend.list(storage)).toEqual(["1767312000001.txt"]);
    expect(await storage.list(), "list() leaves out what an upload is writing").toEqual(["1767312000001.txt"]);
  });

  it("checks that the store can be written", async () => {
    const { storage } = backend.make();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("S3 storage specifics", () => {
  it("check() fails for a bucket that does not exist; sweep leaves a recent multipart upload alone by default", async () => {
    const missing = createS3Storage({ client: s3.client, bucket: "no-such-bucket", folder: "documents", ids: STORAGE_ID });
    await expect(missing.check()).rejects.toThrow();

    const folder = "recent/documents";
    const storage = createS3Storage({ client: s3.client, bucket: BUCKET, folder, ids: STORAGE_ID });
    await s3.client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `${folder}/1767312000000.pdf` }));
    expect(await storage.sweep(), "another server may still be sending it").toBe(0);
    expect((await s3.pendingUploads(BUCKET)).filter((k) => k.startsWith(folder))).toHaveLength(1);
  });

  it("gives up on an endpoint that accepts connections and never answers, instead of waiting for ever", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const client = lazyS3Client(
        { bucket: BUCKET, prefix: "", endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }, forcePathStyle: true },
        { connectMs: 1000, idleMs: 300 },
      );
      const storage = createS3Storage({ client, bucket: BUCKET, folder: "documents", ids: STORAGE_ID });
      const started = performance.now();
      await expect(storage.check()).rejects.toThrow(/timed out/);
      expect(performance.now() - started).toBeLessThan(10_000);
      (await client()).destroy();
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("keeps documents and pictures under their own prefixes of one bucket", async () => {
    const documents = createS3Storage({ client: s3.client, bucket: BUCKET, folder: "lake/documents", ids: STORAGE_ID });
    const images = createS3Storage({ client: s3.client, bucket: BUCKET, folder: "lake/images", ids: IMAGE_FILE_ID });
    await documents.put("1767312000000.txt", randomBytes(10));
    await images.put(`${"ab".repeat(16)}-320.webp`, randomBytes(10));
    expect(await s3.keys(BUCKET, "lake/")).toEqual(["lake/documents/1767312000000.txt", `lake/images/${"ab".repeat(16)}-320.webp`]);
  });
});

/** What the server stored: document rows in the SQLite file beside it, and the bucket's keys under its prefix. */
async function storedBy(dir: string, prefix: string): Promise<{ rows: { id: string; displayName: string; size: number }[]; images: number; keys: string[] }> {
  const db = new SQLite(path.join(dir, "shoreline.db"), { readonly: true });
  try {
    const rows = db.prepare("select id, displayName, size from document order by id").all() as { id: string; displayName: string; size: number }[];
    const { n } = db.prepare("select count(*) as n from image").get() as { n: number };
    return { rows, images: n, keys: await s3.keys(SITE_BUCKET, `${prefix}/`) };
  } finally {
    db.close();
  }
}

const SITE_BUCKET = "heron-lake-site";
const ADMIN = { email: "chair@example.org", password: "chair-password" };

/** A PDF of `size` bytes: the signature, then pseudo-random bytes, then the end marker. */
function pdf(size: number, seed: string): Buffer {
  const head = Buffer.from("%PDF-1.4\n");
  const tail = Buffer.from("\n%%EOF\n");
  return Buffer.concat([head, pseudoRandom(size - head.length - tail.length, seed), tail]);
}

/** A multipart body with one part per file under "file", and its boundary. */
function multipart(files: { name: string; bytes: Uint8Array }[]): { body: Buffer; boundary: string } {
  const boundary = `----shoreline${randomBytes(8).toString("hex")}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(f.bytes),
    Buffer.from("\r\n"),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), boundary };
}

async function until(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

describe("the server with STORAGE_URL in s3rver", () => {
  const PREFIX = "heron/site";
  let dir: string;
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    await s3.createBucket(SITE_BUCKET);
    dir = mkdtempSync(path.join(tmpdir(), "shoreline-s3-server-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    server = await startServer({ DATA_DIR: dir, SEED: "none", LOG_LEVEL: "info", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...s3.env(SITE_BUCKET, PREFIX) });
    cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("keeps an uploaded document as an object, serves it byte for byte, and deletes row and object", { timeout: 60_000 }, async () => {
    const bytes = pdf(12 * 1024 * 1024, "minutes");
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "Annual report.pdf"));
    const response = await fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url }, body: form });
    expect(await response.json()).toEqual({ uploaded: ["Annual report.pdf"], errors: [] });
    const { rows, keys } = await storedBy(dir, PREFIX);
    expect(rows.map((r) => [r.displayName, r.size])).toEqual([["Annual report.pdf", bytes.length]]);
    const id = rows[0]!.id;
    expect(keys).toEqual([`${PREFIX}/documents/${id}`]);
    expect(existsSync(path.join(dir, "documents")), "nothing on local disk").toBe(false);

    const download = await fetch(`${server.url}/documents/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-length")).toBe(String(bytes.length));
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));

    const deleted = await fetch(`${server.url}/admin/documents`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id }),
    });
    expect(deleted.status).toBe(302);
    expect(await storedBy(dir, PREFIX)).toMatchObject({ rows: [], keys: [] });
    expect((await fetch(`${server.url}/documents/${id}`)).status).toBe(404);
    // The log (level info) names the bucket, never the keys.
    expect(server.output()).toContain(`"files":"s3://${SITE_BUCKET}/${PREFIX}"`);
    expect(server.output()).not.toContain("S3RVER");
  });

  it("leaves no object and no row when a later file of the upload is too large", { timeout: 60_000 }, async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(pdf(50_000, "first"))], "Agenda.pdf"));
    form.append("file", new File([new Uint8Array(pdf(20 * 1024 * 1024 + 1, "second"))], "Too large.pdf"));
    const logged = server.output().split("upload failed half-way").length;
    // Refused with 413, or, when the server answers before the client has sent it all, a connection closed mid-upload.
    const response = await fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url }, body: form }).catch(
      (error: Error) => error,
    );
    if (response instanceof Error) expect(String((response.cause as Error | undefined)?.message ?? response.message)).toMatch(/ECONNRESET|EPIPE|socket|closed/i);
    else {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ uploaded: [], errors: [{ name: "upload", message: "That file is too large: documents of up to 20 MB are accepted." }] });
    }
    expect(await until(() => server.output().split("upload failed half-way").length > logged, 10_000), "the first file was stored, then removed").toBe(true);
    expect(await storedBy(dir, PREFIX)).toMatchObject({ rows: [], keys: [] });
    expect(await s3.pendingUploads(SITE_BUCKET)).toEqual([]);
  });

  it("streams a file to the bucket as it arrives, and leaves no object, part or row when the client goes away in the middle of it", { timeout: 60_000 }, async () => {
    const { body, boundary } = multipart([
      { name: "Stored first.pdf", bytes: pdf(9 * 1024 * 1024, "stored first") },
      { name: "Cut off.pdf", bytes: pdf(12 * 1024 * 1024, "cut off") },
    ]);
    const url = new URL(`${server.url}/admin/documents/upload`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, Accept: "application/json", "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": body.length },
    });
    request.on("error", () => undefined);
    // The first file whole and 10 of the second's 12 MB: the first is stored meanwhile, as an object and a row, and
    // the second is on its way to the bucket (a multipart upload under way) before its end has arrived.
    request.write(body.subarray(0, 9 * 1024 * 1024 + 10 * 1024 * 1024));
    const firstStored = async () => {
      const now = await storedBy(dir, PREFIX);
      return now.keys.length === 1 && now.rows.length === 1;
    };
    expect(await until(firstStored, 20_000), "the first file is stored while the body comes in").toBe(true);
    expect((await storedBy(dir, PREFIX)).rows.map((r) => r.displayName)).toEqual(["Stored first.pdf"]);
    expect(await until(async () => (await s3.pendingUploads(SITE_BUCKET)).length === 1, 20_000), "the second file streams to the bucket as it arrives").toBe(true);

    const logged = server.output().split("upload failed half-way").length;
    request.destroy();
    await until(() => server.output().split("upload failed half-way").length > logged, 10_000);
    expect(await storedBy(dir, PREFIX)).toMatchObject({ rows: [], keys: [] });
    expect(await s3.pendingUploads(SITE_BUCKET)).toEqual([]);
  });

  it("puts a picture's WebP variants in the bucket and serves them", { timeout: 60_000 }, async () => {
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 40, g: 110, b: 160 } } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", name: "Ada Lindqvist", title: "Secretary", photoAlt: "Ada on the dock" })) form.set(name, value);
    form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_0042.jpg");
    const response = await fetch(`${server.url}/admin/board?edit=new`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body: form });
    expect(response.status).toBe(302);
    const { images, keys } = await storedBy(dir, PREFIX);
    expect(images).toBe(1);
    const variants = keys.filter((k) => k.startsWith(`${PREFIX}/images/`));
    // 1000 px wide: 320, 640 and 960.
    expect(variants.map((k) => /-(\d+)\.webp$/.exec(k)?.[1])).toEqual(["320", "640", "960"]);
    expect(existsSync(path.join(dir, "images")), "nothing on local disk").toBe(false);
    for (const key of variants) {
      const [, id, width] = /([0-9a-f]{32})-(\d+)\.webp$/.exec(key)!;
      const served = await fetch(`${server.url}/images/${id}/${width}.webp`);
      expect(served.status, key).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await served.arrayBuffer());
      const object = await s3.client.send(new GetObjectCommand({ Bucket: SITE_BUCKET, Key: key }));
      expect(sha(bytes)).toBe(sha(await object.Body!.transformToByteArray()));
      expect((await sharp(bytes).metadata()).width).toBe(Number(width));
    }
  });
});

describe("start-up with object storage", () => {
  it.each([
    ["https://heron-lake.s3.amazonaws.com/site", "STORAGE_URL: must be s3://bucket or s3://bucket/prefix"],
    ["s3://Heron_Lake", "STORAGE_URL: \"Heron_Lake\" is not a bucket name"],
  ])("refuses STORAGE_URL=%s with a message naming it", async (url, message) => {
    const dir = mkdtempSync(path.join(tmpdir(), "shoreline-s3-bad-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const result = await runServerToExit({ DATA_DIR: dir, STORAGE_URL: url });
    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });

  it("stops with a message naming STORAGE_URL when the bucket does not exist, and never prints the secret key", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shoreline-s3-bad-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const secret = "secret-key-never-printed-0123456789";
    const result = await runServerToExit({ DATA_DIR: dir, SEED: "none", ...s3.env("no-such-bucket", "site"), S3_SECRET_ACCESS_KEY: secret });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("STORAGE_URL: s3://no-such-bucket/site cannot be used (NoSuchBucket");
    expect(result.output).not.toContain(secret);
  });
});

/** Each object's SHA-256 under `prefix/`, keyed by the path after it ("documents/…", "images/…"). */
async function bucketSums(bucket: string, prefix: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const key of await s3.keys(bucket, `${prefix}/`)) {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    sums[key.slice(prefix.length + 1)] = sha(await object.Body!.transformToByteArray());
  }
  return sums;
}

/** Each file's SHA-256 under `dir`'s documents/ and images/, keyed as `bucketSums` keys them. */
function diskSums(dir: string): Record<string, string> {
  const sums: Record<string, string> = {};
  for (const folder of ["documents", "images"]) {
    if (!existsSync(path.join(dir, folder))) continue;
    for (const name of readdirSync(path.join(dir, folder))) sums[`${folder}/${name}`] = sha(readFileSync(path.join(dir, folder, name)));
  }
  return sums;
}

describe("backup and restore with STORAGE_URL", () => {
  it("archives the bucket's documents and pictures, restores them into another bucket or onto disk, and refuses a clashing bucket", { timeout: 180_000 }, async () => {
    const tmp = (name: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `shoreline-s3-${name}-`));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    await s3.createBucket("heron-backup-src");
    await s3.createBucket("heron-backup-dst");
    const source = { DATA_DIR: tmp("src"), ...s3.env("heron-backup-src", "lake") };
    // The demo seed stores its pictures through the configured store: into the bucket.
    const server = await startServer({ ...source, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const report = pdf(9 * 1024 * 1024, "backup report");
    try {
      const cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
      const form = new FormData();
      form.append("file", new File([new Uint8Array(report)], "Water report.pdf"));
      form.append("file", new File([new TextEncoder().encode("Motion carried.\n")], "Minutes.txt"));
      const response = await fetch(`${server.url}/admin/documents/upload`, { method: "POST", headers: { Cookie: cookie, Accept: "application/json", Origin: server.url }, body: form });
      expect((await response.json()).uploaded).toHaveLength(2);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const objects = await bucketSums("heron-backup-src", "lake");
    expect(Object.keys(objects).filter((k) => k.startsWith("documents/"))).toHaveLength(2);
    expect(Object.keys(objects).filter((k) => k.startsWith("images/")).length).toBeGreaterThan(0);

    // The archive holds every object, byte for byte, where a disk install's files would be.
    const archive = path.join(tmp("out"), "site.tar.gz");
    const backup = await runScript("scripts/backup.ts", [archive], source);
    expect(backup.code, backup.output).toBe(0);
    const unpacked = tmp("unpacked");
    await extract({ file: archive, cwd: unpacked });
    expect(diskSums(path.join(unpacked, "data"))).toEqual(objects);

    // Into another bucket and prefix, for a new install: the same objects; the site serves them.
    const target = { DATA_DIR: tmp("dst"), PORT: String(await freePort()), ...s3.env("heron-backup-dst", "restored/site") };
    const restored = await runScript("scripts/restore.ts", [archive], target);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("and s3://heron-backup-dst/restored/site");
    expect(await bucketSums("heron-backup-dst", "restored/site")).toEqual(objects);
    expect(readdirSync(target.DATA_DIR).sort(), "no documents or images on disk").toEqual(["auth-secret", "shoreline.db"]);
    const again = await startServer({ ...target, PORT: undefined });
    try {
      const id = /([0-9]+\.pdf)$/.exec(Object.keys(objects).find((k) => k.endsWith(".pdf"))!)![1];
      const download = await fetch(`${again.url}/documents/${id}`);
      expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(report));
      const variant = Object.keys(objects).find((k) => k.startsWith("images/"))!;
      const [, imageId, width] = /([0-9a-f]{32})-(\d+)\.webp$/.exec(variant)!;
      const picture = await fetch(`${again.url}/images/${imageId}/${width}.webp`);
      expect(picture.status).toBe(200);
      expect(sha(new Uint8Array(await picture.arrayBuffer()))).toBe(objects[variant]);
    } finally {
      expect(await again.stop()).toBe(0);
    }

    // Again over that install (not empty: --force): an object the archive does not hold is removed, the rest stays
    // as it was, and the archive kept first holds that object, read from the bucket.
    await s3.client.send(new PutObjectCommand({ Bucket: "heron-backup-dst", Key: "restored/site/documents/1700000000000.txt", Body: "later upload" }));
    const over = await runScript("scripts/restore.ts", ["--force", archive], target);
    expect(over.code, over.output).toBe(0);
    expect(await bucketSums("heron-backup-dst", "restored/site")).toEqual(objects);
    const kept = /Kept a copy of the install as it was: (\S+)/.exec(over.output)?.[1];
    expect(kept, over.output).toBeDefined();
    const keptDir = tmp("kept");
    await extract({ file: kept!, cwd: keptDir });
    expect(readFileSync(path.join(keptDir, "data/documents/1700000000000.txt"), "utf8")).toBe("later upload");

    // A bucket holding another file under one of the archive's names is refused, and nothing changes.
    const clashing = Object.keys(objects).find((k) => k.startsWith("documents/"))!;
    await s3.client.send(new PutObjectCommand({ Bucket: "heron-backup-dst", Key: `restored/site/${clashing}`, Body: "another site's file" }));
    const dbBefore = sha(readFileSync(path.join(target.DATA_DIR, "shoreline.db")));
    const bucketBefore = await bucketSums("heron-backup-dst", "restored/site");
    const clash = await runScript("scripts/restore.ts", ["--force", archive], target);
    expect(clash.code).toBe(1);
    expect(clash.output).toContain("The bucket holds another document under the name");
    expect(clash.output).toContain("Nothing was changed.");
    expect(readdirSync(path.join(target.DATA_DIR, "backups")), "no copy kept for a restore refused before it").toEqual([path.basename(kept!)]);
    expect(await bucketSums("heron-backup-dst", "restored/site")).toEqual(bucketBefore);
    expect(sha(readFileSync(path.join(target.DATA_DIR, "shoreline.db")))).toBe(dbBefore);

    // The same archive onto local disk: the files land in DATA_DIR.
    const onDisk = { DATA_DIR: tmp("disk"), PORT: target.PORT };
    const toDisk = await runScript("scripts/restore.ts", [archive], onDisk);
    expect(toDisk.code, toDisk.output).toBe(0);
    expect(diskSums(onDisk.DATA_DIR)).toEqual(objects);
  });
});
