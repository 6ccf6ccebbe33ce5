/**
 * A `multipart/form-data` reader that hands each file over as a stream while it arrives, so that an upload goes to
 * storage without being held whole in memory (`@remix-run/form-data-parser` yields a file only once its part has been
 * read whole). Used by the document upload (app/routes/admin/documents-upload.ts); decision 011.
 *
 * Parts are read one after another: the reader waits while the handler does not take the bytes (backpressure), and
 * waits for the handler to finish before it reads the next part. Limits are those of the form parser, and it throws
 * its error classes, so callers answer the same way.
 */
import { PassThrough, Readable } from "node:stream";
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

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart Content-Type, or undefined. */
function boundaryOf(contentType: string | null): string | undefined {
  const match = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return match?.[1] ?? match?.[2];
}

/** The field name and file name of a part's Content-Disposition header; `filename` undefined for a text field. */
function disposition(headers: string): { name: string; filename: string | undefined } {
  const line = headers.split("\r\n").find((l) => /^content-disposition\s*:/i.test(l));
  if (!line || !/^content-disposition\s*:\s*form-data\s*(;|$)/i.test(line)) throw new MultipartParseError("A part without Content-Disposition: form-data");
  const param = (key: string): string | undefined => {
    const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${key}=([^;\\s]+)`, "i").exec(line);
    if (!match) return undefined;
    return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
  };
  const encoded = /;\s*filename\*=UTF-8''([^;\s]+)/i.exec(line)?.[1];
  let filename = param("filename");
  if (encoded) {
    try {
      filename = decodeURIComponent(encoded);
    } catch {
      // a malformed filename* is ignored; the plain filename stays
    }
  }
  return { name: param("name") ?? "", filename };
}

/**
 * Reads a multipart form: text fields are collected, and each file part is handed to `onFile` as a stream while it
 * arrives; the next part is read once `onFile` has finished. A handler that does not want the rest of a file
 * destroys its stream; the reader then skips those bytes.
 * @returns the text fields, by name (the last value of a repeated name)
 * @throws MultipartParseError for a body that is not multipart or breaks off (its file stream fails with the same
 *   error); MaxFileSizeExceededError, MaxFilesExceededError, MaxPartsExceededError, MaxHeaderSizeExceededError past a
 *   limit; whatever `onFile` throws (the rest of the body is not read then)
 */
export async function readMultipartStream(request: Request, limits: MultipartLimits, onFile: (file: StreamedFile) => Promise<void>): Promise<Record<string, string>> {
  const boundary = boundaryOf(request.headers.get("content-type"));
  if (!boundary || !request.body) throw new MultipartParseError("Not a multipart/form-data body");
  const maxHeaderSize = limits.maxHeaderSize ?? 8 * 1024;
  const maxParts = limits.maxParts ?? 100;
  const maxFieldSize = limits.maxFieldSize ?? 64 * 1024;
  // Every boundary but the first follows a line break; the first is found the same way after one put in front.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  let state = "preamble" as "preamble" | "after-delimiter" | "headers" | "body" | "done";
  let buffer: Buffer = Buffer.from(CRLF);
  /** Bytes before the first boundary (browsers send none; a body without any is refused early). */
  let preamble = 0;
  let parts = 0;
  let files = 0;
  let part: { file?: { stream: PassThrough; size: number; handled: Promise<void> }; field?: { name: string; chunks: Buffer[]; size: number } } = {};

  /** Hands bytes to the current part, waiting while its reader is behind. */
  const emit = async (bytes: Buffer) => {
    if (bytes.length === 0) return;
    if (part.field) {
      part.field.size += bytes.length;
      if (part.field.size > maxFieldSize) throw new MultipartParseError(`A field is larger than ${maxFieldSize} bytes`);
      part.field.chunks.push(bytes);
      return;
    }
    const file = part.file;
    if (!file) return;
    // The limit holds for a file its handler skips too.
    file.size += bytes.length;
    if (file.size > limits.maxFileSize) {
      const error = new MaxFileSizeExceededError(limits.maxFileSize);
      file.stream.destroy(error);
      throw error;
    }
    if (file.stream.destroyed) return;
    if (!file.stream.write(bytes)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          file.stream.off("drain", done);
          file.stream.off("close", done);
          resolve();
        };
        file.stream.on("drain", done);
        file.stream.on("close", done);
      });
    }
  };

  /** Ends the current part: a field is kept, a file's stream ends and its handler is waited for. */
  const endPart = async () => {
    if (part.field) fields[part.field.name] = Buffer.concat(part.field.chunks).toString("utf8");
    if (part.file) {
      part.file.stream.end();
      await part.file.handled;
    }
    part = {};
  };

  const startPart = (headers: string) => {
    if (++parts > maxParts) throw new MaxPartsExceededError(maxParts);
    const { name, filename } = disposition(headers);
    if (filename === undefined) {
      part = { field: { name, chunks: [], size: 0 } };
      return;
    }
    if (++files > limits.maxFiles) throw new MaxFilesExceededError(limits.maxFiles);
    const stream = new PassThrough({ highWaterMark: 256 * 1024 });
    // Its readers see its error; one that does not read it must not make the error uncaught (the process would end).
    stream.on("error", () => undefined);
    const handled = onFile({ fieldName: name, name: filename, body: stream });
    // A handler that is done before the end of its file does not want the rest: the reader then skips it (and does
    // not wait for a reader that is gone). Until it is awaited, a failure of the handler must not go unhandled.
    const finished = () => {
      if (!stream.writableEnded) stream.destroy();
    };
    handled.then(finished, finished);
    part = { file: { stream, size: 0, handled } };
  };

  /** Works through the buffer as far as it can; returns when more bytes are needed. */
  const advance = async () => {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter cut in two.
          const keep = Math.min(buffer.length, delimiter.length - 1);
          if (state === "body") await emit(buffer.subarray(0, buffer.length - keep));
          else if ((preamble += buffer.length - keep) > maxHeaderSize) throw new MultipartParseError("No boundary where the body begins");
          buffer = buffer.subarray(buffer.length - keep);
          return;
        }
        if (state === "body") {
          await emit(buffer.subarray(0, at));
          await endPart();
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "after-delimiter";
      }
      if (state === "after-delimiter") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return;
        }
        const lineEnd = buffer.indexOf(CRLF);
        if (lineEnd === -1) {
          if (buffer.length > 256) throw new MultipartParseError("Malformed boundary line");
          return;
        }
        // Transport padding (spaces and tabs) may follow a boundary.
        if (!/^[ \t]*$/.test(buffer.subarray(0, lineEnd).toString("latin1"))) throw new MultipartParseError("Malformed boundary line");
        buffer = buffer.subarray(lineEnd + 2);
        state = "headers";
      }
      if (state === "headers") {
        const end = buffer.indexOf(HEADER_END);
        // A part with no header lines at all starts with the empty line.
        const bare = buffer.subarray(0, 2).equals(CRLF);
        if (end === -1 && !bare) {
          if (buffer.length > maxHeaderSize) throw new MaxHeaderSizeExceededError(maxHeaderSize);
          return;
        }
        if (bare) throw new MultipartParseError("A part without headers");
        if (end > maxHeaderSize) throw new MaxHeaderSizeExceededError(maxHeaderSize);
        startPart(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + HEADER_END.length);
        state = "body";
      }
      if (state === "done") return;
    }
  };

  const reader = request.body.getReader();
  try {
    let epilogue = 0;
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (cause) {
        // The request stream failed: the client went away.
        throw Object.assign(new MultipartParseError("The body broke off"), { cause });
      }
      if (next.done) break;
      if (state === "done") {
        // What follows the closing boundary is ignored (browsers send a line break), up to a limit.
        if ((epilogue += next.value.length) > maxHeaderSize) break;
        continue;
      }
      buffer = buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([buffer, next.value]);
      await advance();
    }
    if (state !== "done") throw new MultipartParseError("The body ended before the closing boundary");
  } catch (error) {
    // The file being read fails too, and its handler is waited for (it may be removing what it wrote). The rest of
    // the body is left unread, not cancelled: cancelling would close the connection before the caller has cleaned
    // up and answered; the HTTP server deals with the rest after the answer.
    if (part.file) {
      if (!part.file.stream.destroyed) part.file.stream.destroy(error instanceof Error ? error : new MultipartParseError("The body broke off"));
      await part.file.handled.catch(() => undefined);
    }
    throw error;
  } finally {
    reader.releaseLock();
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
