import { useEffect, useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { formatNumber, shortDate } from "#app/platform/text/format.ts";
import { BULK_INTENTS, DELETED_PARAM, listHref, MAX_SEARCH, SELECT_FIELD_PREFIX, type Page } from "#app/platform/http/list-query.ts";

/** One way a column can be sorted: the server's sort key, how it reads, and its direction for aria-sort. */
export interface ColumnSort<S extends string> {
  key: S;
  /** "newest first" */
  label: string;
  direction: "ascending" | "descending";
}

export interface Column<Row, S extends string> {
  header: string;
  cell(row: Row): ReactNode;
  /** The orders this column's header offers, in the order a click goes through them. */
  sorts?: readonly ColumnSort<S>[];
  /** Right-aligned figures. */
  numeric?: boolean;
}

/** A link on a row (Edit, Delete, Manage) that opens a modal by adding `param=<id>` to the list's address. */
export interface RowAction {
  label: string;
  param: string;
}

export interface AdminListProps<Row extends { id: string }, S extends string> {
  list: Page<Row, S>;
  /** "/admin/news" */
  base: string;
  columns: readonly Column<Row, S>[];
  /** What the list says when there is nothing in it (spec §8). */
  empty: string;
  /** What a screen reader hears after an action's label: the row's title. */
  rowName(row: Row): string;
  actions?: readonly RowAction[];
  /** Whether `row` offers its actions (default: every row does); a row without them says `locked` instead. */
  actionsOn?(row: Row): boolean;
  /** What a row without actions says in their place ("Built in"). */
  locked?: string;
  /** The rows are in the board's own order: each has Move up and Move down buttons (forms, so they work without JavaScript). */
  movable?: boolean;
  /** "post", "posts": for the count under the table. */
  noun: [string, string];
  /** Each row has a checkbox, with "Select all" and "Delete selected" above the list (the action's `bulkDeleteStep`). */
  selectable?: boolean;
  /** The label of the list's search box ("Search posts"); no search box without it. */
  search?: string;
}

/** The id of a list's selection form, which each row's checkbox names in its `form` attribute. */
const SELECTION_FORM = "list-selection";

/**
 * An admin list: one page of rows in a table sorted on the server, with sortable headers (links, so they work
 * without JavaScript), a link per row action, and the pager. On a phone each row is a card with its cells stacked
 * and its actions below them (app.css), so nothing scrolls sideways. With `selectable`, rows can be chosen and
 * deleted together.
 */
export function AdminList<Row extends { id: string }, S extends string>(props: AdminListProps<Row, S>) {
  const { list, base } = props;
  const onRowLinkClick = useRowLinks();
  return (
    <ListFrame {...props}>
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are the row links' own (keyboard Enter on a link is a click) */}
      <div className="table-wrap" onClick={onRowLinkClick}>
        <table className="admin-table">
          <thead>
            <tr>
              {props.selectable && (
                <th scope="col" className="select">
                  <span className="visually-hidden">Selected</span>
                </th>
              )}
              {props.columns.map((column) => (
                <SortableHeader key={column.header} column={column} list={list} base={base} />
              ))}
              {props.actions && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row, index) => (
              <tr key={row.id}>
                {props.selectable && (
                  <td className="select">
                    <RowCheckbox id={row.id} name={props.rowName(row)} />
                  </td>
                )}
                {props.columns.map((column) => (
                  <td key={column.header} className={column.numeric ? "num" : undefined} data-label={column.header}>
                    {/* one box, so that the stacked layout's grid (label, value) sees the value as one item */}
                    <span>{column.cell(row)}</span>
                  </td>
                ))}
                {props.actions && (
                  <td className="actions">
                    {props.movable && <MoveButtons row={row} name={props.rowName(row)} action={listHref(base, list)} first={list.page === 1 && index === 0} last={list.page === list.pageCount && index === list.rows.length - 1} />}
                    {props.actionsOn && !props.actionsOn(row) && props.locked && <span className="muted">{props.locked}</span>}
                    {(!props.actionsOn || props.actionsOn(row)) && props.actions.map((action) => (
                      <a key={action.param} className="button small secondary" href={listHref(base, list, { [action.param]: row.id })} data-row-link="">
                        {action.label}
                        <span className="visually-hidden"> {props.rowName(row)}</span>
                      </a>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListFrame>
  );
}

/**
 * What every admin list has around its rows: the "deleted" note, the empty text, the search box and its "no
 * results", the selection bar (with `selectable`) and the pager.
 */
function ListFrame<Row extends { id: string }, S extends string>(props: {
  list: Page<Row, S>;
  base: string;
  empty: string;
  noun: [string, string];
  selectable?: boolean;
  search?: string;
  children: ReactNode;
}) {
  const { list, base } = props;
  const selection = useSelection(list.rows.map((row) => row.id).join(","));
  const done = props.selectable && <DeletedNote noun={props.noun} />;
  if (list.total === 0 && !list.q) return <>{done}<p className="empty">{props.empty}</p></>;
  const search = props.search && <ListSearch base={base} list={list} label={props.search} />;
  if (list.total === 0) return <>{done}{search}<NoResults q={list.q} /></>;
  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- a change event from the checkboxes inside, which are the controls
    <div ref={selection.ref} onChange={selection.onChange}>
      {done}
      {search}
      {props.selectable && <SelectionBar ids={list.rows.map((row) => row.id)} action={listHref(base, list)} count={selection.count} />}
      {props.children}
      <Pager list={list} base={base} noun={props.noun} />
    </div>
  );
}

/**
 * A list's search box (issue 26): a GET form to the list's address with `q`, so it works without JavaScript and the
 * result can be shared; the order is kept, the page starts again at 1. "Clear search" returns to the whole list.
 */
export function ListSearch({ base, list, label }: { base: string; list: Page<unknown>; label: string }) {
  const [path = base] = base.split("?", 1);
  return (
    <Form method="get" action={path} role="search" className="search-form list-search" preventScrollReset>
      <label htmlFor="list-q">{label}</label>
      {list.sort !== list.defaultSort && <input type="hidden" name="sort" value={list.sort} />}
      <input id="list-q" name="q" type="search" defaultValue={list.q ?? ""} key={list.q ?? ""} maxLength={MAX_SEARCH} />
      <button type="submit" className="button secondary">
        Search
      </button>
      {list.q && (
        <Link className="button secondary" to={listHref(path, { page: 1, sort: list.sort, defaultSort: list.defaultSort })} preventScrollReset>
          Clear search
        </Link>
      )}
    </Form>
  );
}

/** What a search that found nothing says: "No results for “heron”". */
function NoResults({ q }: { q: string | undefined }) {
  return (
    <p className="empty" role="status">
      No results for “{q}”
    </p>
  );
}

/** A row's checkbox: part of the selection form wherever the row is ("Select “Spring cleanup”"). */
function RowCheckbox({ id, name }: { id: string; name: string }) {
  return <input type="checkbox" className="row-select" form={SELECTION_FORM} name={`${SELECT_FIELD_PREFIX}${id}`} aria-label={`Select ${name}`} />;
}

/**
 * "Select all" and "Delete selected" over a list. Without JavaScript, "Select all" stands for every row of the page
 * (their ids go along in `page-ids`); with it, it checks and unchecks the rows' boxes and the button shows how many
 * are chosen ("Delete selected (3)"). The button posts the selection; the screen then asks before deleting.
 */
function SelectionBar({ ids, action, count }: { ids: string[]; action: string; count: number }) {
  return (
    <Form method="post" action={action} id={SELECTION_FORM} className="selection-bar" preventScrollReset>
      <input type="hidden" name="page-ids" value={ids.join(",")} />
      <span className="checkbox">
        <input type="checkbox" id="select-all" name="select-all" className="select-all" />
        <label htmlFor="select-all">Select all</label>
      </span>
      <button type="submit" name="intent" value={BULK_INTENTS.ask} className="button small danger">
        Delete selected{count > 0 ? ` (${count})` : ""}
      </button>
    </Form>
  );
}

/** After "Delete selected": how many went ("3 readings deleted."), from the list's address (`?deleted=3`). */
function DeletedNote({ noun }: { noun: [string, string] }) {
  const [params] = useSearchParams();
  const deleted = Number(params.get(DELETED_PARAM) ?? "");
  if (!Number.isSafeInteger(deleted) || deleted <= 0) return null;
  return (
    <p className="success selection-done" role="status">
      {formatNumber(deleted)} {deleted === 1 ? noun[0] : noun[1]} deleted.
    </p>
  );
}

/**
 * The selection's state once scripts run: how many rows are checked (boxes checked before hydration count too),
 * "Select all" checking every row, and "Select all" checked, mixed or clear as the rows are.
 * @param rowsKey changes when the rows on the page change (after a delete), to count again
 */
function useSelection(rowsKey: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(0);
  const boxes = () => [...(ref.current?.querySelectorAll<HTMLInputElement>("input.row-select") ?? [])];
  const recount = () => {
    const all = boxes();
    const checked = all.filter((box) => box.checked).length;
    const selectAll = ref.current?.querySelector<HTMLInputElement>("input.select-all");
    if (selectAll) {
      selectAll.checked = all.length > 0 && checked === all.length;
      selectAll.indeterminate = checked > 0 && checked < all.length;
    }
    setCount(checked);
  };
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- recount reads the DOM; it runs again when the rows change
  useEffect(recount, [rowsKey]);
  const onChange = (event: ChangeEvent<HTMLDivElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    if (target.classList.contains("select-all")) for (const box of boxes()) box.checked = target.checked;
    if (target.classList.contains("select-all") || target.classList.contains("row-select")) recount();
  };
  return { ref, count, onChange };
}

/**
 * Client-side navigation for the row links of a list, from one click handler on the list instead of a router `Link`
 * per row: a page of 50 rows has 100 to 150 such links, and rendering each as a `Link` (which resolves its path
 * through the router on the server) took about a tenth of an admin list's server time. A click with a modifier key
 * or another button is left to the browser (new tab, new window).
 */
function useRowLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a[data-row-link]");
    const href = link?.getAttribute("href");
    if (!href) return;
    event.preventDefault();
    void navigate(href, { preventScrollReset: true });
  };
}

/** Move up and Move down for one row; the first row has no Move up, the last no Move down. */
function MoveButtons({ row, name, action, first, last }: { row: { id: string }; name: string; action: string; first: boolean; last: boolean }) {
  return (
    <Form method="post" action={action} className="move-buttons" preventScrollReset>
      <input type="hidden" name="id" value={row.id} />
      {!first && (
        <button type="submit" name="intent" value="up" className="button small secondary">
          Move up<span className="visually-hidden"> {name}</span>
        </button>
      )}
      {!last && (
        <button type="submit" name="intent" value="down" className="button small secondary">
          Move down<span className="visually-hidden"> {name}</span>
        </button>
      )}
    </Form>
  );
}

function SortableHeader<Row, S extends string>({ column, list, base }: { column: Column<Row, S>; list: Page<unknown, S>; base: string }) {
  const sorts = column.sorts ?? [];
  const first = sorts[0];
  if (!first) {
    return (
      <th scope="col" className={column.numeric ? "num" : undefined}>
        {column.header}
      </th>
    );
  }
  const activeIndex = sorts.findIndex((s) => s.key === list.sort);
  const active = sorts[activeIndex];
  const next = active ? (sorts[(activeIndex + 1) % sorts.length] ?? first) : first;
  const arrow = active ? (active.direction === "descending" ? "▼" : "▲") : "";
  return (
    <th scope="col" aria-sort={active?.direction} className={column.numeric ? "num" : undefined}>
      <Link className="sort-link" to={listHref(base, { page: 1, sort: next.key, defaultSort: list.defaultSort, q: list.q }, { sort: next.key })} preventScrollReset>
        {column.header} {arrow && <span aria-hidden="true">{arrow}</span>}
        <span className="visually-hidden">
          {active ? `, sorted ${active.label}; sort ${next === active ? "again" : "the other way"}` : `; sort ${next.label}`}
        </span>
      </Link>
    </th>
  );
}

/**
 * Where the page is in the list ("Showing 51–100 of 10,000 posts") and links to the previous and next pages.
 * The links are left out, not disabled, at either end.
 */
export function Pager({ list, base, noun }: { list: Page<unknown>; base: string; noun: [string, string] }) {
  const from = (list.page - 1) * list.pageSize + 1;
  const to = from + list.rows.length - 1;
  const count = formatNumber(list.total);
  return (
    <nav className="pager" aria-label="Pages">
      <p className="muted">
        {list.pageCount > 1 ? `Showing ${formatNumber(from)}–${formatNumber(to)} of ${count} ${noun[1]}` : `${count} ${list.total === 1 ? noun[0] : noun[1]}`}
      </p>
      {list.pageCount > 1 && (
        <p className="pager-links">
          {list.page > 1 && (
            <Link className="button small secondary" rel="prev" to={listHref(base, { ...list, page: list.page - 1 })}>
              Previous page
            </Link>
          )}
          {list.page < list.pageCount && (
            <Link className="button small secondary" rel="next" to={listHref(base, { ...list, page: list.page + 1 })}>
              Next page
            </Link>
          )}
        </p>
      )}
    </nav>
  );
}

/**
 * A list of cards instead of a table, for records that are one line (a member's address, a file): each card has
 * the record and its one action link, then the pager.
 */
export function ItemList<Row extends { id: string }, S extends string>(props: {
  list: Page<Row, S>;
  base: string;
  empty: string;
  noun: [string, string];
  action: RowAction;
  rowName(row: Row): string;
  children(row: Row): ReactNode;
  /** Each card has a checkbox, with "Select all" and "Delete selected" above the list. */
  selectable?: boolean;
  /** The label of the list's search box ("Search files"); no search box without it. */
  search?: string;
}) {
  const { list, base } = props;
  const onRowLinkClick = useRowLinks();
  return (
    <ListFrame {...props}>
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the clicks are the row links' own */}
      <ul className="item-list" onClick={onRowLinkClick}>
        {list.rows.map((row) => (
          <li key={row.id} className="card admin-head row">
            {props.selectable && <RowCheckbox id={row.id} name={props.rowName(row)} />}
            <span className="wrap">{props.children(row)}</span>
            <a className="button small secondary" href={listHref(base, list, { [props.action.param]: row.id })} data-row-link="">
              {props.action.label}
              <span className="visually-hidden"> {props.rowName(row)}</span>
            </a>
          </li>
        ))}
      </ul>
    </ListFrame>
  );
}

/** The two orders of a date column, newest (latest) first, then oldest (earliest) first. */
export function dateSorts<S extends string>(newest: S, oldest: S, words: [string, string] = ["newest first", "oldest first"]): ColumnSort<S>[] {
  return [
    { key: newest, label: words[0], direction: "descending" },
    { key: oldest, label: words[1], direction: "ascending" },
  ];
}

/** A "Date" column that shows a row's calendar date and sorts by it both ways. */
export function dateColumn<Row extends { date: string }, S extends string>(newest: S, oldest: S): Column<Row, S> {
  return { header: "Date", cell: (row) => <time dateTime={row.date}>{shortDate(row.date)}</time>, sorts: dateSorts(newest, oldest) };
}

/** A "Title" column that shows "(no title)" for an empty one and sorts by title. */
export function titleColumn<Row extends { title: string }, S extends string>(key: S): Column<Row, S> {
  return { header: "Title", cell: (row) => row.title || <em className="muted">(no title)</em>, sorts: [{ key, label: "by title", direction: "ascending" }] };
}

/** A "Last changed" column: the day (in the association's time zone, from the loader) and who made a row's latest change. */
export function changedColumn<Row extends { changedOn: string; changedBy: string }, S extends string>(): Column<Row, S> {
  return { header: "Last changed", cell: (row) => <><time dateTime={row.changedOn}>{shortDate(row.changedOn)}</time> by {row.changedBy}</> };
}
