/**
 * Beach water-quality rules (spec §4 and §9), pure and shared by the server and the browser.
 *
 * Readings are E. coli counts in CFU (or MPN) per 100 mL. The thresholds follow the US EPA Beach Action Value of
 * 235 per 100 mL (2012 Recreational Water Quality Criteria, EPA 820-F-12-058) and Chicago's flag scheme (over 1000:
 * closed), as the specification fixes them.
 */
import { addDaysTo } from "#app/platform/text/iso-date.ts";

/**
 * The unit of a reading, as every text people read writes it: colony-forming units (or, from Colilert, the most
 * probable number, which labs report as the same count) of E. coli per 100 mL of water. The stored `unit` column
 * keeps the specification's data value, "per 100mL" (spec §3), which is not a label.
 */
export const READING_UNIT = "CFU per 100 mL";

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

/** The statuses a board's manual advisory can set (issue 11). */
export const ADVISORY_STATUSES = ["Caution", "Closed"] as const;

/** What each status means for a swimmer, as the public pages and the beach alerts say it. */
export const STATUS_MEANING: Record<BeachStatus, string> = {
  Open: "Swimming is OK.",
  Caution: "Swimming is not advised for young children, older adults or anyone with a weakened immune system.",
  Closed: "Stay out of the water.",
  Error: "This reading cannot be classified. Check with the board before swimming.",
};

/**
 * The largest E. coli count per 100 mL taken as a reading. Colilert-18 counts at most 2,419.6 MPN per 100 mL in an
 * undiluted sample (db/data/README.md: ">2419.6"), so labs report at most 24,196 from a 1:10 dilution and 241,960
 * from a 1:100 one; membrane-filtration counts of diluted samples stay in that range. A million is four times the
 * largest, so no lab result is refused, while extra zeros typed by mistake or a number such as 1e308 (which would
 * make the public chart's scale useless) are.
 */
export const MAX_READING = 1_000_000;

/** Why a reading's value was refused (see `readReadingValue`). */
export type ReadingValueProblem = "empty" | "negative" | "not decimal" | "too large";

/** Digits with an optional fraction, or a bare fraction: "12", "12.5", "0", ".5". */
const DECIMAL = /^(\d+(\.\d+)?|\.\d+)$/;

/**
 * Reads a reading's value (E. coli per 100 mL) as a person types it or a lab file writes it: a plain decimal number
 * ("12", "12.5", "0", ".5"), white space around it ignored, from 0 to `MAX_READING`. No sign, exponent, hexadecimal,
 * "Infinity" or thousands separator: `Number` alone takes "0x10" as 16 and "1e308" as a count (issue 24). The form
 * and the lab CSV import both read values here, and word the problem each in its own way.
 * @returns `{ value }`, or `{ problem }`: "empty"; "negative" (a minus sign before a decimal number); "not decimal"
 *   (anything else that is not such a number); "too large" (over `MAX_READING`)
 */
export function readReadingValue(text: string): { value: number } | { problem: ReadingValueProblem } {
  const trimmed = text.trim();
  if (trimmed === "") return { problem: "empty" };
  if (trimmed.startsWith("-") && DECIMAL.test(trimmed.slice(1))) return { problem: "negative" };
  if (!DECIMAL.test(trimmed)) return { problem: "not decimal" };
  const value = Number(trimmed);
  return isReadingValue(value) ? { value } : { problem: "too large" };
}

/** Whether a number can be a reading's value: finite, from 0 to `MAX_READING` E. coli per 100 mL. */
export function isReadingValue(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_READING;
}

/**
 * Whether a sample date is after today. Such a reading would be the latest and set the beach's status over every
 * real one (issue 24), so no form, import or write takes it; today itself is a sample date like any other.
 * @param date the sample date, "YYYY-MM-DD"
 * @param today today in the association's time zone (`todayIn`), "YYYY-MM-DD"
 */
export function isAfterToday(date: string, today: string): boolean {
  // ISO calendar dates of four-digit years sort as text.
  return date > today;
}

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

/**
 * The US EPA's 2012 Recreational Water Quality Criteria (EPA 820-F-12-058), recommendation 2 for E. coli: the
 * geometric mean of the samples in any 30-day interval should not exceed 126 CFU per 100 mL (with a statistical
 * threshold value of 410, and 235 as the Beach Action Value used for the Caution status above).
 */
export const EPA_GEOMETRIC_MEAN_CRITERION = 126;
/** The length of the geometric mean's window, in calendar days, ending with the latest sample's date (EPA 2012). */
export const GEOMETRIC_MEAN_WINDOW_DAYS = 30;
/** Fewest samples in the window for the geometric mean to be shown: fewer say too little (this site's rule). */
export const GEOMETRIC_MEAN_MIN_SAMPLES = 5;

/**
 * The geometric mean of counts: the n-th root of their product, computed as exp(mean of ln). A count below 1 (a
 * result of 0, "none detected") is taken as 1, the usual substitution at the detection limit, since ln 0 is undefined.
 * @param values E. coli per 100 mL, at least one, not negative
 * @throws RangeError when `values` is empty
 */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("The geometric mean of no values is undefined");
  const sumOfLogs = values.reduce((sum, value) => sum + Math.log(Math.max(value, 1)), 0);
  return Math.exp(sumOfLogs / values.length);
}

/** The 30-day geometric mean of the readings as the beach section shows it. */
export interface WindowMean {
  /** First and last dates of the window ("YYYY-MM-DD"): 29 days before the latest sample, and its date. */
  from: string;
  to: string;
  /** How many samples fall in the window. */
  samples: number;
  /** E. coli per 100 mL, or null when there are fewer than 5 samples in the window. */
  mean: number | null;
  /** Whether the mean is above the EPA 2012 criterion of 126 (false when there is no mean). */
  exceeds: boolean;
}

/**
 * The geometric mean of the samples of the 30 calendar days ending at the latest sample's date (EPA 2012 RWQC,
 * recommendation 2: a 30-day geometric mean of at most 126 CFU/100 mL for E. coli), computed only when there are at
 * least 5 samples in that window.
 * @param readings sample dates ("YYYY-MM-DD") and E. coli per 100 mL, in any order; readings outside the window are
 *   ignored
 * @returns null when there are no readings
 */
export function thirtyDayGeometricMean(readings: readonly { date: string; value: number }[]): WindowMean | null {
  if (readings.length === 0) return null;
  const to = readings.reduce((latest, r) => (r.date > latest ? r.date : latest), readings[0]!.date);
  const from = addDaysTo(to, -(GEOMETRIC_MEAN_WINDOW_DAYS - 1));
  const values = readings.filter((r) => r.date >= from && r.date <= to).map((r) => r.value);
  const mean = values.length >= GEOMETRIC_MEAN_MIN_SAMPLES ? geometricMean(values) : null;
  // exp(mean of ln) of five readings of 126 is 126.00000000000003: compare with a tolerance far below what is shown.
  const exceeds = mean !== null && mean - EPA_GEOMETRIC_MEAN_CRITERION > 1e-9 * EPA_GEOMETRIC_MEAN_CRITERION;
  return { from, to, samples: values.length, mean, exceeds };
}
