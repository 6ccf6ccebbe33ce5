/**
 * Migration 0021 on an older install, on both back ends: the board's lists and a news post it had stay as they were,
 * and the pages of the board's own work on top of them: a page made, its address changed (the old one sends to the
 * new), its address taken back, pages moved and removed (their addresses then lead nowhere), and the "pages" change
 * counter moving with each write.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { getVersions } from "#app/platform/data/changes.server.ts";
import { questions } from "#app/site/data/site-content.server.ts";
import { createNewsPost, listNews } from "#app/news-events/data/news.server.ts";
import {
  boardPageLinks,
  countMenuPages,
  createBoardPage,
  findBoardPage,
  listBoardPages,
  listPublishedPages,
  moveBoardPage,
  removeBoardPages,
  SlugTaken,
  slugTaken,
  updateBoardPage,
} from "#app/site/data/board-pages.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../../tests/support/databases.ts";

const BY = "board@example.org";
const page = (slug: string, title: string, placement: "more" | "menu" = "more") => ({ slug, title, placement, body: `About ${title}.` });

describe.each(backends)("migration 0021-board-pages ($name)", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("upgrades an install of 0018 without touching its content, and pages work on top of it", async ({ skip }) => {
    if (!(await available())) skip("PostgreSQL is not reachable");
    database = await create({ migrate: false });
    await migrateBefore(database, "0021");
    const { db } = database;
    await questions.create(db, { question: "Can I swim?", answer: "Yes." }, BY, 1);
    await createNewsPost(db, { title: "Ice out", text: "The ice went out on April 2.", date: "2026-04-02", author: "" }, null, 2);
    const before = { faq: await questions.all(db), news: await listNews(db) };

    expect(await migrateToLatest(database)).toContain("0021-board-pages");
    expect({ faq: await questions.all(db), news: await listNews(db) }).toEqual(before);
    expect(await listBoardPages(db)).toEqual([]);

    const counter = async () => (await getVersions(db)).pages ?? 0;
    const launch = await createBoardPage(db, page("boat-launch", "Boat Launch"), BY, 10);
    const weeds = await createBoardPage(db, page("weeds", "Weeds", "menu"), BY, 11);
    expect(await counter()).toBe(2);
    await expect(createBoardPage(db, page("weeds", "Other weeds"), BY, 12)).rejects.toBeInstanceOf(SlugTaken);
    expect(await boardPageLinks(db, "more")).toEqual([{ to: "/more/boat-launch", label: "Boat Launch" }]);
    expect(await boardPageLinks(db, "menu")).toEqual([{ to: "/more/weeds", label: "Weeds" }]);
    expect(await countMenuPages(db)).toBe(1);
    expect(await countMenuPages(db, weeds.id)).toBe(0);

    // A new address: the old one sends to it, and another page may not take it.
    expect(await updateBoardPage(db, weeds.id, page("invasive-plants", "Weeds", "menu"), BY, 20)).toBe(true);
    expect(await findBoardPage(db, "weeds")).toEqual({ redirect: "/more/invasive-plants" });
    expect(await findBoardPage(db, "invasive-plants")).toMatchObject({ page: { id: weeds.id, title: "Weeds", updatedAt: 20 } });
    expect(await slugTaken(db, "weeds")).toBe(true);
    expect(await slugTaken(db, "weeds", weeds.id)).toBe(false);
    await expect(updateBoardPage(db, launch.id, page("weeds", "Boat Launch"), BY, 21)).rejects.toBeInstanceOf(SlugTaken);
    // Moved twice, both old addresses lead to where it is now; going back takes the address back.
    await updateBoardPage(db, weeds.id, page("milfoil", "Weeds", "menu"), BY, 22);
    expect(await findBoardPage(db, "weeds")).toEqual({ redirect: "/more/milfoil" });
    expect(await findBoardPage(db, "invasive-plants")).toEqual({ redirect: "/more/milfoil" });
    await updateBoardPage(db, weeds.id, page("weeds", "Weeds", "menu"), BY, 23);
    expect(await findBoardPage(db, "weeds")).toMatchObject({ page: { id: weeds.id } });
    expect(await findBoardPage(db, "milfoil")).toEqual({ redirect: "/more/weeds" });

    // The board's order.
    expect(await moveBoardPage(db, weeds.id, "up", BY, 30)).toBe(true);
    expect((await listBoardPages(db)).map((p) => p.slug)).toEqual(["weeds", "boat-launch"]);
    expect(await moveBoardPage(db, weeds.id, "up", BY, 31)).toBe(true);
    expect((await listBoardPages(db)).map((p) => p.slug)).toEqual(["weeds", "boat-launch"]);
    expect(await listPublishedPages(db)).toEqual([
      { path: "/more/weeds", title: "Weeds", updatedAt: 30, text: "About Weeds." },
      { path: "/more/boat-launch", title: "Boat Launch", updatedAt: 30, text: "About Boat Launch." },
    ]);

    // Removed: neither its address nor its old ones lead anywhere, and they are free again.
    expect(await removeBoardPages(db, [weeds.id])).toBe(1);
    for (const slug of ["weeds", "milfoil", "invasive-plants"]) expect(await findBoardPage(db, slug), slug).toBeUndefined();
    expect(await slugTaken(db, "milfoil")).toBe(false);
    expect(await listBoardPages(db)).toHaveLength(1);
    // Every write that went through moved the counter once (two creates, three moves of address, two moves, the removal); a refused one did not.
    expect(await counter()).toBe(8);
  });
});
