/** Events (spec §3): read as occurrences (repeats expanded, issue 28) within the pages' windows; written by administrators. */
import type { Event, EventTombstone } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { noonOf } from "#app/platform/text/dates.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { containsText, paginate } from "#app/platform/data/paging.server.ts";
import type { EventInput } from "../forms.ts";
import { isPublicAt, type StoredPublication } from "./publication.server.ts";
import { ONCE, occurrenceDates, spanDays } from "../occurrences.ts";
import { addDaysTo } from "#app/platform/text/iso-date.ts";

export type { Event, EventTombstone };

export type { EventInput };

/**
 * An event on one of its dates (issue 28 part 2): the event's row with `date` the first day of this occurrence and
 * `endDate` its last ("" for an event of one day), and `firstDate` the event's own first date.
 */
export type EventOccurrenceRow = Event & { firstDate: string };

/**
 * The occurrences of public events overlapping `from` to `to` (inclusive, "YYYY-MM-DD"): each event once for each
 * of its dates there (repeats expanded, skipped dates left out; an event over several days that began before `from`
 * is in), ordered by date, then start time, then when the event was made. Drafts and events scheduled after `now`
 * (ms since epoch) are left out.
 */
export async function listEventOccurrences(db: Database, { from, to, now = Date.now() }: { from: string; to: string; now?: number }): Promise<EventOccurrenceRow[]> {
  const rows = await db
    .selectFrom("event")
    .selectAll()
    .where(isPublicAt(now))
    .where("date", "<=", to)
    // An event once is in when it ends on `from` or later ("" sorts before every date); a repeating one is expanded.
    .where((eb) => eb.or([eb("date", ">=", from), eb("endDate", ">=", from), eb("repeat", "!=", "")]))
    .execute();
  const occurrences = rows.flatMap((event) =>
    occurrenceDates(event, { from, to }).map((date) => {
      const span = spanDays(event);
      return { ...event, date, endDate: span ? addDaysTo(date, span) : "", firstDate: event.date };
    }),
  );
  return occurrences.sort((a, b) => compare(a.date, b.date) || compare(a.startTime, b.startTime) || a.created - b.created || compare(a.id, b.id));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The next `limit` occurrences of events from `today` to `to` (inclusive; one under way today is in), and how many
 * there are in all in that span, so that the page can say whether more remain (spec §9: "See more events").
 */
export async function listUpcomingEvents(
  db: Database,
  { today, to, limit, now = Date.now() }: { today: string; to: string; limit: number; now?: number },
): Promise<{ events: EventOccurrenceRow[]; total: number }> {
  const all = await listEventOccurrences(db, { from: today, to, now });
  return { events: all.slice(0, limit), total: all.length };
}

/** Every event, newest date first (the admin list). */
export async function listAllEvents(db: Database): Promise<Event[]> {
  return db.selectFrom("event").selectAll().orderBy("date", "desc").orderBy("startTime", "desc").execute();
}

/** Every public event's id and last change (ms since epoch), by date: the sitemap's entries. */
export async function listPublicEventStamps(db: Database, now = Date.now()): Promise<Pick<Event, "id" | "updated">[]> {
  return db.selectFrom("event").select(["id", "updated"]).where(isPublicAt(now)).orderBy("date").orderBy("startTime").orderBy("id").execute();
}

/** The orders of the admin list: latest date first (the default), earliest first, by title. */
export const EVENT_SORTS = ["latest", "earliest", "title"] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

/** One page of events for the admin list, sorted on the server. */
export async function pageEvents(db: Database, query: ListQuery<EventSort>): Promise<Page<Event, EventSort>> {
  // A search looks in what the list shows: the title and the place.
  const base = query.q ? db.selectFrom("event").where(containsText(["title", "place"], query.q)) : db.selectFrom("event");
  let rows = base.selectAll();
  const direction = query.sort === "earliest" ? "asc" : "desc";
  // The id breaks ties in the same direction, so that the (date, startTime, id) index gives the order without a sort.
  if (query.sort === "title") rows = rows.orderBy("title").orderBy("date", "desc").orderBy("id");
  else rows = rows.orderBy("date", direction).orderBy("startTime", direction).orderBy("id", direction);
  return paginate(rows, base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** One event, or undefined. */
export async function getEvent(db: Database, id: string): Promise<Event | undefined> {
  return db.selectFrom("event").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One public event (not a draft, its publication instant come by `now`), or undefined: the event's own .ics. */
export async function getPublicEvent(db: Database, id: string, now = Date.now()): Promise<Event | undefined> {
  return db.selectFrom("event").selectAll().where("id", "=", id).where(isPublicAt(now)).executeTakeFirst();
}

/**
 * Adds an event; its timestamp is noon of its date in the association's time zone.
 * @param publication as for `createNewsPost`: by default published at `now`, not to be mailed
 */
export async function createEvent(
  db: Database,
  input: EventInput,
  authorId: string | null,
  now = Date.now(),
  publication: StoredPublication = { draft: 0, publishAt: now, live: 1, mailOnPublish: 0 },
): Promise<Event> {
  const row = { id: crypto.randomUUID(), ...ONCE, ...input, authorId, created: now, updated: now, ...noonOf(input.date, await getTimeZone(db)), sequence: 0, ...publication };
  await writeAndSignal(db, "events", (trx) =>
    trx.insertInto("event").values(row).execute(),
  );
  return row;
}

/**
 * Changes an event and raises its `sequence` by one (the iCalendar SEQUENCE of RFC 5545 §3.8.7.4, so that subscribed
 * calendars take the new version); returns false when no event has that id.
 */
export async function updateEvent(db: Database, id: string, input: EventInput, now = Date.now(), publication?: StoredPublication): Promise<boolean> {
  const timeZone = await getTimeZone(db);
  const result = await writeAndSignal(db, "events", (trx) =>
    trx
    .updateTable("event")
    .set((eb) => ({ ...input, updated: now, ...noonOf(input.date, timeZone), sequence: eb("sequence", "+", 1), ...publication }))
    .where("id", "=", id)
    .executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}

/** How long a deleted event stays in the calendar feed as cancelled, in milliseconds (90 days). */
export const TOMBSTONE_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Removes an event; returns false when no event has that id. In the same transaction it leaves a tombstone (id,
 * title, date, start time, sequence + 1, `now`) that /events.ics shows as STATUS:CANCELLED for 90 days, and removes
 * tombstones older than that. An event that was never public (a draft, or scheduled for later) leaves none: the
 * calendar feed never showed it, and a tombstone would publish its title.
 */
export async function deleteEvent(db: Database, id: string, now = Date.now()): Promise<boolean> {
  return (await deleteEvents(db, [id], now)) > 0;
}

/**
 * Removes the events with these ids in one transaction with one change signal, each leaving its tombstone as
 * `deleteEvent` does (the admin list's "Delete selected"), none for an event never public; ids no event has are
 * skipped.
 * @returns how many were removed
 */
export async function deleteEvents(db: Database, ids: readonly string[], now = Date.now()): Promise<number> {
  if (ids.length === 0) return 0;
  return writeAndSignal(db, "events", async (trx) => {
    const found = await trx.selectFrom("event").select(["id", "title", "date", "startTime", "sequence", "draft", "publishAt"]).where("id", "in", ids).execute();
    if (found.length === 0) return 0;
    await trx.deleteFrom("event_tombstone").where("deletedAt", "<", now - TOMBSTONE_KEPT_MS).execute();
    // Only an event that was public leaves a tombstone: a draft's title never reaches the calendar feed (issue 26).
    const wasPublic = found.filter((e) => !e.draft && e.publishAt <= now).map(({ draft: _d, publishAt: _p, ...event }) => event);
    if (wasPublic.length > 0) {
      await trx
        .insertInto("event_tombstone")
        .values(wasPublic.map((event) => ({ ...event, sequence: event.sequence + 1, deletedAt: now })))
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    const result = await trx.deleteFrom("event").where("id", "in", found.map((e) => e.id)).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Every public event at `now`, earliest first: what the calendar feed (/events.ics) publishes. */
export async function listCalendarEvents(db: Database, now = Date.now()): Promise<Event[]> {
  return db.selectFrom("event").selectAll().where(isPublicAt(now)).orderBy("date").orderBy("startTime").orderBy("id").execute();
}

/** The tombstones of events deleted at `since` (ms since epoch) or later, most recently deleted first. */
export async function listEventTombstones(db: Database, { since }: { since: number }): Promise<EventTombstone[]> {
  return db.selectFrom("event_tombstone").selectAll().where("deletedAt", ">=", since).orderBy("deletedAt", "desc").orderBy("id").execute();
}
