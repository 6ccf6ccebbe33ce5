import { createHash } from "node:crypto";
import { PassThrough, Readable, Writable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { MaxFileSizeExceededError, MaxFilesExceededError, MultipartParseError } from "@remix-run/form-data-parser";
import { describe, expect, it } from "vitest";
import { readHead, readMultipartStream, type StreamedFile } from "./multipart-stream.server.ts";

/** A request whose body arrives in the given chunks, then ends (or fails with `failWith`). */
function request(chunks: Uint8Array[], contentType: string, failWith?: Error): Request {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at < chunks.length) controller.enqueue(chunks[at++]!);
      else if (failWith) controller.error(failWith);
      else controller.close();
    },
  });
  return new Request("http://localhost/upload", { method: "POST", headers: { "Content-Type": contentType }, body, duplex: "half" } as RequestInit);
}

/** A form's body as the Request class writes it, with its Content-Type. */
async function formBody(form: FormData): Promise<{ bytes: Uint8Array; contentType: string }> {
  const r = new Request("http://localhost/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await r.arrayBuffer()), contentType: r.headers.get("content-type")! };
}

/** Reads the form, each file whole, and records what came. */
async function read(req: Request, limits = { maxFileSize: 1024 * 1024, maxFiles: 5 }) {
  const files: { fieldName: string; name: string; sha: string; size: number }[] = [];
  const fields = await readMultipartStream(req, limits, async (file: StreamedFile) => {
    const bytes = await buffer(file.body);
    files.push({ fieldName: file.fieldName, name: file.name, sha: createHash("sha256").update(bytes).digest("hex"), size: bytes.length });
  });
  return { fields, files };
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("readMultipartStream", () => {
  const first = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
  // A file that holds most of a delimiter and line breaks, to catch a reader that finds the boundary too early.
  const tricky = new TextEncoder().encode("line\r\n--\r\n----WebKitFormBoundary\r\n\r\n--");
  const form = new FormData();
  form.append("title", "Annual minutes");
  form.append("file", new File([first], "a.pdf"));
  form.append("file", new File([tricky], "Prot\u00f6koll \"2026\".txt"));
  form.append("note", "é – ünïcode");

  it("reads fields and files byte for byte wherever the body is cut into chunks", async () => {
    const { bytes, contentType } = await formBody(form);
    const expected = {
      fields: { title: "Annual minutes", note: "é – ünïcode" },
      files: [
        { fieldName: "file", name: "a.pdf", sha: sha(first), size: first.length },
        { fieldName: "file", name: "Prot\u00f6koll %222026%22.txt", sha: sha(tricky), size: tricky.length },
      ],
    };
    // The quotes in the name come as the sender escaped them (%22), and stay so.
    expect(await read(request([bytes], contentType))).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut += 37) {
      expect(await read(request([bytes.subarray(0, cut), bytes.subarray(cut)], contentType)), `cut at ${cut}`).toEqual(expected);
    }
    const oneByOne = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await read(request(oneByOne, contentType))).toEqual(expected);
  });

  it("fails the file and the read past the size limit, or past the number of files", async () => {
    const { bytes, contentType } = await formBody(form);
    let seen: unknown;
    await expect(
      readMultipartStream(request([bytes], contentType), { maxFileSize: 2000, maxFiles: 5 }, async (file) => {
        await buffer(file.body).catch((error: unknown) => (seen = error));
      }),
    ).rejects.toBeInstanceOf(MaxFileSizeExceededError);
    expect(seen).toBeInstanceOf(MaxFileSizeExceededError);
    await expect(read(request([bytes], contentType), { maxFileSize: 10_000, maxFiles: 1 })).rejects.toBeInstanceOf(MaxFilesExceededError);
  });

  it("fails the file being read when the body breaks off, or ends before the closing boundary", async () => {
    const { bytes, contentType } = await formBody(form);
    let seen: unknown;
    const broken = readMultipartStream(request([bytes.subarray(0, 2000)], contentType, new Error("client went away")), { maxFileSize: 10_000, maxFiles: 5 }, async (file) => {
      await buffer(file.body).catch((error: unknown) => (seen = error));
    });
    await expect(broken).rejects.toBeInstanceOf(MultipartParseError);
    expect(seen).toBeInstanceOf(Error);
    await expect(read(request([bytes.subarray(0, bytes.length - 10)], contentType))).rejects.toBeInstanceOf(MultipartParseError);
    await expect(read(request([bytes], "multipart/form-data"))).rejects.toBeInstanceOf(MultipartParseError);
    await expect(read(request([bytes], "application/x-www-form-urlencoded"))).rejects.toBeInstanceOf(MultipartParseError);
    // A body that never shows its boundary is refused after the header limit, not read to its end.
    let pulled = 0;
    const endless = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024).fill(65));
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expect(read(endless)).rejects.toBeInstanceOf(MultipartParseError);
    expect(pulled).toBeLessThan(20);
  });

  it("skips the rest of a file its handler does not read, and goes on with the next", async () => {
    const big = new Uint8Array(2 * 1024 * 1024).fill(65);
    const twoFiles = new FormData();
    twoFiles.append("file", new File([big], "skipped.txt"));
    twoFiles.append("file", new File([first], "read.pdf"));
    const { bytes, contentType } = await formBody(twoFiles);
    const got: string[] = [];
    await readMultipartStream(request([bytes], contentType), { maxFileSize: 3 * 1024 * 1024, maxFiles: 5 }, async (file) => {
      if (file.name === "skipped.txt") return; // neither read nor destroyed
      got.push(sha(await buffer(file.body)));
    });
    expect(got).toEqual([sha(first)]);
    // The size limit holds for a skipped file too.
    await expect(readMultipartStream(request([bytes], contentType), { maxFileSize: 1024 * 1024, maxFiles: 5 }, async () => undefined)).rejects.toBeInstanceOf(
      MaxFileSizeExceededError,
    );
  });

  it("passes a handler's own error on as it is", async () => {
    const { bytes, contentType } = await formBody(form);
    const failure = new Error("the database is down");
    await expect(
      readMultipartStream(request([bytes], contentType), { maxFileSize: 10_000, maxFiles: 5 }, async (file) => {
        await buffer(file.body);
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});

describe("readHead: a file's first bytes for its signature check, and the whole file after them", () => {
  const file = new Uint8Array(9000).map((_, i) => (i * 13) % 251);
  const pieces = (bytes: Uint8Array, size: number) => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => Buffer.from(bytes.subarray(i * size, (i + 1) * size)));

  it("gives exactly the first `size` bytes, and the whole file byte for byte, wherever the pieces end", async () => {
    for (const size of [1, 1000, 4099, 4100, 4101, 9000, 20_000]) {
      const { head, whole } = await readHead(Readable.from(pieces(file, size)), 4100);
      expect(Buffer.compare(head, file.subarray(0, 4100)), `pieces of ${size}`).toBe(0);
      expect(sha(await buffer(whole)), `pieces of ${size}`).toBe(sha(file));
    }
  });

  it("gives a shorter file whole as its head, and an empty one as nothing", async () => {
    const short = file.subarray(0, 100);
    const read = await readHead(Readable.from(pieces(short, 30)), 4100);
    expect(Buffer.compare(read.head, short)).toBe(0);
    expect(Buffer.compare(await buffer(read.whole), short)).toBe(0);
    const empty = await readHead(Readable.from([]), 4100);
    expect(empty.head.length).toBe(0);
    expect((await buffer(empty.whole)).length).toBe(0);
  });

  it("answers as soon as `size` bytes are in, without waiting for the rest of the upload", async () => {
    for (const first of [4100, 5000]) {
      const arriving = new PassThrough();
      arriving.write(file.subarray(0, first));
      const answered = await Promise.race([readHead(arriving, 4100), new Promise((resolve) => setTimeout(() => resolve("still waiting"), 500))]);
      expect(answered, `${first} bytes arrived`).not.toBe("still waiting");
      const { head, whole } = answered as Awaited<ReturnType<typeof readHead>>;
      expect(head.length).toBe(4100);
      arriving.end(file.subarray(first));
      expect(sha(await buffer(whole))).toBe(sha(file));
    }
  });

  it("reads the rest only as fast as the whole is taken (backpressure): a stalled store holds the upload back", async () => {
    const source = new PassThrough({ highWaterMark: 64 * 1024 });
    const piece = Buffer.alloc(16 * 1024, 0x61);
    let written = 0;
    // The client sends as long as the server takes its bytes: 4 MB in all.
    const send = () => {
      while (written < 256 && source.write(piece)) written++;
      if (written < 256) source.once("drain", () => (written++, send()));
    };
    send();
    const { whole } = await readHead(source, 4100);
    // Storage that takes one piece and then stalls.
    whole.pipe(new Writable({ highWaterMark: 16 * 1024, write: () => undefined }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written * piece.length).toBeLessThan(512 * 1024);
    whole.destroy();
    source.destroy();
  });

  it("fails with the stream's error before the head, and passes a later one on through the whole", async () => {
    const early = new PassThrough();
    early.write(file.subarray(0, 1000));
    const reading = readHead(early, 4100);
    early.destroy(new Error("the body broke off"));
    await expect(reading).rejects.toThrow("the body broke off");

    const late = new PassThrough();
    late.write(file.subarray(0, 5000));
    const { whole } = await readHead(late, 4100);
    late.destroy(new Error("the body broke off later"));
    await expect(buffer(whole)).rejects.toThrow("the body broke off later");
  });

  it("stops reading the source when the whole is given up before its end", async () => {
    const source = new PassThrough();
    source.write(file.subarray(0, 5000));
    const { whole } = await readHead(source, 4100);
    for await (const chunk of whole) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    // The upload goes on arriving; its next piece is where the reader learns it is no longer wanted.
    source.write(file.subarray(5000, 6000));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.destroyed).toBe(true);
  });
});
