/**
 * Alerts and advisories per site (issue 27), on SQLite and PostgreSQL: with two beaches, one alert per change of a
 * site's public status, to the subscribers who chose that beach (and the first beach's to those who chose none, as
 * subscriptions made before); the EPA 2019 cyanotoxin advisory raised by a sample above 8 µg/L and lifted only after
 * two consecutive samples below; a bloom report is one more change; a second site's results never change the first
 * beach's reads.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { confirmSubscriber, countMailableSubscribers, requestSubscription, setSubscriberLists } from "#app/mail/data/subscribers.server.ts";
import { getAnnouncedBeachState } from "#app/beach/data/advisory.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";
import { loadBeachSummaries } from "#app/beach/site-sections.server.ts";
import { readSiteStates } from "#app/beach/site-state.server.ts";
import { listBeaches } from "#app/beach/data/sites.server.ts";
import { checkBeachState, importReadings, liftAdvisory, postAdvisory, recordReading, type BeachServices } from "#app/beach/updates.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { addTestSite, latestReadings, readingsSince } from "../support/sites.ts";

/** Noon UTC on 2026-07-10: the same calendar day in the demo's Chicago time zone. */
const NOW = Date.UTC(2026, 6, 10, 17);

/** The beach alerts queued so far, oldest first: subject and recipients' addresses. */
async function alerts(db: Database): Promise<{ subject: string; to: string[] }[]> {
  const messages = await db.selectFrom("outbox_message").select(["id", "subject", "createdAt"]).where("list", "=", "beach").orderBy("createdAt").orderBy("subject").execute();
  const result = [];
  for (const m of messages) {
    const to = await db.selectFrom("outbox_recipient").select("email").where("messageId", "=", m.id).orderBy("email").execute();
    result.push({ subject: m.subject, to: to.map((r) => r.email) });
  }
  return result;
}

describe.each(backends)("alerts per site on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  /** Two beaches ("beach", the first, and "north") and a station; four confirmed subscribers. */
  async function setUp(context: { skip: (note?: string) => never }): Promise<{ db: Database; services: BeachServices }> {
    if (!(await available())) context.skip("PostgreSQL is not available here");
    database = await create();
    const { db } = database;
    await addTestSite(db, { id: "north", name: "North Beach", kind: "beach", position: 1 });
    await addTestSite(db, { id: "deep", name: "Deep Hole", kind: "station", position: 2 });
    const subscribe = async (email: string, beachSites?: string[]) => {
      const { subscriber } = await requestSubscription(db, { email, lists: ["beach"], ip: "198.51.100.7", ...(beachSites ? { beachSites } : {}) });
      await confirmSubscriber(db, subscriber.id);
    };
    await subscribe("first@example.org", ["beach"]);
    await subscribe("north@example.org", ["north"]);
    await subscribe("both@example.org", ["beach", "north"]);
    await subscribe("before@example.org");
    const services = { db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => undefined } };
    return { db, services };
  }

  it("one alert per change of a site's status, to that beach's subscribers only", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40 }, NOW);
    await recordReading(services, { date: "2026-07-09", value: 40, siteId: "north" }, NOW + 1);
    expect(await alerts(db)).toEqual([]);
    await recordReading(services, { date: "2026-07-10", value: 1500, siteId: "north" }, NOW + 2);
    expect(await alerts(db)).toEqual([{ subject: "Beach status at North Beach: Closed", to: ["both@example.org", "north@example.org"] }]);
    expect(await getAnnouncedBeachState(db)).toBe("Open");
    expect(await getAnnouncedBeachState(db, "north")).toBe("Closed");
    // Both beaches change in one import: one alert each.
    await importReadings(
      services,
      [
        { date: "2026-07-10", value: 300 },
        { date: "2026-07-10", value: 20, siteId: "north" },
      ],
      NOW + 3,
    );
    const after = (await alerts(db)).slice(1);
    expect(after).toHaveLength(2);
    expect(after).toContainEqual({ subject: "Beach status at Heron Lake Public Beach: Caution", to: ["before@example.org", "both@example.org", "first@example.org"] });
    expect(after).toContainEqual({ subject: "Beach status at North Beach: Open", to: ["both@example.org", "north@example.org"] });
    // The periodic check covers every beach: both turn stale on 2026-07-18, one alert each.
    await checkBeachState(services, NOW + 8 * 24 * 60 * 60 * 1000);
    expect((await alerts(db)).slice(3).map((a) => a.subject).sort()).toEqual([
      "Beach status at Heron Lake Public Beach: no recent sample",
      "Beach status at North Beach: no recent sample",
    ]);
  });

  it("a subscriber who moves to another beach (the manage page) gets that beach's alerts instead; the counts follow", async (context) => {
    const { db, services } = await setUp(context);
    expect(await countMailableSubscribers(db, "beach", { id: "beach", first: true })).toBe(3);
    expect(await countMailableSubscribers(db, "beach", { id: "north", first: false })).toBe(2);
    const before = await db.selectFrom("subscriber").select("id").where("email", "=", "before@example.org").executeTakeFirstOrThrow();
    await setSubscriberLists(db, before.id, ["beach"], NOW, ["north"]);
    expect(await countMailableSubscribers(db, "beach", { id: "beach", first: true })).toBe(2);
    await recordReading(services, { date: "2026-07-09", value: 40 }, NOW);
    await recordReading(services, { date: "2026-07-09", value: 40, siteId: "north" }, NOW + 1);
    await recordReading(services, { date: "2026-07-10", value: 1500 }, NOW + 2);
    await recordReading(services, { date: "2026-07-10", value: 1500, siteId: "north" }, NOW + 3);
    expect(await alerts(db)).toEqual([
      { subject: "Beach status at Heron Lake Public Beach: Closed", to: ["both@example.org", "first@example.org"] },
      { subject: "Beach status at North Beach: Closed", to: ["before@example.org", "both@example.org", "north@example.org"] },
    ]);
  });

  it("a second site's and a second parameter's results never change the first beach's reads", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-08", value: 40 }, NOW);
    await recordReading(services, { date: "2026-07-09", value: 2000, siteId: "north" }, NOW + 1);
    await recordReading(services, { date: "2026-07-10", value: 3.5, siteId: "deep", parameterId: "secchi" }, NOW + 2);
    await recordReading(services, { date: "2026-07-10", value: 12, parameterId: "temperature" }, NOW + 3);
    expect((await latestReadings(db, 10)).map((m) => Number(m.value))).toEqual([40]);
    expect((await readingsSince(db, "2026-07-01")).map((m) => Number(m.value))).toEqual([40]);
    const streamed = [];
    for await (const m of streamResults(db, { siteId: "beach", parameterIds: ["ecoli"] })) streamed.push(Number(m.value));
    expect(streamed).toEqual([40]);
    expect((await loadBeachSummaries(db, NOW)).first?.status).toBe("Open");
    expect((await latestReadings(db, 10, "north")).map((m) => Number(m.value))).toEqual([2000]);
  });

  it("microcystins above 8 µg/L raise a Caution, one sample below keeps it, the second lifts it", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40, siteId: "north" }, NOW);
    const toxin = (date: string, value: number, qualifier: "" | "<" = "") =>
      recordReading(services, { date, value, siteId: "north", parameterId: "microcystins", qualifier, detectionLimit: qualifier ? value : null }, NOW + Date.parse(date) % 1000);
    await toxin("2026-07-02", 3);
    expect(await alerts(db)).toEqual([]);
    await toxin("2026-07-03", 9.1);
    expect((await alerts(db)).map((a) => a.subject)).toEqual(["Beach status at North Beach: Caution"]);
    const [north] = (await listBeaches(db)).filter((b) => b.id === "north");
    const state = (await readSiteStates(db, [north!], NOW)).get("north")!.state;
    expect(state).toMatchObject({ status: "Caution", key: "Caution:microcystins", decidedBy: { text: "microcystins 9.1 µg/L" } });
    await toxin("2026-07-04", 2);
    expect(await alerts(db)).toHaveLength(1);
    expect((await readSiteStates(db, [north!], NOW)).get("north")!.state.status).toBe("Caution");
    await toxin("2026-07-05", 0.3, "<");
    expect((await alerts(db)).map((a) => a.subject)).toEqual(["Beach status at North Beach: Caution", "Beach status at North Beach: Open"]);
    const mail = await db.selectFrom("outbox_message").select("text").where("subject", "=", "Beach status at North Beach: Caution").executeTakeFirstOrThrow();
    expect(mail.text).toContain("Decided by: microcystins 9.1 µg/L.");
    expect(mail.text).toContain("https://heronlake.example.org/the-lake#site-north");
    // The first beach never moved.
    expect(await getAnnouncedBeachState(db)).toBeUndefined();
  });

  it("a bloom report is a change of status at its beach, alerted once; lifting it is another", async (context) => {
    const { db, services } = await setUp(context);
    await recordReading(services, { date: "2026-07-09", value: 40, siteId: "north" }, NOW);
    await postAdvisory(services, { kind: "bloom", level: "red", reason: "Green scum at the swim area", postedAt: NOW + 1, postedBy: "Chair" }, NOW + 1, "north");
    await postAdvisory(services, { kind: "bloom", level: "red", reason: "Green scum at the swim area", postedAt: NOW + 2, postedBy: "Chair" }, NOW + 2, "north");
    expect((await alerts(db)).map((a) => a.subject)).toEqual(["Beach status at North Beach: Closed"]);
    const mail = await db.selectFrom("outbox_message").select("text").executeTakeFirstOrThrow();
    expect(mail.text).toContain("The board reports a bloom level of red: Green scum at the swim area");
    expect(await liftAdvisory(services, NOW + 3, "north")).toBe(true);
    expect((await alerts(db)).map((a) => a.subject)).toEqual(["Beach status at North Beach: Closed", "Beach status at North Beach: Open"]);
    expect(await liftAdvisory(services, NOW + 4)).toBe(false);
  });
});
