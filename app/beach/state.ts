/**
 * What residents are told about the beach now, decided in one place (`beachState`) from the latest reading, the
 * board's advisory and today's date: the home page, /the-lake and the status alerts show what it decides. Each
 * reading's own status (the feeds, the open data, the table of readings) is `publicBeachStatus` of its value, the
 * rule this one starts from.
 */
import { daysBetween } from "#app/platform/text/dates.ts";
import { ageLabel, isStale, publicBeachStatus, type BeachStatus } from "./status.ts";

/** The latest reading as the public pages show it: status, reading, sample date, age in words, staleness. */
export interface LatestReading {
  date: string;
  /** CFU per 100 mL. */
  value: number;
  status: BeachStatus;
  age: string;
  stale: boolean;
}

/** A board's advisory as residents see it: the status it sets and why. */
export interface AdvisoryView {
  status: "Caution" | "Closed";
  reason: string;
}

/** What residents are told about the beach now. */
export interface BeachState {
  /** The status shown: the advisory's while one is posted, else the latest reading's; null with neither. */
  status: BeachStatus | null;
  latest: LatestReading | null;
  advisory: AdvisoryView | null;
  /**
   * Whether the spec's warning that the latest reading is old is shown (spec §4: over 7 days): not while an advisory
   * says more than the reading does.
   */
  staleWarning: boolean;
  /** What the alerts compare: "Closed", "Open:stale", "advisory:Closed:<posted at>", or "none" with no reading. */
  key: string;
}

/**
 * The latest reading and what it means today (spec §4), or null when there is none.
 * @param today the association's calendar date, "YYYY-MM-DD"
 */
export function describeLatest(latest: { date: string; value: number } | undefined, today: string): LatestReading | null {
  if (!latest) return null;
  const ageDays = daysBetween(latest.date, today);
  return { date: latest.date, value: latest.value, status: publicBeachStatus(latest.value), age: ageLabel(ageDays), stale: isStale(ageDays) };
}

/**
 * What residents are told now: a posted advisory overrides the latest reading's status (issue 11), and the stale
 * warning is shown only without one.
 * @param latest the newest reading (by sample date), if any
 * @param advisory the advisory in force, with when it was posted (ms since epoch), if any
 * @param today the association's calendar date, "YYYY-MM-DD"
 */
export function beachState(
  latest: { date: string; value: number } | undefined,
  advisory: (AdvisoryView & { postedAt: number }) | null,
  today: string,
): BeachState {
  const reading = describeLatest(latest, today);
  if (advisory) {
    const view = { status: advisory.status, reason: advisory.reason };
    return { status: advisory.status, latest: reading, advisory: view, staleWarning: false, key: `advisory:${advisory.status}:${advisory.postedAt}` };
  }
  if (!reading) return { status: null, latest: null, advisory: null, staleWarning: false, key: "none" };
  return { status: reading.status, latest: reading, advisory: null, staleWarning: reading.stale, key: reading.stale ? `${reading.status}:stale` : reading.status };
}
