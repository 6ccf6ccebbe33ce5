/**
 * The models over real databases, on SQLite and PostgreSQL alike: news, events, banner, measurements, members,
 * settings, change counters and the demo seed.
 */
import { ONCE } from "#app/news-events/occurrences.ts";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { association } from "#content/association.ts";
import { seedOnce } from "#db/seed.ts";
import { boardMembers, businesses, bylawsArticles, questions } from "#app/site/data/site-content.server.ts";
import { board } from "#content/board.ts";
import { businesses as demoBusinesses } from "#content/businesses.ts";
import { bylaws } from "#content/bylaws.ts";
import { faq } from "#content/faq.ts";
import { noonOf, todayIn } from "#app/platform/text/dates.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { deleteBanner, getBanner, setBanner } from "#app/site/data/banner.server.ts";
import { getVersions } from "#app/platform/data/changes.server.ts";
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEventOccurrences,
  listUpcomingEvents,
  updateEvent,
  type EventInput,
} from "#app/news-events/data/events.server.ts";
import { saveAssociationDetails } from "#app/site/data/association.server.ts";
import {
  addMeasurement,
  deleteMeasurement,
  importMeasurements,
  listMeasurements,
} from "#app/beach/data/readings.server.ts";
import { addMembers, deleteMember, listMembers } from "#app/mail/data/members.server.ts";
import {
  createNewsPost,
  deleteNewsPost,
  getNewsPost,
  listNews,
  updateNewsPost,
  type NewsPostInput,
} from "#app/news-events/data/news.server.ts";
import { getSetting, setSetting } from "#app/platform/data/settings.server.ts";
import { latestReadings } from "../support/sites.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const CSV = new URL("../../db/data/montrose-beach-ecoli-2013-2015.csv", import.meta.url);
const TABLES = ["news_post", "event", "banner", "measurement", "member", "setting", "site_item"] as const;

function post(overrides: Partial<NewsPostInput> = {}): NewsPostInput {
  return { title: "A post", text: "Some text", date: "2026-05-01", author: "board@example.org", ...overrides };
}

function event(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: "An event",
    date: "2026-06-15",
    startTime: "10:00",
    timeDetails: "About an hour",
    place: "The beach",
    eventDetails: "Details",
    author: "board@example.org",
    ...overrides,
  };
}

/** The escherichia_coli column of the bundled file, read independently of the app's parser. */
function csvValues(): number[] {
  const [header, ...lines] = readFileSync(CSV, "utf8").trim().split(/\r?\n/);
  const column = header!.split(",").indexOf("escherichia_coli");
  expect(column).toBeGreaterThanOrEqual(0);
  return lines.map((line) => Number(line.split(",")[column]));
}

async function count(db: Database, table: (typeof TABLES)[number]): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}


async function clear(db: Database, ...tables: (typeof TABLES)[number][]): Promise<void> {
  for (const table of tables) await db.deleteFrom(table).execute();
}

describe.each(backends)("models on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  let skip = false;
  const extra: TestDatabase[] = [];

  beforeAll(async () => {
    skip = !(await available());
    if (!skip) database = await create();
  });
  afterAll(async () => {
    if (database) await database.drop();
    for (const d of extra) await d.drop();
  });

  /** A test over the shared database of this back end, skipped when the back end is not reachable. */
  function test(title: string, body: (db: Database) => Promise<void>) {
    it(title, async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      await body(database!.db);
    });
  }

  /** A fresh, migrated, empty database of this back end, dropped after the file. */
  async function freshDb(): Promise<Database> {
    const d = await create();
    extra.push(d);
    return d.db;
  }

  describe("news", () => {
    test("lists the newest first; limit 1 gives the newest (home page)", async (db) => {
      await clear(db, "news_post");
      await createNewsPost(db, post({ title: "March", date: "2026-03-01" }), null, 1);
      await createNewsPost(db, post({ title: "May", date: "2026-05-01" }), null, 2);
      await createNewsPost(db, post({ title: "April", date: "2026-04-01" }), null, 3);
      expect((await listNews(db, { limit: 1 })).map((p) => p.title)).toEqual(["May"]);
      expect((await listNews(db)).map((p) => p.title)).toEqual(["May", "April", "March"]);
    });

    test("orders posts of the same date by creation time, newest first", async (db) => {
      await clear(db, "news_post");
      await createNewsPost(db, post({ title: "first", date: "2026-05-01" }), null, 1000);
      await createNewsPost(db, post({ title: "second", date: "2026-05-01" }), null, 2000);
      expect((await listNews(db)).map((p) => p.title)).toEqual(["second", "first"]);
    });

    test("limit 100 gives the newest 100 of 105 (news page)", async (db) => {
      await clear(db, "news_post");
      for (let i = 1; i <= 105; i++) {
        const date = `2025-${String(Math.ceil(i / 28)).padStart(2, "0")}-${String(((i - 1) % 28) + 1).padStart(2, "0")}`;
        await createNewsPost(db, post({ title: `post ${i}`, date }), null, i);
      }
      const page = await listNews(db, { limit: 100 });
      expect(page).toHaveLength(100);
      expect(page[0]!.title).toBe("post 105");
      expect(page[99]!.title).toBe("post 6");
      expect(await listNews(db)).toHaveLength(105);
    });

    test("stores every field, the author id, created/updated and noon of the date in Chicago", async (db) => {
      await clear(db, "news_post");
      const created = await createNewsPost(db, post({ date: "2026-07-04" }), "user-1", 1_700_000_000_000);
      const stored = await getNewsPost(db, created.id);
      expect(stored).toEqual({
        id: created.id,
        title: "A post",
        text: "Some text",
        date: "2026-07-04",
        author: "board@example.org",
        authorId: "user-1",
        created: 1_700_000_000_000,
        updated: 1_700_000_000_000,
        timestamp: Date.parse("2026-07-04T17:00:00Z"),
        timezoneOffset: 300,
        // Published when made, not to be mailed (issue 26, migration 0011).
        draft: 0,
        publishAt: 1_700_000_000_000,
        live: 1,
        mailOnPublish: 0,
      });
      const winter = await createNewsPost(db, post({ date: "2026-01-15" }), null);
      expect(await getNewsPost(db, winter.id)).toMatchObject({
        authorId: null,
        timestamp: Date.parse("2026-01-15T18:00:00Z"),
        timezoneOffset: 360,
      });
    });

    test("update changes the fields, updated and the timestamp, not created", async (db) => {
      await clear(db, "news_post");
      const created = await createNewsPost(db, post({ date: "2026-01-15" }), "user-1", 1000);
      const changed = post({ title: "New title", text: "New text", date: "2026-07-04", author: "other@example.org" });
      expect(await updateNewsPost(db, created.id, changed, 5000)).toBe(true);
      expect(await getNewsPost(db, created.id)).toEqual({
        ...changed,
        id: created.id,
        authorId: "user-1",
        created: 1000,
        updated: 5000,
        ...noonOf("2026-07-04", association.timeZone),
        draft: 0,
        publishAt: 1000,
        live: 1,
        mailOnPublish: 0,
      });
      expect(await updateNewsPost(db, "no-such-id", changed)).toBe(false);
    });

    test("delete removes the post and reports a missing one", async (db) => {
      await clear(db, "news_post");
      const keep = await createNewsPost(db, post({ title: "keep" }), null);
      const gone = await createNewsPost(db, post({ title: "gone" }), null);
      expect(await deleteNewsPost(db, gone.id)).toBe(true);
      expect(await getNewsPost(db, gone.id)).toBeUndefined();
      expect(await deleteNewsPost(db, gone.id)).toBe(false);
      expect((await listNews(db)).map((p) => p.id)).toEqual([keep.id]);
    });

    test("stores SQL metacharacters, quotes, backslashes and Unicode verbatim", async (db) => {
      await clear(db, "news_post", "event");
      await createEvent(db, event(), null);
      const nasty = post({
        title: "'; DROP TABLE news_post; --",
        text: `Robert'); DROP TABLE event;--\n"quoted" \\ back\\slash %_ wildcards ünïcødé 🦆 $1 :name ? \`tick\``,
        author: "o'brien@example.org",
      });
      const created = await createNewsPost(db, nasty, null);
      const stored = await getNewsPost(db, created.id);
      expect(stored).toMatchObject(nasty);
      expect((await listNews(db))[0]).toMatchObject(nasty);
      // Both tables are still there.
      expect(await count(db, "news_post")).toBe(1);
      expect(await count(db, "event")).toBe(1);
    });

    test("refuses a date that is not a calendar date and stores nothing", async (db) => {
      await clear(db, "news_post");
      await expect(createNewsPost(db, post({ date: "2026-02-30" }), null)).rejects.toThrow(RangeError);
      expect(await count(db, "news_post")).toBe(0);
    });
  });

  describe("events", () => {
    test("lists a calendar year inclusive of 1 January and 31 December, excluding the days around it", async (db) => {
      await clear(db, "event");
      for (const date of ["2025-12-31", "2026-01-01", "2026-06-15", "2026-12-31", "2027-01-01"]) {
        await createEvent(db, event({ title: date, date }), null);
      }
      const listed = await listEventOccurrences(db, { from: "2026-01-01", to: "2026-12-31" });
      expect(listed.map((e) => e.date)).toEqual(["2026-01-01", "2026-06-15", "2026-12-31"]);
    });

    test("orders by date, then start time", async (db) => {
      await clear(db, "event");
      await createEvent(db, event({ title: "B 19:00", date: "2026-06-15", startTime: "19:00" }), null, 1);
      await createEvent(db, event({ title: "C", date: "2026-07-01", startTime: "08:00" }), null, 2);
      await createEvent(db, event({ title: "B 09:00", date: "2026-06-15", startTime: "09:00" }), null, 3);
      await createEvent(db, event({ title: "A", date: "2026-03-01", startTime: "20:00" }), null, 4);
      await createEvent(db, event({ title: "B 10:30", date: "2026-06-15", startTime: "10:30" }), null, 5);
      const listed = await listEventOccurrences(db, { from: "2026-01-01", to: "2026-12-31" });
      expect(listed.map((e) => e.title)).toEqual(["A", "B 09:00", "B 10:30", "B 19:00", "C"]);
    });

    test("upcoming: the first `limit` from today and the true total up to the end of the year", async (db) => {
      await clear(db, "event");
      const dates = ["2026-05-01", "2026-06-09", "2026-06-10", "2026-06-20", "2026-08-01", "2026-10-10", "2026-12-31", "2027-01-01"];
      for (const date of [...dates].reverse()) await createEvent(db, event({ title: date, date }), null);
      const { events, total } = await listUpcomingEvents(db, { today: "2026-06-10", to: "2026-12-31", limit: 2 });
      expect(events.map((e) => e.date)).toEqual(["2026-06-10", "2026-06-20"]);
      expect(total).toBe(5);
      expect(typeof total).toBe("number");
    });

    test("upcoming: each date of a repeating event counts, and an event under way today is in (issue 28)", async (db) => {
      await clear(db, "event");
      await createEvent(db, event({ title: "Derby", date: "2026-06-08", startTime: "", allDay: 1, endDate: "2026-06-10" }), null, 1);
      await createEvent(db, event({ title: "Paddle", date: "2026-05-13", startTime: "18:00", repeat: "weekly", repeatUntil: "2026-07-01", exceptions: "2026-06-17" }), null, 2);
      await createEvent(db, event({ title: "Over", date: "2026-06-01", endDate: "2026-06-09", startTime: "" }), null, 3);
      const { events, total } = await listUpcomingEvents(db, { today: "2026-06-10", to: "2026-12-31", limit: 3 });
      expect(events.map((e) => [e.title, e.date, e.endDate])).toEqual([
        ["Derby", "2026-06-08", "2026-06-10"],
        ["Paddle", "2026-06-10", ""],
        ["Paddle", "2026-06-24", ""],
      ]);
      expect(total).toBe(4);
      expect(events[1]!.firstDate).toBe("2026-05-13");
    });

    test("upcoming: none left gives no events and total 0", async (db) => {
      await clear(db, "event");
      await createEvent(db, event({ date: "2026-03-01" }), null);
      expect(await listUpcomingEvents(db, { today: "2026-06-10", to: "2026-12-31", limit: 2 })).toEqual({ events: [], total: 0 });
    });

    test("stores all fields with noon of the date; update and delete", async (db) => {
      await clear(db, "event");
      const created = await createEvent(db, event({ date: "2026-07-04", startTime: "" }), "user-1", 1000);
      expect(await getEvent(db, created.id)).toEqual({
        ...event({ date: "2026-07-04", startTime: "" }),
        id: created.id,
        authorId: "user-1",
        created: 1000,
        updated: 1000,
        timestamp: Date.parse("2026-07-04T17:00:00Z"),
        timezoneOffset: 300,
        sequence: 0,
        draft: 0,
        publishAt: 1000,
        live: 1,
        mailOnPublish: 0,
        // Once, on one day, without an end time (migration 0020's fields, left out by the caller).
        ...ONCE,
      });
      const changed = event({ title: "Moved", date: "2026-01-15", startTime: "18:30", place: "Town hall" });
      expect(await updateEvent(db, created.id, changed, 2000)).toBe(true);
      expect(await getEvent(db, created.id)).toMatchObject({
        ...changed,
        created: 1000,
        updated: 2000,
        timestamp: Date.parse("2026-01-15T18:00:00Z"),
        timezoneOffset: 360,
        sequence: 1,
      });
      expect(await updateEvent(db, "no-such-id", changed)).toBe(false);
      expect(await deleteEvent(db, created.id)).toBe(true);
      expect(await getEvent(db, created.id)).toBeUndefined();
      expect(await deleteEvent(db, created.id)).toBe(false);
    });
  });

  describe("banner", () => {
    test("is undefined, then set, replaced by a second set, and deleted", async (db) => {
      await clear(db, "banner");
      expect(await getBanner(db)).toBeUndefined();
      await setBanner(db, "Dues are due April 1", "a@example.org", 1000);
      expect(await getBanner(db)).toEqual({ id: 1, text: "Dues are due April 1", createdBy: "a@example.org", createdAt: 1000 });
      await setBanner(db, "Beach closed today", "b@example.org", 2000);
      expect(await getBanner(db)).toEqual({ id: 1, text: "Beach closed today", createdBy: "b@example.org", createdAt: 2000 });
      expect(await count(db, "banner")).toBe(1);
      await deleteBanner(db);
      expect(await getBanner(db)).toBeUndefined();
      await deleteBanner(db); // nothing to delete is fine
      expect(await count(db, "banner")).toBe(0);
    });
  });

  describe("measurements", () => {
    test("the latest 10 of 12, oldest first (public chart)", async (db) => {
      await clear(db, "measurement");
      const days = Array.from({ length: 12 }, (_, i) => i + 1);
      // Stored out of order, so that the order comes from the sample date, not the insertion.
      for (const day of [7, 1, 12, 3, 10, 5, 2, 11, 9, 4, 8, 6]) {
        await addMeasurement(db, { date: `2026-06-${String(day).padStart(2, "0")}`, value: day * 10 }, Date.parse("2026-07-01T12:00:00Z") + day);
      }
      const latest = await latestReadings(db, 10);
      expect(latest.map((m) => m.date)).toEqual(days.slice(2).map((d) => `2026-06-${String(d).padStart(2, "0")}`));
      expect(latest.map((m) => m.value)).toEqual(days.slice(2).map((d) => d * 10));
      const all = await listMeasurements(db);
      expect(all).toHaveLength(12);
      expect(all[0]!.date).toBe("2026-06-12");
      expect(all[11]!.date).toBe("2026-06-01");
    });

    test("keeps fractional values exactly, with the spec's name and unit and noon of the date", async (db) => {
      await clear(db, "measurement");
      const values = [155.951916, 2419.6, 0.1 + 0.2, 1355.802345, 1e-7, 123456.78901234567, 0];
      for (const [i, value] of values.entries()) await addMeasurement(db, { date: `2026-07-${String(i + 1).padStart(2, "0")}`, value });
      const stored = await latestReadings(db, 100);
      expect(stored.map((m) => m.value)).toEqual(values);
      expect(stored[3]).toMatchObject({
        date: "2026-07-04",
        name: "E. Coli",
        unit: "per 100mL",
        timestamp: Date.parse("2026-07-04T17:00:00Z"),
      });
    });

    test("delete removes one reading and reports a missing one", async (db) => {
      await clear(db, "measurement");
      const keep = await addMeasurement(db, { date: "2026-06-01", value: 12 });
      const gone = await addMeasurement(db, { date: "2026-06-02", value: 34.5 });
      expect(await deleteMeasurement(db, gone.id)).toBe(true);
      expect(await deleteMeasurement(db, gone.id)).toBe(false);
      expect((await listMeasurements(db)).map((m) => m.id)).toEqual([keep.id]);
    });

    test("refuses a date that is not a calendar date", async (db) => {
      await clear(db, "measurement");
      await expect(addMeasurement(db, { date: "2026-02-30", value: 1 })).rejects.toThrow(RangeError);
      expect(await count(db, "measurement")).toBe(0);
    });

    test("refuses a sample date after the day it is recorded, in the association's time zone (issue 24)", async (db) => {
      await clear(db, "measurement");
      // 03:00 UTC on 2026-11-28: still 2026-11-27 in Chicago (the demo's zone), already 2026-11-28 in Auckland.
      const now = Date.parse("2026-11-28T03:00:00Z");
      await addMeasurement(db, { date: "2026-11-27", value: 1 }, now);
      await expect(addMeasurement(db, { date: "2026-11-28", value: 2 }, now)).rejects.toThrow("The sample date 2026-11-28 is after today (2026-11-27 in America/Chicago)");
      await expect(addMeasurement(db, { date: "9999-12-31", value: 2 }, now)).rejects.toThrow(RangeError);
      await expect(importMeasurements(db, [{ date: "2026-11-20", value: 3 }, { date: "2026-11-28", value: 4 }], now)).rejects.toThrow(RangeError);
      expect((await listMeasurements(db)).map((m) => m.date)).toEqual(["2026-11-27"]);
      await saveAssociationDetails(db, { timeZone: "Pacific/Auckland" }, "test");
      try {
        await addMeasurement(db, { date: "2026-11-28", value: 2 }, now);
        await expect(addMeasurement(db, { date: "2026-11-29", value: 2 }, now)).rejects.toThrow(RangeError);
      } finally {
        await saveAssociationDetails(db, { timeZone: association.timeZone }, "test");
      }
      expect((await listMeasurements(db)).map((m) => m.date)).toEqual(["2026-11-28", "2026-11-27"]);
    });

    test("refuses a value that is not a count from 0 to 1,000,000 per 100 mL (issue 24)", async (db) => {
      await clear(db, "measurement");
      for (const value of [-1, 1_000_000.5, Number.POSITIVE_INFINITY, Number.NaN, 1e308]) {
        await expect(addMeasurement(db, { date: "2026-06-01", value }), String(value)).rejects.toThrow(RangeError);
      }
      await expect(importMeasurements(db, [{ date: "2026-06-01", value: 5 }, { date: "2026-06-02", value: 16e6 }])).rejects.toThrow(RangeError);
      expect(await count(db, "measurement")).toBe(0);
      await addMeasurement(db, { date: "2026-06-01", value: 1_000_000 });
      await addMeasurement(db, { date: "2026-06-01", value: 0 });
      expect((await listMeasurements(db)).map((m) => Number(m.value)).sort((a, b) => a - b)).toEqual([0, 1_000_000]);
    });
  });

  describe("members", () => {
    test("adds trimmed emails, skipping empty entries and duplicates without regard to case", async (db) => {
      await clear(db, "member");
      const added = await addMembers(db, " a@x.org , b@x.org,,A@X.org ");
      expect(added.map((m) => m.email)).toEqual(["a@x.org", "b@x.org"]);
      expect((await listMembers(db)).map((m) => m.email)).toEqual(["a@x.org", "b@x.org"]);
      expect(await addMembers(db, " a@x.org , b@x.org,,A@X.org ")).toEqual([]);
      expect(await addMembers(db, "B@X.ORG")).toEqual([]);
      expect(await count(db, "member")).toBe(2);
    });

    test("stores an entry that is not an email as is (spec §5: trimmed, not validated)", async (db) => {
      await clear(db, "member");
      expect((await addMembers(db, "  not an email  ")).map((m) => m.email)).toEqual(["not an email"]);
    });

    test("delete removes one member and reports a missing one", async (db) => {
      await clear(db, "member");
      const [a, b] = await addMembers(db, "a@x.org,b@x.org");
      expect(await deleteMember(db, a!.id)).toBe(true);
      expect(await deleteMember(db, a!.id)).toBe(false);
      expect((await listMembers(db)).map((m) => m.id)).toEqual([b!.id]);
    });
  });

  describe("settings", () => {
    test("get is undefined until set; set overwrites", async (db) => {
      await clear(db, "setting");
      expect(await getSetting(db, "emailWorkerUrl")).toBeUndefined();
      await setSetting(db, "emailWorkerUrl", "https://worker.example/one");
      expect(await getSetting(db, "emailWorkerUrl")).toBe("https://worker.example/one");
      await setSetting(db, "emailWorkerUrl", "https://worker.example/two");
      expect(await getSetting(db, "emailWorkerUrl")).toBe("https://worker.example/two");
      expect(await count(db, "setting")).toBe(1);
    });
  });

  describe("change counters", () => {
    test("each write bumps its own topic only", async (db) => {
      const writes: [string, () => Promise<unknown>][] = [
        ["events", () => createEvent(db, event(), null)],
        ["news", () => createNewsPost(db, post(), null)],
        ["banner", () => setBanner(db, "text", "a@example.org")],
        ["measurements", () => addMeasurement(db, { date: "2026-06-01", value: 1 })],
        ["members", () => addMembers(db, `${crypto.randomUUID()}@x.org`)],
      ];
      for (const [topic, write] of writes) {
        const before = await getVersions(db);
        await write();
        const after = await getVersions(db);
        expect(after[topic as keyof typeof after]).toBe((before[topic as keyof typeof before] ?? 0) + 1);
        for (const other of Object.keys(after)) {
          if (other !== topic) expect(after[other as keyof typeof after]).toBe(before[other as keyof typeof before]);
        }
        expect(typeof after[topic as keyof typeof after]).toBe("number");
      }
    });

    test("a fresh database has no versions", async () => {
      expect(await getVersions(await freshDb())).toEqual({});
    });
  });

  describe("seedOnce", () => {
    test("writes the demo content once, with the last 30 real readings ending today in Chicago", async () => {
      const db = await freshDb();
      // 03:00 UTC on 1 March is still 28 February in Chicago.
      const now = new Date("2026-03-01T03:00:00Z");
      const today = todayIn(association.timeZone, now);
      expect(today).toBe("2026-02-28");
      expect(await seedOnce(db, "demo", now)).toBe(true);

      expect(await count(db, "news_post")).toBe(3);
      expect(await count(db, "event")).toBe(5);
      expect(await getBanner(db)).toBeDefined();
      const readings = await latestReadings(db, 1000);
      expect(readings).toHaveLength(30);
      expect(readings.at(-1)!.date).toBe(today);
      expect(readings[0]!.date).toBe("2026-01-30");
      expect(new Set(readings.map((r) => r.date)).size).toBe(30);
      expect(readings.map((r) => r.value)).toEqual(csvValues().slice(-30));

      const counts = await Promise.all(TABLES.map((t) => count(db, t)));
      expect(await seedOnce(db, "demo", now)).toBe(false);
      expect(await seedOnce(db, "demo")).toBe(false);
      expect(await Promise.all(TABLES.map((t) => count(db, t)))).toEqual(counts);
    });

    test("with the current time, the last reading is today in Chicago", async () => {
      const db = await freshDb();
      const before = todayIn(association.timeZone);
      expect(await seedOnce(db, "demo")).toBe(true);
      const after = todayIn(association.timeZone);
      const last = (await latestReadings(db, 1))[0]!;
      expect([before, after]).toContain(last.date);
    });

    test("mode none leaves a fresh database empty, and a later demo call writes nothing", async () => {
      const db = await freshDb();
      expect(await seedOnce(db, "none")).toBe(false);
      expect(await seedOnce(db, "demo")).toBe(false);
      for (const table of ["news_post", "event", "banner", "measurement", "member", "site_item"] as const) {
        expect(await count(db, table)).toBe(0);
      }
    });

    test("an install seeded before the board's lists were in the database gets the demo's lists once; one started empty stays empty", async () => {
      const old = await freshDb();
      await old.insertInto("setting").values({ key: "seededAt", value: "2026-05-01T00:00:00.000Z" }).execute();
      expect(await seedOnce(old, "demo")).toBe(false);
      expect((await boardMembers.all(old)).map((m) => m.data.name)).toEqual(board.map((m) => m.name));
      expect((await questions.all(old)).map((q) => q.data.question)).toEqual(faq.map((q) => q.question));
      expect(await bylawsArticles.all(old)).toHaveLength(bylaws.length);
      expect(await businesses.all(old)).toHaveLength(demoBusinesses.length);
      const rows = await count(old, "site_item");
      await seedOnce(old, "demo");
      expect(await count(old, "site_item")).toBe(rows);

      const empty = await freshDb();
      await empty.insertInto("setting").values({ key: "seededAt", value: "none" }).execute();
      await seedOnce(empty, "demo");
      expect(await count(empty, "site_item")).toBe(0);
    });

    test("does not seed a database that already has news", async () => {
      const db = await freshDb();
      await createNewsPost(db, post(), null);
      expect(await seedOnce(db, "demo")).toBe(false);
      expect(await count(db, "news_post")).toBe(1);
      expect(await count(db, "event")).toBe(0);
      expect(await count(db, "measurement")).toBe(0);
    });
  });
});
