/** News posts (spec §3): read newest first, limited; written by administrators. */
import type { NewsPost } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { noonOf } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { containsText, paginate } from "#app/platform/data/paging.server.ts";
import type { NewsPostInput } from "../forms.ts";
import { isPublicAt, type StoredPublication } from "./publication.server.ts";

export type { NewsPost };

export type { NewsPostInput };

/**
 * The latest public posts, by date then creation time, newest first (spec §7: 1 on the home page, 100 on
 * /news-events): drafts and posts scheduled after `now` (ms since epoch) are left out (issue 26, decision 025).
 */
export async function listNews(db: Database, { limit, now = Date.now() }: { limit?: number; now?: number } = {}): Promise<NewsPost[]> {
  let query = db.selectFrom("news_post").selectAll().where(isPublicAt(now)).orderBy("date", "desc").orderBy("created", "desc");
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/**
 * Every public post's id, date's instant and last change (ms since epoch), newest first: the sitemap's entries (a few
 * numbers a post, whatever the number of posts).
 */
export async function listPublicNewsStamps(db: Database, now = Date.now()): Promise<Pick<NewsPost, "id" | "timestamp" | "updated">[]> {
  return db.selectFrom("news_post").select(["id", "timestamp", "updated"]).where(isPublicAt(now)).orderBy("date", "desc").orderBy("created", "desc").execute();
}

/** The orders of the admin list: newest first (the default), oldest first, by title. */
export const NEWS_SORTS = ["newest", "oldest", "title"] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/** One page of posts for the admin list, sorted on the server. */
export async function pageNews(db: Database, query: ListQuery<NewsSort>): Promise<Page<NewsPost, NewsSort>> {
  // A search looks in what the list shows: the title and the author.
  const base = query.q ? db.selectFrom("news_post").where(containsText(["title", "author"], query.q)) : db.selectFrom("news_post");
  let rows = base.selectAll();
  const direction = query.sort === "oldest" ? "asc" : "desc";
  // The id breaks ties in the same direction, so that the (date, created, id) index gives the order without a sort.
  if (query.sort === "title") rows = rows.orderBy("title").orderBy("date", "desc").orderBy("id");
  else rows = rows.orderBy("date", direction).orderBy("created", direction).orderBy("id", direction);
  return paginate(rows, base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** One post, or undefined. */
export async function getNewsPost(db: Database, id: string): Promise<NewsPost | undefined> {
  return db.selectFrom("news_post").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One public post (not a draft, its publication instant come by `now`), or undefined: the post's own page. */
export async function getPublicNewsPost(db: Database, id: string, now = Date.now()): Promise<NewsPost | undefined> {
  return db.selectFrom("news_post").selectAll().where("id", "=", id).where(isPublicAt(now)).executeTakeFirst();
}

/**
 * Adds a post; its timestamp is noon of its date in the association's time zone.
 * @param publication draft, publication instant, whether it is live and whether to mail it when it goes live
 *   (migration 0011); by default published at `now`, not to be mailed
 * @throws RangeError when `date` is not a calendar date
 */
export async function createNewsPost(
  db: Database,
  input: NewsPostInput,
  authorId: string | null,
  now = Date.now(),
  publication: StoredPublication = { draft: 0, publishAt: now, live: 1, mailOnPublish: 0 },
): Promise<NewsPost> {
  const row = { id: crypto.randomUUID(), ...input, authorId, created: now, updated: now, ...noonOf(input.date, await getTimeZone(db)), ...publication };
  await writeAndSignal(db, "news", (trx) =>
    trx.insertInto("news_post").values(row).execute(),
  );
  return row;
}

/**
 * Changes a post's fields (and its publication, when given); returns false when no post has that id.
 */
export async function updateNewsPost(db: Database, id: string, input: NewsPostInput, now = Date.now(), publication?: StoredPublication): Promise<boolean> {
  const timeZone = await getTimeZone(db);
  const result = await writeAndSignal(db, "news", (trx) =>
    trx
    .updateTable("news_post")
    .set({ ...input, updated: now, ...noonOf(input.date, timeZone), ...publication })
    .where("id", "=", id)
    .executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}

/** Removes a post; returns false when no post has that id. */
export async function deleteNewsPost(db: Database, id: string): Promise<boolean> {
  const result = await writeAndSignal(db, "news", (trx) =>
    trx.deleteFrom("news_post").where("id", "=", id).executeTakeFirst(),
  );
  return result.numDeletedRows > 0n;
}

/**
 * Removes the posts with these ids, all in one transaction with one change signal (the admin list's "Delete
 * selected"); ids no post has are skipped.
 * @returns how many were removed
 */
export async function deleteNewsPosts(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await writeAndSignal(db, "news", (trx) => trx.deleteFrom("news_post").where("id", "in", ids).executeTakeFirst());
  return Number(result.numDeletedRows);
}

/** Whether any post exists (the demo seed writes none into a database that has one). */
export async function hasNewsPosts(db: Database): Promise<boolean> {
  const existing = await db.selectFrom("news_post").select("id").limit(1).executeTakeFirst();
  return existing !== undefined;
}
