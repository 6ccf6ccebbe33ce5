/**
 * The news as an Atom feed (/news.atom). A news entry's content is its Markdown text as the page shows it
 * (`renderMarkdown`: safe HTML), its placeholders (`{duesDollars}`, …) filled in (`fillNumbers`, issue 26 part 4).
 */
import type { NewsPost } from "#db/schema.ts";
import { entryId, htmlText, newFeed, type FeedSite } from "#app/platform/http/atom.server.ts";
import { firstPicture, markdownSummary, renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { cleanText, endSentence } from "#app/platform/text/text.ts";
import { fillNumbers, type AssociationNumbers } from "#app/site/data/governance.server.ts";
import { publicAuthor } from "./publication.ts";

/** A post's own page (/news/:id). */
export function postUrl(site: FeedSite, post: Pick<NewsPost, "id">): string {
  return `${site.publicUrl}/news/${encodeURIComponent(post.id)}`;
}

/** When a post last changed for a feed reader: its last edit, or its date if that is later (a post dated ahead). */
function entryUpdated(post: Pick<NewsPost, "updated" | "timestamp">): number {
  return Math.max(post.updated, post.timestamp);
}

/**
 * The news as an Atom document, in the order given (newest first).
 * @param posts the posts to publish; each entry's `published` is the post's date (noon of it in the association's
 *   zone, its `timestamp`) and its `updated` the post's own last change (never before its date), so that entries do not
 *   share one `updated` and a reader dates a post as the board did (issue 28 part 6)
 * @param numbers the association's numbers the texts' placeholders stand for (`getAssociationNumbers`)
 * @param now the feed's `updated` when there are no posts, ms since epoch
 */
export function newsAtom(posts: readonly NewsPost[], site: FeedSite, numbers: AssociationNumbers, now = Date.now()): string {
  const feed = newFeed(site, {
    path: "/news.atom",
    page: "/news-events",
    title: `${site.name}: news`,
    description: endSentence(`News from ${site.name}`),
    updated: posts.reduce((latest, p) => Math.max(latest, entryUpdated(p)), posts.length ? 0 : now),
  });
  for (const post of posts) {
    feed.addItem({
      id: entryId(post.id),
      title: htmlText(cleanText(post.title)),
      link: postUrl(site, post),
      date: new Date(entryUpdated(post)),
      published: new Date(post.timestamp),
      // A name, never an administrator's address (issue 26): the association's name stands in.
      author: [{ name: cleanText(publicAuthor(post.author, site.name)) }],
      content: renderMarkdown(fillNumbers(cleanText(post.text), numbers)),
    });
  }
  return feed.atom1();
}

/** The JSON Feed version this feed follows (https://www.jsonfeed.org/version/1.1/). */
export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

/**
 * The news as a JSON Feed 1.1 (/news.json), the same posts and texts as the Atom feed: each item with the post's page,
 * its HTML, a plain summary, its first picture if any, its date as `date_published` and its own last change as
 * `date_modified` (RFC 3339), and its author's public name.
 * @param icon the site's picture (absolute): the feed's `icon`; @param favicon the tab's icon (absolute)
 */
export function newsJsonFeed(posts: readonly NewsPost[], site: FeedSite & { icon: string; favicon: string }, numbers: AssociationNumbers) {
  return {
    version: JSON_FEED_VERSION,
    title: `${site.name}: news`,
    home_page_url: `${site.publicUrl}/news-events`,
    feed_url: `${site.publicUrl}/news.json`,
    description: endSentence(`News from ${site.name}`),
    icon: site.icon,
    favicon: site.favicon,
    authors: [{ name: site.name }],
    language: "en",
    items: posts.map((post) => {
      const text = fillNumbers(cleanText(post.text), numbers);
      const picture = firstPicture(text);
      return {
        id: entryId(post.id),
        url: postUrl(site, post),
        title: cleanText(post.title),
        content_html: renderMarkdown(text),
        summary: markdownSummary(text),
        ...(picture ? { image: new URL(picture, `${site.publicUrl}/`).href } : {}),
        date_published: new Date(post.timestamp).toISOString(),
        date_modified: new Date(entryUpdated(post)).toISOString(),
        authors: [{ name: cleanText(publicAuthor(post.author, site.name)) }],
      };
    }),
  };
}
