/**
 * Calendar feeds (issue 11 part 5): an event's revision number and the tombstones of deleted events.
 *
 * - `event.sequence`: the iCalendar SEQUENCE (RFC 5545 §3.8.7.4), 0 for every event so far, raised by each edit, so
 *   that subscribed calendars take the new version.
 * - `event_tombstone`: what is left of a deleted event (its id, which is its UID, title, date, start time and last
 *   sequence plus one, and when it was deleted), so that /events.ics can say STATUS:CANCELLED for a while and
 *   subscribed calendars drop it. Written by `deleteEvent` in the same transaction as the delete.
 *
 * Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("event").addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable("event_tombstone")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("startTime", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("deletedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("event_tombstone_deleted").on("event_tombstone").column("deletedAt").execute();
}
