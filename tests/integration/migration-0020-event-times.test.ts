/**
 * Migration 0020 on both back ends: an event saved before it (no end, no repeat) reads as it did, one day at its
 * time, and appears once on the pages and in the calendar feed; the new fields can then be written.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { getEvent, listEventOccurrences, listUpcomingEvents, updateEvent } from "#app/news-events/data/events.server.ts";
import { eventsCalendar } from "#app/news-events/calendar.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";

describe.each(backends)("migration 0020 on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("keeps an older event as it was: one day, no end time, no repeat", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0020");
    const old = {
      id: "5b0c1f43-0000-4000-8000-000000000001",
      title: "Ice-out party",
      date: "2027-03-20",
      startTime: "14:00",
      timeDetails: "Till dusk",
      place: "The pavilion",
      eventDetails: "Bring a dish.",
      author: "Board",
      authorId: null,
      created: 1,
      updated: 1,
      timestamp: 2,
      timezoneOffset: 300,
    };
    await db.insertInto("event").values(old as never).execute();
    const older = { ...old, id: "5b0c1f43-0000-4000-8000-000000000002", title: "Shore walk", date: "2027-04-10", startTime: "" };
    await db.insertInto("event").values(older as never).execute();

    await migrateToLatest(database);

    const read = await getEvent(db, old.id);
    expect(read).toMatchObject({ ...old, endTime: "", endDate: "", allDay: 0, repeat: "", repeatUntil: "", repeatCount: null, exceptions: "", sequence: 0, draft: 0 });
    const listed = await listEventOccurrences(db, { from: "2027-01-01", to: "2027-12-31" });
    expect(listed.map((e) => [e.title, e.date, e.endDate])).toEqual([
      ["Ice-out party", "2027-03-20", ""],
      ["Shore walk", "2027-04-10", ""],
    ]);
    expect((await listUpcomingEvents(db, { today: "2027-03-21", to: "2027-12-31", limit: 2 })).total).toBe(1);
    const ics = eventsCalendar(listed, [], { name: "n", timeZone: "America/Chicago", publicUrl: "https://x.example", source: "https://x.example/events.ics", numbers: {} as never });
    expect(ics).toContain("DTSTART;TZID=America/Chicago:20270320T140000\r\n");
    expect(ics.slice(ics.indexOf("BEGIN:VEVENT"))).not.toMatch(/RRULE|EXDATE|DTEND;TZID/);
    // A day without a start time was one day long before (no DTEND); now it says so: DTEND the next day.
    expect(ics).toContain("DTEND;VALUE=DATE:20270411\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270410\r\n");

    // The new fields are written and read back.
    await updateEvent(db, old.id, { ...old, endTime: "17:00", repeat: "yearly", repeatCount: 3, exceptions: "2028-03-20" });
    expect(await getEvent(db, old.id)).toMatchObject({ endTime: "17:00", repeat: "yearly", repeatCount: 3, exceptions: "2028-03-20", sequence: 1 });
    expect((await listEventOccurrences(db, { from: "2027-01-01", to: "2030-12-31" })).filter((e) => e.id === old.id).map((e) => e.date)).toEqual(["2027-03-20", "2029-03-20"]);
  });
});
