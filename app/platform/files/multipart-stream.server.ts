/**
 * A `multipart/form-data` reader that hands each file over as a stream while it arrives, so that an upload goes to
 * storage without being held whole in memory (`@remix-run/form-data-parser` yields a file only once its part has been
 * read whole). The parsing is @fastify/busboy's (the streaming parser of multer and Fastify); this module adapts it
 * to a Fetch `Request`, runs the handlers one after another and throws the form parser's error classes, so callers
 * answer the same way. Used by the document upload (app/documents/upload.server.ts); decision 011.
 *
 * Parts are read one after another: the reader waits while the handler does not take the bytes (backpressure), and
 * waits for the handler to finish before it reads the next part. Limits are those of the form parser, and it throws
 * its error classes, so callers answer the same way.
 */
import { PassThrough, Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";
import { MaxFileSizeExceededError, MaxFilesExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError, MultipartParseError } from "@remix-run/form-data-parser";

export interface StreamedFile {
  /** The form field's name. */
  fieldName: string;
  /** The file name the browser sent ("" when the file input was left empty). */
  name: string;
  /** The file's bytes as they arrive; it fails with MaxFileSizeExceededError past the limit, or when the body breaks off. */
  body: Readable;
}

export interface MultipartLimits {
  /** Largest file, in bytes. */
  maxFileSize: number;
  maxFiles: number;
  /** Largest header block of one part, in bytes (default 8 KB). */
  maxHeaderSize?: number;
  /** Most parts, files and fields together (default 100). */
  maxParts?: number;
  /** Largest text field, in bytes (default 64 KB). */
  maxFieldSize?: number;
}

/**
 * Reads a multipart form with @fastify/busboy: text fields are collected, and each file part is handed to `onFile`
 * as a stream while it arrives; handlers run one after another, in the order of the parts. A handler that does not
 * want the rest of a file returns (or destroys its stream); the rest is then skipped. The body is fed to the parser
 * only as fast as the file being handled is read (backpressure).
 * @returns the text fields, by name (the last value of a repeated name)
 * @throws MultipartParseError for a body that is not multipart or breaks off (its file stream fails with the same
 *   error); MaxFileSizeExceededError, MaxFilesExceededError, MaxPartsExceededError, MaxHeaderSizeExceededError past a
 *   limit; whatever `onFile` throws (the rest of the body is not read then)
 */
export async function readMultipartStream(request: Request, limits: MultipartLimits, onFile: (file: StreamedFile) => Promise<void>): Promise<Record<string, string>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType) || !request.body) throw new MultipartParseError("Not a multipart/form-data body");
  const maxHeaderSize = limits.maxHeaderSize ?? 8 * 1024;
  const maxParts = limits.maxParts ?? 100;
  const maxFieldSize = limits.maxFieldSize ?? 64 * 1024;
  const fields: Record<string, string> = {};
  let failure: Error | undefined;
  let failed: () => void = () => undefined;
  const failedOnce = new Promise<void>((resolve) => (failed = resolve));
  /** The files' streams as handlers read them; failed with the error that stops the read. */
  const open = new Set<PassThrough>();
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const body of open) if (!body.destroyed) body.destroy(error);
    failed();
  };
  /** The handlers, one after another, in the order of the parts. */
  let handled: Promise<void> = Promise.resolve();
  let started = false;

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      defCharset: "utf8",
      limits: { fileSize: limits.maxFileSize, files: limits.maxFiles, parts: maxParts, fieldSize: maxFieldSize, headerSize: maxHeaderSize },
    });
  } catch (error) {
    throw Object.assign(new MultipartParseError(error instanceof Error ? error.message : "Not a multipart/form-data body"), { cause: error });
  }
  parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
    started = true;
    if (valueTruncated) fail(new MultipartParseError(`A field is larger than ${maxFieldSize} bytes`));
    else fields[name] = value;
  });
  parser.on("file", (fieldName: string, part: Readable, name: string | undefined) => {
    started = true;
    // The handler reads our own stream, so that a limit or a broken body reaches it as an error.
    const body = new PassThrough({ highWaterMark: 256 * 1024 });
    // Its readers see its error; one that does not read it must not make the error uncaught (the process would end).
    body.on("error", () => undefined);
    open.add(body);
    body.on("close", () => open.delete(body));
    // A part the parser had already started when the read failed is never read to its end: it fails at once.
    if (failure) body.destroy(failure);
    part.on("limit", () => fail(new MaxFileSizeExceededError(limits.maxFileSize)));
    // The parser fails a part whose body breaks off; the read fails with it (an unheard error would end the process).
    part.on("error", (error: Error) => fail(Object.assign(new MultipartParseError(error.message), { cause: error })));
    part.on("data", (chunk: Buffer) => {
      if (body.destroyed) return;
      if (!body.write(chunk)) {
        part.pause();
        body.once("drain", () => part.resume());
        body.once("close", () => part.resume());
      }
    });
    part.on("end", () => {
      if (!body.destroyed) body.end();
    });
    // Each handler is called, even for a file that failed before it started: it sees the error on its stream.
    handled = handled.then(async () => {
      try {
        await onFile({ fieldName, name: name ?? "", body });
      } finally {
        // A handler done before the end of its file does not want the rest: the parser skips it.
        if (!body.writableEnded && !body.destroyed) body.destroy();
      }
    });
    handled.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
  });
  parser.on("filesLimit", () => fail(new MaxFilesExceededError(limits.maxFiles)));
  parser.on("partsLimit", () => fail(new MaxPartsExceededError(maxParts)));
  const finished = new Promise<void>((resolve) => {
    parser.on("finish", resolve);
    parser.on("error", (error: Error) => {
      fail(/header/i.test(error.message) && /size|large/i.test(error.message) ? new MaxHeaderSizeExceededError(maxHeaderSize) : Object.assign(new MultipartParseError(error.message), { cause: error }));
    });
  });

  const reader = request.body.getReader();
  /** Bytes before the first part: a body that never shows its boundary is refused after the header limit. */
  let beforeFirstPart = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), failedOnce.then(() => undefined)]).catch((cause: unknown) => {
        // The request stream failed: the client went away.
        fail(Object.assign(new MultipartParseError("The body broke off"), { cause }));
        return undefined;
      });
      if (failure || next === undefined) break;
      if (next.done) {
        parser.end();
        break;
      }
      const more = parser.write(next.value);
      if (!started && (beforeFirstPart += next.value.length) > maxHeaderSize) {
        fail(new MultipartParseError("No boundary where the body begins"));
        break;
      }
      // Wait while the parser (and the file being handled) is full, or until the read has failed.
      if (!more) await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), failedOnce]);
    }
    await Promise.race([finished, failedOnce]);
    // Every handler has run; the first failure is thrown below.
    await Promise.race([handled.catch(() => undefined), failedOnce]);
  } finally {
    reader.releaseLock();
  }
  if (failure) {
    await handled.catch(() => undefined);
    throw failure;
  }
  return fields;
}

/**
 * Reads the first `size` bytes of a stream (fewer when it is shorter) and gives them back with a stream of the whole,
 * those bytes first: what a type check by signature needs before the file goes on to storage.
 * @throws the stream's error when it fails before `size` bytes
 */
export async function readHead(stream: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    try {
      yield head;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Given up before its end (the consumer failed): the source is not read further.
      if (!stream.readableEnded) stream.destroy();
    }
  }
  return { head: head.subarray(0, size), whole: Readable.from(rest(), { objectMode: false }) };
}
