import type { Event } from "#db/schema.ts";
import { clockTime, longDate } from "#app/platform/text/format.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import type { Html } from "#app/platform/http/page-html.ts";

/** What an event shows, and all of it that a public page's loader sends (`eventsForDisplay`). */
export type EventItemData = Pick<Event, "id" | "title" | "date" | "startTime" | "timeDetails" | "place"> & { detailsHtml: Html };

/**
 * One event: title (a link to its own page, /events/:id), date and time and place shown as text; `event.detailsHtml` is its Markdown details as the loader
 * rendered them (`eventsForDisplay` in app/news-events/item-html.server.ts); and an "Add to calendar" link to the event's own
 * iCalendar file (/events/:id.ics, a plain link: it is a file, not a page).
 */
export function EventItem({ event }: { event: EventItemData }) {
  const when = [event.startTime ? clockTime(event.startTime) : "", event.timeDetails].filter(Boolean).join(" · ");
  return (
    <article className="card" aria-labelledby={`event-${event.id}`}>
      <h3 id={`event-${event.id}`}>
        <a href={`/events/${event.id}`}>{event.title}</a>
      </h3>
      <p className="meta">
        <time className="event-when" dateTime={event.date}>
          {longDate(event.date)}
        </time>
        {when && <> · {when}</>}
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
        <li key={event.id}>
          <EventItem event={event} />
        </li>
      ))}
    </ul>
  );
}
