/**
 * Migration 0016 on an install from before per-site advisories, on both back ends: the board's advisory and the
 * announced alert state move to the first beach, and every existing subscription to beach alerts keeps receiving the
 * first beach's alerts (and only those), while a news-only subscription gets none.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { getAnnouncedBeachState, listSiteAdvisories } from "#app/beach/data/advisory.server.ts";
import { liftAdvisory, recordReading } from "#app/beach/updates.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";
import { addTestSite } from "../support/sites.ts";

/** Noon UTC on 2026-07-10. */
const NOW = Date.UTC(2026, 6, 10, 17);

describe.each(backends)("migration 0016 on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("moves the advisory and the announced state to the first beach; old subscribers keep its alerts", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0016");
    const advisory = { status: "Closed", reason: "Sewage spill at the north inlet", postedAt: NOW - 5000, postedBy: "Chair" };
    await db
      .insertInto("setting")
      .values([
        { key: "beach.advisory", value: JSON.stringify(advisory) },
        { key: "beach.announced", value: `advisory:Closed:${NOW - 5000}` },
      ])
      .execute();
    // Subscribers as issue 11 stored them: no beachSites column yet.
    const old = (id: string, email: string, lists: string) => ({ id, email, lists, createdAt: NOW - 9000, confirmedAt: NOW - 8000, consentIp: "198.51.100.7", updatedAt: NOW - 8000 });
    await (db as unknown as import("kysely").Kysely<{ subscriber: ReturnType<typeof old> }>)
      .insertInto("subscriber")
      .values([old("s1", "swimmer@example.org", "beach,news"), old("s2", "reader@example.org", "news")])
      .execute();
    await db.insertInto("measurement").values({ id: "r1", date: "2026-07-09", value: 40, name: "E. Coli", unit: "per 100mL", timestamp: NOW - 86_400_000, createdAt: NOW - 7000, siteId: "beach" }).execute();

    await migrateToLatest(database);

    expect(await db.selectFrom("setting").select("key").where("key", "in", ["beach.advisory", "beach.announced"]).execute()).toEqual([]);
    expect((await listSiteAdvisories(db)).get("beach")).toEqual({ kind: "board", ...advisory });
    expect(await getAnnouncedBeachState(db)).toBe(`advisory:Closed:${NOW - 5000}`);
    const subscribers = await db.selectFrom("subscriber").select(["id", "beachSites"]).orderBy("id").execute();
    expect(subscribers).toEqual([
      { id: "s1", beachSites: "beach" },
      { id: "s2", beachSites: "" },
    ]);

    // A second beach and its own subscriber arrive; the old subscriber still gets the first beach's alerts only.
    await addTestSite(db, { id: "north", name: "North Beach", kind: "beach" });
    await db.insertInto("subscriber").values({ ...old("s3", "north@example.org", "beach"), beachSites: "north" }).execute();
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => undefined } };
    expect(await liftAdvisory(services, NOW)).toBe(true);
    await recordReading(services, { date: "2026-07-10", value: 20, siteId: "north" }, NOW + 1);
    await recordReading(services, { date: "2026-07-10", value: 1500, siteId: "north" }, NOW + 2);
    const messages = await db.selectFrom("outbox_message").select(["id", "subject"]).where("list", "=", "beach").orderBy("createdAt").execute();
    const to = async (id: string) => (await db.selectFrom("outbox_recipient").select("email").where("messageId", "=", id).execute()).map((r) => r.email);
    expect(messages.map((m) => m.subject)).toEqual(["Beach status at Heron Lake Public Beach: Open", "Beach status at North Beach: Closed"]);
    expect(await to(messages[0]!.id)).toEqual(["swimmer@example.org"]);
    expect(await to(messages[1]!.id)).toEqual(["north@example.org"]);
  });
});
