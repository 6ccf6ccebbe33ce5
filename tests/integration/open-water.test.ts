/**
 * The open-water data functions (app/beach/data/open-water.server.ts) on both back ends, on a station with six
 * summers of results beside a beach's E. coli readings: the SQL summer means equal app/beach/summer.ts's, the
 * latest profile is the last profile date's, and a chart series has one point per date or, with too many, per month.
 * Nothing of another site or parameter leaks in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { listChartSeries, getLatestProfile, listParametersWithResults, listSummerMeans } from "#app/beach/data/open-water.server.ts";
import { addMeasurement } from "#app/beach/data/readings.server.ts";
import { summerMeans } from "#app/beach/summer.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { addStation, PROFILE_DEPTHS, profileAt, stationResults, stationYears, SUMMER_MEANS } from "../support/open-water-station.ts";

const ALL = ["ecoli", "secchi", "temperature", "oxygen", "phosphorus", "chlorophyll", "microcystins"];

describe.each(backends)("open-water data on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function station() {
    database = await create();
    const { db } = database;
    const now = new Date();
    const siteId = await addStation(db, { identifier: "HERON-DEEP", name: "Deep hole" }, now);
    // The first beach's readings on the same dates, and a Secchi depth there: none may count at the station.
    const [first] = stationYears(now);
    await addMeasurement(db, { date: `${first}-07-15`, value: 2000 });
    await addMeasurement(db, { date: `${first}-07-15`, value: 40, parameterId: "secchi", siteId: "beach" });
    return { db, siteId, now };
  }

  it("lists the parameters a site has results of, in the order asked", async ({ skip }) => {
    if (!(await available())) skip();
    const { db, siteId } = await station();
    expect(await listParametersWithResults(db, siteId, ALL)).toEqual(["secchi", "temperature", "oxygen", "phosphorus", "chlorophyll"]);
    expect(await listParametersWithResults(db, "beach", ALL)).toEqual(["ecoli", "secchi"]);
    expect(await listParametersWithResults(db, siteId, [])).toEqual([]);
  });

  it("computes each summer's mean in SQL as summer.ts does, surface results of June to September only", async ({ skip }) => {
    if (!(await available())) skip();
    const { db, siteId, now } = await station();
    const ids = ["secchi", "phosphorus", "chlorophyll", "temperature", "oxygen"];
    const fromSql = await listSummerMeans(db, siteId, ids);
    const expected = summerMeans(stationResults(siteId, now).map((r) => ({ parameterId: r.parameterId!, date: r.date, value: r.value, depth: r.depth })));
    expect(fromSql.map((m) => m.parameterId + m.year)).toEqual(expected.map((m) => m.parameterId + m.year));
    for (const [i, m] of fromSql.entries()) {
      expect(m.mean).toBeCloseTo(expected[i]!.mean, 9);
      expect(m.count).toBe(expected[i]!.count);
    }
    // And the fixture's own means: the October and the 9 m results are left out.
    const years = stationYears(now);
    expect(fromSql.filter((m) => m.parameterId === "secchi").map((m) => [m.year, Number(m.mean.toFixed(9))])).toEqual(years.map((y, i) => [y, SUMMER_MEANS.secchi[i]]));
    expect(fromSql.filter((m) => m.parameterId === "phosphorus").map((m) => Number(m.mean.toFixed(9)))).toEqual([...SUMMER_MEANS.phosphorus]);
    expect(await listSummerMeans(db, siteId, ["ecoli"])).toEqual([]);
  });

  it("reads the latest profile: every depth of the last profile date, shallowest first", async ({ skip }) => {
    if (!(await available())) skip();
    const { db, siteId, now } = await station();
    const profile = await getLatestProfile(db, siteId, ["temperature", "oxygen"]);
    expect(profile?.date).toBe(`${stationYears(now).at(-1)}-09-10`);
    expect(profile?.results).toEqual(
      PROFILE_DEPTHS.flatMap((depth) => [
        { parameterId: "oxygen", depth, value: profileAt(depth).oxygen },
        { parameterId: "temperature", depth, value: profileAt(depth).temperature },
      ]),
    );
    expect(await getLatestProfile(db, "beach", ["temperature", "oxygen"])).toBeNull();
  });

  it("charts one point per sample date, or per month for a parameter with too many results", async ({ skip }) => {
    if (!(await available())) skip();
    const { db, siteId, now } = await station();
    const years = stationYears(now);
    const series = await listChartSeries(db, siteId, ["secchi", "phosphorus", "temperature", "ecoli"]);
    expect([...series.keys()].sort()).toEqual(["phosphorus", "secchi", "temperature"]);
    const byDate = series.get("secchi")!;
    expect(byDate.by).toBe("date");
    expect(byDate.points).toHaveLength(6 * 4);
    expect(byDate.points[0]).toEqual({ period: `${years[0]}-06-15`, value: 1.8, count: 1 });
    // Phosphorus at 9 m is not on the chart: surface results only.
    expect(series.get("phosphorus")!.points.find((p) => p.period === `${years[0]}-08-15`)).toEqual({ period: `${years[0]}-08-15`, value: 32, count: 1 });
    // Temperature has 6 × 2 × 7 = 84 results: by month with a limit of 80, two surface results (0 and 2 m) a date.
    const byMonth = (await listChartSeries(db, siteId, ["temperature", "secchi"], 80)).get("temperature")!;
    expect(byMonth.by).toBe("month");
    expect(byMonth.points).toHaveLength(12);
    expect(byMonth.points[0]).toEqual({ period: `${years[0]}-07`, value: 23.75, count: 2 });
    expect((await listChartSeries(db, siteId, ["temperature", "secchi"], 80)).get("secchi")!.by).toBe("date");
    // The beach's Secchi depth of 40 m is not the station's.
    expect(byDate.points.some((p) => p.value === 40)).toBe(false);
  });
});
