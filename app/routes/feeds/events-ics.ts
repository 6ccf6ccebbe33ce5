import type { Route } from "./+types/events-ics";
import { eventsCalendar } from "#app/lib/calendar.server.ts";
import { getServices } from "#app/lib/context.server.ts";
import { feedResponse } from "#app/lib/feed-response.server.ts";
import { getAssociationDetails } from "#app/models/association.server.ts";
import { listCalendarEvents, listEventTombstones, TOMBSTONE_KEPT_MS } from "#app/models/events.server.ts";

/**
 * /events.ics: every event, and the events deleted in the last 90 days as cancelled, as one iCalendar feed that
 * calendar apps subscribe to (the "Subscribe" link, webcal://…/events.ics).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, events, tombstones] = await Promise.all([
    getAssociationDetails(db),
    listCalendarEvents(db),
    listEventTombstones(db, { since: Date.now() - TOMBSTONE_KEPT_MS }),
  ]);
  const body = eventsCalendar(events, tombstones, {
    name: `${details.name} events`,
    timeZone: details.timeZone,
    publicUrl: config.publicUrl,
    source: `${config.publicUrl}/events.ics`,
  });
  return feedResponse(body, "text/calendar; charset=utf-8");
}
