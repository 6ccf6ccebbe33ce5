/**
 * The events as iCalendar (RFC 5545, with RFC 7986's NAME, SOURCE and REFRESH-INTERVAL): the subscribed feed
 * /events.ics and the one-event files behind "Add to calendar". Written with ical-generator; the VTIMEZONE of the
 * association's zone comes from @touch4it/ical-timezones.
 *
 * Each event's UID is its database id (a UUID, never changed), DTSTAMP and LAST-MODIFIED its last change, SEQUENCE
 * the number of edits. An event with a start time starts at that wall-clock time in the association's zone
 * (DTSTART;TZID=…), so a calendar shows 19:00 on both sides of a daylight-saving change; one without a start time is
 * an all-day event on its date. Events have no end time in this site, so none is written (RFC 5545 §3.6.1: such an
 * event ends where it starts; its time details go in the description). Deleted events are written from their
 * tombstones with STATUS:CANCELLED, so that subscribed calendars drop them.
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

type CalendarEvent = Pick<Event, "id" | "title" | "date" | "startTime" | "timeDetails" | "place" | "eventDetails" | "created" | "updated" | "sequence">;

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
    addEvent(calendar, { ...gone, timeDetails: "", place: "", eventDetails: "", created: stamp, updated: stamp }, options, timeZone, {
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
  const [y, m, d] = event.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = event.startTime ? (event.startTime.split(":").map(Number) as [number, number]) : [0, 0];
  // With a TZID, ical-generator writes a Date's UTC fields as the wall-clock time: give it the local time in them.
  // Without one (a zone it has no VTIMEZONE for), the real instant, written in UTC.
  const wallClock = new Date(Date.UTC(y, m - 1, d, hour, minute));
  const start = !event.startTime || timeZone ? wallClock : new Date(new TZDate(y, m - 1, d, hour, minute, 0, options.timeZone).getTime());
  calendar.createEvent({
    id: event.id,
    sequence: event.sequence,
    stamp: new Date(event.updated),
    lastModified: new Date(event.updated),
    created: new Date(event.created),
    start,
    allDay: !event.startTime,
    timezone: event.startTime ? timeZone : null,
    // Texts saved before control characters were dropped on input (issue 24) must not break the calendar either.
    summary: cleanText(event.title),
    location: cleanText(event.place) || null,
    description: cleanText(description) || null,
    url: `${options.publicUrl}/news-events#event-${event.id}`,
    status,
  });
}
