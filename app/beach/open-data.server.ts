/**
 * The beach readings as open data (issue 11 part 6): every reading as CSV (/data/beach-readings.csv, written with
 * csv-stringify) and as JSON (/data/beach-readings.json), both streamed from keyset pages of the table so that
 * 100,000 readings never become one string in memory; and the latest readings in the Swim Drink Fish open data
 * standard for recreational water quality, RecML 1.0.1 (/data/swimguide.json), so that Swim Guide can list the beach.
 *
 * Each reading is its sample date, its value in CFU per 100 mL and its status as the public page shows it
 * (`publicBeachStatus`: Open below 235, Caution from 235, Closed above 1000, and Error for exactly 1000, spec §4).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { TZDate } from "@date-fns/tz";
import { stringify } from "csv-stringify";
import { format } from "date-fns/format";
import type { Measurement } from "#db/schema.ts";
import { CAUTION_THRESHOLD, publicBeachStatus, READING_UNIT, type BeachStatus } from "./status.ts";
import { formatNumber } from "#app/platform/text/format.ts";

/** The unit of every published reading. */

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
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: "windows" });
  pipeline(
    Readable.from(map(readings, readingRecord)),
    csv,
  ).catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
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

/** How many of the latest readings /data/swimguide.json carries. */
export const SWIM_GUIDE_RECORDS = 200;
/** The RecML 1.0.1 schema the Swim Guide document declares. */
export const RECML_SCHEMA = "https://raw.githubusercontent.com/swimdrinkfish/opendata/master/v1.0.1/schema.json#";

/** What the Swim Guide document says about the association and its beach. */
export interface SwimGuideSite {
  /** The association (RecML `organizationName`). */
  name: string;
  beachName: string;
  /** The site's public address: its host, reversed, begins every record's `guid`. */
  publicUrl: string;
  /** The association's IANA time zone: sample times are written with its offset. */
  timeZone: string;
  /** The beach's position in decimal degrees (WGS 84), when known. */
  coordinate?: { latitude: number; longitude: number };
}

/**
 * The start of a RecML `guid` ("reverse-fqdn/…"): the public address's host name reversed ("org.heronlake" for
 * heronlake.org), or "local.shoreline" for an address that is not a domain name (an IP address, localhost).
 */
export function guidPrefix(publicUrl: string): string {
  const reversed = new URL(publicUrl).hostname.split(".").reverse().join(".");
  return /^[A-Za-z]{2,6}(\.[A-Za-z0-9-]{1,63})+$/.test(reversed) ? reversed : "local.shoreline";
}

/**
 * The readings as a RecML 1.0.1 document (the Swim Drink Fish open data standard, which Swim Guide reads): one record
 * per reading, with an advisory when its status is not Open. The sample's time of day is not recorded on this site:
 * `collectionTime` is noon of the sample date in the association's time zone, as the readings are stored. The method
 * is "unknown" and the sample kind "single". Without a coordinate in `site`, `location.coordinate` is left out, which
 * the standard's schema requires.
 * @param readings newest first, usually the latest `SWIM_GUIDE_RECORDS`
 * @param now the document's time, ms since epoch
 */
export function swimGuideDocument(readings: readonly Measurement[], site: SwimGuideSite, now = Date.now()) {
  const prefix = guidPrefix(site.publicUrl);
  const location = { id: "beach", name: site.beachName, ...(site.coordinate ? { coordinate: site.coordinate } : {}) };
  return {
    $schema: RECML_SCHEMA,
    documentTime: rfc3339(now, site.timeZone),
    records: readings.map((reading) => {
      const status = publicBeachStatus(reading.value);
      return {
        guid: `${prefix}/${reading.id}`,
        publicationTime: rfc3339(reading.createdAt, site.timeZone),
        organizationName: site.name,
        advisory:
          status === "Open"
            ? { issued: false }
            : { issued: true, description: `${status}: ${formatNumber(reading.value, 1)} E. coli ${READING_UNIT}, at or above the US EPA Beach Action Value of ${CAUTION_THRESHOLD}.` },
        location,
        sample: {
          collectionTime: rfc3339(reading.timestamp, site.timeZone),
          location,
          type: { kind: "single" },
          method: "unknown",
          substance: "ecoli",
          units: "cfu",
          result: reading.value,
        },
      };
    }),
  };
}

/** An instant as RFC 3339 with the zone's offset at that instant: "2026-07-01T12:00:00-05:00". */
function rfc3339(ms: number, timeZone: string): string {
  return format(new TZDate(ms, timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}
