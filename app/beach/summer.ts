/**
 * Summer means: the yearly values a station's trophic state and trend are read from. Pure; the SQL of
 * app/beach/data/open-water.server.ts computes the same on the database, and its tests compare the two.
 *
 * The season is June 1 to September 30, each year. Carlson's index is meant for summer values (Carlson 1977: the
 * indices agree best in summer, when algae limit the light), and that stretch is the open-water season volunteer
 * programmes sample in the northern United States (Secchi Dip-In's July; the Maine Volunteer Lake Monitoring
 * Program's and Minnesota's June–September "summer mean" for TSI and trend). A fixed calendar window, not the
 * stratified period, so every station and year is cut alike (docs/decisions/032).
 *
 * Only surface results count (no sample depth, or 2 m or less): a Secchi depth has none, and phosphorus and
 * chlorophyll-a for the index are surface (epilimnion) samples; a temperature or oxygen profile's deeper results
 * would otherwise weigh a mean by how deep that day's profile went.
 */

/** The first and last day of the summer season, "MM-DD", inclusive. */
export const SUMMER = { from: "06-01", to: "09-30" } as const;
/** The deepest sample, in metres, that counts as a surface result. */
export const SURFACE_MAX_DEPTH = 2;

/** Whether a sample date ("YYYY-MM-DD") is in the summer season of its year. */
export function isSummerDate(date: string): boolean {
  const monthDay = date.slice(5, 10);
  return monthDay >= SUMMER.from && monthDay <= SUMMER.to;
}

/** Whether a result's sample depth (metres; null at the surface) counts as a surface result. */
export function isSurface(depth: number | null | undefined): boolean {
  return depth == null || depth <= SURFACE_MAX_DEPTH;
}

/** One parameter's mean of one summer: the year, the mean in the parameter's unit, and how many results made it. */
export interface SummerMean {
  parameterId: string;
  year: number;
  mean: number;
  count: number;
}

/**
 * Each year's summer mean per parameter of `results` (surface results in the season only), ordered by parameter id
 * then year. A result's value counts as stored: a "<" or ">" result as its limit.
 */
export function summerMeans(results: readonly { parameterId: string; date: string; value: number; depth?: number | null }[]): SummerMean[] {
  const sums = new Map<string, { parameterId: string; year: number; sum: number; count: number }>();
  for (const r of results) {
    if (!isSummerDate(r.date) || !isSurface(r.depth)) continue;
    const year = Number(r.date.slice(0, 4));
    const key = `${r.parameterId}\u0000${year}`;
    const entry = sums.get(key) ?? { parameterId: r.parameterId, year, sum: 0, count: 0 };
    entry.sum += r.value;
    entry.count += 1;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .map(({ parameterId, year, sum, count }) => ({ parameterId, year, mean: sum / count, count }))
    .sort((a, b) => (a.parameterId === b.parameterId ? a.year - b.year : a.parameterId < b.parameterId ? -1 : 1));
}
