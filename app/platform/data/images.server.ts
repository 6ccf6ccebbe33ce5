/**
 * The `image` table: one row per stored picture (its text alternative, the size of its largest variant, its widths),
 * written once every file of it is in the image store. Checking, converting and storing the files is
 * app/platform/files/images.server.ts.
 */
import type { Database } from "./db.server.ts";
import { writeAndSignal } from "./changes.server.ts";

/** A stored picture, as pages need it (plain data: it goes to the browser in loader data). */
export interface StoredImage {
  /** 32 lower-case hex digits. */
  id: string;
  /** The text alternative. */
  alt: string;
  /** Pixels, of the largest variant. */
  width: number;
  height: number;
  /** The variants' widths in pixels, ascending. */
  widths: number[];
}

const COLUMNS = ["id", "alt", "width", "height", "widths"] as const;

function toStored(row: { id: string; alt: string; width: number; height: number; widths: string }): StoredImage {
  return { id: row.id, alt: row.alt, width: Number(row.width), height: Number(row.height), widths: (JSON.parse(row.widths) as number[]).map(Number) };
}

/**
 * Records a picture whose files are stored.
 * @param createdBy who uploaded it (an administrator's email, or the seed's author)
 * @param createdAt ms since epoch
 */
export async function insertImage(db: Database, image: StoredImage, createdBy: string, createdAt = Date.now()): Promise<void> {
  const { id, alt, width, height, widths } = image;
  await db.insertInto("image").values({ id, alt, width, height, widths: JSON.stringify(widths), createdBy, createdAt }).execute();
}

/** The picture with this id, or undefined. */
export async function findImage(db: Database, id: string): Promise<StoredImage | undefined> {
  const row = await db.selectFrom("image").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toStored(row);
}

/** The pictures with these ids that exist, by id, in one query. @param ids at least one */
export async function findImages(db: Database, ids: readonly string[]): Promise<Map<string, StoredImage>> {
  const rows = await db.selectFrom("image").select(COLUMNS).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, toStored(row)]));
}

/**
 * Changes a picture's text alternative and signals the change ("site"), so cached public pages follow; false when
 * there is no such picture or the text is unchanged (the change counter moves all the same).
 */
export async function updateImageAlt(db: Database, id: string, alt: string): Promise<boolean> {
  return writeAndSignal(db, "site", async (trx) => {
    const result = await trx.updateTable("image").set({ alt }).where("id", "=", id).where("alt", "<>", alt).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** Deletes a picture's row (its files are the caller's to remove). */
export async function deleteImageRow(db: Database, id: string): Promise<void> {
  await db.deleteFrom("image").where("id", "=", id).execute();
}
