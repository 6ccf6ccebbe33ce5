/**
 * When an event happens (issue 28 part 2, decision 036): its end, all-day and multi-day events, and its repeats
 * expanded into occurrences with the `rrule` package. Pure rules, no database: the pages' loaders, the calendar feed
 * and the form's checks read them. Server-side only in practice (rrule and @date-fns/tz stay out of the browser).
 *
 * Repeats are reckoned on calendar dates, never on instants: the rule runs on "floating" dates (midnight UTC standing
 * for a wall-clock date), and a time is put on each date in the association's zone afterwards. So a weekly 19:00
 * event stays at 19:00 local on both sides of a daylight-saving change, as a calendar app reads its RRULE.
 */
import { TZDate } from "@date-fns/tz";
import * as rruleModule from "rrule";
import type { Event } from "#db/schema.ts";
import { addDaysTo } from "#app/platform/text/iso-date.ts";
import { clockTime, longDate, shortDate } from "#app/platform/text/format.ts";

// rrule is a CommonJS bundle with an ESM copy: Node's import sees only its default export (module.exports), a
// bundler its named ones.
const { RRule } = "RRule" in rruleModule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default;

/** How an event repeats: "" once, or weekly, monthly on the same date, monthly on the same weekday (e.g. the second Tuesday), yearly. */
export const REPEATS = ["", "weekly", "monthly", "monthly-weekday", "yearly"] as const;
export type Repeat = (typeof REPEATS)[number];

/** What of an event says when it happens, as stored (migration 0020). */
export type EventTiming = Pick<Event, "date" | "startTime" | "endTime" | "endDate" | "allDay" | "repeat" | "repeatUntil" | "repeatCount" | "exceptions">;

/** The timing of an event saved before migration 0020: one day, no end time, no repeat. */
export const ONCE: Omit<EventTiming, "date" | "startTime"> = { endTime: "", endDate: "", allDay: 0, repeat: "", repeatUntil: "", repeatCount: null, exceptions: "" };

/**
 * One occurrence of an event, for the pages, JSON-LD and sitemaps.
 * - `date`, `endDate`: its first and last day, "YYYY-MM-DD" (the same for an event of one day);
 * - `start`: ISO 8601 with the zone's offset on that day ("2026-11-05T19:00:00-06:00"), or the date alone when all day;
 * - `end`: likewise (for an all-day event its last day, inclusive, as schema.org's endDate), or null when the event
 *   has no end time;
 * - `allDay`: no times (the board ticked "All day", or gave no start time).
 */
export interface Occurrence {
  date: string;
  endDate: string;
  start: string;
  end: string | null;
  allDay: boolean;
}

/** An event without times: "All day" ticked, or no start time given (such an event was all-day in the calendar feed before). */
export function isAllDay(event: Pick<EventTiming, "allDay" | "startTime">): boolean {
  return event.allDay === 1 || event.startTime === "";
}

/** How many days after its first day an event ends: 0 for an event of one day. */
export function spanDays(event: Pick<EventTiming, "date" | "endDate">): number {
  if (!event.endDate || event.endDate <= event.date) return 0;
  return Math.round((Date.parse(`${event.endDate}T00:00:00Z`) - Date.parse(`${event.date}T00:00:00Z`)) / 86_400_000);
}

/** The dates an event skips, in order ("" stores none). */
export function exceptionDates(event: Pick<EventTiming, "exceptions">): string[] {
  return event.exceptions ? event.exceptions.split(",") : [];
}

const floating = (date: string) => new Date(`${date}T00:00:00Z`);
const WEEKDAYS = () => [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA] as const;

/**
 * For "monthly-weekday": which weekday of the month the first date is, 1 to 4, or -1 for a fifth one (the last,
 * which every month has), and the weekday (0 Sunday to 6 Saturday).
 */
export function weekdayOfMonth(date: string): { nth: number; weekday: number } {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return { nth: nth >= 5 ? -1 : nth, weekday: floating(date).getUTCDay() };
}

function ruleOf(event: EventTiming) {
  const repeat = event.repeat as Repeat;
  const freq = { weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, "monthly-weekday": RRule.MONTHLY, yearly: RRule.YEARLY }[repeat as Exclude<Repeat, "">];
  const { nth, weekday } = weekdayOfMonth(event.date);
  return new RRule({
    freq,
    dtstart: floating(event.date),
    ...(repeat === "monthly-weekday" ? { byweekday: [WEEKDAYS()[weekday]!.nth(nth)] } : {}),
    ...(event.repeatCount ? { count: event.repeatCount } : {}),
    ...(event.repeatUntil ? { until: floating(event.repeatUntil) } : {}),
  });
}

/**
 * The first days of the occurrences of `event` that overlap `from`..`to` (inclusive, "YYYY-MM-DD"), in order: an
 * occurrence over several days that began before `from` and ends on it or later is in. Skipped dates are left out;
 * they still count towards a number of times (RFC 5545 §3.8.5.1, as calendar apps count them).
 * @param options.withExceptions keep the skipped dates (the form checks that each is one of the event's dates)
 */
export function occurrenceDates(event: EventTiming, { from, to }: { from: string; to: string }, { withExceptions = false } = {}): string[] {
  const earliest = addDaysTo(from, -spanDays(event));
  if (!REPEATS.includes(event.repeat as Repeat) || event.repeat === "") return event.date >= earliest && event.date <= to ? [event.date] : [];
  if (to < event.date) return [];
  const skipped = new Set(withExceptions ? [] : exceptionDates(event));
  return ruleOf(event)
    .between(floating(earliest < event.date ? event.date : earliest), floating(to), true)
    .map((d) => d.toISOString().slice(0, 10))
    .filter((date) => !skipped.has(date));
}

/** Whether `date` is one of the dates the event's rule gives (its skipped dates included). */
export function isRuleDate(event: EventTiming, date: string): boolean {
  return occurrenceDates({ ...event, endDate: "" }, { from: date, to: date }, { withExceptions: true }).includes(date);
}

/** "2026-11-05T19:00:00-06:00": a wall-clock date and time in `timeZone`, with that day's offset. */
export function localIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hour, minute, 0, timeZone).toISOString().replace(".000", "");
}

/**
 * Every occurrence of `event` overlapping `from`..`to` (inclusive, "YYYY-MM-DD"), in order, each with its start and
 * end as ISO 8601 with the offset `timeZone` has on that day (an IANA zone, the association's): the one function
 * for what shows or announces an event's dates (pages, JSON-LD, sitemap).
 */
export function eventOccurrences(event: EventTiming, timeZone: string, range: { from: string; to: string }): Occurrence[] {
  const span = spanDays(event);
  const allDay = isAllDay(event);
  return occurrenceDates(event, range).map((date) => {
    const endDate = addDaysTo(date, span);
    if (allDay) return { date, endDate, start: date, end: endDate, allDay };
    return { date, endDate, start: localIso(date, event.startTime, timeZone), end: event.endTime ? localIso(endDate, event.endTime, timeZone) : null, allDay };
  });
}

const NTH = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" } as Record<number, string>;
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * How a repeating event's repeat reads on the page: "Every week", "Every month on the second Tuesday", "Every year
 * until Dec 31, 2027", "Every month, 6 times"; "" for an event that happens once.
 */
export function repeatText(event: Pick<EventTiming, "date" | "repeat" | "repeatUntil" | "repeatCount">): string {
  const { nth, weekday } = weekdayOfMonth(event.date);
  const base = {
    weekly: "Every week",
    monthly: "Every month",
    "monthly-weekday": `Every month on the ${NTH[nth]} ${DAY_NAMES[weekday]}`,
    yearly: "Every year",
  }[event.repeat as Exclude<Repeat, "">];
  if (!base) return "";
  if (event.repeatUntil) return `${base} until ${shortDate(event.repeatUntil)}`;
  if (event.repeatCount) return `${base}, ${event.repeatCount} ${event.repeatCount === 1 ? "time" : "times"}`;
  return base;
}

/**
 * The time an event shows beside its date: "All day", "7:00 PM – 9:00 PM", "7:00 PM", then the board's time details
 * ("7:00 PM · doors at 6:30"); "" when there is neither. Written on the server, so that the pages' cards carry the
 * words and not the rules (the home page's first-load JavaScript budget).
 */
export function eventWhen(event: Pick<EventTiming, "allDay" | "startTime" | "endTime"> & { timeDetails: string }): string {
  const time = event.allDay === 1 ? "All day" : !event.startTime ? "" : event.endTime ? `${clockTime(event.startTime)} – ${clockTime(event.endTime)}` : clockTime(event.startTime);
  return [time, event.timeDetails].filter(Boolean).join(" · ");
}

/** An occurrence's day in words, or its first and last days: "Friday, November 6, 2026 – Sunday, November 8, 2026". */
export function eventDays(event: Pick<EventTiming, "date" | "endDate">): string {
  return event.endDate && event.endDate > event.date ? `${longDate(event.date)} – ${longDate(event.endDate)}` : longDate(event.date);
}
