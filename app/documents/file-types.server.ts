/**
 * What an uploaded document really is, judged by its bytes, never by its name or the browser's claim (issue 28, which
 * widens spec §5's four types; decision 035): PDF, Word, Excel and PowerPoint (the zip-based formats of Office 2007
 * and the compound files of Office 97), OpenDocument text, spreadsheet and presentation, plain text, CSV, and JPEG,
 * PNG and WebP pictures. Binary formats are recognised by their signatures (file-type, which also reads a zip's
 * entries to tell .docx, .xlsx, .pptx, .odt, .ods and .odp apart); an Office 97 compound file by the stream that
 * names it (SheetJS's CFB reader); text must be valid UTF-8 with no NUL or other control bytes and must not be
 * markup that a browser would run (HTML, SVG, XML).
 */
import { lookup } from "mime-types";
import { stripBidiControls } from "#app/platform/text/text.ts";

const WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const EXCEL = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const POWERPOINT = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
const ODT = "application/vnd.oasis.opendocument.text";
const ODS = "application/vnd.oasis.opendocument.spreadsheet";
const ODP = "application/vnd.oasis.opendocument.presentation";

/** The pictures among the accepted types: stored without their metadata (`stripPicture`), in their own format. */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** The zip-based formats, which file-type tells apart by the zip's entries. */
const ZIP_TYPES = [WORD, EXCEL, POWERPOINT, ODT, ODS, ODP] as const;
/** The Office 97 formats, compound files told apart by their streams (`compoundFileType`). */
const COMPOUND_TYPES = ["application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint"] as const;

/** Every type a document may be stored as, in the order the upload screen names them. */
export const ACCEPTED_TYPES = ["text/plain", "text/csv", "application/pdf", ...PICTURE_TYPES, ...COMPOUND_TYPES, ...ZIP_TYPES] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** The extension a stored file gets for each type (spec §3: storage id = time stamp + extension). */
export const EXTENSIONS: Record<AcceptedType, string> = {
  "text/plain": ".txt",
  "text/csv": ".csv",
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "application/msword": ".doc",
  "application/vnd.ms-excel": ".xls",
  "application/vnd.ms-powerpoint": ".ppt",
  [WORD]: ".docx",
  [EXCEL]: ".xlsx",
  [POWERPOINT]: ".pptx",
  [ODT]: ".odt",
  [ODS]: ".ods",
  [ODP]: ".odp",
};

/**
 * What a refused file is told (issue 28 supersedes spec §5's "… a text file, a CSV file, a PDF or a JPEG picture.",
 * decision 035): the list of what is accepted.
 */
export const UNSUPPORTED_MESSAGE =
  "This file type is not supported. Please upload a PDF, a Word, Excel or PowerPoint file, an OpenDocument text, spreadsheet or presentation, a text or CSV file, or a JPEG, PNG or WebP picture.";

// \s takes in a byte order mark (U+FEFF) too: the decoder drops the first one, and a second must not hide markup.
const MARKUP = /^\s*(<!doctype|<html|<svg|<\?xml|<script|<body|<head|<iframe|<object|<embed)/i;

/** How many first bytes decide a binary type (file-type reads at most this many for the signatures we take). */
export const HEAD_BYTES = 4100;

/**
 * What the first bytes of a file say: a PDF by its signature (stored as it streams in), "text" for anything without
 * a known signature (which `createTextCheck` must then accept to its end), "whole" for a zip, a compound file or a
 * picture (read whole, then judged by `detectWholeDocument`), or undefined (empty, or another format).
 * @param head the file's first bytes, `HEAD_BYTES` of them unless the file is shorter
 */
export async function detectDocumentStart(head: Uint8Array): Promise<"application/pdf" | "text" | "whole" | undefined> {
  if (head.length === 0) return undefined;
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return "text";
  if (detected.mime === "application/pdf") return "application/pdf";
  // A zip's first 4,100 bytes may not reach the entry that names it: the whole file decides.
  if (detected.mime === "application/zip" || detected.mime === "application/x-cfb" || (ZIP_TYPES as readonly string[]).includes(detected.mime) || (PICTURE_TYPES as readonly string[]).includes(detected.mime)) {
    return "whole";
  }
  return undefined;
}

/**
 * The type of a whole zip, compound file or picture (`detectDocumentStart` said "whole"): one of the Office or
 * OpenDocument formats or a picture, or undefined for any other zip (a plain archive, a macro-enabled .docm or
 * .xlsm, an .epub, a .jar), another compound file (an installer, an Outlook message, a password-protected Office
 * file) or anything else.
 */
export async function detectWholeDocument(bytes: Uint8Array): Promise<AcceptedType | undefined> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return undefined;
  if (detected.mime === "application/x-cfb") return compoundFileType(bytes);
  if ((ZIP_TYPES as readonly string[]).includes(detected.mime)) return hasZipEnd(bytes) ? (detected.mime as AcceptedType) : undefined;
  return (PICTURE_TYPES as readonly string[]).includes(detected.mime) ? (detected.mime as AcceptedType) : undefined;
}

/**
 * Whether a zip ends as a whole one does: its end-of-central-directory record (signature PK 5 6) within the last
 * 65,557 bytes (22 bytes and a comment of up to 65,535), pointing at a central directory inside the file. A cut-off
 * .docx still starts like one; it is no document.
 */
function hasZipEnd(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 65_557; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const size = view.getUint32(at + 12, true);
    const offset = view.getUint32(at + 16, true);
    return offset + size <= at && view.getUint32(offset, true) === 0x02014b50;
  }
  return false;
}

/**
 * Which Office 97 format a compound file is, by the stream at its root that each one has ([MS-DOC], [MS-XLS],
 * [MS-PPT]): "WordDocument" starting with the Word signature 0xA5EC (a .doc), "Workbook" or "Book" starting with a
 * BOF record (an .xls), "PowerPoint Document" with "Current User" (a .ppt). A file with none of them, or with more
 * than one, or that cannot be read as a compound file, is undefined.
 */
export async function compoundFileType(bytes: Uint8Array): Promise<(typeof COMPOUND_TYPES)[number] | undefined> {
  const { CFB } = await import("@e965/xlsx");
  let streams: Map<string, Uint8Array>;
  try {
    const container = CFB.read(bytes, { type: "buffer" });
    streams = new Map();
    for (const [index, fullPath] of container.FullPaths.entries()) {
      const entry = container.FileIndex[index];
      // A stream at the root: "Root Entry/WordDocument" (the root entry's own name varies).
      if (entry?.type === 2 && fullPath.split("/").length === 2) streams.set(entry.name, Uint8Array.from(entry.content ?? []));
    }
  } catch {
    return undefined;
  }
  const word = streams.get("WordDocument");
  const book = streams.get("Workbook") ?? streams.get("Book");
  const found: (typeof COMPOUND_TYPES)[number][] = [];
  if (word && word[0] === 0xec && word[1] === 0xa5) found.push("application/msword");
  if (book && book[0] === 0x09 && (book[1] === 0x08 || book[1] === 0x04 || book[1] === 0x02 || book[1] === 0x00)) found.push("application/vnd.ms-excel");
  if (streams.has("PowerPoint Document") && streams.has("Current User")) found.push("application/vnd.ms-powerpoint");
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A picture as it is stored: turned upright by its EXIF orientation, its metadata (EXIF with any GPS position, XMP,
 * IPTC, comments) left out, in its own format (JPEG and WebP at quality 90, PNG lossless).
 * @throws when sharp cannot read it (a damaged or truncated picture, or one over 100 million pixels)
 */
export async function stripPicture(bytes: Uint8Array, type: PictureType): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  // rotate() with no angle applies the orientation; sharp writes no metadata unless asked to.
  const picture = sharp(bytes, { failOn: "error", limitInputPixels: 100_000_000 }).rotate();
  if (type === "image/jpeg") return picture.jpeg({ quality: 90 }).toBuffer();
  if (type === "image/png") return picture.png().toBuffer();
  return picture.webp({ quality: 90 }).toBuffer();
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
 * The accepted type of `bytes`, or undefined when it is none of them.
 * @param name the uploaded file's name, used only to tell CSV from plain text once the bytes are known to be text
 */
export async function detectDocumentType(bytes: Uint8Array, name: string): Promise<AcceptedType | undefined> {
  const start = await detectDocumentStart(bytes.subarray(0, HEAD_BYTES));
  if (start === "whole") return detectWholeDocument(bytes);
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
