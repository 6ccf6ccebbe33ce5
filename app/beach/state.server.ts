/**
 * The beach state now, read from the database (the latest reading, the advisory, the association's today) and decided
 * by `beachState`: for the alerts, inside the transaction of the write that may have changed it.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { getBeachAdvisory } from "./data/advisory.server.ts";
import { listLatestMeasurements } from "./data/readings.server.ts";
import { beachState, type BeachState } from "./state.ts";

/**
 * What residents are told about the beach at `now`.
 * @param db the database, or the transaction of a write (which then sees its own change)
 * @param now ms since epoch
 */
export async function currentBeachState(db: Database, now = Date.now()): Promise<BeachState> {
  const [timeZone, readings, advisory] = await Promise.all([getTimeZone(db), listLatestMeasurements(db, { limit: 1 }), getBeachAdvisory(db)]);
  return beachState(readings.at(-1), advisory, todayIn(timeZone, new Date(now)));
}
