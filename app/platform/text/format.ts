/**
 * Dates and numbers for people, in US English, without the browser's Intl: the first use of Intl in a page costs its
 * renderer 45 to 130 ms of main thread (ICU being set up; measured in Chromium 156 on this project's machines), a
 * long task while the page hydrates (decision 018). Dates are the English names of the day and month; numbers are
 * rounded on their decimal digits. The text is the same that `Intl.DateTimeFormat("en-US", …)` and
 * `Intl.NumberFormat("en-US", …)` write: `format.test.ts` compares them over every day from 1900 to 2100 and about
 * 170,000 numbers. Calendar dates are "YYYY-MM-DD" and are shown as that calendar day, whatever the reader's time
 * zone.
 */
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
/** A number as JavaScript writes it (ECMA-262 Number::toString): its shortest decimal digits, maybe an exponent. */
const NUMBER_STRING = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * `value` with thousands separators and at most `fractionDigits` (0, 1 or 2) decimals: "1,234.5". Rounded as people
 * round the number they typed, half away from zero on its shortest decimal form (2.45 → "2.5", where `toFixed` gives
 * "2.4"), which is what `Intl.NumberFormat("en-US", { maximumFractionDigits })` does; also "-0", "NaN" and "∞" as it.
 * @throws RangeError for another number of decimals
 */
export function formatNumber(value: number, fractionDigits: 0 | 1 | 2 = 0): string {
  if (fractionDigits !== 0 && fractionDigits !== 1 && fractionDigits !== 2) throw new RangeError(`formatNumber: ${String(fractionDigits)} decimals`);
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [whole, fraction] = roundHalfUp(Math.abs(value), fractionDigits);
  const decimals = fraction.replace(/0+$/, "");
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals ? `.${decimals}` : ""}`;
}

/**
 * A finite `abs` ≥ 0 rounded to `digits` decimals, half up, on the decimal digits JavaScript writes for it, as
 * [whole part, exactly `digits` decimals]. (A library such as big.js does this too, but adds 3 KB gzip to every
 * page, past issue 10's 110 KB budget for the home page's JavaScript; decision 018.)
 */
function roundHalfUp(abs: number, digits: number): [string, string] {
  const [, int = "0", frac = "", exponent = "0"] = NUMBER_STRING.exec(String(abs)) ?? [];
  let all = int + frac;
  let point = int.length + Number(exponent);
  if (point < 0) [all, point] = ["0".repeat(-point) + all, 0];
  const keep = point + digits;
  const kept = BigInt(all.slice(0, keep).padEnd(keep, "0") || "0") + ((all[keep] ?? "0") >= "5" ? 1n : 0n);
  const text = kept.toString().padStart(digits + 1, "0");
  return [text.slice(0, text.length - digits), text.slice(text.length - digits)];
}

/**
 * The calendar date as a Date at noon UTC.
 * @throws RangeError ("Invalid time value", as Intl's format) when it is not a date
 */
function noonUtc(date: string): Date {
  const noon = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) throw new RangeError("Invalid time value");
  return noon;
}

/** "Saturday, June 13, 2026" for "2026-06-13". @throws RangeError when it is not a date */
export function longDate(date: string): string {
  const day = noonUtc(date);
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** "Jun 13, 2026" for "2026-06-13". @throws RangeError when it is not a date */
export function shortDate(date: string): string {
  const day = noonUtc(date);
  return `${monthDayOf(day)}, ${day.getUTCFullYear()}`;
}

/** "Jun 13" for "2026-06-13" (a chart's axis, where the year is in the heading). @throws RangeError when it is not a date */
export function monthDay(date: string): string {
  return monthDayOf(noonUtc(date));
}

function monthDayOf(day: Date): string {
  return `${MONTHS[day.getUTCMonth()]!.slice(0, 3)} ${day.getUTCDate()}`;
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
