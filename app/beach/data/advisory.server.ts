/**
 * Advisories per site (issue 11, per site since issue 27, migration 0016): the board closes a beach, or advises
 * caution, for a reason no sample shows (a spill, heavy rain); while posted it overrides the status computed from
 * the readings, and lifting it brings the computed status back. A bloom report (green, yellow, red, as Vermont's
 * volunteers report them) is the other kind: one verdict among the site's parameters (app/beach/profiles.ts). A site
 * has one advisory at most. Writes signal "measurements", the topic of the public pages that show them.
 *
 * Also the state last announced to each site's subscribers (app/beach/alerts.server.ts), replaced by compare-and-set.
 */
import { z } from "zod";
import { ADVISORY_STATUSES } from "#app/beach/status.ts";
import { BLOOM_LEVELS, type BloomLevel } from "#app/beach/profiles.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { FIRST_SITE_ID } from "./sites.server.ts";

export { ADVISORY_STATUSES };

const AdvisorySchema = z.object({
  status: z.enum(ADVISORY_STATUSES),
  reason: z.string().min(1).max(500),
  postedAt: z.number(),
  postedBy: z.string(),
});

/** The board's advisory: the status it sets, why, and who posted it when (ms since epoch). */
export type BeachAdvisory = z.infer<typeof AdvisorySchema>;

/** A bloom report: its colour, what the board adds (may be empty), who posted it when. */
export interface BloomReport {
  level: BloomLevel;
  reason: string;
  postedAt: number;
  postedBy: string;
}

/** The advisory in force at a site, of either kind. */
export type SiteAdvisory = ({ kind: "board" } & BeachAdvisory) | ({ kind: "bloom" } & BloomReport);

type Row = { siteId: string; kind: string; status: string; level: string; reason: string; postedAt: number | string; postedBy: string };

/** A stored row as an advisory; null when it no longer reads as one (it then counts as none). */
function toAdvisory(row: Row): SiteAdvisory | null {
  const postedAt = Number(row.postedAt);
  if (row.kind === "bloom") {
    if (!(BLOOM_LEVELS as readonly string[]).includes(row.level)) return null;
    return { kind: "bloom", level: row.level as BloomLevel, reason: row.reason, postedAt, postedBy: row.postedBy };
  }
  const parsed = AdvisorySchema.safeParse({ status: row.status, reason: row.reason, postedAt, postedBy: row.postedBy });
  return parsed.success ? { kind: "board", ...parsed.data } : null;
}

/** The advisory in force at `siteId`, of either kind, or null. */
export async function getSiteAdvisory(db: Database, siteId: string): Promise<SiteAdvisory | null> {
  const row = await db.selectFrom("site_advisory").selectAll().where("siteId", "=", siteId).executeTakeFirst();
  return row ? toAdvisory(row) : null;
}

/** Every site's advisory in force, by site id (one query, for the pages and alerts of several sites). */
export async function listSiteAdvisories(db: Database): Promise<Map<string, SiteAdvisory>> {
  const rows = await db.selectFrom("site_advisory").selectAll().execute();
  const map = new Map<string, SiteAdvisory>();
  for (const row of rows) {
    const advisory = toAdvisory(row);
    if (advisory) map.set(row.siteId, advisory);
  }
  return map;
}

/**
 * Posts (or replaces) a site's advisory, the board's or a bloom report, and signals the change.
 * @throws ZodError when the board's advisory is not one (no reason, another status)
 */
export async function postSiteAdvisory(db: Database, siteId: string, advisory: SiteAdvisory): Promise<void> {
  const row =
    advisory.kind === "board"
      ? { siteId, kind: "board", level: "", ...AdvisorySchema.parse({ status: advisory.status, reason: advisory.reason, postedAt: advisory.postedAt, postedBy: advisory.postedBy }) }
      : { siteId, kind: "bloom", status: "", level: z.enum(BLOOM_LEVELS).parse(advisory.level), reason: advisory.reason.slice(0, 500), postedAt: advisory.postedAt, postedBy: advisory.postedBy };
  await writeAndSignal(db, "measurements", async (trx) => {
    const { siteId: _id, ...values } = row;
    await trx.insertInto("site_advisory").values(row).onConflict((oc) => oc.column("siteId").doUpdateSet(values)).execute();
  });
}

/** Lifts a site's advisory (the first beach's by default), of either kind; false when none was posted. */
export async function liftBeachAdvisory(db: Database, siteId: string = FIRST_SITE_ID): Promise<boolean> {
  const found = await db.selectFrom("site_advisory").select("siteId").where("siteId", "=", siteId).executeTakeFirst();
  if (!found) return false;
  await writeAndSignal(db, "measurements", (trx) => trx.deleteFrom("site_advisory").where("siteId", "=", siteId).execute());
  return true;
}

/**
 * Records the state last announced to a site's subscribers (the first beach's by default), if it is still
 * `expected` (compare and set): of several processes that see the same change, one wins and alerts.
 * @param expected the value read before, or undefined when none was ever stored
 * @returns true when this caller stored `next` (and must alert)
 */
export async function swapAnnouncedBeachState(db: Database, expected: string | undefined, next: string, siteId: string = FIRST_SITE_ID): Promise<boolean> {
  if (expected === undefined) {
    const result = await db.insertInto("site_announced").values({ siteId, state: next }).onConflict((oc) => oc.column("siteId").doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const result = await db.updateTable("site_announced").set({ state: next }).where("siteId", "=", siteId).where("state", "=", expected).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The state last announced to a site's subscribers (the first beach's by default), or undefined before the first. */
export async function getAnnouncedBeachState(db: Database, siteId: string = FIRST_SITE_ID): Promise<string | undefined> {
  const row = await db.selectFrom("site_announced").select("state").where("siteId", "=", siteId).executeTakeFirst();
  return row?.state;
}

/** Every site's announced state, by site id (one query for the alerts of every site). */
export async function listAnnouncedStates(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectFrom("site_announced").selectAll().execute();
  return new Map(rows.map((r) => [r.siteId, r.state]));
}
