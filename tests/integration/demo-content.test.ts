/**
 * "Remove demo content" (issue 26, "Start clean"; decision 028) on both back ends: a seeded site counts what the demo
 * left, the board edits and adds a few things, and the removal takes only the untouched demo rows (news posts, events
 * with their cancellations, readings, board, FAQ, bylaws, businesses, banner, page texts, pictures and the demo's
 * social link). What the board added or edited stays.
 */
import { afterAll, describe, expect, it } from "vitest";
import { seedOnce } from "#db/seed.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createStores } from "#app/platform/files/stores.server.ts";
import { countDemoContent, describeDemoContent, removeDemoContent } from "#app/web/demo-content.server.ts";
import { createNewsPost, updateNewsPost } from "#app/news-events/data/news.server.ts";
import { listEventTombstones } from "#app/news-events/data/events.server.ts";
import { businesses, questions } from "#app/site/data/site-content.server.ts";
import { getPageTexts, savePageTexts } from "#app/site/data/page-texts.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getBanner } from "#app/site/data/banner.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const ADMIN = "chair@loonlake.example.org";

describe.each(backends)("demo content on $name", ({ name, create, available }) => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of made) await d.drop();
  });

  async function seeded() {
    const database = await create();
    made.push(database);
    const { images } = createStores({ dataDir: database.dir, s3: undefined });
    expect(await seedOnce(database.db, "demo", new Date(), images)).toBe(true);
    const services = { db: database.db, images, logger: createLogger("silent"), outbox: { kick() {} } as never, config: { publicUrl: "http://lake.test" } };
    return { db: database.db, services };
  }

  const count = async (db: TestDatabase["db"], table: "news_post" | "event" | "measurement" | "site_item" | "image") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("counts what the seed wrote and says it in the confirmation", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    const { db } = await seeded();
    const counts = await countDemoContent(db);
    expect(counts).toEqual({ news: 3, events: 5, readings: 30, board: 5, questions: counts.questions, bylaws: counts.bylaws, businesses: counts.businesses, banner: true, pageTexts: 14, pictures: 7, pages: 1, socialLink: "Facebook" });
    expect(counts.questions).toBeGreaterThan(0);
    expect(describeDemoContent(counts)).toBe(
      `This removes 3 news posts, 5 events, 30 readings, the banner, 5 board members, ${counts.bylaws} bylaws articles, ${counts.questions} questions, 14 page texts, 1 page, ${counts.businesses} local businesses, 7 pictures and the Facebook link in the header.`,
    );
  });

  it("removes the untouched demo rows and keeps what the board added or edited", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    const { db, services } = await seeded();
    const before = await countDemoContent(db);

    // The board edits a demo post, adds its own, edits an FAQ answer, adds a business and rewrites "How to pay".
    const [edited] = await db.selectFrom("news_post").select(["id", "title", "date", "text", "author"]).orderBy("date").execute();
    await updateNewsPost(db, edited!.id, { ...edited!, title: "Our own cleanup day", author: ADMIN }, Date.now() + 1000);
    const own = await createNewsPost(db, { title: "Welcome to Loon Lake", date: "2026-05-01", text: "Hello.", author: ADMIN }, null);
    const faq = (await questions.all(db))[0]!;
    await questions.update(db, faq.id, { question: faq.data.question, answer: "Ask at the town hall." }, ADMIN, Date.now() + 1000);
    await businesses.create(db, { name: "Loon Lake Bait", category: "Other", address: "1 Dock Road", phone: "", link: "https://bait.example.org" }, ADMIN);
    await savePageTexts(db, { howToPay: "Pay at the annual meeting." }, ADMIN, Date.now() + 1000);

    const left = await countDemoContent(db);
    expect(left).toEqual({ ...before, news: 2, questions: before.questions - 1, pageTexts: 13 });

    expect(await removeDemoContent(services, ADMIN)).toEqual(left);

    const news = await db.selectFrom("news_post").select("title").orderBy("title").execute();
    expect(news.map((n) => n.title)).toEqual(["Our own cleanup day", own.title]);
    expect(await count(db, "event")).toBe(0);
    expect((await listEventTombstones(db, { since: 0 })).length).toBe(5);
    expect(await count(db, "measurement")).toBe(0);
    expect((await questions.all(db)).map((q) => q.data.answer)).toEqual(["Ask at the town hall."]);
    expect((await businesses.all(db)).map((b) => b.data.name)).toEqual(["Loon Lake Bait"]);
    expect(await db.selectFrom("site_item").select("kind").where("kind", "in", ["board", "bylaws"]).execute()).toEqual([]);
    expect(await getBanner(db)).toBeUndefined();
    const texts = await getPageTexts(db);
    expect(texts.howToPay).toBe("Pay at the annual meeting.");
    expect(texts.welcome).toBe("");
    expect(texts.presidentLetter).toBe("");
    expect(await count(db, "image")).toBe(0);
    const details = await getAssociationDetails(db);
    expect([details.socialUrl, details.socialLabel]).toEqual(["", ""]);

    // Nothing of the demo is left to remove.
    const none = await countDemoContent(db);
    expect(describeDemoContent(none)).toBeNull();
  });
});
