import type { Event } from "#db/schema.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import type { Html } from "#app/platform/http/page-html.ts";

/**
 * What an event shows on one of its dates, and all of it that a public page's loader sends (`eventsForDisplay`):
 * `date` is this occurrence's first day and `days` its days in words, `key` tells occurrences of a
 * repeating event apart, `when` is its time and time details in words (`eventWhen`: "7:00 PM – 9:00 PM · doors at
 * 6:30", "All day"), `repeats` says how it repeats ("Every week until Nov 19, 2026", "" for once).
 */
export type EventItemData = Pick<Event, "id" | "title" | "date" | "place"> & {
  key: string;
  /** Its day, or its first and last days, in words ("Friday, November 6, 2026 – Sunday, November 8, 2026"). */
  days: string;
  when: string;
  repeats: string;
  detailsHtml: Html;
};

/**
 * What an event shows under its title, on a card and on its own page: its day or days, its time and place as text,
 * how it repeats; `event.detailsHtml` is its Markdown details as the loader rendered them (`eventsForDisplay` in
 * app/news-events/item-html.server.ts); and an "Add to calendar" link to the event's own iCalendar file
 * (/events/:id.ics, a plain link: it is a file, not a page; for a repeating event, the whole series).
 */
export function EventBody({ event }: { event: EventItemData }) {
  return (
    <>
      <p className="meta">
        <time className="event-when" dateTime={event.date}>
          {event.days}
        </time>
        {event.when && <> · {event.when}</>}
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
    </>
  );
}

/** One event on one of its dates, as a card: its title (a link to its own page, /events/:id) and `EventBody`. */
export function EventItem({ event }: { event: EventItemData }) {
  const headingId = `event-${event.key}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={`/events/${event.id}`}>{event.title}</a>
      </h3>
      <EventBody event={event} />
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
