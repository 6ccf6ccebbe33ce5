/**
 * Site search (issue 28, decision 039): one full-text index, `search_index`, over news posts, events, FAQ entries,
 * bylaws articles and documents' names, kept by the database itself: triggers on each source table rewrite an
 * item's row in the same statement (so in the same transaction) as the write, whichever code or command made it, and
 * this migration fills it from the rows already there.
 *
 * - SQLite: an FTS5 table (Porter stemmer over unicode61, diacritics folded), ranked by bm25, highlighted by
 *   `highlight()` and `snippet()`.
 * - PostgreSQL: a plain table with a GIN index on its `tsvector` expression, `SEARCH_VECTOR` (English configuration;
 *   the title weighted A, the body B), which the query repeats word for word so that the index is used; ranked by
 *   `ts_rank`, highlighted by `ts_headline`. (An expression rather than a generated column: both back ends then have
 *   the same columns, those of db/schema.ts.)
 *
 * Both hold the same columns: `source` ("news", "events", "faq", "bylaws", "documents"), `ref` (the item's id),
 * `title`, `body`, `date` ("YYYY-MM-DD" or ""), and what decides whether the item is public: `hidden` (1 for a
 * draft) and `publishAt` (ms since epoch), compared at read time as the pages do.
 *
 * A new source (the board's own pages, …) is a later migration that calls `addSearchSource` with its table and
 * columns: it makes the triggers on both back ends and indexes the rows already there. This file is frozen once
 * released, so the helper a later migration imports keeps doing what it did.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

/** A column of the source's table, or a key of a JSON text column (`site_item.data`). */
export type SearchField = string | { json: string; key: string };

/** How the rows of one table become rows of the search index. */
export interface SearchSource {
  /** The source's name in the index ("news"): app/search/sources.ts turns it and the ref into a link. */
  source: string;
  /** The table written by its domain ("news_post"). */
  table: string;
  /** Its key column, kept as `ref`. */
  key: string;
  /** The fields making the title, joined by ": " ("Article I: Name and Purpose"). */
  title: readonly SearchField[];
  /** The fields making the searchable text, joined by blank lines. */
  body: readonly SearchField[];
  /** A "YYYY-MM-DD" column, if any. */
  date?: string;
  /** A 0/1 column that hides the item when 1 (a draft), if any. */
  hidden?: string;
  /** A column of ms since epoch before which the item is not public, if any. */
  publishAt?: string;
  /** Only rows whose `column` equals `value` (one kind of `site_item`). */
  only?: { column: string; value: string };
}

/**
 * The PostgreSQL index's expression. app/search/data/search.server.ts writes the same text in its query: PostgreSQL
 * uses an expression index only for a query with the same expression.
 */
export const SEARCH_VECTOR = "(setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B'))";

type Dialect = "sqlite" | "postgres";

const dialectOf = (db: Kysely<unknown>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite");

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A field of the row `row` ("NEW", "OLD" or the table's name) as SQL text, never null. */
function fieldSql(dialect: Dialect, row: string, field: SearchField): string {
  if (typeof field === "string") return `coalesce(${row}.${quote(field)}, '')`;
  return dialect === "sqlite"
    ? `coalesce(json_extract(${row}.${quote(field.json)}, ${literal(`$.${field.key}`)}), '')`
    : `coalesce((${row}.${quote(field.json)})::jsonb ->> ${literal(field.key)}, '')`;
}

const joined = (dialect: Dialect, row: string, fields: readonly SearchField[], separator: string) =>
  fields.length === 0 ? "''" : fields.map((f) => fieldSql(dialect, row, f)).join(` || ${literal(separator)} || `);

const COLUMNS = ["title", "body", "source", "ref", "date", "hidden", "publishAt"].map(quote).join(", ");

/** The values of the index row for the row `row` of the source, in `COLUMNS` order. */
function valuesSql(dialect: Dialect, row: string, s: SearchSource): string {
  return [
    joined(dialect, row, s.title, ": "),
    joined(dialect, row, s.body, "\n\n"),
    literal(s.source),
    `${row}.${quote(s.key)}`,
    s.date ? fieldSql(dialect, row, s.date) : "''",
    s.hidden ? `${row}.${quote(s.hidden)}` : "0",
    s.publishAt ? `${row}.${quote(s.publishAt)}` : "0",
  ].join(", ");
}

const onlySql = (row: string, s: SearchSource) => (s.only ? `${row}.${quote(s.only.column)} = ${literal(s.only.value)}` : "");

/** The columns whose change rewrites the item's index row. */
function watched(s: SearchSource): string[] {
  const fields = [...s.title, ...s.body].map((f) => (typeof f === "string" ? f : f.json));
  // The key too: a board page's address (its slug) may change, and its row in the index with it.
  return [...new Set([s.key, ...fields, s.date, s.hidden, s.publishAt].filter((c): c is string => c !== undefined))];
}

/** Creates the (empty) index table. */
async function createIndex(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "sqlite") {
    await sql
      .raw(
        `CREATE VIRTUAL TABLE search_index USING fts5(title, body, source UNINDEXED, ref UNINDEXED, date UNINDEXED, hidden UNINDEXED, "publishAt" UNINDEXED, tokenize = 'porter unicode61 remove_diacritics 2')`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE TABLE search_index (
        title text NOT NULL,
        body text NOT NULL,
        source text NOT NULL,
        ref text NOT NULL,
        date text NOT NULL,
        hidden integer NOT NULL,
        "publishAt" bigint NOT NULL,
        PRIMARY KEY (source, ref)
      )`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX search_index_vector ON search_index USING GIN (${SEARCH_VECTOR})`).execute(db);
}

/**
 * Makes the triggers that keep `search_index` following the source's table (insert, an update of an indexed column,
 * delete) on the database at hand, and indexes the rows already there. For a later migration adding a source; and
 * for one that changes a source's table, after the change: on SQLite rebuilding a table (create, copy, drop, rename)
 * drops its triggers, and a dropped column cannot be named by one. Calling it again replaces the source's triggers and
 * its rows in the index, so it may run more than once for the same source.
 */
export async function addSearchSource(db: Kysely<unknown>, s: SearchSource): Promise<void> {
  const dialect = dialectOf(db);
  const name = `search_${s.source}`;
  const table = quote(s.table);
  const columns = watched(s).map(quote).join(", ");
  const deleteOld = `DELETE FROM search_index WHERE source = ${literal(s.source)} AND ref = OLD.${quote(s.key)}`;
  const insertNew = `INSERT INTO search_index (${COLUMNS}) VALUES (${valuesSql(dialect, "NEW", s)})`;
  if (dialect === "sqlite") {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${event}`).execute(db);
    const when = (row: string) => (s.only ? ` WHEN ${onlySql(row, s)}` : "");
    await sql.raw(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} FOR EACH ROW${when("NEW")} BEGIN ${insertNew}; END`).execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name}_update AFTER UPDATE OF ${columns} ON ${table} FOR EACH ROW${when("NEW")} BEGIN ${deleteOld}; ${insertNew}; END`)
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} FOR EACH ROW${when("OLD")} BEGIN ${deleteOld}; END`).execute(db);
  } else {
    const onlyOld = s.only ? ` AND ${onlySql("OLD", s)}` : "";
    const onlyNew = s.only ? ` AND ${onlySql("NEW", s)}` : "";
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT'${onlyOld} THEN ${deleteOld}; END IF;
          IF TG_OP <> 'DELETE'${onlyNew} THEN ${insertNew}; END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`).execute(db);
    await sql.raw(`CREATE TRIGGER ${name} AFTER INSERT OR UPDATE OF ${columns} OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
  }
  await sql.raw(`DELETE FROM search_index WHERE source = ${literal(s.source)}`).execute(db);
  const where = s.only ? ` WHERE ${onlySql(table, s)}` : "";
  await sql.raw(`INSERT INTO search_index (${COLUMNS}) SELECT ${valuesSql(dialect, table, s)} FROM ${table}${where}`).execute(db);
}

/** The sources of issue 28: what residents look for (news, events, FAQ, bylaws, documents by name, the board's pages). */
export const SOURCES: readonly SearchSource[] = [
  { source: "news", table: "news_post", key: "id", title: ["title"], body: ["text"], date: "date", hidden: "draft", publishAt: "publishAt" },
  {
    source: "events",
    table: "event",
    key: "id",
    title: ["title"],
    body: ["place", "timeDetails", "eventDetails"],
    date: "date",
    hidden: "draft",
    publishAt: "publishAt",
  },
  { source: "faq", table: "site_item", key: "id", title: [{ json: "data", key: "question" }], body: [{ json: "data", key: "answer" }], only: { column: "kind", value: "faq" } },
  {
    source: "bylaws",
    table: "site_item",
    key: "id",
    title: [
      { json: "data", key: "number" },
      { json: "data", key: "title" },
    ],
    body: [{ json: "data", key: "sections" }],
    only: { column: "kind", value: "bylaws" },
  },
  { source: "documents", table: "document", key: "id", title: ["displayName"], body: [] },
  // The board's own pages (migration 0021), by their address: /more/<slug>.
  { source: "pages", table: "board_page", key: "slug", title: ["title"], body: ["body"] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, dialectOf(db));
  for (const source of SOURCES) await addSearchSource(db, source);
}
