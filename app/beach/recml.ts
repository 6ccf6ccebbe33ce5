/**
 * The results in the Swim Drink Fish open data standard for recreational water quality, RecML 1.0.1
 * (https://github.com/swimdrinkfish/opendata/tree/master/v1.0.1: README, REFERENCE.md and the draft-04 schema), which
 * Swim Guide reads (/data/swimguide.json). Pure; `tests/fixtures/recml/schema.json` is the official schema and
 * `recml.test.ts` validates what this writes against it.
 *
 * What the standard asks and how it is met here:
 * - a record per sample result, at a location with an id, a name and a coordinate (all three required): a beach's
 *   results, with its WQX identifier as the location id; a beach without coordinates, and an open-water station, are
 *   left out (`swimGuideSites` names them for the board);
 * - a substance from its list (ecoli, enterococcus, cyanobacteria, microcystin, cylindrospermopsin, total and fecal
 *   coliform) in one of its units (cfu or mpn per 100 mL, cells per mL, "micro" for µg/L): the catalogue's E. coli,
 *   enterococci, cyanobacteria cell density, microcystins and cylindrospermopsin (`RECML_SUBSTANCES`); other
 *   parameters (Secchi depth, phosphorus, …) are not recreational-water results and are left out;
 * - a result that is a number of at least 0: the standard has no qualifier, so `>2419.6` is written 2419.6 (at least
 *   that much, the cautious reading), `<10` is written 10 and "not detected" 0, and the advisory's description says
 *   the result as the lab wrote it (">2,419.6 E. coli CFU per 100 mL");
 * - at least one record: with nothing to publish there is no valid document (`null`; the route answers 404).
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { formatNumber } from "#app/platform/text/format.ts";
import { CAUTION_THRESHOLD, publicBeachStatus } from "./status.ts";
import { reachesThreshold, resultText, type Qualifier } from "./results.ts";

/** How many of each beach's latest results /data/swimguide.json carries. */
export const SWIM_GUIDE_RECORDS = 200;
/** The RecML 1.0.1 schema the Swim Guide document declares (the schema's own `id`). */
export const RECML_SCHEMA = "https://raw.githubusercontent.com/swimdrinkfish/opendata/master/v1.0.1/schema.json#";

/** A RecML `sample.substance` and `sample.units` per catalogue parameter id. */
export const RECML_SUBSTANCES: Readonly<Record<string, { substance: string; units: string }>> = {
  ecoli: { substance: "ecoli", units: "cfu" },
  enterococci: { substance: "enterococcus", units: "cfu" },
  cyanobacteria: { substance: "cyanobacteria", units: "cells" },
  microcystins: { substance: "microcystin", units: "micro" },
  cylindrospermopsin: { substance: "cylindrospermopsin", units: "micro" },
};

/**
 * The per-sample level at or above which a record carries `advisory.issued: true`, with the source that sets it.
 * E. coli follows the spec's statuses (Caution from the US EPA Beach Action Value of 235, Closed above 1000);
 * enterococci the EPA 2012 Recreational Water Quality Criteria's Beach Action Value (70 CFU per 100 mL,
 * EPA 820-F-12-058, recommendation 1); microcystins and cylindrospermopsin the EPA 2019 recommended values for
 * swimming (8 and 15 µg/L, EPA 822-R-19-001); cyanobacteria cells the WHO's level of moderate probability of adverse
 * health effects in recreational water (100,000 cells/mL, Guidelines for safe recreational water environments,
 * vol. 1, 2003, table 8.2). A site's public status may follow another rule (its profile): this is the sample's own.
 */
export const RECML_ADVISORY_LEVELS: Readonly<Record<string, { level: number; source: string }>> = {
  ecoli: { level: CAUTION_THRESHOLD, source: "the US EPA Beach Action Value" },
  enterococci: { level: 70, source: "the US EPA Beach Action Value" },
  microcystins: { level: 8, source: "the US EPA 2019 recommended swimming value" },
  cylindrospermopsin: { level: 15, source: "the US EPA 2019 recommended swimming value" },
  cyanobacteria: { level: 100_000, source: "the WHO moderate-risk level" },
};

/** A site as RecML needs it. */
export interface RecmlSite {
  id: string;
  kind: string;
  /** The location id: the site's WQX MonitoringLocationIdentifier. */
  identifier: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** A result as RecML needs it. */
export interface RecmlResult {
  id: string;
  siteId: string | null;
  parameterId: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM", or "" (then noon of the date, as the readings are ordered) */
  time: string;
  value: number;
  qualifier: string;
  detectionLimit: number | null;
  /** When the result was added, ms since epoch (the record's publicationTime). */
  createdAt: number;
}

/** A parameter's name and unit as the advisory text writes them. */
export interface RecmlParameter {
  id: string;
  name: string;
  unitLabel: string;
}

/** The association that publishes the document. */
export interface RecmlPublisher {
  /** RecML `organizationName`. */
  name: string;
  /** The site's public address: its host, reversed, begins every record's `guid`. */
  publicUrl: string;
  /** The association's IANA time zone: times are written with its offset. */
  timeZone: string;
}

/**
 * Which sites Swim Guide gets: the beaches with coordinates (`included`), and the beaches without (`leftOut`), which
 * the board can be told about. Open-water stations are neither: Swim Guide lists places to swim.
 */
export function swimGuideSites<S extends Pick<RecmlSite, "kind" | "latitude" | "longitude">>(sites: readonly S[]): { included: S[]; leftOut: S[] } {
  const beaches = sites.filter((s) => s.kind === "beach");
  const placed = (s: S) => s.latitude !== null && s.longitude !== null;
  return { included: beaches.filter(placed), leftOut: beaches.filter((s) => !placed(s)) };
}

/**
 * The start of a RecML `guid` ("reverse-fqdn/…"): the public address's host name reversed ("org.heronlake" for
 * heronlake.org), or "local.shoreline" for an address that is not a domain name (an IP address, localhost).
 */
export function guidPrefix(publicUrl: string): string {
  const reversed = new URL(publicUrl).hostname.split(".").reverse().join(".");
  return /^[A-Za-z]{2,6}(\.[A-Za-z0-9-]{1,63})+$/.test(reversed) ? reversed : "local.shoreline";
}

/** The value RecML's `result` gets: the stored value, 0 for "not detected". */
function recmlResult(result: Pick<RecmlResult, "value" | "qualifier">): number {
  return result.qualifier === "ND" ? 0 : result.value;
}

/** The record's advisory: issued when the result reaches the parameter's level (the cautious reading). */
function advisory(result: RecmlResult, parameter: RecmlParameter | undefined): { issued: boolean; description?: string } {
  const qualified = { value: result.value, qualifier: result.qualifier as Qualifier, detectionLimit: result.detectionLimit };
  const level = RECML_ADVISORY_LEVELS[result.parameterId];
  const name = parameter?.name ?? result.parameterId;
  const unit = parameter?.unitLabel ?? "";
  const number = (n: number) => formatNumber(n, 1);
  const shown =
    result.qualifier === "ND"
      ? `${name} not detected${result.detectionLimit === null ? "" : ` (below ${number(result.detectionLimit)} ${unit})`}`
      : `${resultText(qualified, number)} ${name} ${unit}`.trim();
  if (result.parameterId === "ecoli") {
    // The spec's statuses (spec §4), on the cautious reading of a qualified result.
    const status = publicBeachStatus(result.qualifier === "ND" ? (result.detectionLimit ?? 0) : result.value);
    if (status === "Open") return result.qualifier === "" ? { issued: false } : { issued: false, description: `Open: ${shown}.` };
    return { issued: true, description: `${status}: ${shown}, at or above ${level!.source} of ${CAUTION_THRESHOLD}.` };
  }
  if (level && reachesThreshold(qualified, level.level)) {
    return { issued: true, description: `${shown}, at or above ${level.source} of ${formatNumber(level.level)} ${unit}.` };
  }
  return result.qualifier === "" ? { issued: false } : { issued: false, description: `${shown}.` };
}

/** An instant as RFC 3339 with the zone's offset at that instant: "2026-07-01T12:00:00-05:00". */
function rfc3339(date: TZDate): string {
  return format(date, "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** When the sample was taken: its date and time of day in the association's zone, noon when no time was given. */
function collectionTime(result: Pick<RecmlResult, "date" | "time">, timeZone: string): string {
  const [y, m, d] = result.date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = result.time ? (result.time.split(":").map(Number) as [number, number]) : [12, 0];
  return rfc3339(new TZDate(y, m - 1, d, hh, mm, timeZone));
}

/**
 * The results as a RecML 1.0.1 document: one record per result of an included site (`swimGuideSites`) and a
 * parameter RecML names (`RECML_SUBSTANCES`), in the order given (newest first), each with its beach as the record's
 * and the sample's location, an advisory when the result reaches its level, the method "unknown" (the lab's method
 * is not recorded) and the sample kind "single".
 * @param results newest first, usually each beach's latest `SWIM_GUIDE_RECORDS`
 * @param sites every site (those left out are skipped)
 * @param parameters the catalogue (names and units for the advisory's text)
 * @param now the document's time, ms since epoch
 * @returns the document, or null when no result can be published (the standard requires at least one record)
 */
export function swimGuideDocument(results: readonly RecmlResult[], sites: readonly RecmlSite[], parameters: readonly RecmlParameter[], publisher: RecmlPublisher, now = Date.now()) {
  const prefix = guidPrefix(publisher.publicUrl);
  const locations = new Map(
    swimGuideSites(sites).included.map((s) => [s.id, { id: s.identifier, name: s.name, coordinate: { latitude: s.latitude!, longitude: s.longitude! } }]),
  );
  const byId = new Map(parameters.map((p) => [p.id, p]));
  const records = results.flatMap((result) => {
    const location = result.siteId === null ? undefined : locations.get(result.siteId);
    const substance = RECML_SUBSTANCES[result.parameterId];
    if (!location || !substance) return [];
    return [
      {
        guid: `${prefix}/${result.id}`,
        publicationTime: rfc3339(new TZDate(result.createdAt, publisher.timeZone)),
        organizationName: publisher.name,
        advisory: advisory(result, byId.get(result.parameterId)),
        location,
        sample: {
          collectionTime: collectionTime(result, publisher.timeZone),
          location,
          type: { kind: "single" },
          method: "unknown",
          substance: substance.substance,
          units: substance.units,
          result: recmlResult(result),
        },
      },
    ];
  });
  if (records.length === 0) return null;
  return { $schema: RECML_SCHEMA, documentTime: rfc3339(new TZDate(now, publisher.timeZone)), records };
}
