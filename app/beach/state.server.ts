/**
 * The first beach's state now, read from the database and decided as every site's is (`readSiteStates`): what the
 * spec's single-beach texts are about.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { getFirstBeach } from "./data/sites.server.ts";
import { readSiteStates } from "./site-state.server.ts";
import { beachState } from "./state.ts";
import type { SiteState } from "./site-state.ts";

/**
 * What residents are told about the first beach at `now` (no reading and no advisory when there is no beach).
 * @param db the database, or the transaction of a write (which then sees its own change)
 * @param now ms since epoch
 */
export async function currentBeachState(db: Database, now = Date.now()): Promise<SiteState> {
  const first = await getFirstBeach(db);
  const found = first && (await readSiteStates(db, [first], now)).get(first.id);
  return found?.state ?? { ...beachState(undefined, null, ""), decidedBy: null, verdicts: [], bloom: null, notes: [] };
}
