/** Paging of admin lists on the server: a count and one page of rows, never the whole table. */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { PAGE_SIZE, type ListQuery, type Page } from "#app/platform/http/list-query.ts";

/** A query for rows in the list's order (Kysely's SelectQueryBuilder fits). */
interface RowsQuery<T> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<T[]> } };
}

/** A query for the number of rows, as `{n}` (`select((eb) => eb.fn.countAll().as("n"))`). */
interface CountQuery {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}

/**
 * One page of `rows`: counts first, then reads at most `pageSize` rows at the page's offset. A page past the end
 * shows the last page (after a delete, say), and an empty list has one empty page.
 */
export async function paginate<T, S extends string>(
  rows: RowsQuery<T>,
  count: CountQuery,
  query: ListQuery<S>,
  pageSize = PAGE_SIZE,
): Promise<Page<T, S>> {
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const found = total === 0 ? [] : await rows.limit(pageSize).offset((page - 1) * pageSize).execute();
  return { rows: found, total, page, pageCount, pageSize, sort: query.sort, defaultSort: query.defaultSort, ...(query.q ? { q: query.q } : {}) };
}

/**
 * One page of `rows` already in memory (a short list filtered by its shown text): the same shape as `paginate`.
 */
export function paginateRows<T, S extends string>(rows: readonly T[], query: ListQuery<S>, pageSize = PAGE_SIZE): Page<T, S> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const found = rows.slice((page - 1) * pageSize, page * pageSize);
  return { rows: found, total, page, pageCount, pageSize, sort: query.sort, defaultSort: query.defaultSort, ...(query.q ? { q: query.q } : {}) };
}

/**
 * A list search's condition (issue 26): any of `columns` contains `q`, whatever the case (ASCII letters on SQLite),
 * with `%`, `_` and `\` in `q` taken as themselves. The same SQL on SQLite and PostgreSQL.
 * @param columns text columns of the table queried
 */
export function containsText(columns: readonly string[], q: string): RawBuilder<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** Whether one of `texts` contains `q`, whatever the case: `containsText` for rows read into memory. */
export function textsContain(texts: readonly string[], q: string): boolean {
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}
