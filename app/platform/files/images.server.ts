/**
 * Pictures (issue 10 part 4): board photos, the logo, the map, the treasurer image and the home-page photo.
 *
 * An upload is judged by its bytes, never its name or the browser's claim: file-type must find a JPEG, PNG or WebP
 * signature and sharp must read the same format. The picture is turned upright by its EXIF orientation and written
 * again as WebP at a few widths; sharp writes no metadata unless asked (we never call `withMetadata`/`keepExif`), so
 * EXIF, GPS, XMP and IPTC of a phone photo are not published, and an embedded ICC profile (Display P3, Adobe RGB) is
 * applied, the pixels converted to sRGB and the profile dropped. Each variant is one file of the image store
 * (`$DATA_DIR/images/<id>-<width>.webp`, or `<prefix>/images/…` of the bucket of STORAGE_URL); the row in `image`
 * (app/platform/data/images.server.ts) is written after every file, and a failure removes what was written: there is
 * never a row without its files.
 */
import { MAX_IMAGE_BYTES } from "./upload-limits.ts";
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, MaxTotalSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import type { OutputInfo } from "sharp";
import type { Database } from "#app/platform/data/db.server.ts";
import { deleteImageRow, findImage, findImages, insertImage, updateImageAlt, type StoredImage } from "#app/platform/data/images.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import type { Storage } from "./storage.server.ts";

import { variantWidths } from "./image-widths.ts";

export { IMAGE_WIDTHS, variantWidths } from "./image-widths.ts";

/** Largest picture decoded, in pixels (100 megapixels: any phone's, and far below what would exhaust memory). */
const MAX_INPUT_PIXELS = 100_000_000;

export const IMAGE_MESSAGES = {
  type: "This file is not a JPEG, PNG or WebP picture.",
  size: "The picture is larger than 20 MB.",
  damaged: "The picture could not be read: it may be damaged.",
  alt: "Please describe the picture for people who cannot see it.",
  altLength: "Please describe the picture in at most 1000 characters.",
} as const;

/** The longest text alternative, in characters (the form's input says the same: MAX_ALT_LENGTH in ImageField). */
export const MAX_ALT_LENGTH = 1000;

/** What is wrong with a text alternative (one of `IMAGE_MESSAGES`), or undefined when it may be stored. */
export function altTextProblem(alt: string): string | undefined {
  const text = alt.trim();
  if (text === "") return IMAGE_MESSAGES.alt;
  if (text.length > MAX_ALT_LENGTH) return IMAGE_MESSAGES.altLength;
  return undefined;
}

function checkedAlt(alt: string): string {
  const problem = altTextProblem(alt);
  if (problem) throw new ImageRefused(problem, "alt");
  return alt.trim();
}

/** An upload refused for a reason its sender can act on; `message` is one of `IMAGE_MESSAGES`, shown as is. */
export class ImageRefused extends Error {
  /** Which part of the form is at fault: the file, or its text alternative. */
  readonly part: "file" | "alt";
  constructor(message: string, part: "file" | "alt" = "file") {
    super(message);
    this.name = "ImageRefused";
    this.part = part;
  }
}

/** What storing and serving pictures needs of the services. */
export interface ImageServices {
  db: Database;
  /** The pictures' store (`Services.images`). */
  images: Storage;
}

/** A picture's id: 32 lower-case hex digits. */
export const IMAGE_ID = /^[0-9a-f]{32}$/;

/** The name of one variant in the image store. */
export function variantFile(id: string, width: number): string {
  return `${id}-${width}.webp`;
}

type Format = "jpeg" | "png" | "webp" | "svg";

const SVG_START = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The picture's format judged by its bytes, or undefined when it is not one we take. */
async function detectFormat(bytes: Uint8Array, allowSvg: boolean): Promise<Format | undefined> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === "image/jpeg") return "jpeg";
  if (detected?.mime === "image/png") return "png";
  if (detected?.mime === "image/webp") return "webp";
  if (!detected && allowSvg && SVG_START.test(new TextDecoder().decode(bytes.subarray(0, 1024)))) return "svg";
  return undefined;
}


/**
 * Checks, converts and stores a picture.
 * @param bytes the uploaded file, at most 20 MB
 * @param alt its text alternative (trimmed; required, at most 1000 characters)
 * @param by who uploads it (an administrator's email, or the seed's author)
 * @param options.allowSvg accept SVG too, rasterised (the demo seed's bundled pictures only: an uploaded SVG could
 *   carry script, so uploads never set it)
 * @returns the stored picture, with the widths of its WebP variants
 * @throws ImageRefused with a message for the sender (not a JPEG/PNG/WebP, over 20 MB, unreadable, no alt text);
 *   anything else the image store or the database throws (nothing is left stored then either)
 */
export async function storeImage(services: ImageServices, bytes: Uint8Array, alt: string, by: string, options: { allowSvg?: boolean } = {}): Promise<StoredImage> {
  const text = checkedAlt(alt);
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefused(IMAGE_MESSAGES.size);
  const format = await detectFormat(bytes, options.allowSvg ?? false);
  if (!format) throw new ImageRefused(IMAGE_MESSAGES.type);

  // sharp (libvips) is loaded on the first picture, not at start-up: a server that only serves stored pictures never
  // needs it, and it holds about 20 MB of memory once loaded.
  const { default: sharp } = await import("sharp");
  // A vector picture is drawn at a density that gives at least 640 pixels (twice its size for small ones).
  let density: number | undefined;
  const open = () => sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS, density });
  let upright: { width: number; height: number };
  try {
    const meta = await open().metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw new Error(`sharp read ${meta.format}, file-type ${format}`);
    if (format === "svg") {
      const target = Math.min(1920, Math.max(640, meta.width * 2));
      density = Math.round((72 * target) / meta.width);
    }
    const turned = (meta.orientation ?? 1) >= 5;
    upright = { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
    if (density) upright = { width: Math.round((upright.width * density) / 72), height: Math.round((upright.height * density) / 72) };
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    throw new ImageRefused(IMAGE_MESSAGES.damaged);
  }

  const id = crypto.randomUUID().replaceAll("-", "");
  const widths = variantWidths(upright.width);
  const written: string[] = [];
  try {
    let largest = { width: 0, height: 0 };
    for (const width of widths) {
      let output: { data: Buffer; info: OutputInfo };
      try {
        // rotate() with no angle turns the picture upright by its EXIF orientation; no metadata is written.
        output = await open().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      } catch {
        throw new ImageRefused(IMAGE_MESSAGES.damaged);
      }
      await services.images.put(variantFile(id, width), output.data);
      written.push(variantFile(id, width));
      largest = { width: output.info.width, height: output.info.height };
    }
    const image = { id, alt: text, width: largest.width, height: largest.height, widths };
    await insertImage(services.db, image, by);
    return image;
  } catch (error) {
    await Promise.allSettled(written.map((file) => services.images.remove(file)));
    throw error;
  }
}

/** The picture with this id, or undefined (also for a malformed id). */
export async function getImage(db: Database, id: string | null | undefined): Promise<StoredImage | undefined> {
  if (!id || !IMAGE_ID.test(id)) return undefined;
  return findImage(db, id);
}

/** The pictures with these ids that exist, by id, in one query (ids that are null or malformed are skipped). */
export async function getImages(db: Database, ids: readonly (string | null | undefined)[]): Promise<Map<string, StoredImage>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && IMAGE_ID.test(id)))];
  if (wanted.length === 0) return new Map();
  return findImages(db, wanted);
}

/**
 * Changes a picture's text alternative (trimmed) and signals the change ("site"), so cached public pages follow;
 * false when there is no such picture or the text is unchanged (the change counter moves all the same). @throws ImageRefused when
 * empty or too long
 */
export async function setImageAlt(db: Database, id: string, alt: string): Promise<boolean> {
  return updateImageAlt(db, id, checkedAlt(alt));
}

/**
 * Deletes a picture: its row first (pages stop offering it), then its files. false when it was gone already.
 * Pages that still name it show nothing (or their bundled default) in its place.
 */
export async function deleteImage(services: ImageServices, id: string): Promise<boolean> {
  const image = await getImage(services.db, id);
  if (!image) return false;
  await deleteImageRow(services.db, id);
  await Promise.all(image.widths.map((w) => services.images.remove(variantFile(id, w))));
  return true;
}

/** What `readImageForm` read: the text fields as typed, the pictures stored, and the refusals by field name. */
export interface ImageForm {
  /** Every text field as submitted (NUL removed), the pictures' alt fields (`${name}Alt`) among them. */
  fields: Record<string, string>;
  /** The pictures uploaded and stored now, by field name. */
  images: Record<string, StoredImage>;
  /** `fieldErrors[name]` for a refused file, `fieldErrors[name + "Alt"]` for a missing alt text. */
  fieldErrors: Record<string, string>;
}

/**
 * Reads a multipart form with picture fields (`<ImageField name=…>`: a file input `name` and a text input
 * `${name}Alt`), and stores each picture uploaded with its alt text. A file left empty is no upload. A refused
 * picture is an error of its field and nothing of it is stored; the other fields come back as typed.
 * A url-encoded form (no file input) is read too. The caller owns the pictures stored: when it refuses the form for
 * another reason it should `deleteImage` them.
 * @param options.fields the names of the file inputs
 * @param options.by who uploads (an administrator's email)
 * @throws a 400 Response for a malformed body or too many files; anything the store throws beyond ImageRefused
 */
export async function readImageForm(request: Request, services: ImageServices, options: { fields: readonly string[]; by: string }): Promise<ImageForm> {
  const result: ImageForm = { fields: {}, images: {}, fieldErrors: {} };
  const files = new Map<string, Uint8Array>();
  const tooLarge = new Set<string>();
  try {
    // Files up to twice the limit are read whole, so that the form comes back as typed with the size message;
    // beyond that the parser stops reading (and what came after the file is lost).
    const form = await parseFormData(request, { maxFileSize: 2 * MAX_IMAGE_BYTES, maxFiles: options.fields.length }, async (upload: FileUpload) => {
      if (!options.fields.includes(upload.fieldName) || !upload.name) return undefined;
      const bytes = new Uint8Array(await upload.arrayBuffer());
      if (bytes.length > 0) files.set(upload.fieldName, bytes);
      return undefined;
    });
    Object.assign(result.fields, formFields(form));
  } catch (error) {
    if (!(error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)) {
      if (error instanceof FormDataParseError || error instanceof MultipartParseError) throw new Response("The form could not be read.", { status: 400 });
      throw error;
    }
    // The parser stopped at the first byte too many: the fields after it are lost, so the form is answered with the
    // size message on every picture field that had not been read yet.
    for (const name of options.fields) if (!files.has(name)) tooLarge.add(name);
  }
  for (const name of options.fields) {
    if (tooLarge.has(name)) {
      result.fieldErrors[name] = IMAGE_MESSAGES.size;
      continue;
    }
    const bytes = files.get(name);
    if (!bytes) continue;
    try {
      result.images[name] = await storeImage(services, bytes, result.fields[`${name}Alt`] ?? "", options.by);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      result.fieldErrors[error.part === "alt" ? `${name}Alt` : name] = error.message;
    }
  }
  return result;
}
