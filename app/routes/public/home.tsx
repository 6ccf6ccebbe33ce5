import { Link } from "react-router";
import type { Route } from "./+types/home";
import { BeachStatusSummary } from "#app/beach/BeachStatusBox.tsx";
import { loadBeachSummaries } from "#app/beach/site-sections.server.ts";
import { EventList } from "#app/news-events/EventItem.tsx";
import { NewsItem } from "#app/news-events/NewsItem.tsx";
import { getServices } from "#app/web/context.server.ts";
import { eventWindow } from "#app/platform/text/dates.ts";
import { eventsButtonLabel, HOME_EVENT_COUNT, HOME_NEWS_COUNT } from "#app/news-events/events.ts";
import { useLiveUpdates } from "#app/platform/http/live-updates.ts";
import { getBanner } from "#app/site/data/banner.server.ts";
import { listUpcomingEvents } from "#app/news-events/data/events.server.ts";
import { listNews } from "#app/news-events/data/news.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getPageImageIds, getPageTexts } from "#app/site/data/page-texts.server.ts";
import { Picture } from "#app/ui/Picture.tsx";
import { getImage } from "#app/platform/files/images.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { addJsonLd } from "#app/platform/http/head-extras.server.ts";
import { organizationJsonLd } from "#app/site/organization-json-ld.ts";
import { getShareImagePath } from "#app/site/share-image.server.ts";
import { renderInlineMarkdown } from "#app/platform/text/markdown.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { eventsForDisplay, newsForDisplay } from "#app/news-events/item-html.server.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const md = markdownFor(context);
  // The details carry the time zone: one read of the settings serves the name, the beach and "today".
  const details = await getAssociationDetails(db);
  const { today, to } = eventWindow(details.timeZone);
  const [banner, news, upcoming, texts, ids, numbers, beaches, logo] = await Promise.all([
    getBanner(db),
    listNews(db, { limit: HOME_NEWS_COUNT }),
    listUpcomingEvents(db, { today, to, limit: HOME_EVENT_COUNT }),
    getPageTexts(db),
    getPageImageIds(db),
    getAssociationNumbers(db),
    loadBeachSummaries(db),
    getShareImagePath(db),
  ]);
  // The board's texts in the one Markdown dialect, their placeholders ({duesDollars}, …) filled in; the banner is
  // one line of inline Markdown.
  const fill = (text: string) => md(fillNumbers(text, numbers));
  const line = markdownFor(context, renderInlineMarkdown);
  // The association as a schema.org Organization, in the head the server writes (issue 28 part 6).
  addJsonLd(context, organizationJsonLd(details, config.publicUrl, logo));
  const homePhoto = ids.homePhotoId ? await getImage(db, ids.homePhotoId) : undefined;
  return {
    banner: banner ? line(fillNumbers(banner.text, numbers)) || null : null,
    news: newsForDisplay(news, md, details.name, numbers),
    events: eventsForDisplay(upcoming.events, md, numbers),
    upcomingTotal: upcoming.total,
    // Each beach's summary with several (issue 27); the first beach's alone, as before, with one.
    beaches: beaches.beaches.length > 0 ? beaches.beaches : beaches.first ? [{ name: details.beachName, state: beaches.first, anchor: null }] : [],
    associationName: details.name,
    welcome: fill(texts.welcome),
    homePhoto: homePhoto ?? null,
    president: texts.presidentLetter ? { name: texts.presidentName, letter: fill(texts.presidentLetter) } : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banner, news, events, upcomingTotal, beaches, associationName, welcome, president, homePhoto } = loaderData;
  useLiveUpdates(["news", "events", "banner", "measurements", "settings", "site"]);
  const buttonLabel = eventsButtonLabel(upcomingTotal);
  return (
    <div className="page">
      {banner && (
        <section className="banner" aria-label="Announcement">
          <Markdown html={banner} className="banner-text" />
        </section>
      )}
      {beaches.map((b) => (
        <BeachStatusSummary key={b.name} beachName={b.name} state={b.state} anchor={b.anchor} />
      ))}
      <section className="hero" aria-labelledby="welcome">
        <h1 id="welcome">Welcome to {associationName}</h1>
        <Markdown html={welcome} />
        {homePhoto && (
          <figure className="welcome-photo">
            <Picture image={homePhoto} sizes="(min-width: 60rem) 56rem, 100vw" />
          </figure>
        )}
      </section>
      <div className="grid two">
        {president ? (
          <section aria-labelledby="president">
            <h2 id="president">From the President</h2>
            <Markdown html={president.letter} />
            {president.name && (
              <p>
                <em>{president.name}, President</em>
              </p>
            )}
          </section>
        ) : (
          <div />
        )}
        <div>
          <section aria-labelledby="latest-news">
            <h2 id="latest-news">Latest news</h2>
            {news.length === 0 ? (
              <p className="empty">We couldn't find any News Posts!</p>
            ) : (
              news.map((post) => <NewsItem key={post.id} post={post} />)
            )}
          </section>
          <section aria-labelledby="upcoming-events">
            <h2 id="upcoming-events">Upcoming events</h2>
            <EventList events={events} empty="There aren't any more events this year." />
            {buttonLabel && (
              <p className="button-row">
                <Link className="button secondary" to="/news-events#events">
                  {buttonLabel}
                </Link>
              </p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
