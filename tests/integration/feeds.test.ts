/**
 * Feeds and open data (issue 11 parts 5 and 6) over real databases, on SQLite and PostgreSQL alike: each route's
 * loader is called with the router context a request gets, and what it answers is read back with parsers that share
 * nothing with the writers — ical.js for iCalendar, fast-xml-parser for Atom, csv-parse for CSV, JSON.parse.
 *
 * The association's zone is America/Chicago: an event at 19:00 on 30 October 2026 (CDT, UTC-5) and one at 19:00 on
 * 6 November 2026 (CST, UTC-6, after the change of 1 November) must both read back as 19:00 local, at 00:00 and 01:00
 * UTC the next day.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import ICAL from "ical.js";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext, type Services } from "#app/web/services.server.ts";
import { saveAssociationDetails } from "#app/site/data/association.server.ts";
import { createEvent, deleteEvent, getEvent, listEventOccurrences, updateEvent, type EventInput } from "#app/news-events/data/events.server.ts";
import { importMeasurements } from "#app/beach/data/readings.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";
import { createNewsPost, updateNewsPost } from "#app/news-events/data/news.server.ts";
import * as beachAtomRoute from "#app/routes/feeds/beach-atom.ts";
import * as csvRoute from "#app/routes/feeds/beach-readings-csv.ts";
import * as jsonRoute from "#app/routes/feeds/beach-readings-json.ts";
import * as eventIcsRoute from "#app/routes/feeds/event-ics.ts";
import * as eventsIcsRoute from "#app/routes/feeds/events-ics.ts";
import * as newsAtomRoute from "#app/routes/feeds/news-atom.ts";
import * as swimGuideRoute from "#app/routes/feeds/swimguide-json.ts";
import * as wqxRoute from "#app/routes/feeds/wqx-results-csv.ts";
import * as siteCsvRoute from "#app/routes/feeds/site-readings-csv.ts";
import * as siteJsonRoute from "#app/routes/feeds/site-readings-json.ts";
import * as siteAtomRoute from "#app/routes/feeds/site-atom.ts";
import { setSiteCoordinates } from "#app/beach/data/sites.server.ts";
import { listSitesLeftOutOfSwimGuide } from "#app/beach/open-data-sources.server.ts";
import { WQX_COLUMNS } from "#app/beach/wqx.ts";
import { recmlErrors } from "../support/recml.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const PUBLIC_URL = "https://heronlake.example.org";

function event(overrides: Partial<EventInput> = {}): EventInput {
  return { title: "Star night", date: "2026-10-30", startTime: "19:00", timeDetails: "About two hours", place: "The dock", eventDetails: "Bring a *chair*; and, a blanket", author: "Board", ...overrides };
}

/** Calls a route's loader as React Router would for a GET of `path`, with this test's database in the context. */
async function get(route: { loader: (args: never) => unknown }, db: TestDatabase, path: string, params: Record<string, string> = {}): Promise<Response> {
  const context = new RouterContextProvider();
  // The loaders read the database and the public address from the services; nothing else of them runs here.
  context.set(servicesContext, { db: db.db, config: { publicUrl: PUBLIC_URL } } as unknown as Services);
  const request = new Request(`http://127.0.0.1${path}`);
  try {
    return (await route.loader({ request, params, context } as never)) as Response;
  } catch (thrown) {
    // A loader throws `data(null, { status })` for a missing record.
    if (thrown && typeof thrown === "object" && "init" in thrown) return new Response(null, (thrown as { init: ResponseInit }).init);
    throw thrown;
  }
}

const atom = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["entry", "link", "author"].includes(name) });

/** The text a feed reader shows for an Atom text construct: `type="html"` is decoded once more as HTML. */
function shown(construct: string | { "#text": string; "@type"?: string }): string {
  if (typeof construct === "string") return construct;
  if (construct["@type"] !== "html") return construct["#text"];
  if (/<[a-z/]/i.test(construct["#text"])) throw new Error(`markup in a text: ${construct["#text"]}`);
  return construct["#text"].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

describe.each(backends)("feeds and open data on $name", ({ name, create, available }) => {
  let db: TestDatabase | undefined;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!(await available())) return;
    db = await create();
    await saveAssociationDetails(db.db, { name: "Heron Lake Association", timeZone: "America/Chicago", beachName: "Heron Lake Public Beach" }, "test");
    ids.before = (await createEvent(db.db, event(), null, 1_000)).id;
    ids.after = (await createEvent(db.db, event({ title: "Star night, after the clocks change", date: "2026-11-06" }), null, 1_000)).id;
    ids.allDay = (await createEvent(db.db, event({ title: "Shore clean-up", date: "2026-11-07", startTime: "" }), null, 1_000)).id;
    ids.edited = (await createEvent(db.db, event({ title: "Annual meeting", date: "2026-08-01" }), null, 1_000)).id;
    await updateEvent(db.db, ids.edited, event({ title: "Annual meeting", date: "2026-08-01", startTime: "18:30" }), 2_000);
    await updateEvent(db.db, ids.edited, event({ title: "Annual meeting (moved)", date: "2026-08-02", startTime: "18:30" }), 3_000);
    ids.deleted = (await createEvent(db.db, event({ title: "Fireworks", date: "2026-07-04", startTime: "21:00" }), null, 1_000)).id;
    await deleteEvent(db.db, ids.deleted);
    // Issue 28 part 2: a weekly 19:00-21:00 evening across the November change, one week skipped; a weekend all day.
    const weekly = { title: "Loon count", date: "2026-10-22", startTime: "19:00", endTime: "21:00", repeat: "weekly" as const, repeatUntil: "2026-11-19", exceptions: "2026-11-12" };
    ids.weekly = (await createEvent(db.db, event(weekly), null, 1_000)).id;
    ids.weekend = (await createEvent(db.db, event({ title: "Fishing derby", date: "2026-06-13", startTime: "", allDay: 1, endDate: "2026-06-14" }), null, 1_000)).id;
    ids.evening = (await createEvent(db.db, event({ title: "Board meeting", date: "2026-09-08", startTime: "18:30", endTime: "20:00" }), null, 1_000)).id;
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });

  function database(skip: (note?: string) => void): TestDatabase {
    if (!db) skip(`${name} is not reachable`);
    return db!;
  }

  describe("/events.ics", () => {
    async function calendar(skip: (note?: string) => void) {
      const response = await get(eventsIcsRoute, database(skip), "/events.ics");
      return { response, text: await response.text() };
    }

    it("is text/calendar, cached 5 minutes, with a name, a refresh interval and the association's VTIMEZONE", async ({ skip }) => {
      const { response, text } = await calendar(skip);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const vcalendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
      expect(vcalendar.getFirstPropertyValue("version")).toBe("2.0");
      expect(vcalendar.getFirstPropertyValue("name")).toBe("Heron Lake Association events");
      expect(String(vcalendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
      expect(vcalendar.getAllSubcomponents("vtimezone").map((tz) => tz.getFirstPropertyValue("tzid"))).toEqual(["America/Chicago"]);
      expect(text).toMatch(/\r\n/);
      expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    });

    it("reads back 19:00 local on both sides of the November change, at the right UTC instants", async ({ skip }) => {
      const { text } = await calendar(skip);
      const vcalendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
      const byUid = new Map(vcalendar.getAllSubcomponents("vevent").map((c) => [String(c.getFirstPropertyValue("uid")), new ICAL.Event(c)]));
      const before = byUid.get(ids.before!)!;
      const after = byUid.get(ids.after!)!;
      for (const e of [before, after]) {
        expect(e.startDate.zone?.tzid).toBe("America/Chicago");
        expect([e.startDate.hour, e.startDate.minute]).toEqual([19, 0]);
      }
      expect(before.startDate.toJSDate().toISOString()).toBe("2026-10-31T00:00:00.000Z");
      expect(after.startDate.toJSDate().toISOString()).toBe("2026-11-07T01:00:00.000Z");
      expect(before.summary).toBe("Star night");
      expect(before.location).toBe("The dock");
      expect(before.description).toBe("About two hours\n\nBring a *chair*; and, a blanket");
      // An event without a start time is an all-day event on its date.
      const allDay = byUid.get(ids.allDay!)!;
      expect(allDay.startDate.isDate).toBe(true);
      expect(allDay.startDate.toString()).toBe("2026-11-07");
    });

    it("keeps each event's id as its UID, stamps it in UTC with its last change, and counts edits in SEQUENCE", async ({ skip }) => {
      const { text } = await calendar(skip);
      const vevents = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents("vevent");
      const edited = vevents.find((c) => c.getFirstPropertyValue("uid") === ids.edited)!;
      expect(edited.getFirstPropertyValue("sequence")).toBe(2);
      expect(edited.getFirstPropertyValue("summary")).toBe("Annual meeting (moved)");
      const stamp = edited.getFirstPropertyValue("dtstamp") as ICAL.Time;
      expect(stamp.zone?.tzid).toBe("UTC");
      expect(stamp.toJSDate().getTime()).toBe(3_000);
      expect(vevents.find((c) => c.getFirstPropertyValue("uid") === ids.before)!.getFirstPropertyValue("sequence")).toBe(0);
      expect(new Set(vevents.map((c) => c.getFirstPropertyValue("uid"))).size).toBe(vevents.length);
    });

    it("lists a deleted event as cancelled, with a higher sequence, so subscribed calendars drop it", async ({ skip }) => {
      const { text } = await calendar(skip);
      const gone = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents("vevent").find((c) => c.getFirstPropertyValue("uid") === ids.deleted)!;
      expect(gone.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(gone.getFirstPropertyValue("sequence")).toBe(1);
      expect(gone.getFirstPropertyValue("summary")).toBe("Fireworks");
      expect((gone.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe("2026-07-05T02:00:00.000Z");
    });

    it("drops a tombstone after 90 days", async ({ skip }) => {
      const db = database(skip);
      const old = await createEvent(db.db, event({ title: "Long gone" }), null, 1_000);
      await deleteEvent(db.db, old.id, Date.now() - 91 * 24 * 60 * 60 * 1000);
      const { text } = await calendar(skip);
      expect(text).not.toContain("Long gone");
      expect(text).toContain("Fireworks");
    });

    it("lists an event deleted 90 days less a minute ago as cancelled, and not one deleted 90 days and a minute ago", async ({ skip }) => {
      const db = database(skip);
      const minute = 60_000;
      const ninetyDays = 90 * 24 * 60 * minute;
      await deleteEvent(db.db, (await createEvent(db.db, event({ title: "Cancelled in spring" }), null, 1_000)).id, Date.now() - ninetyDays + minute);
      await deleteEvent(db.db, (await createEvent(db.db, event({ title: "Cancelled last winter" }), null, 1_000)).id, Date.now() - ninetyDays - minute);
      const { text } = await calendar(skip);
      expect(text).toContain("Cancelled in spring");
      expect(text).not.toContain("Cancelled last winter");
    });
  });

  describe("/events.ics: ends, all-day and repeating events (issue 28 part 2)", () => {
    async function vevent(skip: (note?: string) => void, id: string): Promise<ICAL.Event> {
      const response = await get(eventsIcsRoute, database(skip), "/events.ics");
      const vevents = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]).getAllSubcomponents("vevent");
      return new ICAL.Event(vevents.find((c) => c.getFirstPropertyValue("uid") === id)!);
    }

    it("expands a weekly 19:00 event across the November change at 19:00 local each time, the skipped week left out, as the page does", async ({ skip }) => {
      const weekly = await vevent(skip, ids.weekly!);
      expect(weekly.isRecurring()).toBe(true);
      const starts: string[] = [];
      const local: string[] = [];
      const iterator = weekly.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        const { startDate, endDate } = weekly.getOccurrenceDetails(next);
        starts.push(startDate.toJSDate().toISOString());
        local.push(`${startDate.toString()} to ${endDate.toString().slice(11)}`);
        expect(startDate.zone?.tzid).toBe("America/Chicago");
      }
      expect(local).toEqual(["2026-10-22T19:00:00 to 21:00:00", "2026-10-29T19:00:00 to 21:00:00", "2026-11-05T19:00:00 to 21:00:00", "2026-11-19T19:00:00 to 21:00:00"]);
      // CDT (UTC-5) before 1 November, CST (UTC-6) after it.
      expect(starts).toEqual(["2026-10-23T00:00:00.000Z", "2026-10-30T00:00:00.000Z", "2026-11-06T01:00:00.000Z", "2026-11-20T01:00:00.000Z"]);
      const onPage = (await listEventOccurrences(database(skip).db, { from: "2026-01-01", to: "2026-12-31" })).filter((o) => o.id === ids.weekly);
      expect(onPage.map((o) => o.date)).toEqual(local.map((l) => l.slice(0, 10)));
    });

    it("writes an all-day weekend as DATE values, ending the day after its last day", async ({ skip }) => {
      const weekend = await vevent(skip, ids.weekend!);
      expect(weekend.startDate.isDate).toBe(true);
      expect(weekend.startDate.toString()).toBe("2026-06-13");
      expect(weekend.endDate.toString()).toBe("2026-06-15");
      expect(weekend.duration.toString()).toBe("P2D");
      expect(weekend.isRecurring()).toBe(false);
    });

    it("gives a timed event its end in the association's zone; an event without an end time none", async ({ skip }) => {
      const evening = await vevent(skip, ids.evening!);
      expect(evening.endDate.zone?.tzid).toBe("America/Chicago");
      expect(evening.endDate.toJSDate().toISOString()).toBe("2026-09-09T01:00:00.000Z");
      const before = await vevent(skip, ids.before!);
      expect(before.component.hasProperty("dtend")).toBe(false);
    });
  });

  describe("/events/:id.ics", () => {
    it("is one event as a file to add to a calendar", async ({ skip }) => {
      const db = database(skip);
      const response = await get(eventIcsRoute, db, `/events/${ids.after}.ics`, { id: ids.after! });
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Star night, after the clocks change\.ics"/);
      const vevents = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]).getAllSubcomponents("vevent");
      expect(vevents).toHaveLength(1);
      const only = new ICAL.Event(vevents[0]!);
      expect(only.uid).toBe(ids.after);
      expect(only.startDate.toJSDate().toISOString()).toBe("2026-11-07T01:00:00.000Z");
    });

    it("is a 404 for an event that is not there (deleted or never made)", async ({ skip }) => {
      const db = database(skip);
      expect((await get(eventIcsRoute, db, `/events/${ids.deleted}.ics`, { id: ids.deleted! })).status).toBe(404);
      expect((await get(eventIcsRoute, db, "/events/nope.ics", { id: "nope" })).status).toBe(404);
      expect(await getEvent(db.db, ids.deleted!)).toBeUndefined();
    });
  });

  describe("/news.atom", () => {
    it("is an Atom feed whose entry ids stay the same when a post is edited", async ({ skip }) => {
      const db = database(skip);
      // Typed in the day after its date, then edited a week later.
      const typed = Date.UTC(2026, 3, 2, 9);
      const edited = Date.UTC(2026, 3, 9, 9);
      const first = await createNewsPost(db.db, { title: "Ice <b>is</b> out & about", text: "The lake is **open**.\n\n<script>x</script>", date: "2026-04-01", author: "Pat" }, null, typed);
      const read = async () => {
        const response = await get(newsAtomRoute, db, "/news.atom");
        expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("public, max-age=300");
        return atom.parse(await response.text()).feed;
      };
      const before = await read();
      expect(before["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
      expect(shown(before.title)).toBe("Heron Lake Association: news");
      const entry = before.entry.find((e: { id: string }) => e.id === `urn:uuid:${first.id}`);
      expect(shown(entry.title)).toBe("Ice <b>is</b> out & about");
      // The post's own page (issue 28 part 6).
      expect(entry.link[0]["@href"]).toBe(`${PUBLIC_URL}/news/${first.id}`);
      expect(entry.author[0].name).toBe("Pat");
      expect(entry.content["@type"]).toBe("html");
      expect(entry.content["#text"]).toContain("<strong>open</strong>");
      expect(entry.content["#text"]).not.toContain("<script>");
      // `published` is the post's date (noon in Chicago, CDT), not when it was typed in; `updated` its own last change.
      expect(entry.published).toBe("2026-04-01T17:00:00.000Z");
      expect(entry.updated).toBe(new Date(typed).toISOString());

      await updateNewsPost(db.db, first.id, { title: "Ice is out!", text: "Edited.", date: "2026-04-01", author: "Pat" }, edited);
      const after = (await read()).entry.find((e: { id: string }) => e.id === `urn:uuid:${first.id}`);
      expect(shown(after.title)).toBe("Ice is out!");
      expect(after.updated).toBe(new Date(edited).toISOString());
      expect(after.published).toBe("2026-04-01T17:00:00.000Z");
    });

    it("gives each entry its own `updated`, and the feed the latest of them (issue 28 part 6)", async ({ skip }) => {
      const db = database(skip);
      const a = await createNewsPost(db.db, { title: "Loons back", text: "Two pairs.", date: "2026-04-20", author: "Pat" }, null, Date.UTC(2026, 3, 20, 20));
      const b = await createNewsPost(db.db, { title: "Dock in", text: "The dock is in.", date: "2026-04-25", author: "Pat" }, null, Date.UTC(2026, 3, 25, 20));
      const feed = atom.parse(await (await get(newsAtomRoute, db, "/news.atom")).text()).feed;
      const byId = (id: string) => feed.entry.find((e: { id: string }) => e.id === `urn:uuid:${id}`);
      expect(byId(a.id).updated).toBe("2026-04-20T20:00:00.000Z");
      expect(byId(b.id).updated).toBe("2026-04-25T20:00:00.000Z");
      expect(byId(a.id).published).toBe("2026-04-20T17:00:00.000Z");
      const updated = feed.entry.map((e: { updated: string }) => e.updated);
      expect(new Set(updated).size).toBe(updated.length);
      expect(feed.updated).toBe([...updated].sort().at(-1));
    });

    it("carries the latest 100 posts: the older ones are left out", async ({ skip }) => {
      const db = database(skip);
      // The posts of the tests above (April 2026) and 100 newer ones.
      for (let day = 0; day < 100; day++) {
        const date = new Date(Date.UTC(2026, 4, 1) + day * 86_400_000).toISOString().slice(0, 10);
        await createNewsPost(db.db, { title: `Dock report ${day + 1}`, text: "Calm.", date, author: "Pat" }, null, 30_000 + day);
      }
      const feed = atom.parse(await (await get(newsAtomRoute, db, "/news.atom")).text()).feed;
      expect(feed.entry).toHaveLength(100);
      expect(feed.entry.map((e: { title: string }) => shown(e.title))).not.toContain("Ice is out!");
      expect(shown(feed.entry[0].title)).toBe("Dock report 100");
    });
  });

  describe("beach readings", () => {
    const readings = [
      { date: "2026-06-01", value: 234 },
      { date: "2026-06-02", value: 235 },
      { date: "2026-06-03", value: 1000 },
      { date: "2026-06-04", value: 1001 },
      { date: "2026-06-05", value: 12.5 },
    ];
    const statuses = ["Open", "Caution", "Error", "Closed", "Open"];

    /** The demo's position of the beach (a plausible Wisconsin lake): RecML requires one per location. */
    const BEACH_POSITION = { latitude: 45.9183, longitude: -89.2437 };

    beforeAll(async () => {
      if (!db) return;
      await importMeasurements(db.db, readings, Date.parse("2026-07-01T12:00:00Z"));
      await setSiteCoordinates(db.db, "beach", BEACH_POSITION);
    });

    it("/beach.atom has one entry per reading, with its status, and ids that do not change", async ({ skip }) => {
      const db = database(skip);
      const read = async () => atom.parse(await (await get(beachAtomRoute, db, "/beach.atom")).text()).feed;
      const feed = await read();
      expect(feed.entry).toHaveLength(5);
      expect(feed.entry.map((e: { title: string }) => shown(e.title))).toEqual([
        "Heron Lake Public Beach: Open, 12.5 E. coli CFU per 100 mL (2026-06-05)",
        "Heron Lake Public Beach: Closed, 1,001 E. coli CFU per 100 mL (2026-06-04)",
        "Heron Lake Public Beach: Error, 1,000 E. coli CFU per 100 mL (2026-06-03)",
        "Heron Lake Public Beach: Caution, 235 E. coli CFU per 100 mL (2026-06-02)",
        "Heron Lake Public Beach: Open, 234 E. coli CFU per 100 mL (2026-06-01)",
      ]);
      expect(feed.entry[0].summary["#text"] ?? feed.entry[0].summary).toBe("Open: 12.5 E. coli CFU per 100 mL, sampled 2026-06-05.");
      expect(feed.entry.every((e: { id: string }) => /^urn:uuid:[0-9a-f-]{36}$/.test(e.id))).toBe(true);
      expect((await read()).entry.map((e: { id: string }) => e.id)).toEqual(feed.entry.map((e: { id: string }) => e.id));
    });

    it("/data/beach-readings.csv has every reading with its unit and status, as a download", async ({ skip }) => {
      const response = await get(csvRoute, database(skip), "/data/beach-readings.csv");
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="?beach-readings\.csv"?$/);
      const text = await response.text();
      expect(text.startsWith("date,value,unit,status\r\n")).toBe(true);
      expect(parseCsv(text, { columns: true })).toEqual(
        readings.map((r, i) => ({ date: r.date, value: String(r.value), unit: "CFU per 100 mL", status: statuses[i] })),
      );
    });

    it("/data/beach-readings.json has every reading", async ({ skip }) => {
      const response = await get(jsonRoute, database(skip), "/data/beach-readings.json");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(JSON.parse(await response.text())).toEqual({
        beach: "Heron Lake Public Beach",
        unit: "CFU per 100 mL",
        readings: readings.map((r, i) => ({ ...r, unit: "CFU per 100 mL", status: statuses[i] })),
      });
    });

    it("/data/swimguide.json is a RecML 1.0.1 document of the latest readings", async ({ skip }) => {
      const response = await get(swimGuideRoute, database(skip), "/data/swimguide.json");
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const doc = JSON.parse(await response.text());
      expect(doc.$schema).toMatch(/opendata\/master\/v1\.0\.1\/schema\.json#$/);
      expect(new Date(doc.documentTime).getTime()).not.toBeNaN();
      expect(doc.records).toHaveLength(5);
      const [latest] = doc.records;
      // The guid pattern of the RecML 1.0.1 schema: reverse-fqdn/result-identifier.
      for (const r of doc.records) expect(r.guid).toMatch(/^[A-Za-z]{2,6}(\.[A-Za-z0-9-]{1,63})+\/[A-Za-z0-9-]{1,64}$/);
      expect(latest.guid.startsWith("org.example.heronlake/")).toBe(true);
      expect(recmlErrors(doc)).toEqual([]);
      expect(latest).toMatchObject({
        organizationName: "Heron Lake Association",
        advisory: { issued: false },
        location: { id: "beach", name: "Heron Lake Public Beach", coordinate: BEACH_POSITION },
        sample: { collectionTime: "2026-06-05T12:00:00-05:00", type: { kind: "single" }, method: "unknown", substance: "ecoli", units: "cfu", result: 12.5 },
      });
      expect(doc.records[1]).toMatchObject({ advisory: { issued: true, description: "Closed: 1,001 E. coli CFU per 100 mL, at or above the US EPA Beach Action Value of 235." }, sample: { result: 1001 } });
    });

    it("pages through thousands of readings with tied sample times in order, each exactly once", async ({ skip }) => {
      const db = database(skip);
      // 2,400 readings on 120 dates, all added at one instant: keyset pages meet ties on (timestamp, createdAt).
      const many = Array.from({ length: 2400 }, (_, i) => ({ date: `2025-${String(1 + Math.floor(i / 240)).padStart(2, "0")}-${String(1 + (Math.floor(i / 20) % 12)).padStart(2, "0")}`, value: 1000 + i }));
      expect((await importMeasurements(db.db, many, Date.parse("2026-07-01T12:01:00Z"))).added).toBe(2400);
      const seen: { id: string; timestamp: number; createdAt: number }[] = [];
      for await (const row of streamResults(db.db, {}, { batchSize: 7 })) seen.push(row);
      expect(seen).toHaveLength(2405);
      expect(new Set(seen.map((r) => r.id)).size).toBe(2405);
      const key = (r: (typeof seen)[number]) => [r.timestamp, r.createdAt, r.id] as const;
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [key(seen[i - 1]!), key(seen[i]!)];
        expect(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))).toBe(true);
      }
      const csv = parseCsv(await (await get(csvRoute, db, "/data/beach-readings.csv")).text(), { columns: true });
      expect(csv).toHaveLength(2405);
    });

    it("/beach.atom carries the latest 50 readings and /data/swimguide.json the latest 200, of 2,405", async ({ skip }) => {
      const db = database(skip);
      const feed = atom.parse(await (await get(beachAtomRoute, db, "/beach.atom")).text()).feed;
      expect(feed.entry).toHaveLength(50);
      expect(shown(feed.entry[0].title)).toContain("(2026-06-05)");
      const doc = JSON.parse(await (await get(swimGuideRoute, db, "/data/swimguide.json")).text());
      expect(doc.records).toHaveLength(200);
      expect(doc.records[0].sample.result).toBe(12.5);
    });
  });
  describe("several sites and parameters (issue 27)", () => {
    const NORTH = { id: "north", name: "North Beach", kind: "beach", identifier: "HERON-NORTH", latitude: 45.93, longitude: -89.25 };
    const SOUTH = { id: "south", name: "South Cove", kind: "beach", identifier: "HERON-SOUTH", latitude: null, longitude: null };
    const DEEP = { id: "deep", name: "Deep hole", kind: "station", identifier: "HERON DEEP/1", latitude: 45.925, longitude: -89.245 };

    beforeAll(async () => {
      if (!db) return;
      // The sites screen is another part of issue 27; the rows it would write.
      await db.db
        .insertInto("monitoring_site")
        .values([NORTH, SOUTH, DEEP].map((s, i) => ({ ...s, profile: "spec", position: i + 1, createdAt: 1, updatedAt: 1 })))
        .execute();
      await importMeasurements(
        db.db,
        [
          { siteId: "north", date: "2026-06-10", time: "09:45", value: 2419.6, qualifier: ">", detectionLimit: 2419.6 },
          { siteId: "north", date: "2026-06-10", time: "09:45", parameterId: "enterococci", value: 0, qualifier: "ND", detectionLimit: 1 },
          { siteId: "south", date: "2026-06-10", value: 40 },
          { siteId: "beach", date: "2026-06-09", parameterId: "microcystins", value: 9.5 },
          { siteId: "beach", date: "2026-06-08", value: 2419.6, qualifier: ">", detectionLimit: 2419.6 },
          { siteId: "deep", date: "2026-06-11", time: "10:00", parameterId: "temperature", depth: 0.5, value: 21.5 },
          { siteId: "deep", date: "2026-06-11", time: "10:00", parameterId: "temperature", depth: 8, value: 12.25 },
          { siteId: "deep", date: "2026-06-11", time: "10:05", parameterId: "secchi", value: 3.2 },
          { siteId: "deep", date: "2026-06-11", parameterId: "phosphorus", value: 10, qualifier: "<", detectionLimit: 10 },
        ],
        Date.parse("2026-07-01T12:02:00Z"),
      );
    });

    const csvOf = async (route: Parameters<typeof get>[0], path: string, params: Record<string, string> = {}) => {
      const response = await get(route, database(() => {}), path, params);
      return { response, text: await response.text() };
    };

    it("/data/results.csv has every result of every site in the Water Quality Portal's columns, the same on every read", async ({ skip }) => {
      const db = database(skip);
      const { response, text } = await csvOf(wqxRoute, "/data/results.csv");
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/filename="?results\.csv"?/);
      const [header] = parseCsv(text, { to_line: 1 }) as string[][];
      expect(header).toEqual([...WQX_COLUMNS]);
      const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
      const stored = await db.db.selectFrom("measurement").selectAll().execute();
      expect(rows).toHaveLength(stored.length);
      expect((await csvOf(wqxRoute, "/data/results.csv")).text).toBe(text);

      const above = rows.find((r) => r.MonitoringLocationIdentifier === "HERON-NORTH" && r.CharacteristicName === "Escherichia coli")!;
      expect(above).toMatchObject({
        OrganizationIdentifier: "HERONLAKE.EXAMPLE.ORG",
        OrganizationFormalName: "Heron Lake Association",
        MonitoringLocationName: "North Beach",
        ActivityStartDate: "2026-06-10",
        "ActivityStartTime/Time": "09:45:00",
        "ActivityStartTime/TimeZoneCode": "CDT",
        ResultMeasureValue: "2419.6",
        "ResultMeasure/MeasureUnitCode": "cfu/100ml",
        ResultDetectionConditionText: "Present Above Quantification Limit",
        "DetectionQuantitationLimitMeasure/MeasureValue": "2419.6",
        "DetectionQuantitationLimitMeasure/MeasureUnitCode": "cfu/100ml",
      });
      const notDetected = rows.find((r) => r.CharacteristicName === "Enterococcus")!;
      expect([notDetected.ResultMeasureValue, notDetected.ResultDetectionConditionText, notDetected["DetectionQuantitationLimitMeasure/MeasureValue"]]).toEqual(["", "Not Detected", "1"]);

      // Every stored field of a result can be read back from its row (what a re-import needs).
      const sites = new Map((await db.db.selectFrom("monitoring_site").select(["id", "identifier"]).execute()).map((s) => [s.id, s.identifier]));
      const characteristics = new Map((await db.db.selectFrom("parameter").select(["id", "characteristicName"]).execute()).map((p) => [p.id, p.characteristicName]));
      const conditions: Record<string, string> = { "": "", "Present Above Quantification Limit": ">", "Present Below Quantification Limit": "<", "Not Detected": "ND" };
      const key = (r: { site: string; characteristic: string; date: string; time: string; depth: number | null; value: number; qualifier: string; limit: number | null }) => JSON.stringify(r);
      const fromRows = rows.map((r) =>
        key({
          site: r.MonitoringLocationIdentifier!,
          characteristic: r.CharacteristicName!,
          date: r.ActivityStartDate!,
          time: r["ActivityStartTime/Time"]!.slice(0, 5),
          depth: r["ActivityDepthHeightMeasure/MeasureValue"] ? Number(r["ActivityDepthHeightMeasure/MeasureValue"]) : null,
          value: r.ResultMeasureValue ? Number(r.ResultMeasureValue) : 0,
          qualifier: conditions[r.ResultDetectionConditionText!]!,
          limit: r["DetectionQuantitationLimitMeasure/MeasureValue"] ? Number(r["DetectionQuantitationLimitMeasure/MeasureValue"]) : null,
        }),
      );
      const fromStore = stored.map((m) =>
        key({
          site: m.siteId ? sites.get(m.siteId)! : "",
          characteristic: characteristics.get(m.parameterId)!,
          date: m.date,
          time: m.time,
          depth: m.depth === null ? null : Number(m.depth),
          value: Number(m.value),
          qualifier: m.qualifier,
          limit: m.detectionLimit === null ? null : Number(m.detectionLimit),
        }),
      );
      expect(fromRows.sort()).toEqual(fromStore.sort());
    });

    it("/data/sites/<identifier>/results.csv has one site's results; an unknown site is a 404", async ({ skip }) => {
      database(skip);
      const { response, text } = await csvOf(wqxRoute, "/data/sites/HERON%20DEEP%2F1/results.csv", { identifier: DEEP.identifier });
      expect(response.headers.get("content-disposition")).toContain("HERON DEEP");
      const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => r.CharacteristicName).sort()).toEqual(["Depth, Secchi disk depth", "Phosphorus", "Temperature, water", "Temperature, water"]);
      expect(rows.every((r) => r.MonitoringLocationIdentifier === DEEP.identifier)).toBe(true);
      const deepest = rows.find((r) => r["ActivityDepthHeightMeasure/MeasureValue"] === "8")!;
      expect([deepest.ResultMeasureValue, deepest["ResultMeasure/MeasureUnitCode"], deepest["ActivityDepthHeightMeasure/MeasureUnitCode"], deepest.ActivityTypeCode]).toEqual(["12.25", "deg C", "m", "Field Msr/Obs"]);
      expect((await get(wqxRoute, database(skip), "/data/sites/nope/results.csv", { identifier: "nope" })).status).toBe(404);
    });

    it("a site's readings.csv, .json and .atom have every parameter of that site with its unit and qualifier", async ({ skip }) => {
      const db = database(skip);
      const csv = parseCsv((await csvOf(siteCsvRoute, "/data/sites/HERON-NORTH/readings.csv", { identifier: "HERON-NORTH" })).text, { columns: true }) as Record<string, string>[];
      // Results of one sample time are in the order of their ids (random): compared by parameter.
      expect(csv.sort((a, b) => a.parameter!.localeCompare(b.parameter!))).toEqual([
        { date: "2026-06-10", time: "09:45", depth: "", parameter: "ecoli", parameterName: "E. coli", result: ">2419.6", value: "2419.6", qualifier: ">", detectionLimit: "2419.6", unit: "CFU per 100 mL" },
        { date: "2026-06-10", time: "09:45", depth: "", parameter: "enterococci", parameterName: "Enterococci", result: "not detected (<1)", value: "0", qualifier: "ND", detectionLimit: "1", unit: "CFU per 100 mL" },
      ]);

      const response = await get(siteJsonRoute, db, "/data/sites/HERON%20DEEP%2F1/readings.json", { identifier: DEEP.identifier });
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const json = JSON.parse(await response.text());
      expect(json.site).toEqual({ identifier: DEEP.identifier, name: "Deep hole", kind: "station", latitude: 45.925, longitude: -89.245 });
      expect(json.parameters.map((p: { id: string; unit: string }) => [p.id, p.unit])).toEqual([
        ["secchi", "m"],
        ["temperature", "°C"],
        ["phosphorus", "µg/L"],
      ]);
      expect(json.results).toContainEqual({ date: "2026-06-11", time: "10:00", depth: 8, parameter: "temperature", parameterName: "Water temperature", result: "12.25", value: 12.25, qualifier: "", detectionLimit: null, unit: "°C" });
      expect(json.results).toContainEqual(expect.objectContaining({ parameter: "phosphorus", result: "<10", qualifier: "<", detectionLimit: 10, unit: "µg/L" }));

      const feed = atom.parse(await (await get(siteAtomRoute, db, "/data/sites/HERON-NORTH/readings.atom", { identifier: "HERON-NORTH" })).text()).feed;
      expect(shown(feed.title)).toBe("North Beach: water-quality results");
      expect(feed.entry.map((e: { title: string }) => shown(e.title)).sort()).toEqual([
        "North Beach: E. coli >2,419.6 CFU per 100 mL (2026-06-10)",
        "North Beach: Enterococci not detected (<1) CFU per 100 mL (2026-06-10)",
      ]);
      for (const route of [siteCsvRoute, siteJsonRoute, siteAtomRoute]) {
        expect((await get(route, db, "/data/sites/nope/readings", { identifier: "nope" })).status).toBe(404);
      }
    });

    it("the addresses from before issue 27 still publish the first beach's E. coli only", async ({ skip }) => {
      const db = database(skip);
      const csv = parseCsv((await csvOf(csvRoute, "/data/beach-readings.csv")).text, { columns: true }) as Record<string, string>[];
      // The 2,405 of before and the first beach's >2419.6 of 2026-06-08; not North Beach's, South Cove's or the microcystins.
      expect(csv).toHaveLength(2406);
      expect(csv.filter((r) => r.value === "2419.6")).toEqual([{ date: "2026-06-08", value: "2419.6", unit: "CFU per 100 mL", status: "Closed" }]);
      expect(csv.some((r) => r.value === "9.5" || r.value === "40")).toBe(false);
      const feed = atom.parse(await (await get(beachAtomRoute, db, "/beach.atom")).text()).feed;
      expect(shown(feed.entry[0].title)).toBe("Heron Lake Public Beach: Closed, >2,419.6 E. coli CFU per 100 mL (2026-06-08)");
      expect(feed.entry[0].summary["#text"] ?? feed.entry[0].summary).toBe("Closed: >2,419.6 E. coli CFU per 100 mL, sampled 2026-06-08.");
      expect(shown(feed.entry[1].title)).toBe("Heron Lake Public Beach: Open, 12.5 E. coli CFU per 100 mL (2026-06-05)");
    });

    it("/data/swimguide.json has each beach with coordinates, every substance RecML names, and stays valid; the beaches left out are named", async ({ skip }) => {
      const db = database(skip);
      const doc = JSON.parse(await (await get(swimGuideRoute, db, "/data/swimguide.json")).text());
      expect(recmlErrors(doc)).toEqual([]);
      const north = doc.records.filter((r: { location: { id: string } }) => r.location.id === "HERON-NORTH");
      expect(north.map((r: { sample: { substance: string; result: number } }) => [r.sample.substance, r.sample.result]).sort()).toEqual([
        ["ecoli", 2419.6],
        ["enterococcus", 0],
      ]);
      expect(north[0].location.coordinate).toEqual({ latitude: 45.93, longitude: -89.25 });
      expect(doc.records.find((r: { sample: { substance: string } }) => r.sample.substance === "microcystin")).toMatchObject({ location: { id: "beach" }, advisory: { issued: true }, sample: { result: 9.5, units: "micro" } });
      expect(doc.records.filter((r: { location: { id: string } }) => r.location.id === "HERON-SOUTH" || r.location.id === DEEP.identifier)).toEqual([]);
      // 200 of the first beach's results, and the north beach's 2.
      expect(doc.records).toHaveLength(202);
      expect((await listSitesLeftOutOfSwimGuide(db.db)).map((s) => s.identifier)).toEqual(["HERON-SOUTH"]);
    });

    it("/data/swimguide.json is a 404 while no beach has coordinates (RecML requires a record)", async ({ skip }) => {
      const db = database(skip);
      await setSiteCoordinates(db.db, "beach", null);
      await setSiteCoordinates(db.db, "north", null);
      try {
        expect((await get(swimGuideRoute, db, "/data/swimguide.json")).status).toBe(404);
        expect((await listSitesLeftOutOfSwimGuide(db.db)).map((s) => s.identifier)).toEqual(["beach", "HERON-NORTH", "HERON-SOUTH"]);
      } finally {
        await setSiteCoordinates(db.db, "beach", { latitude: 45.9183, longitude: -89.2437 });
        await setSiteCoordinates(db.db, "north", { latitude: NORTH.latitude, longitude: NORTH.longitude });
      }
    });
  });
});
