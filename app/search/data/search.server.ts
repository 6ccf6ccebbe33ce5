/**
 * The site search's one read (decision 039): the full-text index the database keeps by its triggers
 * (db/migrations/0023-site-search.ts), asked in its own query language, ranked and highlighted by the database.
 * SQLite: FTS5 `MATCH`, `bm25()` (title weighted 10 to the body's 1), `highlight()` and `snippet()`. PostgreSQL:
 * `@@ plainto_tsquery('english', …)`, `ts_rank()` over the title's A and the body's B weights, `ts_headline()`.
 * Both answer the same shape; matched words are wrapped in `MARK_START`/`MARK_END` (app/search/query.ts), which only
 * the page turns into `<mark>`, after escaping.
 */
import { PostgresAdapter, sql } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";
import { ftsMatch, MARK_END, MARK_START } from "../query.ts";

/** One result, best first. */
export interface SearchResult {
  /** The index's source: "news", "events", "faq", "bylaws", "documents" (app/search/sources.ts). */
  source: string;
  /** The item's id in its table. */
  ref: string;
  /** "YYYY-MM-DD", or "" for an item without a date. */
  date: string;
  /** The item's title, matched words between the markers. */
  title: string;
  /** A short excerpt of its text around the matched words, between the markers; "" for an item without text. */
  excerpt: string;
}

export interface SearchOptions {
  /** Public at this instant (ms since epoch): drafts and items scheduled later are left out, as on the pages. */
  now: number;
  /** Most results (50 by default). */
  limit?: number;
  /**
   * Per source, the earliest date shown ("YYYY-MM-DD"): `{ events: "2026-01-01" }` leaves out the events /news-events
   * no longer shows, so that no result links to a page without it.
   */
  notBefore?: Readonly<Record<string, string>>;
}

/**
 * The `tsvector` of a row, written exactly as the GIN index's expression (migration 0023's `SEARCH_VECTOR`), so that
 * PostgreSQL uses the index; `tests/integration/search.test.ts` compares the two and checks the plan.
 */
export const SEARCH_VECTOR_SQL = "(setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B'))";
const VECTOR = sql.raw(SEARCH_VECTOR_SQL);

/** Words of an excerpt, about (FTS5 counts tokens, PostgreSQL words). */
const EXCERPT_WORDS = 24;

/**
 * Searches the index for items holding every word (stemmed: "beaches" finds "beach").
 * @param words from `readQuery` (letters and digits only, at least one): never the raw query
 * @returns at most `limit` results, best first (ties: newest date first)
 * @throws what the database throws (not for any query: the words cannot make a syntax error)
 */
export async function searchSite(db: Database, words: readonly string[], { now, limit = 50, notBefore = {} }: SearchOptions): Promise<SearchResult[]> {
  if (words.length === 0) return [];
  const shown = Object.entries(notBefore);
  const dated = shown.length === 0 ? sql`` : sql.join(shown.map(([source, date]) => sql` AND NOT (source = ${source} AND date < ${date})`), sql``);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${EXCERPT_WORDS}, MinWords=${EXCERPT_WORDS / 2}, ShortWord=1, MaxFragments=2, FragmentDelimiter=" … "`;
    const titleOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
    const { rows } = await sql<SearchResult>`
      SELECT source, ref, date,
        ts_headline('english', title, q, ${titleOptions}) AS title,
        CASE WHEN body = '' THEN '' ELSE ts_headline('english', body, q, ${options}) END AS excerpt
      FROM search_index, plainto_tsquery('english', ${words.join(" ")}) AS q
      WHERE ${VECTOR} @@ q AND hidden = 0 AND ${sql.ref("publishAt")} <= ${now}${dated}
      ORDER BY ts_rank(${VECTOR}, q) DESC, date DESC, ref
      LIMIT ${limit}`.execute(db);
    return rows;
  }
  const { rows } = await sql<SearchResult>`
    SELECT source, ref, date,
      highlight(search_index, 0, ${MARK_START}, ${MARK_END}) AS title,
      snippet(search_index, 1, ${MARK_START}, ${MARK_END}, '…', ${EXCERPT_WORDS}) AS excerpt
    FROM search_index
    WHERE search_index MATCH ${ftsMatch(words)} AND hidden = 0 AND ${sql.ref("publishAt")} <= ${now}${dated}
    ORDER BY bm25(search_index, 10.0, 1.0), date DESC, ref
    LIMIT ${limit}`.execute(db);
  return rows;
}
