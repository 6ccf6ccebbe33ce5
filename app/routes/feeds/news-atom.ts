import type { Route } from "./+types/news-atom";
import { getServices } from "#app/web/context.server.ts";
import { NEWS_PAGE_COUNT } from "#app/news-events/events.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { newsAtom } from "#app/news-events/feed.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { listNews } from "#app/news-events/data/news.server.ts";

/** /news.atom: the news of /news-events (the latest 100 posts) as an Atom feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, posts, numbers] = await Promise.all([getAssociationDetails(db), listNews(db, { limit: NEWS_PAGE_COUNT }), getAssociationNumbers(db)]);
  return feedResponse(newsAtom(posts, { name: details.name, publicUrl: config.publicUrl }, numbers), "application/atom+xml; charset=utf-8");
}
