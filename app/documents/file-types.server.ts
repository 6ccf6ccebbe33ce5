/**
 * What an uploaded document really is, judged by its bytes (spec §5: text/plain, text/csv, application/pdf and
 * image/jpeg only), never by its name or the browser's claim. Binary formats are recognised by their signatures
 * (file-type); text must be valid UTF-8 with no NUL or other control bytes and must not be markup that a browser
 * would run (HTML, SVG, XML).
 */
import { lookup } from "mime-types";
import { stripBidiControls } from "#app/platform/text/text.ts";

export const ACCEPTED_TYPES = ["text/plain", "text/csv", "application/pdf", "image/jpeg"] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** The extension a stored file gets for each type (spec §3: storage id = time stamp + extension). */
export const EXTENSIONS: Record<AcceptedType, string> = {
  "text/plain": ".txt",
  "text/csv": ".csv",
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
};

export const UNSUPPORTED_MESSAGE = "This file type is not supported. Please upload a text file, a CSV file, a PDF or a JPEG picture.";

// \s takes in a byte order mark (U+FEFF) too: the decoder drops the first one, and a second must not hide markup.
const MARKUP = /^\s*(<!doctype|<html|<svg|<\?xml|<script|<body|<head|<iframe|<object|<embed)/i;

/** How many first bytes decide a binary type (file-type reads at most this many for the signatures we take). */
export const HEAD_BYTES = 4100;

/**
 * What the first bytes of a file say: a PDF or JPEG by its signature, "text" for anything without a known signature
 * (which `createTextCheck` must then accept to its end), or undefined (empty, or another format).
 * @param head the file's first bytes, `HEAD_BYTES` of them unless the file is shorter
 */
export async function detectDocumentStart(head: Uint8Array): Promise<"application/pdf" | "image/jpeg" | "text" | undefined> {
  if (head.length === 0) return undefined;
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return "text";
  if (detected.mime === "application/pdf") return "application/pdf";
  if (detected.mime === "image/jpeg") return "image/jpeg";
  return undefined;
}

/**
 * Checks a file as text, chunk by chunk: valid UTF-8 throughout, no control character but tab, line feed, carriage
 * return and form feed, and no markup a browser would run at its start. `push` and `end` return false from the first
 * chunk that fails; the file is text only when every `push` and the `end` returned true.
 */
export function createTextCheck(): { push(chunk: Uint8Array): boolean; end(): boolean } {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = "";
  let startChecked = false;
  let ok = true;
  const take = (text: string): boolean => {
    // oxlint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
    if (!startChecked) {
      start += text;
      if (start.length >= 1024) {
        startChecked = true;
        return !MARKUP.test(start.slice(0, 1024));
      }
    }
    return true;
  };
  const decode = (chunk?: Uint8Array): string | undefined => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      return undefined;
    }
  };
  return {
    push(chunk) {
      if (!ok) return false;
      const text = decode(chunk);
      ok = text !== undefined && take(text);
      return ok;
    },
    end() {
      if (!ok) return false;
      const text = decode();
      ok = text !== undefined && take(text) && (startChecked || !MARKUP.test(start));
      return ok;
    },
  };
}

/**
 * The accepted type of `bytes`, or undefined when it is none of the four.
 * @param name the uploaded file's name, used only to tell CSV from plain text once the bytes are known to be text
 */
export async function detectDocumentType(bytes: Uint8Array, name: string): Promise<AcceptedType | undefined> {
  const start = await detectDocumentStart(bytes.subarray(0, HEAD_BYTES));
  if (start !== "text") return start;
  const check = createTextCheck();
  if (!check.push(bytes) || !check.end()) return undefined;
  return textType(name);
}

/** text/csv when the name says .csv, else text/plain (for bytes already known to be text). */
export function textType(name: string): "text/csv" | "text/plain" {
  return /\.csv$/i.test(name) ? "text/csv" : "text/plain";
}

/** Why a name was refused: nothing was left of it once cleaned (`cleanDisplayName` returned ""). */
export const NO_NAME_MESSAGE = "That name has nothing to show once control and text-direction characters are removed. Please give a name with letters or digits.";

/**
 * A display name safe to show and to offer on download: the last path segment, control characters, bidirectional
 * formatting characters (`stripBidiControls`) and quotes removed, white space folded, at most 200 characters; ""
 * when nothing is left (or only "." or ".."), which the caller refuses with `NO_NAME_MESSAGE`.
 */
export function cleanDisplayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = stripBidiControls(base.normalize("NFC"))
    .replace(/\s+/g, " ")
    // oxlint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|*?]/g, "")
    .trim()
    .slice(0, 200)
    .trim();
  return cleaned === "." || cleaned === ".." ? "" : cleaned;
}

/**
 * The file name a download is saved under: `displayName`, ending with an extension of `contentType`, the type the
 * bytes were checked to be, so that the saved file opens as what was served. A name whose extension the media type
 * registry (mime-db, through mime-types) gives to `contentType` is kept ("Photo.JPEG" for image/jpeg, "notes.log" for
 * text/plain); one with an extension of another type has it replaced ("late.html" as text/plain → "late.txt": a kept
 * ".html" before an appended ".txt" would still show as "late.html" where the system hides known extensions); one
 * without a known extension gets `EXTENSIONS[contentType]` appended ("Minutes v1.2" → "Minutes v1.2.txt").
 * @param contentType one of `ACCEPTED_TYPES`
 */
export function downloadName(displayName: string, contentType: AcceptedType): string {
  const dot = displayName.lastIndexOf(".");
  const known = dot >= 0 ? lookup(displayName.slice(dot + 1)) : false;
  if (known === contentType) return displayName;
  const stem = known ? displayName.slice(0, dot) : displayName;
  return `${stem || "document"}${EXTENSIONS[contentType]}`;
}
