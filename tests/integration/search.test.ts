/**
 * Site search (issue 28, decision 039) on both back ends: the index the triggers keep follows every write the domains
 * make (an edit, a delete, drafts and set times), results are ranked (a word in the title before a word in the text)
 * and highlighted by the database, the same shape on SQLite and PostgreSQL, and no query a visitor can type is a
 * syntax error.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNewsPost, deleteNewsPost, deleteNewsPosts, updateNewsPost } from "#app/news-events/data/news.server.ts";
import { createEvent, deleteEvent, updateEvent } from "#app/news-events/data/events.server.ts";
import { bylawsArticles, questions } from "#app/site/data/site-content.server.ts";
import { addDocument, deleteDocument, renameDocument } from "#app/documents/data/documents.server.ts";
import { createDiskStorage } from "#app/platform/files/storage.server.ts";
import { sql } from "kysely";
import { SEARCH_VECTOR_SQL, searchSite, type SearchResult } from "#app/search/data/search.server.ts";
import { SEARCH_VECTOR } from "#db/migrations/0023-site-search.ts";
import { highlightPieces, readQuery } from "#app/search/query.ts";
import { sourceView } from "#app/search/sources.ts";
import { createBoardPage, removeBoardPages, updateBoardPage } from "#app/site/data/board-pages.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const NOW = Date.UTC(2026, 6, 1, 12);
const post = (title: string, text: string, date = "2026-06-20") => ({ title, text, date, author: "The board" });
const event = (title: string, eventDetails: string, date = "2026-07-10") => ({ title, date, startTime: "10:00", timeDetails: "", place: "Town hall", eventDetails, author: "The board" });

/** Searches as the page does: the query read into words first. */
async function search(db: TestDatabase["db"], q: string, now = NOW): Promise<SearchResult[]> {
  const query = readQuery(q);
  return query.kind === "words" ? searchSite(db, query.words, { now }) : [];
}

/** A result's title or excerpt with its marked words in brackets: "[Geese] on the beach". */
const marked = (text: string) => highlightPieces(text).map((p) => (p.marked ? `[${p.text}]` : p.text)).join("");

describe.each(backends)("site search on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("finds every source, ranks a title match first and highlights the matched words", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    dir = mkdtempSync(path.join(tmpdir(), "shoreline-search-"));
    const storage = createDiskStorage(dir);
    const inText = await createNewsPost(db, post("Spring cleanup", "Forty volunteers pulled buckthorn; the geese watched from the north bay."), null, NOW - 1000);
    const inTitle = await createNewsPost(db, post("Geese on the beach", "What to do when they gather on the sand."), null, NOW - 1000);
    const walk = await createEvent(db, event("Goose walk", "We count the geese of the east shore."), null, NOW - 1000);
    const question = await questions.create(db, { question: "Why are geese a problem?", answer: "Their droppings raise **E. coli** counts at the beach." }, "a@example.org");
    const article = await bylawsArticles.create(db, { number: "Article IX", title: "Geese policy", sections: "The board may hire a dog to move geese." }, "a@example.org");
    await addDocument(db, storage, { id: "1767312000000.pdf", displayName: "Geese management plan", contentType: "application/pdf", bytes: new Uint8Array([1, 2, 3]) });

    const results = await search(db, "geese");
    expect(new Set(results.map((r) => r.source))).toEqual(new Set(["news", "events", "faq", "bylaws", "documents"]));
    expect(results.map((r) => r.ref)).toEqual(expect.arrayContaining([inText.id, inTitle.id, walk.id, question.id, article.id, "1767312000000.pdf"]));
    // A news post with the word in its title ranks above one with it only in its text.
    expect(results.findIndex((r) => r.ref === inTitle.id)).toBeLessThan(results.findIndex((r) => r.ref === inText.id));

    const byRef = (ref: string) => results.find((r) => r.ref === ref)!;
    expect(marked(byRef(inTitle.id).title)).toBe("[Geese] on the beach");
    expect(marked(byRef(inText.id).title)).toBe("Spring cleanup");
    expect(marked(byRef(inText.id).excerpt)).toContain("[geese] watched");
    expect(marked(byRef(article.id).title)).toBe("Article IX: [Geese] policy");
    expect(byRef("1767312000000.pdf")).toMatchObject({ source: "documents", excerpt: "" });
    expect(byRef(inText.id).date).toBe("2026-06-20");

    // Stemming: "goose walk" finds the walk by its title; every word must match.
    expect((await search(db, "walks goose")).map((r) => r.ref)).toEqual([walk.id]);
    expect(await search(db, "geese zeppelin")).toEqual([]);
    // A word of a document's name.
    expect((await search(db, "management")).map((r) => r.ref)).toEqual(["1767312000000.pdf"]);
  });

  it("follows an edit and a delete of every source, and keeps drafts and scheduled items out", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    dir = mkdtempSync(path.join(tmpdir(), "shoreline-search-"));
    const storage = createDiskStorage(dir);
    const news = await createNewsPost(db, post("Loon count", "Volunteers counted loons."), null, NOW - 1000);
    expect((await search(db, "loons")).map((r) => r.ref)).toEqual([news.id]);
    await updateNewsPost(db, news.id, post("Heron count", "Volunteers counted herons."), NOW - 500);
    expect(await search(db, "loons")).toEqual([]);
    expect((await search(db, "herons")).map((r) => r.ref)).toEqual([news.id]);
    await deleteNewsPost(db, news.id);
    expect(await search(db, "herons")).toEqual([]);

    const a = await createNewsPost(db, post("Dock permits", "Apply by May."), null, NOW - 1000);
    const b = await createNewsPost(db, post("Dock repairs", "The town fixes the dock."), null, NOW - 1000);
    await deleteNewsPosts(db, [a.id, b.id]);
    expect(await search(db, "dock")).toEqual([]);

    const walk = await createEvent(db, event("Shoreline walk", "Meet at the launch."), null, NOW - 1000);
    await updateEvent(db, walk.id, event("Shoreline paddle", "Meet at the launch."), NOW - 500);
    expect((await search(db, "paddle")).map((r) => r.ref)).toEqual([walk.id]);
    expect(await search(db, "walk")).toEqual([]);
    await deleteEvent(db, walk.id, NOW);
    expect(await search(db, "paddle")).toEqual([]);

    const question = await questions.create(db, { question: "Can I swim?", answer: "Yes, when the beach is open." }, "a@example.org");
    await questions.update(db, question.id, { question: "Can I fish?", answer: "Yes, with a licence." }, "a@example.org");
    expect(await search(db, "swim")).toEqual([]);
    expect((await search(db, "licence")).map((r) => r.ref)).toEqual([question.id]);
    await questions.remove(db, question.id);
    expect(await search(db, "licence")).toEqual([]);

    const article = await bylawsArticles.create(db, { number: "Article I", title: "Name", sections: "The association is named Heron Lake." }, "a@example.org");
    await bylawsArticles.update(db, article.id, { number: "Article I", title: "Name", sections: "The association is named Loon Lake." }, "a@example.org");
    expect((await search(db, "loon")).map((r) => r.ref)).toEqual([article.id]);
    await bylawsArticles.removeMany(db, [article.id]);
    expect(await search(db, "loon")).toEqual([]);

    await addDocument(db, storage, { id: "1767312000001.pdf", displayName: "Minutes of May", contentType: "application/pdf", bytes: new Uint8Array([1]) });
    await renameDocument(db, "1767312000001.pdf", "Minutes of June");
    expect(await search(db, "may")).toEqual([]);
    expect((await search(db, "june minutes")).map((r) => r.ref)).toEqual(["1767312000001.pdf"]);
    await deleteDocument(db, storage, "1767312000001.pdf");
    expect(await search(db, "june")).toEqual([]);

    // Drafts never; a post set for later only from its time on.
    await createNewsPost(db, post("Secret draft", "Not yet."), null, NOW, { draft: 1, publishAt: NOW, live: 0, mailOnPublish: 0 });
    const later = await createNewsPost(db, post("Regatta", "Sailing races."), null, NOW, { draft: 0, publishAt: NOW + 3_600_000, live: 0, mailOnPublish: 0 });
    expect(await search(db, "secret draft")).toEqual([]);
    expect(await search(db, "regatta")).toEqual([]);
    expect((await search(db, "regatta", NOW + 3_600_000)).map((r) => r.ref)).toEqual([later.id]);

    // Last year's events can be left out (the page shows this year's and later ones).
    const old = await createEvent(db, event("Winter carnival", "On the ice.", "2025-02-01"), null, NOW - 1000);
    expect((await searchSite(db, ["carnival"], { now: NOW })).map((r) => r.ref)).toEqual([old.id]);
    expect(await searchSite(db, ["carnival"], { now: NOW, notBefore: { events: "2026-01-01" } })).toEqual([]);
  });

  it("finds the board's own pages by their address, and follows a new address and a removal", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    const page = await createBoardPage(db, { title: "Boat launch", slug: "boat-launch", placement: "more", body: "Trailer parking and the **zebra mussel** wash station." }, "a@example.org", NOW);
    const found = await search(db, "zebra mussel");
    expect(found.map((r) => [r.source, r.ref])).toEqual([["pages", "boat-launch"]]);
    expect(marked(found[0]!.excerpt)).toContain("[zebra] [mussel]");
    expect(sourceView("pages")!.href(found[0]!)).toBe("/more/boat-launch");
    await updateBoardPage(db, page.id, { title: "Boat ramp", slug: "boat-ramp", placement: "more", body: "Trailer parking and the zebra mussel wash station." }, "a@example.org", NOW);
    expect((await search(db, "zebra")).map((r) => [r.ref, marked(r.title)])).toEqual([["boat-ramp", "Boat ramp"]]);
    expect((await search(db, "ramp")).map((r) => r.ref)).toEqual(["boat-ramp"]);
    await removeBoardPages(db, [page.id]);
    expect(await search(db, "zebra")).toEqual([]);
  });

  it("takes any query without an error: quotes, operators, punctuation, markup", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { db } = database;
    const ecoli = await createNewsPost(db, post("E. coli results", "The E. coli count was 120 CFU per 100 mL."), null, NOW - 1000);
    const hostile = await createNewsPost(db, post("<script>alert(1)</script> Markup", 'A <img src=x onerror="alert(2)"> and <mark>fake</mark> text'), null, NOW - 1000);

    for (const q of ['"', "AND(", "e. coli", "NEAR/2", "-*", "title:geese", "a OR b NOT c", "'; DROP TABLE news_post; --", "\\", "(((", "^", "🙂", "ß", "e\u0002coli\u0003", "*", "!!!"]) {
      await expect(search(db, q), q).resolves.toBeInstanceOf(Array);
    }
    expect((await search(db, "e. coli")).map((r) => r.ref)).toEqual([ecoli.id]);
    expect((await search(db, "E.COLI")).map((r) => r.ref)).toEqual([ecoli.id]);
    expect((await search(db, 'AND("coli"')).map((r) => r.ref)).toEqual([ecoli.id]);

    // Markup in the content comes back as text: only the markers mark words; the page escapes the rest.
    const [found] = await search(db, "fake markup");
    expect(found?.ref).toBe(hostile.id);
    expect(marked(found!.title)).toBe("<script>alert(1)</script> [Markup]");
    // (PostgreSQL's ts_headline drops the tags from an excerpt, FTS5's snippet keeps them as text.)
    expect(highlightPieces(found!.excerpt).filter((p) => p.marked)).toEqual([{ text: "fake", marked: true }]);
    expect(marked(found!.excerpt)).toMatch(/and (<mark>)?\s*\[fake\]/);
  });

  it("asks PostgreSQL with the GIN index's own expression, so that the index is used", async ({ skip }) => {
    if (name !== "postgres" || !(await available())) skip();
    database = await create();
    const { db } = database;
    expect(SEARCH_VECTOR_SQL).toBe(SEARCH_VECTOR);
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`EXPLAIN SELECT ref FROM search_index WHERE ${sql.raw(SEARCH_VECTOR_SQL)} @@ plainto_tsquery('english', 'geese')`.execute(trx);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("search_index_vector");
  });
});
