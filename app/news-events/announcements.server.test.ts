/**
 * Publishing news posts and events (issue 25, issue 26 part 3): the list mail goes only when the board chooses it,
 * never twice for one item (the database refuses a second announcement), drafts and scheduled items stay out of
 * every public read until their time, and an item, its going live and its mail are one transaction. On SQLite and
 * PostgreSQL.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import type { MailServices } from "#app/mail/outbox.server.ts";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { getVersions } from "#app/platform/data/changes.server.ts";
import { backends, type TestDatabase } from "../../tests/support/databases.ts";
import { publishDue, saveEvent, saveNewsPost, sendTestMail, previewMail, type PublishRequest } from "./announcements.server.ts";
import { listNews } from "./data/news.server.ts";
import { getPublicEvent, listCalendarEvents, listEventOccurrences } from "./data/events.server.ts";
import { nextPublication, recordAnnouncement } from "./data/publication.server.ts";

/** Noon UTC on 2026-07-10: the same calendar day in the demo's Chicago time zone. */
const NOW = new Date(Date.UTC(2026, 6, 10, 17));
const BY = { userId: "u1", email: "chair@example.org" };
const post = (title: string, date: string) => ({ title, text: "The ice is out.", date, author: "Chair" });
const event = (title: string, date: string) => ({ title, date, startTime: "10:00", timeDetails: "", place: "The dock", eventDetails: "Bring gloves.", author: "Chair" });
const NOW_NO_MAIL: PublishRequest = { choice: "now", at: null, mail: false };
const NOW_MAIL: PublishRequest = { choice: "now", at: null, mail: true };
const DRAFT_MAIL: PublishRequest = { choice: "draft", at: null, mail: true };

async function queued(db: Database, list: string): Promise<string[]> {
  return (await db.selectFrom("outbox_message").select("subject").where("list", "=", list).orderBy("createdAt").execute()).map((r) => r.subject);
}

describe.each(backends)("publishing news and events on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let kicks = 0;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function setUp(context: { skip: (note?: string) => never }): Promise<{ db: Database; services: MailServices }> {
    if (!(await available())) context.skip("PostgreSQL is not available here");
    database = await create();
    const { db } = database;
    const { subscriber } = await requestSubscription(db, { email: "reader@example.org", lists: ["news", "events"], ip: "198.51.100.7" });
    await confirmSubscriber(db, subscriber.id);
    kicks = 0;
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org", authSecret: "x".repeat(40) }, outbox: { kick: () => void kicks++ } };
    return { db, services };
  }

  it("mails the list only when the board chose it, and once: a re-save or re-publish with the box checked sends nothing more", async (context) => {
    const { db, services } = await setUp(context);
    await saveNewsPost(services, null, post("Quiet post", "2026-07-10"), NOW_NO_MAIL, BY, NOW);
    await saveEvent(services, null, event("Quiet event", "2026-08-01"), NOW_NO_MAIL, BY, NOW);
    expect(await queued(db, "news")).toEqual([]);
    expect(await queued(db, "events")).toEqual([]);
    expect(kicks).toBe(0);

    const mailed = (await saveNewsPost(services, null, post("Ice out", "2026-07-10"), NOW_MAIL, BY, NOW))!;
    const party = (await saveEvent(services, null, event("Clean-up day", "2026-08-01"), NOW_MAIL, BY, NOW))!;
    expect(await queued(db, "news")).toEqual(["Heron Lake Association: Ice out"]);
    expect(await queued(db, "events")).toEqual(["Heron Lake Association event: Clean-up day, Saturday, August 1, 2026"]);

    // Saved again with the box checked, taken back to draft and published again: nothing more is queued.
    await saveNewsPost(services, mailed.id, post("Ice out (edited)", "2026-07-10"), NOW_MAIL, BY, NOW);
    await saveNewsPost(services, mailed.id, post("Ice out (edited)", "2026-07-10"), DRAFT_MAIL, BY, NOW);
    await saveNewsPost(services, mailed.id, post("Ice out (edited)", "2026-07-10"), NOW_MAIL, BY, NOW);
    await saveEvent(services, party.id, event("Clean-up day", "2026-08-01"), NOW_MAIL, BY, NOW);
    expect(await queued(db, "news")).toEqual(["Heron Lake Association: Ice out"]);
    expect(await queued(db, "events")).toHaveLength(1);
    expect(kicks).toBe(2);
  });

  it("the database itself refuses a second announcement of one item", async (context) => {
    const { db } = await setUp(context);
    const row = { itemId: "item-1", list: "news", messageId: "m1", at: 1 };
    expect(await recordAnnouncement(db, { ...row, list: "news" })).toBe(true);
    expect(await recordAnnouncement(db, { ...row, list: "news", messageId: "m2" })).toBe(false);
    await expect(db.insertInto("announcement").values({ ...row, messageId: "m3" }).execute()).rejects.toThrow();
    expect(await db.selectFrom("announcement").select("messageId").execute()).toEqual([{ messageId: "m1" }]);
  });

  it("a draft is in no public read and is not mailed, even with the box checked, until it is published", async (context) => {
    const { db, services } = await setUp(context);
    const draft = (await saveNewsPost(services, null, post("Secret draft", "2026-07-10"), DRAFT_MAIL, BY, NOW))!;
    const draftEvent = (await saveEvent(services, null, event("Secret event", "2026-07-20"), DRAFT_MAIL, BY, NOW))!;
    const later = NOW.getTime() + 60_000;
    expect(await listNews(db, { now: later })).toEqual([]);
    expect(await listEventOccurrences(db, { from: "2026-01-01", to: "2026-12-31", now: later })).toEqual([]);
    expect(await listCalendarEvents(db, later)).toEqual([]);
    expect(await getPublicEvent(db, draftEvent.id, later)).toBeUndefined();
    expect(await queued(db, "news")).toEqual([]);
    expect(await queued(db, "events")).toEqual([]);

    await saveNewsPost(services, draft.id, post("Secret draft", "2026-07-10"), NOW_MAIL, BY, new Date(later));
    expect((await listNews(db, { now: later })).map((p) => p.title)).toEqual(["Secret draft"]);
    expect(await queued(db, "news")).toEqual(["Heron Lake Association: Secret draft"]);
  });

  it("a scheduled item is public from its time on, made live once with its counter bumped and its mail queued", async (context) => {
    const { db, services } = await setUp(context);
    const at = NOW.getTime() + 3_600_000;
    const scheduled = (await saveNewsPost(services, null, post("At one", "2026-07-10"), { choice: "at", at, mail: true }, BY, NOW))!;
    await saveEvent(services, null, event("Scheduled event", "2026-07-20"), { choice: "at", at, mail: false }, BY, NOW);
    expect(await nextPublication(db)).toBe(at);
    expect(await listNews(db, { now: at - 1 })).toEqual([]);
    expect(await listEventOccurrences(db, { from: "2026-01-01", to: "2026-12-31", now: at - 1 })).toEqual([]);
    expect(await publishDue(services, at - 1)).toBe(0);
    expect(await queued(db, "news")).toEqual([]);

    const before = await getVersions(db);
    expect((await listNews(db, { now: at })).map((p) => p.id)).toEqual([scheduled.id]);
    expect(await publishDue(services, at)).toBe(2);
    const after = await getVersions(db);
    expect(after.news).toBe((before.news ?? 0) + 1);
    expect(after.events).toBe((before.events ?? 0) + 1);
    expect(await queued(db, "news")).toEqual(["Heron Lake Association: At one"]);
    expect(await queued(db, "events")).toEqual([]);
    // Again (another process, the chores): nothing more.
    expect(await publishDue(services, at + 1000)).toBe(0);
    expect(await queued(db, "news")).toHaveLength(1);
    expect(await nextPublication(db)).toBeNull();
  });

  it("the test mail goes to the one address given, through the outbox, and records no announcement", async (context) => {
    const { db, services } = await setUp(context);
    const mail = await previewMail(db, "https://heronlake.example.org", { kind: "news", post: post("Preview me", "2026-07-10") });
    expect(await sendTestMail(services, mail, "chair@example.org")).toBe(true);
    const recipients = await db.selectFrom("outbox_recipient").innerJoin("outbox_message", "outbox_message.id", "outbox_recipient.messageId").select(["email", "subject"]).execute();
    expect(recipients).toEqual([{ email: "chair@example.org", subject: "Test: Heron Lake Association: Preview me" }]);
    expect(await db.selectFrom("announcement").selectAll().execute()).toEqual([]);
  });

  it("when the mail cannot be queued, the post or event is not saved either", async (context) => {
    const { db, services } = await setUp(context);
    await sql`ALTER TABLE outbox_recipient RENAME TO outbox_recipient_gone`.execute(db);
    await expect(saveNewsPost(services, null, post("Ice out", "2026-07-10"), NOW_MAIL, BY, NOW)).rejects.toThrow();
    await expect(saveEvent(services, null, event("Clean-up day", "2026-08-01"), NOW_MAIL, BY, NOW)).rejects.toThrow();
    await sql`ALTER TABLE outbox_recipient_gone RENAME TO outbox_recipient`.execute(db);
    expect(await db.selectFrom("news_post").select("title").execute()).toEqual([]);
    expect(await db.selectFrom("event").select("title").execute()).toEqual([]);
    expect(await db.selectFrom("announcement").selectAll().execute()).toEqual([]);
    expect(kicks).toBe(0);
  });
});
