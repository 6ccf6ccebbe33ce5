/**
 * Publishing a news post or an event carries its mail (issue 25): the post or event and its list mail are one
 * transaction. On SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import type { MailServices } from "#app/mail/outbox.server.ts";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { backends, type TestDatabase } from "../../tests/support/databases.ts";
import { publishEvent, publishNewsPost } from "./announcements.server.ts";

/** Noon UTC on 2026-07-10: the same calendar day in the demo's Chicago time zone. */
const NOW = new Date(Date.UTC(2026, 6, 10, 17));
const BY = { userId: "u1", email: "chair@example.org" };
const post = (title: string, date: string) => ({ title, text: "The ice is out.", date, author: "Chair" });
const event = (title: string, date: string) => ({ title, date, startTime: "10:00", timeDetails: "", place: "The dock", eventDetails: "Bring gloves.", author: "Chair" });

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

  it("a post or event dated today or later is saved with its mail; one dated before today is saved without", async (context) => {
    const { db, services } = await setUp(context);
    await publishNewsPost(services, post("Ice out", "2026-07-10"), BY, NOW);
    await publishNewsPost(services, post("Last winter", "2026-01-05"), BY, NOW);
    await publishEvent(services, event("Clean-up day", "2026-08-01"), BY, NOW);
    await publishEvent(services, event("Spring potluck", "2026-04-01"), BY, NOW);
    expect(await queued(db, "news")).toEqual(["Heron Lake Association: Ice out"]);
    expect(await queued(db, "events")).toEqual(["Heron Lake Association event: Clean-up day, Saturday, August 1, 2026"]);
    expect(kicks).toBe(2);
    expect((await db.selectFrom("news_post").select("title").execute()).length).toBe(2);
    expect((await db.selectFrom("event").select("title").execute()).length).toBe(2);
  });

  it("when the mail cannot be queued, the post or event is not saved either", async (context) => {
    const { db, services } = await setUp(context);
    await sql`ALTER TABLE outbox_recipient RENAME TO outbox_recipient_gone`.execute(db);
    await expect(publishNewsPost(services, post("Ice out", "2026-07-10"), BY, NOW)).rejects.toThrow();
    await expect(publishEvent(services, event("Clean-up day", "2026-08-01"), BY, NOW)).rejects.toThrow();
    await sql`ALTER TABLE outbox_recipient_gone RENAME TO outbox_recipient`.execute(db);
    expect(await db.selectFrom("news_post").select("title").execute()).toEqual([]);
    expect(await db.selectFrom("event").select("title").execute()).toEqual([]);
    expect(kicks).toBe(0);
  });
});
