import type { Event } from "#db/schema.ts";
import { clockTime, longDate } from "#app/platform/text/format.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import type { Html } from "#app/platform/http/page-html.ts";

/**
 * What an event shows on one of its dates, and all of it that a public page's loader sends (`eventsForDisplay`):
 * `date` is this occurrence's first day and `endDate` its last ("" for one day), `key` tells occurrences of a
 * repeating event apart, `repeats` says how it repeats ("Every week until Nov 19, 2026", "" for once).
 */
export type EventItemData = Pick<Event, "id" | "title" | "date" | "startTime" | "endTime" | "endDate" | "timeDetails" | "place"> & {
  key: string;
  allDay: boolean;
  repeats: string;
  detailsHtml: Html;
};

/** "7:00 PM", "7:00 PM – 9:00 PM", "All day", or "" (no start time given). */
function timeOf(event: EventItemData): string {
  if (event.allDay) return "All day";
  if (!event.startTime) return "";
  return event.endTime ? `${clockTime(event.startTime)} – ${clockTime(event.endTime)}` : clockTime(event.startTime);
}

/**
 * One event on one of its dates: title (a link to its own page, /events/:id), its day or days, its time and place
 * shown as text, how it repeats; `event.detailsHtml` is its Markdown details as the loader rendered them
 * (`eventsForDisplay` in app/news-events/item-html.server.ts); and an "Add to calendar" link to the event's own
 * iCalendar file (/events/:id.ics, a plain link: it is a file, not a page; for a repeating event, the whole series).
 */
export function EventItem({ event }: { event: EventItemData }) {
  const when = [timeOf(event), event.timeDetails].filter(Boolean).join(" · ");
  const headingId = `event-${event.key}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={`/events/${event.id}`}>{event.title}</a>
      </h3>
      <p className="meta">
        <time className="event-when" dateTime={event.date}>
          {longDate(event.date)}
        </time>
        {event.endDate && event.endDate > event.date && (
          <>
            {" – "}
            <time className="event-when" dateTime={event.endDate}>
              {longDate(event.endDate)}
            </time>
          </>
        )}
        {when && <> · {when}</>}
        {event.repeats && (
          <>
            <br />
            {event.repeats}
          </>
        )}
        {event.place && (
          <>
            <br />
            {event.place}
          </>
        )}
      </p>
      {event.detailsHtml && <Markdown html={event.detailsHtml} />}
      <p className="meta event-actions">
        <a href={`/events/${event.id}.ics`} type="text/calendar" aria-label={`Add to calendar: ${event.title}`}>
          Add to calendar
        </a>
      </p>
    </article>
  );
}

/** Events as a list of cards, or `empty` (spec §8's words) when there are none. */
export function EventList({ events, empty }: { events: EventItemData[]; empty?: string }) {
  if (events.length === 0) return empty ? <p className="empty">{empty}</p> : null;
  return (
    <ul className="item-list">
      {events.map((event) => (
        <li key={event.key}>
          <EventItem event={event} />
        </li>
      ))}
    </ul>
  );
}
