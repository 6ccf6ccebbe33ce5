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
  /** What the list is searched for (`?q=`, issue 26): rows whose shown text contains it; absent for the whole list. */
  q?: string;
}

/** The longest search a list takes, in characters: an email address's longest (the subscribers' search). */
export const MAX_SEARCH = 254;

/** One page of a list: its rows, the total count, and where it is. */
export interface Page<T, S extends string = string> extends ListQuery<S> {
  rows: T[];
  total: number;
  pageCount: number;
  pageSize: number;
}

/**
 * Reads `page`, `sort` and `q` from a URL: a page that is not a positive whole number is 1; a sort not in `sorts` is
 * `sorts[0]` (the list's default order); a search is trimmed and cut to `MAX_SEARCH` (254) characters, and left out when
 * empty.
 */
export function readListQuery<S extends string>(url: URL, sorts: readonly [S, ...S[]]): ListQuery<S> {
  const page = Number(url.searchParams.get("page"));
  const sort = url.searchParams.get("sort") as S | null;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    sort: sort !== null && sorts.includes(sort) ? sort : sorts[0],
    defaultSort: sorts[0],
    ...(q ? { q } : {}),
  };
}

/**
 * The list's address at `query` (its search kept), with `extra` parameters (`{edit: id}`, `{delete: id}`): defaults are left out, so
 * page 1 in the default order is just `base`. A query string in `base` (a search) comes first and is kept.
 */
export function listHref(base: string, query: ListQuery, extra: Record<string, string> = {}): string {
  // A base may carry the list's own filter ("/admin/subscribers?q=lake"), kept in every link.
  const [path = base, filter = ""] = base.split("?", 2);
  base = path;
  const params = new URLSearchParams(filter);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.sort !== query.defaultSort) params.set("sort", query.sort);
  if (query.q) params.set("q", query.q);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * "Delete selected" on an admin list (issue 26): each row's checkbox is a field `select:<id>` of the list's
 * selection form, so that the selection reads as plain fields (`formFields`) with or without JavaScript and in a
 * multipart form too. "Select all" is the field `select-all` with the page's ids in `page-ids` (comma-separated),
 * which the server takes when no script checked the rows' boxes.
 */
export const SELECT_FIELD_PREFIX = "select:";

/** The intents of the two steps: ask (the selection posted), then delete (the confirmation posted with `ids`). */
export const BULK_INTENTS = { ask: "delete-selected", confirm: "delete-selected-confirmed" } as const;

/** The parameter that tells a list how many rows "Delete selected" just deleted (`?deleted=3`). */
export const DELETED_PARAM = "deleted";

/** At most this many rows are deleted by one request (two pages of a list). */
export const MAX_BULK_IDS = 100;

/** What the first step answers: the ids to confirm; the screen then asks "Delete 3 readings?". */
export interface BulkDeleteAsk {
  bulkDelete?: { ids: string[] };
}

/**
 * The ids a selection form posted: the rows whose box is checked or, when none is and "Select all" is, every id of
 * the page. Duplicates are dropped; an id is at most 200 characters and never holds a comma.
 */
export function selectedIds(fields: Record<string, string>): string[] {
  const picked = Object.keys(fields)
    .filter((key) => key.startsWith(SELECT_FIELD_PREFIX))
    .map((key) => key.slice(SELECT_FIELD_PREFIX.length));
  return cleanIds(picked.length > 0 || !fields["select-all"] ? picked : (fields["page-ids"] ?? "").split(","));
}

/** `ids` without blanks, duplicates, commas or ids over 200 characters (what `selectedIds` and a confirmation's `ids` give). */
export function cleanIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id !== "" && id.length <= 200 && !id.includes(",")))];
}
