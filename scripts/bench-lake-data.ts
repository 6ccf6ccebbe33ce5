/**
 * The whole-lake data set of `npm run bench` (issue 27's performance target): 10 sites × 10 parameters × 10 years,
 * about 500,000 results, written straight into a stopped server's SQLite file (better-sqlite3, one transaction,
 * prepared statements) with the "measurements" change counter bumped as the data functions would. Deterministic:
 * the same `now` gives the same values (the ids are random).
 *
 * The sites: the install's first beach ("beach", which keeps the demo's 30 readings) and 9 more, 4 beaches
 * (`BENCH-BEACH-2` …) and 5 open-water stations (`BENCH-STATION-1` …, the first named in `LAKE_STATION`). Each site
 * has results of every built-in parameter for each of the 10 years before this one, 50 sample dates a year (every
 * 3 or 4 days from May 1 to late October) with 10 results a date: a profile at 0 to 9 m for water temperature and
 * dissolved oxygen, ten readings of the day (08:00 to 17:00, as a sonde logs them) for the others. Every result is
 * older than the demo's readings, which end today, so the pages' latest readings stay the demo's.
 */
import SQLite from "better-sqlite3";
import { DEMO_DETAILS } from "#app/site/data/association.server.ts";
import { noonOf } from "#app/platform/text/dates.ts";
import { BUILTIN_PARAMETERS, E_COLI } from "#app/beach/parameters.ts";
import { MEASUREMENT_NAME, MEASUREMENT_UNIT } from "#app/beach/data/readings.server.ts";
import { random } from "./bench-data.ts";

export const LAKE_SITES = 10;
export const LAKE_YEARS = 10;
const DATES_PER_YEAR = 50;
const RESULTS_PER_DATE = 10;
/** The identifier of the first generated station: the station page the bench loads. */
export const LAKE_STATION = "BENCH-STATION-1";
/** Results the data set adds: sites × parameters × years × dates × results a date. */
export const LAKE_RESULT_COUNT = LAKE_SITES * BUILTIN_PARAMETERS.length * LAKE_YEARS * DATES_PER_YEAR * RESULTS_PER_DATE;

/** A plausible value of `parameterId` at `depth` (m) on day `day` of the season (0 to 179), with noise `r` in [0, 1). */
function valueOf(parameterId: string, depth: number | null, day: number, r: number): number {
  const summer = Math.sin((Math.PI * day) / 180); // 0 in May and October, 1 in late July
  const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  switch (parameterId) {
    case "ecoli":
    case "enterococci":
      return round(Math.exp(Math.log(30) + 2 * (r - 0.5)), 1);
    case "microcystins":
    case "cylindrospermopsin":
      return round(0.1 + 3 * summer * r, 2);
    case "cyanobacteria":
      return Math.round(1000 + 40_000 * summer * r);
    case "secchi":
      return round(4.5 - 2 * summer + r, 1);
    case "temperature":
      return round(Math.max(4, 12 + 12 * summer - (depth ?? 0) * (0.4 + summer) + r), 1);
    case "oxygen":
      return round(Math.max(0.2, 9 - (depth ?? 0) * 0.6 * summer + r), 1);
    case "phosphorus":
      return round(12 + 20 * summer * r + 5 * r, 1);
    case "chlorophyll":
      return round(2 + 12 * summer * r, 1);
    default:
      return round(r * 10, 1);
  }
}

export interface LakeCounts {
  sites: number;
  results: number;
  /** Milliseconds spent building and writing the rows. */
  ms: number;
}

/**
 * Writes the whole-lake data set into the SQLite database at `file` (already migrated, with its first beach). The
 * server must be stopped.
 * @param now the instant the data set is built around: its 10 years are the 10 before this one
 * @param years how many of those years (the latest): 1 gives the same sites with one season of results, the bench's
 *   measure of what the volume of data alone costs a page
 */
export function loadLakeDataSet(file: string, now = new Date(), years = LAKE_YEARS): LakeCounts {
  const started = performance.now();
  const timeZone = DEMO_DETAILS.timeZone;
  const at = now.getTime();
  const lastYear = now.getUTCFullYear() - 1;
  const rand = random(20_271_127);
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    const insertSite = sqlite.prepare(
      `INSERT INTO monitoring_site (id, name, kind, identifier, latitude, longitude, profile, position, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, 'spec', ?, ?, ?)`,
    );
    const insertResult = sqlite.prepare(
      `INSERT INTO measurement (id, date, value, name, unit, timestamp, createdAt, siteId, parameterId, qualifier, detectionLimit, depth, time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', NULL, ?, ?)`,
    );
    const bump = sqlite.prepare(
      `INSERT INTO change_version (topic, version) VALUES ('measurements', 1)
       ON CONFLICT (topic) DO UPDATE SET version = version + 1`,
    );
    sqlite.transaction(() => {
      const sites = ["beach"];
      for (let i = 2; i <= 5; i++) {
        const id = `bench-beach-${i}`;
        insertSite.run(id, `Bench beach ${i}`, "beach", `BENCH-BEACH-${i}`, 45 + i / 100, -93 - i / 100, i, at, at);
        sites.push(id);
      }
      for (let i = 1; i <= 5; i++) {
        const id = `bench-station-${i}`;
        insertSite.run(id, `Bench station ${i}`, "station", `BENCH-STATION-${i}`, 45.05 + i / 100, -93.05 - i / 100, 5 + i, at, at);
        sites.push(id);
      }
      for (const siteId of sites) {
        for (let year = lastYear - years + 1; year <= lastYear; year++) {
          const may1 = Date.UTC(year, 4, 1);
          for (let n = 0; n < DATES_PER_YEAR; n++) {
            const day = Math.floor((n * 180) / DATES_PER_YEAR);
            const date = new Date(may1 + day * 86_400_000).toISOString().slice(0, 10);
            const { timestamp } = noonOf(date, timeZone);
            for (const parameter of BUILTIN_PARAMETERS) {
              const name = parameter.id === E_COLI ? MEASUREMENT_NAME : parameter.name;
              const unit = parameter.id === E_COLI ? MEASUREMENT_UNIT : parameter.unitCode;
              for (let k = 0; k < RESULTS_PER_DATE; k++) {
                const depth = parameter.depthProfile ? k : null;
                const time = parameter.depthProfile ? "" : `${String(8 + k).padStart(2, "0")}:00`;
                insertResult.run(crypto.randomUUID(), date, valueOf(parameter.id, depth, day, rand()), name, unit, timestamp, at, siteId, parameter.id, depth, time);
              }
            }
          }
        }
      }
      bump.run();
    })();
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    sqlite.close();
  }
  return { sites: LAKE_SITES, results: (LAKE_RESULT_COUNT / LAKE_YEARS) * years, ms: Math.round(performance.now() - started) };
}
