/** Paging of admin lists on the server: a count and one page of rows, never the whole table. */
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
  return { rows: found, total, page, pageCount, pageSize, sort: query.sort, defaultSort: query.defaultSort };
}
