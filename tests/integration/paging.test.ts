/**
 * Admin lists page and sort on the server (issue 9): `pageNews`, `pageEvents`, `pageMembers`, `pageDocuments` and
 * `pageMeasurements` over real databases, SQLite and PostgreSQL alike. Each returns one page of at most 50 rows in
 * the order asked for, the total count and where the page is; a page past the end is the last page; an empty list is
 * one empty page. Walking every page of every order gives each row exactly once, even when many rows tie on the
 * sorted column (the data here is made of ties on purpose).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { PAGE_SIZE, type ListQuery, type Page } from "#app/platform/http/list-query.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { addDocument, DOCUMENT_SORTS, pageDocuments } from "#app/documents/data/documents.server.ts";
import { createEvent, EVENT_SORTS, pageEvents } from "#app/news-events/data/events.server.ts";
import { addMeasurement, MEASUREMENT_SORTS, pageMeasurements } from "#app/beach/data/readings.server.ts";
import { addMembers, MEMBER_SORTS, pageMembers } from "#app/mail/data/members.server.ts";
import { createNewsPost, NEWS_SORTS, pageNews } from "#app/news-events/data/news.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

/** 2½ pages: 50 + 50 + 20. */
const COUNT = 120;

/** The query for page `page` in order `sort` of a list whose default order is `sorts[0]`. */
function query<S extends string>(sorts: readonly [S, ...S[]], sort: S, page: number): ListQuery<S> {
  return { page, sort, defaultSort: sorts[0] };
}

/** Every page of a list in one order, from page 1 to the last, checking each page's numbers on the way. */
async function walk<T extends { id: string }, S extends string>(
  pageFn: (db: Database, q: ListQuery<S>) => Promise<Page<T, S>>,
  db: Database,
  sorts: readonly [S, ...S[]],
  sort: S,
  total: number,
): Promise<T[]> {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows: T[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const result = await pageFn(db, query(sorts, sort, page));
    expect(result, `${sort} page ${page}`).toMatchObject({ total, page, pageCount, pageSize: PAGE_SIZE, sort, defaultSort: sorts[0] });
    expect(result.rows, `${sort} page ${page}`).toHaveLength(page < pageCount ? PAGE_SIZE : total - PAGE_SIZE * (pageCount - 1));
    rows.push(...result.rows);
  }
  return rows;
}

/** `values` is in order: each compared with the next by `compare` is never positive. */
function expectOrdered<T>(values: T[], compare: (a: T, b: T) => number, label: string): void {
  for (let i = 1; i < values.length; i++) {
    if (compare(values[i - 1]!, values[i]!) > 0) throw new Error(`${label}: ${JSON.stringify(values[i - 1])} comes before ${JSON.stringify(values[i])}`);
  }
}

const asc = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const desc = <T extends string | number>(a: T, b: T) => asc(b, a);
/** Lexicographic comparison of tuples, each part with its own comparator. */
function by<T>(...parts: [(row: T) => string | number, (a: string | number, b: string | number) => number][]) {
  return (a: T, b: T) => {
    for (const [key, compare] of parts) {
      const c = compare(key(a), key(b));
      if (c !== 0) return c;
    }
    return 0;
  };
}

/**
 * The checks every paged list gets: each order walked page by page gives every id once and in that order, with the
 * right numbers on every page; a page past the end is the last page.
 */
async function expectPaged<T extends { id: string }, S extends string>(
  db: Database,
  pageFn: (db: Database, q: ListQuery<S>) => Promise<Page<T, S>>,
  sorts: readonly [S, ...S[]],
  ids: string[],
  orders: Record<S, (a: T, b: T) => number>,
): Promise<void> {
  for (const sort of sorts) {
    const rows = await walk(pageFn, db, sorts, sort, ids.length);
    expect(new Set(rows.map((r) => r.id)).size, `${sort}: no row twice across pages`).toBe(ids.length);
    expect(rows.map((r) => r.id).sort(), `${sort}: every row once`).toEqual([...ids].sort());
    expectOrdered(rows, orders[sort], sort);
  }
  const last = Math.ceil(ids.length / PAGE_SIZE);
  const beyond = await pageFn(db, query(sorts, sorts[0], last + 5));
  expect(beyond.page, "a page past the end is the last page").toBe(last);
  expect(beyond.rows.map((r) => r.id)).toEqual((await pageFn(db, query(sorts, sorts[0], last))).rows.map((r) => r.id));
}

/** Storage that keeps nothing: the document records are what is paged. */
const noStorage: Storage = { put: async () => {}, get: async () => undefined, remove: async () => {}, list: async () => [], sweep: async () => 0, check: async () => {} };

describe.each(backends)("admin list paging on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  let skip = false;

  beforeAll(async () => {
    skip = !(await available());
    if (!skip) database = await create();
  });
  afterAll(async () => {
    await database?.drop();
  });

  function test(title: string, body: (db: Database) => Promise<void>) {
    it(title, async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      await body(database!.db);
    }, 60_000);
  }

  test("every list of an empty site is one empty page, whatever page is asked for", async (db) => {
    for (const page of [1, 2, 99]) {
      for (const result of [
        await pageNews(db, query(NEWS_SORTS, "newest", page)),
        await pageEvents(db, query(EVENT_SORTS, "latest", page)),
        await pageMembers(db, query(MEMBER_SORTS, "email", page)),
        await pageDocuments(db, query(DOCUMENT_SORTS, "newest", page)),
        await pageMeasurements(db, query(MEASUREMENT_SORTS, "desc", page)),
      ]) {
        expect(result).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1, pageSize: PAGE_SIZE });
      }
    }
  });

  test("news: 50 a page, newest / oldest / by title, every post once", async (db) => {
    const ids: string[] = [];
    // Seven dates, so most posts share a date; created times tie too (two posts a millisecond).
    for (let i = 0; i < COUNT; i++) {
      const post = await createNewsPost(
        db,
        { title: `Post ${String((i * 37) % COUNT).padStart(3, "0")}`, text: "", date: `2026-05-0${(i % 7) + 1}`, author: "a@example.org" },
        null,
        1_000 + Math.floor(i / 2),
      );
      ids.push(post.id);
    }
    const first = await pageNews(db, query(NEWS_SORTS, "newest", 1));
    expect(first).toMatchObject({ total: COUNT, page: 1, pageCount: 3, pageSize: 50, sort: "newest", defaultSort: "newest" });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.date).toBe("2026-05-07");
    expect((await pageNews(db, query(NEWS_SORTS, "newest", 3))).rows).toHaveLength(20);
    expect((await pageNews(db, query(NEWS_SORTS, "oldest", 1))).rows[0]!.date).toBe("2026-05-01");
    expect((await pageNews(db, query(NEWS_SORTS, "title", 1))).rows[0]!.title).toBe("Post 000");

    type Row = Awaited<ReturnType<typeof pageNews>>["rows"][number];
    await expectPaged(db, pageNews, NEWS_SORTS, ids, {
      newest: by<Row>([(p) => p.date, desc], [(p) => p.created, desc]),
      oldest: by<Row>([(p) => p.date, asc], [(p) => p.created, asc]),
      title: by<Row>([(p) => p.title, asc], [(p) => p.date, desc]),
    });
  });

  test("events: 50 a page, latest / earliest / by title, every event once", async (db) => {
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const event = await createEvent(
        db,
        {
          title: `Event ${String((i * 53) % COUNT).padStart(3, "0")}`,
          date: `2026-07-1${i % 5}`,
          startTime: ["", "09:00", "18:30"][i % 3]!,
          timeDetails: "",
          place: "",
          eventDetails: "",
          author: "a@example.org",
        },
        null,
        2_000,
      );
      ids.push(event.id);
    }
    const first = await pageEvents(db, query(EVENT_SORTS, "latest", 1));
    expect(first).toMatchObject({ total: COUNT, page: 1, pageCount: 3, sort: "latest" });
    expect(first.rows[0]!.date).toBe("2026-07-14");
    type Row = Awaited<ReturnType<typeof pageEvents>>["rows"][number];
    await expectPaged(db, pageEvents, EVENT_SORTS, ids, {
      latest: by<Row>([(e) => e.date, desc], [(e) => e.startTime, desc]),
      earliest: by<Row>([(e) => e.date, asc], [(e) => e.startTime, asc]),
      title: by<Row>([(e) => e.title, asc], [(e) => e.date, desc]),
    });
  });

  test("members: 50 a page, by email / newest first, every member once", async (db) => {
    // Four batches: the members of a batch share their creation time.
    const ids: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      const emails = Array.from({ length: COUNT / 4 }, (_, i) => `m${String((batch * 30 + i) * 7 % COUNT).padStart(3, "0")}@example.org`);
      ids.push(...(await addMembers(db, emails.join(","), 3_000 + batch)).map((m) => m.id));
    }
    expect(ids).toHaveLength(COUNT);
    const first = await pageMembers(db, query(MEMBER_SORTS, "email", 1));
    expect(first).toMatchObject({ total: COUNT, page: 1, pageCount: 3, sort: "email", defaultSort: "email" });
    expect(first.rows[0]!.email).toBe("m000@example.org");
    type Row = Awaited<ReturnType<typeof pageMembers>>["rows"][number];
    await expectPaged(db, pageMembers, MEMBER_SORTS, ids, {
      email: by<Row>([(m) => m.email, asc]),
      newest: by<Row>([(m) => m.createdAt, desc]),
    });
  });

  test("documents: 50 a page, newest / by name / largest first, every document once", async (db) => {
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const doc = await addDocument(
        db,
        noStorage,
        {
          id: `${1_767_312_000_000 + i}.pdf`,
          displayName: `Minutes ${String((i * 41) % COUNT).padStart(3, "0")}`,
          contentType: "application/pdf",
          bytes: new Uint8Array(1 + (i % 9)),
        },
        4_000 + (i % 10),
      );
      ids.push(doc.id);
    }
    const first = await pageDocuments(db, query(DOCUMENT_SORTS, "newest", 1));
    expect(first).toMatchObject({ total: COUNT, page: 1, pageCount: 3, sort: "newest" });
    expect(first.rows[0]!.created).toBe(4_009);
    expect((await pageDocuments(db, query(DOCUMENT_SORTS, "largest", 1))).rows[0]!.size).toBe(9);
    type Row = Awaited<ReturnType<typeof pageDocuments>>["rows"][number];
    await expectPaged(db, pageDocuments, DOCUMENT_SORTS, ids, {
      newest: by<Row>([(d) => d.created, desc]),
      name: by<Row>([(d) => d.displayName, asc]),
      largest: by<Row>([(d) => d.size, desc]),
    });
  });

  test("measurements: 50 a page, newest / oldest sample / highest reading, every reading once", async (db) => {
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const m = await addMeasurement(db, { date: `2025-08-${String((i % 28) + 1).padStart(2, "0")}`, value: (i % 6) * 12.5 }, Date.parse("2025-09-01T12:00:00Z") + (i % 3));
      ids.push(m.id);
    }
    const first = await pageMeasurements(db, query(MEASUREMENT_SORTS, "desc", 1));
    expect(first).toMatchObject({ total: COUNT, page: 1, pageCount: 3, sort: "desc", defaultSort: "desc" });
    expect(first.rows[0]!.date).toBe("2025-08-28");
    expect((await pageMeasurements(db, query(MEASUREMENT_SORTS, "asc", 1))).rows[0]!.date).toBe("2025-08-01");
    expect((await pageMeasurements(db, query(MEASUREMENT_SORTS, "highest", 1))).rows[0]!.value).toBe(62.5);
    type Row = Awaited<ReturnType<typeof pageMeasurements>>["rows"][number];
    await expectPaged(db, pageMeasurements, MEASUREMENT_SORTS, ids, {
      desc: by<Row>([(m) => m.timestamp, desc], [(m) => m.createdAt, desc]),
      asc: by<Row>([(m) => m.timestamp, asc], [(m) => m.createdAt, asc]),
      highest: by<Row>([(m) => m.value, desc], [(m) => m.timestamp, desc]),
    });
  });

  test("the page boundaries: 50 rows are one page, 51 are two, 100 are two full pages", async (db) => {
    await db.deleteFrom("news_post").execute();
    const add = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => createNewsPost(db, { title: `B${i}`, text: "", date: "2026-01-02", author: "" }, null)));
    await add(50);
    expect(await pageNews(db, query(NEWS_SORTS, "newest", 2))).toMatchObject({ total: 50, page: 1, pageCount: 1 });
    await add(1);
    const two = await pageNews(db, query(NEWS_SORTS, "newest", 2));
    expect(two).toMatchObject({ total: 51, page: 2, pageCount: 2 });
    expect(two.rows).toHaveLength(1);
    await add(49);
    const full = await pageNews(db, query(NEWS_SORTS, "newest", 2));
    expect(full).toMatchObject({ total: 100, page: 2, pageCount: 2 });
    expect(full.rows).toHaveLength(50);
  });
});
