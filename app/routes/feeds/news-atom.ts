import type { Route } from "./+types/news-atom";
import { getServices } from "#app/lib/context.server.ts";
import { NEWS_PAGE_COUNT } from "#app/lib/events.ts";
import { feedResponse } from "#app/lib/feed-response.server.ts";
import { newsAtom } from "#app/lib/feeds.server.ts";
import { getAssociationDetails } from "#app/models/association.server.ts";
import { listNews } from "#app/models/news.server.ts";

/** /news.atom: the news of /news-events (the latest 100 posts) as an Atom feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, posts] = await Promise.all([getAssociationDetails(db), listNews(db, { limit: NEWS_PAGE_COUNT })]);
  return feedResponse(newsAtom(posts, { name: details.name, publicUrl: config.publicUrl }), "application/atom+xml; charset=utf-8");
}
