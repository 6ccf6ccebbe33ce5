import { data, Link } from "react-router";
import type { Route } from "./+types/news-post";
import { getServices } from "#app/web/context.server.ts";
import { getPublicNewsPost } from "#app/news-events/data/news.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { newsForDisplay } from "#app/news-events/item-html.server.ts";
import { jsonLdDocument, newsArticleJsonLd } from "#app/news-events/structured-data.server.ts";
import { publicAuthor } from "#app/news-events/publication.ts";
import { getShareImagePath } from "#app/site/share-image.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { addJsonLd, sharePage } from "#app/platform/http/head-extras.server.ts";
import { firstPicture, markdownSummary, renderPageMarkdown } from "#app/platform/text/markdown.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { longDate } from "#app/platform/text/format.ts";
import { Markdown } from "#app/ui/Markdown.tsx";

/** A description's length in the page's head, in characters (a search result's snippet). */
const DESCRIPTION_LENGTH = 160;

/**
 * /news/:id, one news post on a page of its own (issue 28 part 6): the address a shared link, the feeds, the sitemap
 * and the post's structured data (`NewsArticle`) name, with its first picture as the link preview's. 404 for a post
 * that is not public. Not kept by the page cache (it is not in the registry of public pages, which the tests visit
 * one address each): one read of the post.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const post = await getPublicNewsPost(db, params.id);
  if (!post) throw data(null, { status: 404, statusText: "Not Found" });
  const [details, numbers, logo] = await Promise.all([getAssociationDetails(db), getAssociationNumbers(db), getShareImagePath(db)]);
  const [shown] = newsForDisplay([post], markdownFor(context, renderPageMarkdown), details.name, numbers);
  const site = { name: details.name, publicUrl: config.publicUrl, timeZone: details.timeZone, logo };
  // Its structured data and its first picture for link previews, in the head the server writes (issue 28 part 6).
  // The texts' placeholders ({duesDollars}, …) filled in, as on the page.
  const text = fillNumbers(post.text, numbers);
  addJsonLd(context, jsonLdDocument([newsArticleJsonLd({ ...post, text }, publicAuthor(post.author, details.name), site)]));
  const picture = firstPicture(post.text);
  sharePage(context, { type: "article", image: picture });
  return {
    post: shown!,
    description: markdownSummary(text, DESCRIPTION_LENGTH) || post.title,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches, "Page not found", "We couldn't find that page.");
  return pageMeta(matches, loaderData.post.title, loaderData.description);
}

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="page narrow">
      <h1>{post.title}</h1>
      <p className="meta">
        <time dateTime={post.date}>{longDate(post.date)}</time> · {post.author}
      </p>
      <Markdown html={post.html} />
      <p>
        <Link to="/news-events#news">All news and events</Link>
      </p>
    </article>
  );
}
