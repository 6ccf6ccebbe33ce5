/**
 * The browser tab's icon and the home-screen icon follow the association's uploaded logo: `/favicon.png` (32 px),
 * `/favicon.ico` (16 and 32 px), `/apple-touch-icon.png` (180 px) and the web app manifest's `/icon-192.png` and
 * `/icon-512.png` are drawn from it, square, the logo fitted whole on the header's blue. Without an uploaded logo the
 * bundled heron files (public/) are served as before.
 */
import { buffer } from "node:stream/consumers";
import { THEME_COLOR } from "#app/platform/http/meta.ts";
import { icoFile } from "#app/platform/files/ico.ts";
import { getLogoImageId } from "#app/site/data/association.server.ts";
import { getImage, variantFile, type ImageServices } from "#app/platform/files/images.server.ts";

/** The icons drawn from a logo, by URL path: their size in pixels (square). */
export const SITE_ICON_SIZES: Readonly<Record<string, number>> = { "/favicon.png": 32, "/apple-touch-icon.png": 180, "/icon-192.png": 192, "/icon-512.png": 512 };

/** The sizes in pixels of the images in `/favicon.ico`, smallest first. */
const ICO_SIZES = [16, 32] as const;

/**
 * `/favicon.ico` drawn from the uploaded logo: a real Windows icon holding a 16 and a 32 px PNG (`icoFile`).
 * @returns its bytes and a strong ETag, or undefined without an uploaded logo (the bundled public/favicon.ico applies)
 */
export async function siteIco(services: ImageServices): Promise<{ ico: Buffer; etag: string } | undefined> {
  const pngs = [];
  for (const size of ICO_SIZES) {
    const icon = await siteIcon(services, size);
    if (!icon) return undefined;
    pngs.push({ png: icon.png, size, etag: icon.etag });
  }
  return { ico: icoFile(pngs), etag: `"${pngs.map((p) => p.etag.replace(/"/g, "")).join("+")}.ico"` };
}

/** The last icons drawn, by `${logo id}/${size}`: a logo never changes under its id, so these never go stale. */
const drawn = new Map<string, Buffer>();

/**
 * The icon for `size` drawn from the uploaded logo.
 *
 * @param size the icon's width and height in pixels
 * @returns the PNG bytes and a strong ETag (the logo's id and the size), or undefined when no logo is uploaded (or
 *   its file is missing), in which case the bundled icon applies
 */
export async function siteIcon(services: ImageServices, size: number): Promise<{ png: Buffer; etag: string } | undefined> {
  const id = await getLogoImageId(services.db);
  if (!id) return undefined;
  const key = `${id}/${size}`;
  let png = drawn.get(key);
  if (!png) {
    // The smallest WebP variant (320 px wide, or the original when it is smaller) is plenty for 180 px.
    const logo = await getImage(services.db, id);
    const file = logo ? await services.images.get(variantFile(logo.id, logo.widths[0]!)) : undefined;
    if (!file) return undefined;
    // sharp (libvips) is loaded here, on the first icon drawn, as images.server.ts does: a server that processes no
    // picture never maps it (RSS about 10 MB lower: median 114 against 124 MB after the public pages and icons).
    const { default: sharp } = await import("sharp");
    png = await sharp(await buffer(file.stream))
      .resize(size, size, { fit: "contain", background: THEME_COLOR })
      .flatten({ background: THEME_COLOR })
      .png()
      .toBuffer();
    for (const old of drawn.keys()) if (!old.startsWith(`${id}/`)) drawn.delete(old);
    drawn.set(key, png);
  }
  return { png, etag: `"${id}-${size}"` };
}
