/**
 * The manual beach advisory (issue 11): the board closes the beach, or advises caution, for a reason no sample shows
 * (a spill, heavy rain, an algae bloom). While posted it overrides the status computed from the latest reading on
 * the public pages; lifting it brings the computed status back. Kept as one setting (JSON), so posting, lifting and
 * the page caches' change signal ("measurements") are one transaction.
 */
import { z } from "zod";
import { ADVISORY_STATUSES } from "#app/beach/status.ts";
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import { bumpVersion } from "#app/platform/data/changes.server.ts";

const KEY = "beach.advisory";

export { ADVISORY_STATUSES };

const AdvisorySchema = z.object({
  status: z.enum(ADVISORY_STATUSES),
  reason: z.string().min(1).max(500),
  postedAt: z.number(),
  postedBy: z.string(),
});

/** A posted advisory: the status it sets, why, and who posted it when (ms since epoch). */
export type BeachAdvisory = z.infer<typeof AdvisorySchema>;

/** The advisory in force, or null. A stored value that no longer reads as one counts as none. */
export async function getBeachAdvisory(db: Database): Promise<BeachAdvisory | null> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = AdvisorySchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Posts (or replaces) the advisory and signals the change. */
export async function postBeachAdvisory(db: Database, advisory: BeachAdvisory): Promise<void> {
  const value = JSON.stringify(AdvisorySchema.parse(advisory));
  await inTransaction(db, async (trx) => {
    await trx.insertInto("setting").values({ key: KEY, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    await bumpVersion(trx, "measurements");
  });
}

/** Lifts the advisory; false when none was posted. */
export async function liftBeachAdvisory(db: Database): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom("setting").where("key", "=", KEY).executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    await bumpVersion(trx, "measurements");
    return true;
  });
}

/**
 * Records the beach state last announced to subscribers, if it is still `expected` (compare and set): of several
 * processes that see the same change, one wins and alerts.
 * @param expected the value read before, or undefined when none was ever stored
 * @returns true when this caller stored `next` (and must alert)
 */
export async function swapAnnouncedBeachState(db: Database, expected: string | undefined, next: string): Promise<boolean> {
  const key = "beach.announced";
  if (expected === undefined) {
    const result = await db.insertInto("setting").values({ key, value: next }).onConflict((oc) => oc.column("key").doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const result = await db.updateTable("setting").set({ value: next }).where("key", "=", key).where("value", "=", expected).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The beach state last announced, or undefined before the first. */
export async function getAnnouncedBeachState(db: Database): Promise<string | undefined> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", "beach.announced").executeTakeFirst();
  return row?.value;
}
