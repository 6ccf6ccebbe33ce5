/**
 * The lake's outline (issue 27, point 8), kept as a setting: the board uploads it as GeoJSON on the Sites screen
 * (checked by `readLakeOutline`, app/beach/lake-map.ts) and /the-lake draws it with the sites.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import type { LakeOutline } from "#app/beach/lake-map.ts";

/** The setting that holds the outline: JSON of `LakeOutline`, or absent. */
const OUTLINE_KEY = "lake.outline";

/** The outline the board uploaded, or null (none, or a stored value that is not an outline). */
export async function getLakeOutline(db: Database): Promise<LakeOutline | null> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", OUTLINE_KEY).executeTakeFirst();
  if (!row?.value) return null;
  try {
    const parsed = JSON.parse(row.value) as LakeOutline;
    return Array.isArray(parsed.polygons) && parsed.polygons.length > 0 ? parsed : null;
  } catch {
    return null;
  }
}

/** Saves the outline (null removes it) and signals the change, so /the-lake follows at once. */
export async function saveLakeOutline(db: Database, outline: LakeOutline | null): Promise<void> {
  await writeAndSignal(db, "measurements", async (trx) => {
    if (outline === null) {
      await trx.deleteFrom("setting").where("key", "=", OUTLINE_KEY).execute();
      return;
    }
    const value = JSON.stringify(outline);
    await trx.insertInto("setting").values({ key: OUTLINE_KEY, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
  });
}
