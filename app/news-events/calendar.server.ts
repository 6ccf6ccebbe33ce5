/**
 * The events as iCalendar (RFC 5545, with RFC 7986's NAME, SOURCE and REFRESH-INTERVAL): the subscribed feed
 * /events.ics and the one-event files behind "Add to calendar". Written with ical-generator; the VTIMEZONE of the
 * association's zone comes from @touch4it/ical-timezones.
 *
 * Each event's UID is its database id (a UUID, never changed), DTSTAMP and LAST-MODIFIED its last change, SEQUENCE
 * the number of edits. An event with a start time starts at that wall-clock time in the association's zone
 * (DTSTART;TZID=…), so a calendar shows 19:00 on both sides of a daylight-saving change; its end time, on its end
 * date for an event over several days, is DTEND in the same zone (issue 28 part 2, decision 036); an event without
 * an end time has no DTEND (RFC 5545 §3.6.1: it ends where it starts; its time details go in the description). An
 * all-day event (or one without a start time) has DATE values, DTEND the day after its last day (exclusive, §3.6.1).
 * A repeating event is one VEVENT with its RRULE (FREQ, UNTIL or COUNT; BYDAY for "the second Tuesday") and an
 * EXDATE per skipped date, in DTSTART's value type (§3.8.5.1); UNTIL is a DATE for an all-day event and otherwise the
 * end of the last day in UTC (§3.3.10). Deleted events are written from their tombstones with STATUS:CANCELLED, so
 * that subscribed calendars drop them.
 *
 * Why the zone is set per event and its VTIMEZONE added here: ical-generator 11, given a calendar-wide time zone,
 * writes every date-time in it without "Z", DTSTAMP, CREATED and LAST-MODIFIED included, which RFC 5545 §3.8.7
 * requires in UTC. Set per event, the zone applies to DTSTART only and the rest stay UTC.
 */
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalEventStatus, type ICalCalendar } from "ical-generator";
import type { Event, EventTombstone } from "#db/schema.ts";
import { cleanText } from "#app/platform/text/text.ts";
import { fillNumbers, type AssociationNumbers } from "#app/site/data/governance.server.ts";
import { addDaysTo } from "#app/platform/text/iso-date.ts";
import { exceptionDates, isAllDay, ONCE, spanDays, weekdayOfMonth, type EventTiming } from "./occurrences.ts";

/** How often a subscribed calendar should fetch the feed again, in seconds (REFRESH-INTERVAL; one hour). */
export const CALENDAR_REFRESH_SECONDS = 60 * 60;

export interface CalendarOptions {
  /** The calendar's name (NAME and X-WR-CALNAME), e.g. "Heron Lake Association events". */
  name: string;
  /** The association's IANA time zone, e.g. "America/Chicago". */
  timeZone: string;
  /** The site's public address without a trailing slash, e.g. "https://heronlake.org": events link back to it. */
  publicUrl: string;
  /** The address of this calendar (SOURCE), absolute. */
  source: string;
  /** The association's numbers (`getAssociationNumbers`): an event's details show them in place of their placeholders ({duesDollars}, …; issue 26 part 4). */
  numbers: AssociationNumbers;
}

type CalendarEvent = Pick<Event, "id" | "title" | "timeDetails" | "place" | "eventDetails" | "created" | "updated" | "sequence"> & EventTiming;

/**
 * An iCalendar document with `events` as they are and `tombstones` as cancelled events.
 * @returns the text of a VCALENDAR, CRLF line endings, lines folded at 75 octets
 */
export function eventsCalendar(events: readonly CalendarEvent[], tombstones: readonly EventTombstone[], options: CalendarOptions): string {
  // A zone the library does not know would leave TZID pointing at nothing: then start times are written in UTC.
  const vtimezone = getVtimezoneComponent(options.timeZone);
  const timeZone = vtimezone ? options.timeZone : null;
  const calendar = ical({
    name: options.name,
    prodId: { company: "Shoreline", product: "Events", language: "EN" },
    ttl: CALENDAR_REFRESH_SECONDS,
    source: options.source,
    url: `${options.publicUrl}/news-events`,
    x: timeZone ? { "X-WR-TIMEZONE": timeZone } : {},
  });
  for (const event of events) {
    addEvent(calendar, event, options, timeZone, {
      status: ICalEventStatus.CONFIRMED,
      description: [event.timeDetails, fillNumbers(event.eventDetails, options.numbers)].filter(Boolean).join("\n\n"),
    });
  }
  for (const gone of tombstones) {
    const stamp = gone.deletedAt;
    addEvent(calendar, { ...ONCE, ...gone, timeDetails: "", place: "", eventDetails: "", created: stamp, updated: stamp }, options, timeZone, {
      status: ICalEventStatus.CANCELLED,
      description: "This event was cancelled.",
    });
  }
  const text = calendar.toString();
  // The VTIMEZONE goes before the first component that refers to it (RFC 5545 §3.6.5 allows it anywhere).
  if (!vtimezone) return text;
  const at = text.search(/BEGIN:VEVENT\r\n|END:VCALENDAR\r\n/);
  return `${text.slice(0, at)}${vtimezone.trimEnd().split(/\r?\n/).join("\r\n")}\r\n${text.slice(at)}`;
}

function addEvent(
  calendar: ICalCalendar,
  event: CalendarEvent,
  options: CalendarOptions,
  timeZone: string | null,
  { status, description }: { status: ICalEventStatus; description: string },
) {
  const allDay = isAllDay(event);
  const lastDay = addDaysTo(event.date, spanDays(event));
  const start = instant(event.date, allDay ? "" : event.startTime, options.timeZone, timeZone);
  // An all-day event ends the day after its last day (DTEND is exclusive); a timed one at its end time, if it has one.
  const end = allDay ? instant(addDaysTo(lastDay, 1), "", options.timeZone, timeZone) : event.endTime ? instant(lastDay, event.endTime, options.timeZone, timeZone) : null;
  calendar.createEvent({
    id: event.id,
    sequence: event.sequence,
    stamp: new Date(event.updated),
    lastModified: new Date(event.updated),
    created: new Date(event.created),
    start,
    end,
    allDay,
    timezone: allDay ? null : timeZone,
    repeating: repeatLines(event, allDay, options.timeZone, timeZone),
    // Texts saved before control characters were dropped on input (issue 24) must not break the calendar either.
    summary: cleanText(event.title),
    location: cleanText(event.place) || null,
    description: cleanText(description) || null,
    url: `${options.publicUrl}/news-events#event-${event.id}`,
    status,
  });
}

/**
 * A Date for ical-generator: with a TZID (or for a DATE value) it writes a Date's UTC fields as the wall-clock time,
 * so those hold the local date and time; without one (a zone it has no VTIMEZONE for) the real instant, in UTC.
 * @param time "HH:MM", or "" for a date alone
 */
function instant(date: string, time: string, zone: string, timeZone: string | null): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time ? (time.split(":").map(Number) as [number, number]) : [0, 0];
  if (!time || timeZone) return new Date(Date.UTC(y, m - 1, d, hour, minute));
  return new Date(new TZDate(y, m - 1, d, hour, minute, 0, zone).getTime());
}

/** The last second of `date` in `zone`, as an instant. */
function endOfDay(date: string, zone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 23, 59, 59, zone).getTime());
}

const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const FREQ = { weekly: "WEEKLY", monthly: "MONTHLY", "monthly-weekday": "MONTHLY", yearly: "YEARLY" } as Record<string, string>;
const basic = (date: string) => date.replaceAll("-", "");
const basicTime = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** The RRULE and EXDATE lines of a repeating event (LF-separated; ical-generator writes them as CRLF), or null. */
function repeatLines(event: CalendarEvent, allDay: boolean, zone: string, timeZone: string | null): string | null {
  const freq = FREQ[event.repeat];
  if (!freq) return null;
  const { nth, weekday } = weekdayOfMonth(event.date);
  let rule = `RRULE:FREQ=${freq}`;
  if (event.repeat === "monthly-weekday") rule += `;BYDAY=${nth}${BYDAY[weekday]}`;
  if (event.repeatCount) rule += `;COUNT=${event.repeatCount}`;
  else if (event.repeatUntil) {
    // The last day is included: for a timed event, UNTIL is the end of that day in the zone, in UTC (§3.3.10).
    rule += `;UNTIL=${allDay ? basic(event.repeatUntil) : basicTime(endOfDay(event.repeatUntil, zone))}`;
  }
  const skipped = exceptionDates(event).map((date) => {
    if (allDay) return `EXDATE;VALUE=DATE:${basic(date)}`;
    const at = instant(date, event.startTime, zone, timeZone);
    return timeZone ? `EXDATE;TZID=${timeZone}:${basicTime(at).slice(0, -1)}` : `EXDATE:${basicTime(at)}`;
  });
  return [rule, ...skipped].join("\n");
}
