/**
 * What an uploaded document really is, judged by its bytes (spec §5: text/plain, text/csv, application/pdf and
 * image/jpeg only), never by its name or the browser's claim. Binary formats are recognised by their signatures
 * (file-type); text must be valid UTF-8 with no NUL or other control bytes and must not be markup that a browser
 * would run (HTML, SVG, XML).
 */

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

const MARKUP = /^\s*(<!doctype|<html|<svg|<\?xml|<script|<body|<head|<iframe|<object|<embed)/i;

/**
 * The accepted type of `bytes`, or undefined when it is none of the four.
 * @param name the uploaded file's name, used only to tell CSV from plain text once the bytes are known to be text
 */
export async function detectDocumentType(bytes: Uint8Array, name: string): Promise<AcceptedType | undefined> {
  if (bytes.length === 0) return undefined;
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.mime === "application/pdf") return "application/pdf";
    if (detected.mime === "image/jpeg") return "image/jpeg";
    return undefined;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Tab, line feed, carriage return and form feed are text; any other control character is not.
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return undefined;
  if (MARKUP.test(text.slice(0, 1024).replace(/^\uFEFF/, ""))) return undefined;
  return /\.csv$/i.test(name) ? "text/csv" : "text/plain";
}

/**
 * A display name safe to show and to offer on download: the last path segment, control characters and quotes
 * removed, white space folded, at most 200 characters; "document" when nothing is left.
 */
export function cleanDisplayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/\s+/g, " ")
    // oxlint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|*?]/g, "")
    .trim()
    .slice(0, 200)
    .trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "document" : cleaned;
}
