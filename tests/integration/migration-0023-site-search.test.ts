/**
 * Migration 0023 on both back ends: an install's news posts, events, FAQ entries, bylaws articles and documents,
 * written before the search index existed, are found by the search once it runs (drafts still left out), and the
 * index follows the writes made after it (the triggers it made).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { addSearchSource, SOURCES } from "#db/migrations/0023-site-search.ts";
import { searchSite } from "#app/search/data/search.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";

const NOW = Date.UTC(2026, 6, 1, 12);
const stamp = { created: 1, updated: 1, timestamp: 1, timezoneOffset: 0, authorId: null, author: "Board" };

describe.each(backends)("migration 0023 on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("indexes the content written before it, and then follows writes", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0023");
    await db
      .insertInto("news_post")
      .values([
        { id: "n1", title: "Milfoil found near the launch", text: "Please **clean** your boat.", date: "2026-05-01", ...stamp, draft: 0 },
        { id: "n2", title: "Milfoil draft", text: "Unfinished.", date: "2026-05-02", ...stamp, draft: 1 },
      ])
      .execute();
    await db
      .insertInto("event")
      .values({ id: "e1", title: "Milfoil pull", date: "2026-07-04", startTime: "", timeDetails: "", place: "North bay", eventDetails: "Bring gloves.", ...stamp })
      .execute();
    await db
      .insertInto("site_item")
      .values([
        { id: "q1", kind: "faq", position: 1, data: JSON.stringify({ question: "What is milfoil?", answer: "An invasive weed." }), updatedBy: "x", updatedAt: 1 },
        { id: "b1", kind: "bylaws", position: 1, data: JSON.stringify({ number: "Article II", title: "Purpose", sections: "To keep milfoil out." }), updatedBy: "x", updatedAt: 1 },
        { id: "m1", kind: "board", position: 1, data: JSON.stringify({ name: "Milfoil Expert", title: "Chair", photoId: null }), updatedBy: "x", updatedAt: 1 },
      ])
      .execute();
    await db.insertInto("document").values({ id: "1.pdf", displayName: "Milfoil survey 2025", contentType: "application/pdf", size: 3, created: 1, updated: 1 }).execute();

    await migrateToLatest(database);

    const found = await searchSite(db, ["milfoil"], { now: NOW });
    expect(found.map((r) => `${r.source}:${r.ref}`).sort()).toEqual(["bylaws:b1", "documents:1.pdf", "events:e1", "faq:q1", "news:n1"]);
    expect(found.find((r) => r.ref === "b1")?.title).toBe("Article II: Purpose");

    // The triggers it made: an edit and a delete after the upgrade.
    await db.updateTable("site_item").set({ data: JSON.stringify({ question: "What is zebra mussel?", answer: "Another invasive." }) }).where("id", "=", "q1").execute();
    await db.deleteFrom("document").where("id", "=", "1.pdf").execute();
    expect((await searchSite(db, ["milfoil"], { now: NOW })).map((r) => r.ref).sort()).toEqual(["b1", "e1", "n1"]);
    expect((await searchSite(db, ["zebra"], { now: NOW })).map((r) => r.ref)).toEqual(["q1"]);
    // Moving an entry (its position only) keeps it indexed once.
    await db.updateTable("site_item").set({ position: 5 }).where("id", "=", "q1").execute();
    expect((await searchSite(db, ["zebra"], { now: NOW })).map((r) => r.ref)).toEqual(["q1"]);
  });

  it("lets a later migration add a source again after changing its table: triggers and rows replaced, none doubled", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    await db.insertInto("document").values({ id: "2.pdf", displayName: "Loon survey", contentType: "application/pdf", size: 3, created: 1, updated: 1 }).execute();
    const documents = SOURCES.find((s) => s.source === "documents")!;
    // What a later migration does after rebuilding the table (on SQLite that drops its triggers) or changing a column.
    await addSearchSource(db as unknown as Kysely<unknown>, documents);
    await addSearchSource(db as unknown as Kysely<unknown>, documents);
    expect((await searchSite(db, ["loon"], { now: NOW })).map((r) => r.ref)).toEqual(["2.pdf"]);
    await db.updateTable("document").set({ displayName: "Heron survey" }).where("id", "=", "2.pdf").execute();
    expect(await searchSite(db, ["loon"], { now: NOW })).toEqual([]);
    expect((await searchSite(db, ["heron"], { now: NOW })).map((r) => r.ref)).toEqual(["2.pdf"]);
  });
});
