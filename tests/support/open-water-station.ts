/**
 * An open-water station with six summers of results, for the tests of the station page and its data
 * (tests/integration/open-water.test.ts, tests/e2e/open-water.spec.ts): Secchi depth rising year on year, total
 * phosphorus falling, chlorophyll-a, and temperature and dissolved oxygen profiles by depth. Each summer mean is
 * known in advance (`SUMMER_MEANS`); out-of-season and deep results are there to be left out of the means.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { importMeasurements, type ResultInput } from "#app/beach/data/readings.server.ts";

/** The six summers' means, oldest first (the summers are the six years before this one). */
export const SUMMER_MEANS = {
  secchi: [2.0, 2.3, 2.5, 2.9, 3.1, 3.4],
  phosphorus: [30, 28, 26, 22, 21, 18],
  chlorophyll: [9, 8, 8.5, 7, 6, 6.5],
} as const;

/** The six summers, oldest first: the six calendar years before `now`'s. */
export function stationYears(now = new Date()): number[] {
  const last = now.getUTCFullYear() - 1;
  return Array.from({ length: 6 }, (_, i) => last - 5 + i);
}

/** Depths of each profile, metres. */
export const PROFILE_DEPTHS = [0, 2, 4, 6, 8, 10, 12];

/** Water temperature (°C) and dissolved oxygen (mg/L) at `depth` in a stratified summer. */
export function profileAt(depth: number): { temperature: number; oxygen: number } {
  return { temperature: depth <= 4 ? 24 - depth * 0.25 : Math.max(8, 23 - (depth - 4) * 2), oxygen: depth <= 4 ? 8.5 : Math.max(0.5, 8 - (depth - 4) * 1.25) };
}

/** The station's results, at `siteId`. */
export function stationResults(siteId: string, now = new Date()): ResultInput[] {
  const results: ResultInput[] = [];
  for (const [i, year] of stationYears(now).entries()) {
    for (const [parameterId, means] of Object.entries(SUMMER_MEANS)) {
      const mean = means[i]!;
      // Three summer samples around the mean (their mean is the mean), one in October, one deep (both left out).
      const spread = parameterId === "secchi" ? 0.2 : 2;
      const depth = parameterId === "phosphorus" ? 1 : null;
      results.push({ siteId, parameterId, date: `${year}-06-15`, value: mean - spread, depth });
      results.push({ siteId, parameterId, date: `${year}-07-15`, value: mean, depth });
      results.push({ siteId, parameterId, date: `${year}-08-15`, value: mean + spread, depth });
      results.push({ siteId, parameterId, date: `${year}-10-15`, value: mean * 3, depth });
      if (parameterId === "phosphorus") results.push({ siteId, parameterId, date: `${year}-08-15`, value: 90, depth: 9 });
    }
    for (const date of [`${year}-07-15`, `${year}-09-10`]) {
      for (const depth of PROFILE_DEPTHS) {
        const at = profileAt(depth);
        results.push({ siteId, parameterId: "temperature", date, value: at.temperature, depth });
        results.push({ siteId, parameterId: "oxygen", date, value: at.oxygen, depth });
      }
    }
  }
  return results;
}

/**
 * Adds a station (a `monitoring_site` row; the sites screen is another part of issue 27) and its results.
 * @returns the site's id
 */
export async function addStation(db: Database, { identifier, name }: { identifier: string; name: string }, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const at = now.getTime();
  await db.insertInto("monitoring_site").values({ id, name, kind: "station", identifier, latitude: 45.1, longitude: -93.2, position: 100, createdAt: at, updatedAt: at }).execute();
  await importMeasurements(db, stationResults(id, now), at);
  return id;
}
