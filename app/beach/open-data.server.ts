/**
 * The readings as open data, every file streamed from keyset pages of the table so that 500,000 results never become
 * one string in memory:
 * - the first beach's E. coli readings (issue 11 part 6) as CSV (/data/beach-readings.csv, written with csv-stringify)
 *   and as JSON (/data/beach-readings.json): each reading is its sample date, its value in CFU per 100 mL and its
 *   status as the public page shows it (`publicBeachStatus`: Open below 235, Caution from 235, Closed above 1000, and
 *   Error for exactly 1000, spec §4);
 * - every result in the Water Quality Portal's columns (issue 27: /data/results.csv and per site, `wqxCsv`,
 *   app/beach/wqx.ts);
 * - a site's results of every parameter with its unit and qualifier (issue 27: /data/sites/<identifier>/readings.csv
 *   and .json, `siteReadingsCsv`, `siteReadingsJson`).
 * The Swim Guide document (RecML) is app/beach/recml.ts; the Atom feeds are app/beach/feed.server.ts.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import type { Measurement } from "#db/schema.ts";
import { publicBeachStatus, READING_UNIT, type BeachStatus } from "./status.ts";
import type { ParameterDefinition } from "./parameters.ts";
import { resultText, type Qualifier } from "./results.ts";
import { WQX_COLUMNS, wqxRow, type WqxOrganization } from "./wqx.ts";

/** One reading as published. */
export interface ReadingRecord {
  /** Sample date, "YYYY-MM-DD". */
  date: string;
  /** E. coli per 100 mL. */
  value: number;
  unit: typeof READING_UNIT;
  status: BeachStatus;
}

/** A reading as published. */
export function readingRecord(reading: Pick<Measurement, "date" | "value">): ReadingRecord {
  return { date: reading.date, value: reading.value, unit: READING_UNIT, status: publicBeachStatus(reading.value) };
}

/** The CSV columns, in order (the header line). */
export const CSV_COLUMNS = ["date", "value", "unit", "status"] as const satisfies readonly (keyof ReadingRecord)[];

/**
 * The readings as CSV (RFC 4180: a header line, CRLF line ends, quoted where needed), as a byte stream.
 * A failure while reading the database ends the stream with that error.
 */
export function readingsCsv(readings: AsyncIterable<Pick<Measurement, "date" | "value">>): ReadableStream<Uint8Array> {
  return csvStream(map(readings, readingRecord), [...CSV_COLUMNS]);
}

/** Records as CSV (RFC 4180, CRLF) with a header of `columns`, as a byte stream; a failure of `records` ends it. */
function csvStream(records: AsyncIterable<object>, columns: string[]): ReadableStream<Uint8Array> {
  const csv = stringify({ header: true, columns, record_delimiter: "windows" });
  pipeline(Readable.from(records), csv).catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

/**
 * The readings as one JSON document, `{ beach, unit, readings: [{date, value, unit, status}, …] }`, written a reading
 * at a time as a byte stream.
 */
export function readingsJson(readings: AsyncIterable<Pick<Measurement, "date" | "value">>, { beach }: { beach: string }): ReadableStream<Uint8Array> {
  async function* parts() {
    yield Buffer.from(`{"beach":${JSON.stringify(beach)},"unit":${JSON.stringify(READING_UNIT)},"readings":[`);
    let first = true;
    for await (const reading of readings) {
      yield Buffer.from(`${first ? "\n" : ",\n"}${JSON.stringify(readingRecord(reading))}`);
      first = false;
    }
    yield Buffer.from("\n]}\n");
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
}

async function* map<T, U>(items: AsyncIterable<T>, f: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield f(item);
}

/** What a WQX export needs besides the results: the publishing organization, the sites and the catalogue. */
export interface WqxContext {
  organization: WqxOrganization;
  sites: readonly { id: string; identifier: string; name: string }[];
  parameters: readonly Pick<ParameterDefinition, "id" | "characteristicName" | "unitCode">[];
}

/**
 * Results as a WQX-shaped CSV (the Water Quality Portal's result columns, `WQX_COLUMNS`, a row each by `wqxRow`),
 * streamed. A result of a parameter no longer in the catalogue keeps its id as its CharacteristicName.
 */
export function wqxCsv(results: AsyncIterable<Measurement>, context: WqxContext): ReadableStream<Uint8Array> {
  const sites = new Map(context.sites.map((s) => [s.id, s]));
  const parameters = new Map(context.parameters.map((p) => [p.id, p]));
  const rows = map(results, (r) =>
    wqxRow(
      { ...r, value: Number(r.value), depth: r.depth === null ? null : Number(r.depth), detectionLimit: r.detectionLimit === null ? null : Number(r.detectionLimit) },
      r.siteId === null ? undefined : sites.get(r.siteId),
      parameters.get(r.parameterId) ?? { id: r.parameterId, characteristicName: r.parameterId, unitCode: "" },
      context.organization,
    ),
  );
  return csvStream(rows, [...WQX_COLUMNS]);
}

/** A site's result as its own files publish it: every parameter, with its unit and the lab's qualifier. */
export interface SiteReadingRecord {
  /** Sample date, "YYYY-MM-DD". */
  date: string;
  /** Time of day, "HH:MM", or "" when the lab gave none. */
  time: string;
  /** Sample depth in metres, or null at the surface. */
  depth: number | null;
  /** The catalogue's parameter id ("ecoli", "secchi", …). */
  parameter: string;
  /** The parameter as residents read it ("E. coli"). */
  parameterName: string;
  /** The result as the lab wrote it: "12.5", ">2419.6", "<10", "not detected (<0.3)". */
  result: string;
  /** The number a rule compares (for "not detected": 0, or the detection limit when the lab gave one). */
  value: number;
  /** "" a plain value, "<" below it, ">" above it, "ND" not detected. */
  qualifier: Qualifier;
  /** The method's limit the qualifier refers to, or null. */
  detectionLimit: number | null;
  /** The parameter's unit as people read it ("CFU per 100 mL", "µg/L", "m"). */
  unit: string;
}

/** The CSV columns of a site's readings, in order. */
export const SITE_CSV_COLUMNS = ["date", "time", "depth", "parameter", "parameterName", "result", "value", "qualifier", "detectionLimit", "unit"] as const satisfies readonly (keyof SiteReadingRecord)[];

/** A site's result as published, named and united from the catalogue (an unknown parameter: its id, no unit). */
export function siteReadingRecord(result: Measurement, parameters: ReadonlyMap<string, Pick<ParameterDefinition, "name" | "unitLabel">>): SiteReadingRecord {
  const parameter = parameters.get(result.parameterId);
  const qualifier = (["", "<", ">", "ND"].includes(result.qualifier) ? result.qualifier : "") as Qualifier;
  const detectionLimit = result.detectionLimit === null ? null : Number(result.detectionLimit);
  const value = Number(result.value);
  return {
    date: result.date,
    time: result.time,
    depth: result.depth === null ? null : Number(result.depth),
    parameter: result.parameterId,
    parameterName: parameter?.name ?? result.parameterId,
    result: resultText({ value, qualifier, detectionLimit }),
    value,
    qualifier,
    detectionLimit,
    unit: parameter?.unitLabel ?? "",
  };
}

/** A site's results as CSV (`SITE_CSV_COLUMNS`; an empty cell for no time, depth or limit), streamed. */
export function siteReadingsCsv(results: AsyncIterable<Measurement>, parameters: readonly Pick<ParameterDefinition, "id" | "name" | "unitLabel">[]): ReadableStream<Uint8Array> {
  const byId = new Map(parameters.map((p) => [p.id, p]));
  return csvStream(
    map(results, (r) => {
      const record = siteReadingRecord(r, byId);
      return { ...record, depth: record.depth ?? "", detectionLimit: record.detectionLimit ?? "" };
    }),
    [...SITE_CSV_COLUMNS],
  );
}

/**
 * A site's results as one JSON document, `{ site: {identifier, name, kind, latitude, longitude}, parameters: [{id,
 * name, characteristicName, unit, unitCode}], results: [SiteReadingRecord, …] }`, written a result at a time.
 * `parameters` lists those of the catalogue the site has results of.
 */
export function siteReadingsJson(
  results: AsyncIterable<Measurement>,
  site: { identifier: string; name: string; kind: string; latitude: number | null; longitude: number | null },
  parameters: readonly Pick<ParameterDefinition, "id" | "name" | "characteristicName" | "unitLabel" | "unitCode">[],
): ReadableStream<Uint8Array> {
  const byId = new Map(parameters.map((p) => [p.id, p]));
  async function* parts() {
    const head = {
      site: { identifier: site.identifier, name: site.name, kind: site.kind, latitude: site.latitude, longitude: site.longitude },
      parameters: parameters.map((p) => ({ id: p.id, name: p.name, characteristicName: p.characteristicName, unit: p.unitLabel, unitCode: p.unitCode })),
    };
    yield Buffer.from(`${JSON.stringify(head).slice(0, -1)},"results":[`);
    let first = true;
    for await (const result of results) {
      yield Buffer.from(`${first ? "\n" : ",\n"}${JSON.stringify(siteReadingRecord(result, byId))}`);
      first = false;
    }
    yield Buffer.from("\n]}\n");
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
}
