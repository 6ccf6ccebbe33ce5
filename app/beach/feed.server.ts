/**
 * The beach readings as an Atom feed (/beach.atom): one entry per reading with its status (app/beach/status.ts); and
 * a site's results of every parameter (issue 27, `siteAtom`).
 */
import { endSentence } from "#app/platform/text/text.ts";
import type { Measurement } from "#db/schema.ts";
import { entryId, htmlText, newFeed, type FeedSite } from "#app/platform/http/atom.server.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { publicBeachStatus, READING_UNIT } from "./status.ts";
import type { ParameterDefinition } from "./parameters.ts";
import { resultText, type Qualifier } from "./results.ts";

/** A reading's number as the lab wrote it: "84", ">2,419.6", "<10" (a reading without a qualifier as before issue 27). */
function readingNumber(reading: Pick<Measurement, "value"> & Partial<Pick<Measurement, "qualifier" | "detectionLimit">>): string {
  const detectionLimit = reading.detectionLimit == null ? null : Number(reading.detectionLimit);
  return resultText({ value: Number(reading.value), qualifier: (reading.qualifier ?? "") as Qualifier, detectionLimit }, (n) => formatNumber(n, 1));
}

/** A reading in words: "Open: 84 E. coli CFU per 100 mL, sampled 2026-07-01." ("Closed: >2,419.6 …" for a qualified one). */
export function readingSummary(reading: Pick<Measurement, "date" | "value"> & Partial<Pick<Measurement, "qualifier" | "detectionLimit">>): string {
  return `${publicBeachStatus(reading.value)}: ${readingNumber(reading)} E. coli ${READING_UNIT}, sampled ${reading.date}.`;
}

/**
 * The beach readings as an Atom document: one entry per reading, in the order given (newest first), titled with its
 * status and value.
 * @param beachName the beach the readings are from
 * @param now the feed's `updated` when there are no readings, ms since epoch
 */
export function beachAtom(readings: readonly Measurement[], site: FeedSite & { beachName: string }, now = Date.now()): string {
  const feed = newFeed(site, {
    path: "/beach.atom",
    page: "/the-lake#beach",
    title: `${site.beachName}: E. coli readings`,
    description: endSentence(`Water-quality readings (E. coli ${READING_UNIT}) at ${site.beachName}, from ${site.name}`),
    updated: readings.reduce((latest, r) => Math.max(latest, r.createdAt), readings.length ? 0 : now),
  });
  for (const reading of readings) {
    feed.addItem({
      id: entryId(reading.id),
      title: htmlText(`${site.beachName}: ${publicBeachStatus(reading.value)}, ${readingNumber(reading)} E. coli ${READING_UNIT} (${reading.date})`),
      link: `${site.publicUrl}/the-lake#beach`,
      date: new Date(reading.createdAt),
      published: new Date(reading.createdAt),
      description: readingSummary(reading),
    });
  }
  return feed.atom1();
}

/**
 * A site's results as an Atom document (/data/sites/<identifier>/readings.atom): one entry per result of any
 * parameter, in the order given (newest first), titled with the parameter, the result as the lab wrote it
 * (">2,419.6", "<10", "not detected"), its unit and the sample date.
 * @param parameters the catalogue (a result of a parameter no longer in it is named by its id)
 * @param now the feed's `updated` when there are no results, ms since epoch
 */
export function siteAtom(
  results: readonly Measurement[],
  site: { identifier: string; name: string },
  parameters: readonly Pick<ParameterDefinition, "id" | "name" | "unitLabel">[],
  association: FeedSite,
  now = Date.now(),
): string {
  const byId = new Map(parameters.map((p) => [p.id, p]));
  const path = `/data/sites/${encodeURIComponent(site.identifier)}/readings.atom`;
  const feed = newFeed(association, {
    path,
    page: "/the-lake",
    title: `${site.name}: water-quality results`,
    description: endSentence(`Water-quality results at ${site.name}, every parameter with its unit, from ${association.name}`),
    updated: results.reduce((latest, r) => Math.max(latest, r.createdAt), results.length ? 0 : now),
  });
  for (const result of results) {
    const parameter = byId.get(result.parameterId);
    const shown = readingNumber(result);
    const where = [result.time && `at ${result.time}`, result.depth !== null && `${formatNumber(Number(result.depth), 1)} m deep`].filter(Boolean).join(", ");
    const what = `${parameter?.name ?? result.parameterId} ${shown} ${parameter?.unitLabel ?? ""}`.trim();
    feed.addItem({
      id: entryId(result.id),
      title: htmlText(`${site.name}: ${what} (${result.date})`),
      link: `${association.publicUrl}/the-lake`,
      date: new Date(result.createdAt),
      published: new Date(result.createdAt),
      description: `${what}, sampled ${result.date}${where ? ` ${where}` : ""}.`,
    });
  }
  return feed.atom1();
}
