import { data } from "react-router";
import type { Route } from "./+types/event-ics";
import { eventsCalendar } from "#app/news-events/calendar.server.ts";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { getPublicEvent } from "#app/news-events/data/events.server.ts";

/**
 * /events/:id.ics: one event as an iCalendar file to add to a calendar (the "Add to calendar" link); 404 when gone
 * or not public (a draft, or scheduled for later).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, event, numbers] = await Promise.all([getAssociationDetails(db), getPublicEvent(db, params.id), getAssociationNumbers(db)]);
  if (!event) throw data(null, { status: 404 });
  const body = eventsCalendar([event], [], {
    name: event.title,
    timeZone: details.timeZone,
    publicUrl: config.publicUrl,
    numbers,
    source: `${config.publicUrl}/events/${event.id}.ics`,
  });
  return feedResponse(body, "text/calendar; charset=utf-8", `${event.title}.ics`);
}
