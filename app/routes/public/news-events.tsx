import type { Route } from "./+types/news-events";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { EventList } from "#app/news-events/EventItem.tsx";
import { NewsItem } from "#app/news-events/NewsItem.tsx";
import { getServices } from "#app/web/context.server.ts";
import { eventWindow } from "#app/platform/text/dates.ts";
import { NEWS_PAGE_COUNT } from "#app/news-events/events.ts";
import { useLiveUpdates } from "#app/platform/http/live-updates.ts";
import { listEventOccurrences } from "#app/news-events/data/events.server.ts";
import { listNews } from "#app/news-events/data/news.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { SubscribeForm } from "#app/mail/SubscribeForm.tsx";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { eventsForDisplay, newsForDisplay } from "#app/news-events/item-html.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { eventJsonLd, jsonLdDocument } from "#app/news-events/structured-data.server.ts";
import { addJsonLd } from "#app/platform/http/head-extras.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { webcalUrl } from "#app/platform/http/feed-response.server.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = { ...CACHEABLE_PAGE, subscribeForm: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "News & Events", "The association's news and this year's and next year's events on and around the lake.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const md = markdownFor(context);
  const details = await getAssociationDetails(db);
  const { from, to, today } = eventWindow(details.timeZone);
  // The current year, and after it the next one (spec: "only the current year and upcoming ones"; issue 28 part 2):
  // events planned for spring are on the page in November.
  const nextYear = String(Number(from.slice(0, 4)) + 1);
  const [posts, rows, numbers] = await Promise.all([
    listNews(db, { limit: NEWS_PAGE_COUNT }),
    listEventOccurrences(db, { from, to: `${nextYear}-12-31` }),
    getAssociationNumbers(db),
  ]);
  // The texts' placeholders ({duesDollars}, …) show the numbers set on the Pages and Bylaws screens (issue 26 part 4).
  const events = eventsForDisplay(rows, md, numbers);
  // This year's events as schema.org Events (issue 28 part 6), in the head the server writes; each post's
  // NewsArticle is on its own page.
  const site = { name: details.name, publicUrl: config.publicUrl, timeZone: details.timeZone };
  if (rows.length > 0) addJsonLd(context, jsonLdDocument(rows.map((event) => eventJsonLd({ ...event, eventDetails: fillNumbers(event.eventDetails, numbers) }, site))));
  // An event under way (it began before today and ends today or later) is still upcoming. The cards are the rows' in
  // the same order: a card's last day is its row's.
  const lastDays = new Map(events.map((e, i) => [e, rows[i]!.endDate || rows[i]!.date]));
  const lastDay = (e: (typeof events)[number]) => lastDays.get(e)!;
  return {
    news: newsForDisplay(posts, md, details.name, numbers),
    year: from.slice(0, 4),
    nextYear,
    upcoming: events.filter((e) => lastDay(e) >= today && e.date <= to),
    later: events.filter((e) => e.date > to),
    past: events.filter((e) => lastDay(e) < today).reverse(),
    calendarUrl: webcalUrl(config.publicUrl, "/events.ics"),
  };
}

export default function NewsEvents({ loaderData }: Route.ComponentProps) {
  const { news, year, nextYear, upcoming, later, past, calendarUrl } = loaderData;
  useLiveUpdates(["news", "events", "site"]);
  return (
    <div className="page">
      <h1>News &amp; Events</h1>
      <div className="grid two">
        <section aria-labelledby="events">
          <h2 id="events">Events in {year}</h2>
          <p className="feed-links">
            <a href={calendarUrl}>Subscribe to the events calendar</a> ·{" "}
            <a href="/events.ics" type="text/calendar">
              Calendar file (.ics)
            </a>
          </p>
          {upcoming.length === 0 && past.length === 0 && later.length === 0 ? (
            <p className="empty">We couldn't find any Events!</p>
          ) : (
            <>
              <h3 className="muted">Upcoming</h3>
              <EventList events={upcoming} empty="There aren't any more events this year." />
              {later.length > 0 && (
                <section aria-labelledby="events-next-year">
                  <h3 id="events-next-year" className="muted">
                    In {nextYear}
                  </h3>
                  <EventList events={later} />
                </section>
              )}
              {past.length > 0 && (
                <details>
                  <summary>Earlier this year ({past.length})</summary>
                  <div className="details-body">
                    <EventList events={past} />
                  </div>
                </details>
              )}
            </>
          )}
        </section>
        <section aria-labelledby="news">
          <h2 id="news">News</h2>
          <p className="feed-links">
            <a href="/news.atom" type="application/atom+xml">
              News feed (Atom)
            </a>
          </p>
          {news.length === 0 ? (
            <p className="empty">We couldn't find any News Posts!</p>
          ) : (
            <ul className="item-list">
              {news.map((post) => (
                <li key={post.id}>
                  <NewsItem post={post} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <SubscribeForm />
    </div>
  );
}
