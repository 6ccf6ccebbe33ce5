/**
 * The news as an Atom feed (/news.atom). A news entry's content is its Markdown text as the page shows it
 * (`renderMarkdown`: safe HTML), its placeholders (`{duesDollars}`, …) filled in (`fillNumbers`, issue 26 part 4).
 */
import type { NewsPost } from "#db/schema.ts";
import { entryId, htmlText, newFeed, type FeedSite } from "#app/platform/http/atom.server.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { cleanText, endSentence } from "#app/platform/text/text.ts";
import { fillNumbers, type AssociationNumbers } from "#app/site/data/governance.server.ts";
import { publicAuthor } from "./publication.ts";

/**
 * The news as an Atom document, in the order given (newest first).
 * @param posts the posts to publish; each entry's `updated` is the post's last change, `published` its creation
 * @param numbers the association's numbers the texts' placeholders stand for (`getAssociationNumbers`)
 * @param now the feed's `updated` when there are no posts, ms since epoch
 */
export function newsAtom(posts: readonly NewsPost[], site: FeedSite, numbers: AssociationNumbers, now = Date.now()): string {
  const feed = newFeed(site, {
    path: "/news.atom",
    page: "/news-events",
    title: `${site.name}: news`,
    description: endSentence(`News from ${site.name}`),
    updated: posts.reduce((latest, p) => Math.max(latest, p.updated), posts.length ? 0 : now),
  });
  for (const post of posts) {
    feed.addItem({
      id: entryId(post.id),
      title: htmlText(cleanText(post.title)),
      link: `${site.publicUrl}/news-events#news-${post.id}`,
      date: new Date(post.updated),
      published: new Date(post.created),
      // A name, never an administrator's address (issue 26): the association's name stands in.
      author: [{ name: cleanText(publicAuthor(post.author, site.name)) }],
      content: renderMarkdown(fillNumbers(cleanText(post.text), numbers)),
    });
  }
  return feed.atom1();
}
