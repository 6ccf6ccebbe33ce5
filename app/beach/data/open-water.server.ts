/**
 * A site's results over the years (issue 27, point 5: open water), aggregated in SQL on either back end so that a
 * station with 10 parameters × 10 years of results (about 50,000 rows) renders in milliseconds: the page reads
 * yearly means, a chart's points and one profile, never the results themselves. Every query filters by site and
 * parameter, which the (siteId, parameterId, timestamp, createdAt) index of migration 0015 serves.
 *
 * Dates are "YYYY-MM-DD" text, so the year, the month and the day of the year are `substr` of it on both SQLite and
 * PostgreSQL. The season and the surface depth are app/beach/summer.ts's; its `summerMeans` is the same computation
 * in TypeScript (tests/integration/open-water.test.ts compares them).
 */
import { sql } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";
import { SUMMER, SURFACE_MAX_DEPTH, type SummerMean } from "#app/beach/summer.ts";

/** Most points a chart series has before its results are averaged per month instead of per sample date. */
export const MAX_CHART_POINTS = 120;

const year = sql<string>`substr(${sql.ref("date")}, 1, 4)`;
const month = sql<string>`substr(${sql.ref("date")}, 1, 7)`;
const monthDay = sql<string>`substr(${sql.ref("date")}, 6, 5)`;

/**
 * The parameters of `parameterIds` that have at least one result at the site, in the order given. One query, an
 * index probe per parameter.
 */
export async function listParametersWithResults(db: Database, siteId: string, parameterIds: readonly string[]): Promise<string[]> {
  if (parameterIds.length === 0) return [];
  const rows = await db
    .selectFrom("parameter")
    .select("parameter.id")
    .where("parameter.id", "in", parameterIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("measurement")
          .select("measurement.id")
          .where("measurement.siteId", "=", siteId)
          .whereRef("measurement.parameterId", "=", "parameter.id"),
      ),
    )
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return parameterIds.filter((id) => found.has(id));
}

/**
 * Each year's summer mean (June 1 to September 30, surface results: no depth or at most 2 m) of each of
 * `parameterIds` at the site, ordered by parameter id then year; values in each parameter's unit.
 */
export async function listSummerMeans(db: Database, siteId: string, parameterIds: readonly string[]): Promise<SummerMean[]> {
  if (parameterIds.length === 0) return [];
  const rows = await db
    .selectFrom("measurement")
    .select(["parameterId", year.as("year"), sql<number | string>`avg(${sql.ref("value")})`.as("mean"), sql<number | string>`count(*)`.as("count")])
    .where("siteId", "=", siteId)
    .where("parameterId", "in", parameterIds)
    .where(monthDay, ">=", SUMMER.from)
    .where(monthDay, "<=", SUMMER.to)
    .where((eb) => eb.or([eb("depth", "is", null), eb("depth", "<=", SURFACE_MAX_DEPTH)]))
    .groupBy(["parameterId", year])
    .orderBy("parameterId")
    .orderBy(year)
    .execute();
  return rows.map((r) => ({ parameterId: r.parameterId, year: Number(r.year), mean: Number(r.mean), count: Number(r.count) }));
}

/** One result of a profile: the parameter, the sample depth in metres and the value (the mean of that day's results at that depth). */
export interface ProfileResult {
  parameterId: string;
  depth: number;
  value: number;
}

/**
 * The latest profile at the site: the last sample date with a result at a depth of any of `parameterIds`
 * (temperature and dissolved oxygen), and that date's results with a depth, by depth (shallowest first) then
 * parameter. Null when the site has none.
 */
export async function getLatestProfile(db: Database, siteId: string, parameterIds: readonly string[]): Promise<{ date: string; results: ProfileResult[] } | null> {
  if (parameterIds.length === 0) return null;
  // Each parameter's latest result at a depth, found from the end of the (siteId, parameterId, timestamp) index.
  const lasts = await Promise.all(
    parameterIds.map((parameterId) =>
      db
        .selectFrom("measurement")
        .select("date")
        .where("siteId", "=", siteId)
        .where("parameterId", "=", parameterId)
        .where("depth", "is not", null)
        .orderBy("timestamp", "desc")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const last = { date: lasts.reduce<string | null>((latest, r) => (r && (latest === null || r.date > latest) ? r.date : latest), null) };
  const date = last?.date;
  if (!date) return null;
  const rows = await db
    .selectFrom("measurement")
    .select(["parameterId", "depth", sql<number | string>`avg(${sql.ref("value")})`.as("value")])
    .where("siteId", "=", siteId)
    .where("parameterId", "in", parameterIds)
    .where("date", "=", date)
    .where("depth", "is not", null)
    .groupBy(["parameterId", "depth"])
    .orderBy("depth")
    .orderBy("parameterId")
    .execute();
  return { date, results: rows.map((r) => ({ parameterId: r.parameterId, depth: Number(r.depth), value: Number(r.value) })) };
}

/** A chart's series: one point per sample date ("YYYY-MM-DD") or, with too many results, per month ("YYYY-MM"). */
export interface ChartSeries {
  by: "date" | "month";
  /** Oldest first; `value` is the mean of the surface results of that date or month, `count` how many. */
  points: { period: string; value: number; count: number }[];
}

/**
 * Each parameter's chart over the years at the site: the mean of its surface results (no depth or at most 2 m) per
 * sample date, or per month for a parameter with more than `maxPoints` results (counted on the index alone, depths
 * included, so a chart never has more than `maxPoints` points by date). Three queries whatever the number of
 * parameters: the counts, then the parameters by date and those by month. A parameter without results has no entry.
 */
export async function listChartSeries(db: Database, siteId: string, parameterIds: readonly string[], maxPoints = MAX_CHART_POINTS): Promise<Map<string, ChartSeries>> {
  const series = new Map<string, ChartSeries>();
  if (parameterIds.length === 0) return series;
  const counts = await db
    .selectFrom("measurement")
    .select(["parameterId", sql<number | string>`count(*)`.as("n")])
    .where("siteId", "=", siteId)
    .where("parameterId", "in", parameterIds)
    .groupBy("parameterId")
    .execute();
  const byDate = counts.filter((c) => Number(c.n) <= maxPoints).map((c) => c.parameterId);
  const byMonth = counts.filter((c) => Number(c.n) > maxPoints).map((c) => c.parameterId);
  const read = async (ids: string[], by: ChartSeries["by"]) => {
    if (ids.length === 0) return;
    const period = by === "month" ? month : sql<string>`${sql.ref("date")}`;
    const rows = await db
      .selectFrom("measurement")
      .select(["parameterId", period.as("period"), sql<number | string>`avg(${sql.ref("value")})`.as("value"), sql<number | string>`count(*)`.as("count")])
      .where("siteId", "=", siteId)
      .where("parameterId", "in", ids)
      .where((eb) => eb.or([eb("depth", "is", null), eb("depth", "<=", SURFACE_MAX_DEPTH)]))
      .groupBy(["parameterId", period])
      .orderBy("parameterId")
      .orderBy(period)
      .execute();
    for (const id of ids) series.set(id, { by, points: [] });
    for (const r of rows) series.get(r.parameterId)!.points.push({ period: r.period, value: Number(r.value), count: Number(r.count) });
  };
  await Promise.all([read(byDate, "date"), read(byMonth, "month")]);
  return series;
}
