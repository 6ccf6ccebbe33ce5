/**
 * The picture a shared link and the site's structured data show (issue 28 part 6): the association's uploaded logo at
 * a width link previews take, or the bundled heron icon (public/icon-512.png) without one.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { getImage } from "#app/platform/files/images.server.ts";
import type { StoredImage } from "#app/platform/data/images.server.ts";
import { imageUrl } from "#app/ui/Picture.tsx";
import { getLogoImageId } from "./data/association.server.ts";

/** The widest variant of the logo a link preview takes: Open Graph asks for at least 200 px, and 1,200 is plenty. */
const SHARE_IMAGE_MAX_WIDTH = 1200;

/** The bundled icon, a path on the site, for a site without a logo. */
export const DEFAULT_SHARE_IMAGE = "/icon-512.png";

/** The path of the logo's variant a preview shows ("/images/<id>/640.webp"), or the bundled icon's without a logo. */
export function shareImagePath(logo: Pick<StoredImage, "id" | "widths"> | null | undefined): string {
  if (!logo) return DEFAULT_SHARE_IMAGE;
  return imageUrl(logo.id, logo.widths.findLast((w) => w <= SHARE_IMAGE_MAX_WIDTH) ?? logo.widths[0]!);
}

/** `shareImagePath` of the uploaded logo, read from the database (two small reads). */
export async function getShareImagePath(db: Database): Promise<string> {
  const id = await getLogoImageId(db);
  return shareImagePath(id ? await getImage(db, id) : undefined);
}
