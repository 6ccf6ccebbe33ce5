import type { Route } from "./+types/news-json";
import { getServices } from "#app/web/context.server.ts";
import { NEWS_PAGE_COUNT } from "#app/news-events/events.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { newsJsonFeed } from "#app/news-events/feed.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { listNews } from "#app/news-events/data/news.server.ts";
import { getShareImagePath } from "#app/site/share-image.server.ts";
import { absoluteUrl } from "#app/platform/http/server-url.ts";

/** /news.json: the news of /news-events (the latest 100 posts) as a JSON Feed 1.1, beside /news.atom. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, posts, numbers, image] = await Promise.all([
    getAssociationDetails(db),
    listNews(db, { limit: NEWS_PAGE_COUNT }),
    getAssociationNumbers(db),
    getShareImagePath(db),
  ]);
  const site = { name: details.name, publicUrl: config.publicUrl, icon: absoluteUrl(config.publicUrl, image), favicon: absoluteUrl(config.publicUrl, "/favicon.png") };
  return feedResponse(JSON.stringify(newsJsonFeed(posts, site, numbers)), "application/feed+json; charset=utf-8");
}
