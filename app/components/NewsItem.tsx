import type { NewsPost } from "#db/schema.ts";
import { longDate } from "#app/lib/format.ts";

/** One news post; its text is shown as text (never HTML), keeping line breaks. */
export function NewsItem({ post, headingLevel = 3 }: { post: Pick<NewsPost, "id" | "title" | "text" | "date" | "author">; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card" aria-labelledby={`news-${post.id}`}>
      <Heading id={`news-${post.id}`}>{post.title}</Heading>
      <p className="meta">
        <time dateTime={post.date}>{longDate(post.date)}</time> · {post.author}
      </p>
      <p className="prose">{post.text}</p>
    </article>
  );
}
