/**
 * Calendar rules in the association's time zone. Dates are ISO calendar dates ("YYYY-MM-DD"), times "HH:MM".
 * Time-zone arithmetic comes from date-fns and @date-fns/tz (IANA zones, daylight saving included).
 */
// One module per function: the date-fns index loads every function and locale (about 190 MB, 1.5 s).
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { TZDate } from "@date-fns/tz";

import { ISO_DATE } from "./iso-date.ts";
import { clockTime, shortDate } from "./format.ts";

export { addDaysTo, ISO_DATE } from "./iso-date.ts";

/** Whether `value` is a real calendar date written "YYYY-MM-DD" (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = parseISO(value);
  return !Number.isNaN(d.getTime()) && format(d, "yyyy-MM-dd") === value;
}

/**
 * Today's calendar date in a time zone.
 * @param timeZone IANA zone, e.g. "America/Chicago"
 * @param now the instant to read, default the current time
 * @returns "YYYY-MM-DD"
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * The calendar date of an instant in a time zone: what the admin shows as the day something was changed (issue 26:
 * the "Last changed" column showed the UTC day).
 * @param instant ms since the Unix epoch
 * @returns "YYYY-MM-DD"
 */
export function dateIn(timeZone: string, instant: number): string {
  return todayIn(timeZone, new Date(instant));
}

/**
 * An instant as the association reads it, in its time zone: "Nov 27, 2026, 11:48 PM", the text of
 * `Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone })` with a plain space before
 * AM/PM, written without Intl (decision 018) from the same tables as `shortDate` and `clockTime`.
 * @param instant ms since the Unix epoch
 */
export function dateTimeIn(timeZone: string, instant: number): string {
  const local = new TZDate(instant, timeZone);
  return `${shortDate(format(local, "yyyy-MM-dd"))}, ${clockTime(format(local, "HH:mm"))}`;
}

/**
 * Whole calendar days from `date` to `today` (both "YYYY-MM-DD"); positive when `date` is in the past.
 */
export function daysBetween(date: string, today: string): number {
  return differenceInCalendarDays(parseISO(today), parseISO(date));
}

/**
 * The instant of noon on a calendar date in a time zone, as news posts and events store it (spec §3: "timestamp
 * (noon of the date)"), with that instant's offset.
 * @returns timestamp in milliseconds since the Unix epoch; timezoneOffset in minutes, signed as
 *   `Date.prototype.getTimezoneOffset` (UTC minus local: 300 for Chicago in summer, 360 in winter)
 * @throws RangeError when `date` is not a valid "YYYY-MM-DD"
 */
export function noonOf(date: string, timeZone: string): { timestamp: number; timezoneOffset: number } {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const noon = new TZDate(y, m - 1, d, 12, 0, 0, timeZone);
  return { timestamp: noon.getTime(), timezoneOffset: noon.getTimezoneOffset() };
}

/**
 * The calendar year window that event lists show (spec §7: "within the current calendar year"), in the
 * association's time zone.
 * @returns first and last dates of the year containing `today`, and `today` itself, all "YYYY-MM-DD"
 */
export function eventWindow(timeZone: string, now: Date = new Date()): { from: string; to: string; today: string } {
  const today = todayIn(timeZone, now);
  const year = today.slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31`, today };
}

