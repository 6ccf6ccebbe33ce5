/**
 * An admin list's place in its data: which page and which order, kept in the URL (`?page=2&sort=oldest`) so that
 * lists work without JavaScript, links can be shared, and edit and delete links return to the same place.
 * Shared by loaders (reading it) and components (writing links).
 */

/** Rows on one page of every admin list. */
export const PAGE_SIZE = 50;

export interface ListQuery<S extends string = string> {
  /** 1-based page number. */
  page: number;
  sort: S;
  /** The list's own order, left out of its addresses. */
  defaultSort: S;
}

/** One page of a list: its rows, the total count, and where it is. */
export interface Page<T, S extends string = string> extends ListQuery<S> {
  rows: T[];
  total: number;
  pageCount: number;
  pageSize: number;
}

/**
 * Reads `page` and `sort` from a URL: a page that is not a positive whole number is 1; a sort not in `sorts` is
 * `sorts[0]` (the list's default order).
 */
export function readListQuery<S extends string>(url: URL, sorts: readonly [S, ...S[]]): ListQuery<S> {
  const page = Number(url.searchParams.get("page"));
  const sort = url.searchParams.get("sort") as S | null;
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    sort: sort !== null && sorts.includes(sort) ? sort : sorts[0],
    defaultSort: sorts[0],
  };
}

/**
 * The list's address at `query`, with `extra` parameters (`{edit: id}`, `{delete: id}`): defaults are left out, so
 * page 1 in the default order is just `base`. A query string in `base` (a search) comes first and is kept.
 */
export function listHref(base: string, query: ListQuery, extra: Record<string, string> = {}): string {
  // A base may carry the list's own filter ("/admin/subscribers?q=lake"), kept in every link.
  const [path = base, filter = ""] = base.split("?", 2);
  base = path;
  const params = new URLSearchParams(filter);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.sort !== query.defaultSort) params.set("sort", query.sort);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
