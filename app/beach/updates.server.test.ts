/**
 * The beach's writes carry their side effect (issue 25): each way the public state changes queues the status alert
 * in the transaction of the write, so that a change is never saved without its alert. On SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { backends, type TestDatabase } from "../../tests/support/databases.ts";
import { getAnnouncedBeachState } from "./data/advisory.server.ts";
import { checkBeachState, deleteReading, importReadings, liftAdvisory, postAdvisory, recordReading, type BeachServices } from "./updates.server.ts";

const DAY = 24 * 60 * 60 * 1000;
/** Noon UTC on 2026-07-10: the same calendar day in the demo's Chicago time zone. */
const NOW = Date.UTC(2026, 6, 10, 17);

/** The beach alerts queued so far: their subjects, oldest first. */
async function alerts(db: Database): Promise<string[]> {
  const rows = await db.selectFrom("outbox_message").select(["subject", "createdAt"]).where("list", "=", "beach").orderBy("createdAt").execute();
  return rows.map((r) => r.subject);
}

describe.each(backends)("the beach's writes on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let kicks = 0;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  /** A new database with one confirmed beach-list subscriber, and the services the writes take. */
  async function setUp(context: { skip: (note?: string) => never }): Promise<{ db: Database; services: BeachServices }> {
    if (!(await available())) context.skip("PostgreSQL is not available here");
    database = await create();
    const { db } = database;
    const { subscriber } = await requestSubscription(db, { email: "swimmer@example.org", lists: ["beach"], ip: "198.51.100.7" });
    await confirmSubscriber(db, subscriber.id);
    kicks = 0;
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => void kicks++ } };
    return { db, services };
  }

  it("each change of state queues one alert, with the write; the first state is a baseline; no change, no alert", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40 }, NOW);
    expect(await alerts(db)).toEqual([]);
    expect(await getAnnouncedBeachState(db)).toBe("Open");
    await recordReading(services, { date: "2026-07-10", value: 60 }, NOW + 1);
    expect(await alerts(db)).toEqual([]);
    const high = await recordReading(services, { date: "2026-07-10", value: 1500 }, NOW + 2);
    expect(await alerts(db)).toEqual(["Beach status at Heron Lake Public Beach: Closed"]);
    expect(kicks).toBe(1);
    await deleteReading(services, high.id, NOW + 3);
    await postAdvisory(services, { status: "Caution", reason: "Algae bloom", postedAt: NOW + 4, postedBy: "Chair" }, NOW + 4);
    expect(await liftAdvisory(services, NOW + 5)).toBe(true);
    expect(await liftAdvisory(services, NOW + 6)).toBe(false);
    expect(await alerts(db)).toEqual([
      "Beach status at Heron Lake Public Beach: Closed",
      "Beach status at Heron Lake Public Beach: Open",
      "Beach advisory at Heron Lake Public Beach: Caution",
      "Beach status at Heron Lake Public Beach: Open",
    ]);
  });

  it("a season imported at once is one alert, with the latest status", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-06-01", value: 10 }, NOW);
    const season = [
      { date: "2026-06-02", value: 300 },
      { date: "2026-06-03", value: 2000 },
      { date: "2026-07-09", value: 250 },
    ];
    expect(await importReadings(services, season, NOW)).toEqual({ added: 3, skipped: 0, alerted: 1 });
    expect(await alerts(db)).toEqual(["Beach status at Heron Lake Public Beach: Caution"]);
    expect(await importReadings(services, season, NOW)).toEqual({ added: 0, skipped: 3, alerted: null });
  });

  it("the calendar's change, a reading turning stale, is announced once by the periodic check", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40 }, NOW);
    // On 2026-07-16 the sample is 7 days old: not yet stale; on 2026-07-17 it is.
    await checkBeachState(services, NOW + 6 * DAY);
    expect(await alerts(db)).toEqual([]);
    await checkBeachState(services, NOW + 7 * DAY);
    await checkBeachState(services, NOW + 7 * DAY + 1);
    expect(await alerts(db)).toEqual(["Beach status at Heron Lake Public Beach: no recent sample"]);
  });

  it("when the alert cannot be queued, the reading is not saved either", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40 }, NOW);
    // The outbox's table gone: queueing fails inside the write's transaction.
    await sql`ALTER TABLE outbox_recipient RENAME TO outbox_recipient_gone`.execute(db);
    await expect(recordReading(services, { date: "2026-07-10", value: 1500 }, NOW + 1)).rejects.toThrow();
    await expect(postAdvisory(services, { status: "Closed", reason: "Spill", postedAt: NOW + 2, postedBy: "Chair" }, NOW + 2)).rejects.toThrow();
    await sql`ALTER TABLE outbox_recipient_gone RENAME TO outbox_recipient`.execute(db);
    const stored = await db.selectFrom("measurement").select("value").execute();
    expect(stored.map((r) => Number(r.value))).toEqual([40]);
    expect(await db.selectFrom("setting").select("key").where("key", "=", "beach.advisory").execute()).toEqual([]);
    expect(await getAnnouncedBeachState(db)).toBe("Open");
    expect(kicks).toBe(0);
  });
});
