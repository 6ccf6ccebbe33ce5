/**
 * The beach readings as an Atom feed (/beach.atom): one entry per reading with its status (app/beach/status.ts).
 */
import { endSentence } from "#app/platform/text/text.ts";
import type { Measurement } from "#db/schema.ts";
import { entryId, htmlText, newFeed, type FeedSite } from "#app/platform/http/atom.server.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { publicBeachStatus, READING_UNIT } from "./status.ts";

/** A reading in words: "Open: 84 E. coli CFU per 100 mL, sampled 2026-07-01." */
export function readingSummary(reading: Pick<Measurement, "date" | "value">): string {
  return `${publicBeachStatus(reading.value)}: ${formatNumber(reading.value, 1)} E. coli ${READING_UNIT}, sampled ${reading.date}.`;
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
      title: htmlText(`${site.beachName}: ${publicBeachStatus(reading.value)}, ${formatNumber(reading.value, 1)} E. coli ${READING_UNIT} (${reading.date})`),
      link: `${site.publicUrl}/the-lake#beach`,
      date: new Date(reading.createdAt),
      published: new Date(reading.createdAt),
      description: readingSummary(reading),
    });
  }
  return feed.atom1();
}
