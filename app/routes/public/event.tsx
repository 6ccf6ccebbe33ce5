import { data, Link } from "react-router";
import type { Route } from "./+types/event";
import { getServices } from "#app/web/context.server.ts";
import { getPublicEvent } from "#app/news-events/data/events.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { eventsForDisplay } from "#app/news-events/item-html.server.ts";
import { eventJsonLd, jsonLdDocument } from "#app/news-events/structured-data.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { addJsonLd } from "#app/platform/http/head-extras.server.ts";
import { markdownSummary, renderPageMarkdown } from "#app/platform/text/markdown.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { eventDays } from "#app/news-events/occurrences.ts";
import { EventBody } from "#app/news-events/EventItem.tsx";

/** A description's length in the page's head, in characters (a search result's snippet). */
const DESCRIPTION_LENGTH = 160;

/**
 * /events/:id, one event on a page of its own (issue 28 part 6): what the sitemap and the event's structured data
 * (`Event`) name, and a shared link previews. 404 for an event that is not public. Not kept by the page cache (as
 * /news/:id).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const event = await getPublicEvent(db, params.id);
  if (!event) throw data(null, { status: 404, statusText: "Not Found" });
  const [details, numbers] = await Promise.all([getAssociationDetails(db), getAssociationNumbers(db)]);
  const [shown] = eventsForDisplay([event], markdownFor(context, renderPageMarkdown), numbers);
  // Its structured data, in the head the server writes (issue 28 part 6).
  // The texts' placeholders ({duesDollars}, …) filled in, as on the page.
  const eventDetails = fillNumbers(event.eventDetails, numbers);
  addJsonLd(context, jsonLdDocument([eventJsonLd({ ...event, eventDetails }, { name: details.name, publicUrl: config.publicUrl, timeZone: details.timeZone })]));
  const when = eventDays(event);
  return {
    event: shown!,
    description: [[when, shown!.when].filter(Boolean).join(", "), event.place, markdownSummary(eventDetails, DESCRIPTION_LENGTH)].filter(Boolean).join(" · "),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, "Page not found", "We couldn't find that page.");
  return pageMeta(matches, loaderData.event.title, loaderData.description);
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <article className="page narrow">
      <h1>{event.title}</h1>
      <EventBody event={event} />
      <p>
        <Link to="/news-events#events">All news and events</Link>
      </p>
    </article>
  );
}
