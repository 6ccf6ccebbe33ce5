/**
 * An admin list's place in its data, kept in the URL: `readListQuery` reads `page` and `sort` forgivingly (anything
 * odd is page 1 in the default order), `listHref` writes them back leaving defaults out, and `paginate` turns a count
 * and a rows query into one page (a page past the end is the last page).
 */
import { describe, expect, it } from "vitest";
import { cleanIds, listHref, MAX_SEARCH, PAGE_SIZE, readListQuery, selectedIds, type ListQuery } from "./list-query.ts";
import { paginate } from "#app/platform/data/paging.server.ts";

const SORTS = ["newest", "oldest", "title"] as const;
type Sort = (typeof SORTS)[number];
const read = (search: string) => readListQuery<Sort>(new URL(`http://x.test/admin/news${search}`), SORTS);

describe("readListQuery", () => {
  it("is page 1 in the list's default order without parameters", () => {
    expect(read("")).toEqual({ page: 1, sort: "newest", defaultSort: "newest" });
  });

  it("reads a page and a known order", () => {
    expect(read("?page=2&sort=oldest")).toEqual({ page: 2, sort: "oldest", defaultSort: "newest" });
    expect(read("?sort=title&edit=abc")).toEqual({ page: 1, sort: "title", defaultSort: "newest" });
  });

  it.each(["0", "-3", "1.5", "abc", "", "99999999999999999999", "Infinity", "NaN"])("page=%j is page 1", (page) => {
    expect(read(`?page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it.each(["random", "NEWEST", "", "title;drop table news_post", "__proto__", "toString"])("sort=%j is the default order", (sort) => {
    expect(read(`?sort=${encodeURIComponent(sort)}`).sort).toBe("newest");
  });

  it("reads a search (issue 26), trimmed and cut to 254 characters; an empty one is no search", () => {
    expect(read("?q=%20heron%20&page=2")).toEqual({ page: 2, sort: "newest", defaultSort: "newest", q: "heron" });
    expect(read("?q=%20%20")).toEqual({ page: 1, sort: "newest", defaultSort: "newest" });
    expect(read(`?q=${"x".repeat(300)}`).q).toHaveLength(254);
    expect(MAX_SEARCH).toBe(254);
  });

  it("has 50 rows a page", () => {
    expect(PAGE_SIZE).toBe(50);
  });
});

describe("listHref", () => {
  const at = (page: number, sort: Sort): ListQuery<Sort> => ({ page, sort, defaultSort: "newest" });

  it("leaves defaults out: page 1 in the default order is the bare address", () => {
    expect(listHref("/admin/news", at(1, "newest"))).toBe("/admin/news");
  });

  it("names a later page and another order", () => {
    expect(listHref("/admin/news", at(2, "newest"))).toBe("/admin/news?page=2");
    expect(listHref("/admin/news", at(1, "oldest"))).toBe("/admin/news?sort=oldest");
    expect(listHref("/admin/news", at(3, "title"))).toBe("/admin/news?page=3&sort=title");
  });

  it("keeps the list's place in the edit and delete links, and encodes their values", () => {
    expect(listHref("/admin/news", at(2, "oldest"), { edit: "abc" })).toBe("/admin/news?page=2&sort=oldest&edit=abc");
    expect(listHref("/admin/news", at(1, "newest"), { delete: "a b&c=d" })).toBe("/admin/news?delete=a+b%26c%3Dd");
  });

  it("keeps a search in every link: the pages, the orders, the edit and delete links", () => {
    const searched = { ...at(2, "oldest"), q: "lake & dock" };
    expect(listHref("/admin/news", searched)).toBe("/admin/news?page=2&sort=oldest&q=lake+%26+dock");
    expect(listHref("/admin/news", { ...searched, page: 3 }, { edit: "abc" })).toBe("/admin/news?page=3&sort=oldest&q=lake+%26+dock&edit=abc");
    expect(readListQuery(new URL(listHref("/admin/news", searched), "http://x.test"), SORTS)).toEqual(searched);
  });

  it("round-trips through readListQuery", () => {
    for (const query of [at(1, "newest"), at(2, "newest"), at(7, "title"), at(1, "oldest")]) {
      expect(readListQuery(new URL(listHref("/admin/news", query, { edit: "x" }), "http://x.test"), SORTS)).toEqual(query);
    }
  });
});

describe("paginate", () => {
  /** Fake queries that record what was asked of them; `rows` are the whole "table" in order. */
  function fake(rows: number[], count: number | string | bigint = rows.length) {
    const calls = { limit: -1, offset: -1, executed: 0 };
    const rowsQuery = {
      limit(limit: number) {
        calls.limit = limit;
        return {
          offset(offset: number) {
            calls.offset = offset;
            return {
              async execute() {
                calls.executed++;
                return rows.slice(offset, offset + limit);
              },
            };
          },
        };
      },
    };
    const countQuery = { executeTakeFirstOrThrow: async () => ({ n: count }) };
    return { calls, rowsQuery, countQuery };
  }
  const table = Array.from({ length: 120 }, (_, i) => i);
  const q = (page: number): ListQuery<Sort> => ({ page, sort: "title", defaultSort: "newest" });

  it("reads one page at its offset, with the count and where it is", async () => {
    const { calls, rowsQuery, countQuery } = fake(table);
    const page = await paginate(rowsQuery, countQuery, q(2));
    expect(calls).toMatchObject({ limit: 50, offset: 50, executed: 1 });
    expect(page).toEqual({ rows: table.slice(50, 100), total: 120, page: 2, pageCount: 3, pageSize: 50, sort: "title", defaultSort: "newest" });
  });

  it("gives the last page for a page past the end", async () => {
    const { calls, rowsQuery, countQuery } = fake(table);
    const page = await paginate(rowsQuery, countQuery, q(40));
    expect(calls.offset).toBe(100);
    expect(page).toMatchObject({ page: 3, pageCount: 3, rows: table.slice(100) });
  });

  it("is one empty page for an empty list, without reading rows", async () => {
    const { calls, rowsQuery, countQuery } = fake([]);
    expect(await paginate(rowsQuery, countQuery, q(3))).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
    expect(calls.executed).toBe(0);
  });

  it("takes the count as the driver gives it: a number, a string (pg's count) or a bigint", async () => {
    for (const count of [120, "120", 120n]) {
      const { rowsQuery, countQuery } = fake(table, count);
      expect(await paginate(rowsQuery, countQuery, q(1))).toMatchObject({ total: 120, pageCount: 3 });
    }
  });

  it("takes another page size", async () => {
    const { calls, rowsQuery, countQuery } = fake(table);
    expect(await paginate(rowsQuery, countQuery, q(4), 10)).toMatchObject({ page: 4, pageCount: 12, pageSize: 10, rows: table.slice(30, 40) });
    expect(calls).toMatchObject({ limit: 10, offset: 30 });
  });
});

describe("selectedIds (Delete selected, issue 26)", () => {
  it("reads the checked rows' fields, in order, without duplicates or blanks", () => {
    expect(selectedIds({ intent: "delete-selected", "select:a": "on", "select:b": "on", "page-ids": "a,b,c", "select: ": "on" })).toEqual(["a", "b"]);
  });

  it("takes every id of the page when only Select all is checked (no script checked the rows)", () => {
    expect(selectedIds({ "select-all": "on", "page-ids": "a,b,,c,a" })).toEqual(["a", "b", "c"]);
  });

  it("prefers the rows checked over Select all, and selects nothing without either", () => {
    expect(selectedIds({ "select-all": "on", "page-ids": "a,b,c", "select:b": "on" })).toEqual(["b"]);
    expect(selectedIds({ "page-ids": "a,b,c" })).toEqual([]);
  });

  it("drops ids that are too long or hold a comma", () => {
    expect(cleanIds(["ok", "x".repeat(201), "a,b", " spaced "])).toEqual(["ok", "spaced"]);
  });
});
