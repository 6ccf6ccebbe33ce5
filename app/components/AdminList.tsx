import type { ReactNode } from "react";
import { Link } from "react-router";
import { shortDate } from "#app/lib/format.ts";
import { listHref, type Page } from "#app/lib/list-query.ts";

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
  /** "post", "posts": for the count under the table. */
  noun: [string, string];
}

/**
 * An admin list: one page of rows in a table sorted on the server, with sortable headers (links, so they work
 * without JavaScript), a link per row action, and the pager. The table scrolls inside its box on a phone.
 */
export function AdminList<Row extends { id: string }, S extends string>(props: AdminListProps<Row, S>) {
  const { list, base } = props;
  if (list.total === 0) return <p className="empty">{props.empty}</p>;
  return (
    <>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
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
            {list.rows.map((row) => (
              <tr key={row.id}>
                {props.columns.map((column) => (
                  <td key={column.header} className={column.numeric ? "num" : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
                {props.actions && (
                  <td className="actions">
                    {props.actions.map((action) => (
                      <Link key={action.param} className="button small secondary" to={listHref(base, list, { [action.param]: row.id })} preventScrollReset>
                        {action.label}
                        <span className="visually-hidden"> {props.rowName(row)}</span>
                      </Link>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager list={list} base={base} noun={props.noun} />
    </>
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
      <Link className="sort-link" to={listHref(base, { page: 1, sort: next.key, defaultSort: list.defaultSort }, { sort: next.key })} preventScrollReset>
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
  const count = list.total.toLocaleString("en-US");
  return (
    <nav className="pager" aria-label="Pages">
      <p className="muted">
        {list.pageCount > 1 ? `Showing ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} of ${count} ${noun[1]}` : `${count} ${list.total === 1 ? noun[0] : noun[1]}`}
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
}) {
  const { list, base } = props;
  if (list.total === 0) return <p className="empty">{props.empty}</p>;
  return (
    <>
      <ul className="item-list">
        {list.rows.map((row) => (
          <li key={row.id} className="card admin-head row">
            <span className="wrap">{props.children(row)}</span>
            <Link className="button small secondary" to={listHref(base, list, { [props.action.param]: row.id })} preventScrollReset>
              {props.action.label}
              <span className="visually-hidden"> {props.rowName(row)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager list={list} base={base} noun={props.noun} />
    </>
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
