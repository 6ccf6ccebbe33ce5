import type { NewsPost } from "#db/schema.ts";
import { longDate } from "#app/platform/text/format.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import type { Html } from "#app/platform/http/page-html.ts";

/** What a news post shows, and all of it that a public page's loader sends (`newsForDisplay`). */
export type NewsItemPost = Pick<NewsPost, "id" | "title" | "date" | "author"> & { html: Html };

/**
 * One news post, its title a link to its own page (/news/:id); `post.html` is its Markdown text as the loader rendered it (`newsForDisplay` in
 * app/news-events/item-html.server.ts): formatted, never raw HTML from the text.
 */
export function NewsItem({ post, headingLevel = 3 }: { post: NewsItemPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card" aria-labelledby={`news-${post.id}`}>
      <Heading id={`news-${post.id}`}>
        <a href={`/news/${post.id}`}>{post.title}</a>
      </Heading>
      <p className="meta">
        <time dateTime={post.date}>{longDate(post.date)}</time> · {post.author}
      </p>
      <Markdown html={post.html} />
    </article>
  );
}
