/**
 * Beach water-quality rules (spec §4 and §9), pure and shared by the server and the browser.
 *
 * Readings are E. coli counts in CFU (or MPN) per 100 mL. The thresholds follow the US EPA Beach Action Value of
 * 235 per 100 mL (2012 Recreational Water Quality Criteria, EPA 820-F-12-058) and Chicago's flag scheme (over 1000:
 * closed), as the specification fixes them.
 */

/** Beach Action Value: from this count per 100 mL the beach is under a Caution advisory. */
export const CAUTION_THRESHOLD = 235;
/** Above this count per 100 mL the beach is Closed. */
export const CLOSED_THRESHOLD = 1000;
/** A reading older than this many days may not reflect current conditions. */
export const STALE_AFTER_DAYS = 7;
/** How many of the latest readings the public page charts. */
export const PUBLIC_READING_COUNT = 10;
/** The public chart's height in CSS pixels. */
export const CHART_HEIGHT = 300;

export type BeachStatus = "Open" | "Caution" | "Closed" | "Error";

/**
 * Status shown on the public page for a reading.
 * @param value E. coli per 100 mL (non-negative)
 * @returns Open below 235, Caution from 235 to under 1000, Closed above 1000; exactly 1000 falls between the
 *   specification's rules and shows as Error, as the original site did (spec §4).
 */
export function publicBeachStatus(value: number): BeachStatus {
  if (value < CAUTION_THRESHOLD) return "Open";
  if (value < CLOSED_THRESHOLD) return "Caution";
  if (value > CLOSED_THRESHOLD) return "Closed";
  return "Error";
}

/**
 * Status shown in the admin measurements table: like the public page, but 1000 and above is Closed (spec §4).
 * @param value E. coli per 100 mL
 */
export function adminBeachStatus(value: number): Exclude<BeachStatus, "Error"> {
  if (value < CAUTION_THRESHOLD) return "Open";
  if (value < CLOSED_THRESHOLD) return "Caution";
  return "Closed";
}

/**
 * Whether the latest reading is stale: more than 7 whole days old. A reading exactly 7 days old is still current.
 * @param ageDays whole calendar days between the sample date and today in the association's time zone
 */
export function isStale(ageDays: number): boolean {
  return ageDays > STALE_AFTER_DAYS;
}

/**
 * The age of a reading in words (spec §4): Today, Yesterday, N days ago (under 7 days), N weeks ago (under 30 days),
 * N months ago. Singular forms ("1 week ago", "1 month ago") are used where N is 1.
 * @param ageDays whole calendar days since the sample date; a future date (negative) counts as Today
 */
export function ageLabel(ageDays: number): string {
  if (ageDays <= 0) return "Today";
  if (ageDays === 1) return "Yesterday";
  if (ageDays < 7) return `${ageDays} days ago`;
  if (ageDays < 30) return plural(Math.floor(ageDays / 7), "week");
  return plural(Math.floor(ageDays / 30), "month");
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}
