/**
 * Dates and times for people, in US English, with the browser's own Intl (no library in the page's JavaScript).
 * Calendar dates are "YYYY-MM-DD" and are shown as that calendar day, whatever the reader's time zone.
 */

const LONG = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
// One formatter per precision: `toLocaleString` with options builds a new one on every call, which an admin list of
// 50 readings paid 50 times per request (about 6% of its server time).
const NUMBER = [0, 1, 2].map((digits) => new Intl.NumberFormat("en-US", { maximumFractionDigits: digits }));

/**
 * `value` with thousands separators and at most `fractionDigits` (0, 1 or 2) decimals: "1,234.5".
 * @throws RangeError for another number of decimals
 */
export function formatNumber(value: number, fractionDigits: 0 | 1 | 2 = 0): string {
  const format = NUMBER[fractionDigits];
  if (!format) throw new RangeError(`formatNumber: ${fractionDigits} decimals`);
  return format.format(value);
}

/** Noon UTC of a calendar date: the same day in every time zone's formatting with timeZone UTC. */
function noonUtc(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** "Saturday, June 13, 2026" for "2026-06-13". */
export function longDate(date: string): string {
  return LONG.format(noonUtc(date));
}

/** "Jun 13, 2026" for "2026-06-13". */
export function shortDate(date: string): string {
  return SHORT.format(noonUtc(date));
}

/** "7:30 PM" for "19:30"; the input unchanged when it is not "HH:MM". */
export function clockTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  return `${((h + 11) % 12) + 1}:${match[2]} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * A file size for people, in binary units (1 KB = 1,024 bytes): "1 byte", "512 bytes", "14 KB" (whole kilobytes,
 * rounded), "3.2 MB" (one decimal, from what would round to 1,024 KB up; also past 1,024 MB).
 * @param bytes a whole, non-negative number of bytes
 */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kb = Math.round(bytes / 1024);
  if (kb < 1024) return `${kb} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
