import type { Route } from "./+types/events-ics";
import { eventsCalendar } from "#app/news-events/calendar.server.ts";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { listCalendarEvents, listEventTombstones, TOMBSTONE_KEPT_MS } from "#app/news-events/data/events.server.ts";

/**
 * /events.ics: every event, and the events deleted in the last 90 days as cancelled, as one iCalendar feed that
 * calendar apps subscribe to (the "Subscribe" link, webcal://…/events.ics).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, events, tombstones, numbers] = await Promise.all([
    getAssociationDetails(db),
    listCalendarEvents(db),
    listEventTombstones(db, { since: Date.now() - TOMBSTONE_KEPT_MS }),
    getAssociationNumbers(db),
  ]);
  const body = eventsCalendar(events, tombstones, {
    name: `${details.name} events`,
    timeZone: details.timeZone,
    publicUrl: config.publicUrl,
    numbers,
    source: `${config.publicUrl}/events.ics`,
  });
  return feedResponse(body, "text/calendar; charset=utf-8");
}
