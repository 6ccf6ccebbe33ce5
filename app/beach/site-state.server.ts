/**
 * The state of every site now, read from the database in a few statements whatever the number of sites and
 * results (the latest results of each site and parameter in one, the E. coli windows in one, the advisories in
 * one) and decided by `siteState` under each site's profile: for the public pages and, inside the transaction of the
 * write that may have changed them, for the alerts.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { addDaysTo } from "#app/platform/text/iso-date.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { E_COLI } from "./parameters.ts";
import { CYANOTOXINS, CYANOTOXIN_SAMPLES_READ, readProfile, type SampleResult } from "./profiles.ts";
import { GEOMETRIC_MEAN_WINDOW_DAYS, PUBLIC_READING_COUNT } from "./status.ts";
import { siteState, type SiteAdvisoryInput, type SiteState } from "./site-state.ts";
import { listSiteAdvisories, type SiteAdvisory } from "./data/advisory.server.ts";
import { listLatestResults, listResultsSince, resultsKey, type Measurement } from "./data/readings.server.ts";
import type { MonitoringSite } from "./data/sites.server.ts";

/** A result row as the rules take it. */
export function toSample(m: Pick<Measurement, "date" | "value" | "qualifier" | "detectionLimit">): SampleResult {
  const qualifier = m.qualifier === "<" || m.qualifier === ">" || m.qualifier === "ND" ? m.qualifier : "";
  return { date: m.date, value: Number(m.value), qualifier, detectionLimit: m.detectionLimit === null ? null : Number(m.detectionLimit) };
}

function toInput(advisory: SiteAdvisory | undefined): SiteAdvisoryInput | null {
  if (!advisory) return null;
  return advisory.kind === "board"
    ? { kind: "board", status: advisory.status, reason: advisory.reason, postedAt: advisory.postedAt }
    : { kind: "bloom", level: advisory.level, reason: advisory.reason, postedAt: advisory.postedAt };
}

/** One site's state and what its beach section shows beside it. */
export interface SiteReading {
  state: SiteState;
  /**
   * The latest E. coli results, oldest first: at most `PUBLIC_READING_COUNT` for the site whose chart is shown
   * (`options.chartOf`), the latest one for the others (all their status needs).
   */
  latest: Measurement[];
  /** The E. coli results of the 30 days ending at the latest sample, oldest first: the geometric mean. */
  window: Measurement[];
}

/**
 * Every given site's state at `now`, in four statements (time zone, latest results, E. coli windows, advisories).
 * @param options.windows read every site's 30-day E. coli window (the beach sections' geometric mean), not only
 *   those its profile needs
 * @param options.chartOf the id of the site whose latest `PUBLIC_READING_COUNT` E. coli results are read (its chart
 *   and table); of the others only the latest, which is all a status reads
 * @param sites the sites (beaches; a station has no status, but is judged the same way when given)
 * @param now ms since epoch
 * @returns by site id
 */
export async function readSiteStates(
  db: Database,
  sites: readonly MonitoringSite[],
  now = Date.now(),
  { windows: allWindows = false, chartOf }: { windows?: boolean; chartOf?: string } = {},
): Promise<Map<string, SiteReading>> {
  if (sites.length === 0) return new Map();
  const wants = sites.flatMap((s) => [
    { siteId: s.id, parameterId: E_COLI, limit: s.id === chartOf ? PUBLIC_READING_COUNT : 1 },
    ...CYANOTOXINS.map((t) => ({ siteId: s.id, parameterId: t, limit: CYANOTOXIN_SAMPLES_READ })),
  ]);
  const [timeZone, latest, advisories] = await Promise.all([getTimeZone(db), listLatestResults(db, wants), listSiteAdvisories(db)]);
  const windows = await listResultsSince(
    db,
    // The spec's rule needs no window: read only the windows a profile (or the caller) needs.
    sites.flatMap((s) => {
      if (!allWindows && readProfile(s.profile) === "spec") return [];
      const last = latest.get(resultsKey({ siteId: s.id, parameterId: E_COLI }))?.at(-1);
      return last ? [{ siteId: s.id, parameterId: E_COLI, from: addDaysTo(last.date, -(GEOMETRIC_MEAN_WINDOW_DAYS - 1)) }] : [];
    }),
  );
  const today = todayIn(timeZone, new Date(now));
  const states = new Map<string, SiteReading>();
  for (const site of sites) {
    const key = (parameterId: string) => resultsKey({ siteId: site.id, parameterId });
    const recent = latest.get(key(E_COLI)) ?? [];
    const window = windows.get(key(E_COLI)) ?? [];
    const profile = readProfile(site.profile);
    // The spec's rule reads the latest sample alone: the very one `beachState` reads.
    const ecoli = profile === "spec" ? recent.slice(-1) : window;
    const toxins = Object.fromEntries(CYANOTOXINS.map((t) => [t, (latest.get(key(t)) ?? []).map(toSample)]));
    const state = siteState(profile, { ecoli: ecoli.map(toSample), toxins }, toInput(advisories.get(site.id)), today);
    states.set(site.id, { state, latest: recent, window });
  }
  return states;
}
