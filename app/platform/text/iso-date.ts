/**
 * Plain calendar-date arithmetic with no time zone and no library, for code that also runs in the browser
 * (app/beach/status.ts). It is kept apart from app/platform/text/dates.ts on purpose: @date-fns/tz patches Date.prototype when it loads,
 * so a bundler cannot leave it out of any page that imports that module (it cost the home page 1.2 KB gzip).
 */

/** Matches an ISO calendar date, "YYYY-MM-DD". */
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The calendar date `days` after `date` (before it when negative); calendar arithmetic, no time zone involved.
 * @param date "YYYY-MM-DD"
 * @returns "YYYY-MM-DD"
 * @throws RangeError when `date` is not a valid "YYYY-MM-DD"
 */
export function addDaysTo(date: string, days: number): string {
  const start = ISO_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}
