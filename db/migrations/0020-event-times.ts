/**
 * Events as calendars know them (issue 28 part 2, decision 036): an end, all-day and multi-day events, and repeats.
 *
 * - `event.endTime`: "HH:MM" or "" (no end time: the event ends where it starts, as every event did before).
 * - `event.endDate`: the last day of an event over several days, "YYYY-MM-DD", or "" for an event of one day.
 * - `event.allDay`: 1 when the board said "All day" (no times); 0 otherwise. An event without a start time stays
 *   an all-day event in the calendar feed, as before.
 * - `event.repeat`: "" (once), "weekly", "monthly" (the same date each month), "monthly-weekday" (e.g. the second
 *   Tuesday) or "yearly".
 * - `event.repeatUntil`: the last date a repeating event may fall on, or ""; `event.repeatCount`: how many times in
 *   all, or null; at most one of them is set (neither: it repeats without end).
 * - `event.exceptions`: the dates skipped, "YYYY-MM-DD" comma-separated in order, or "".
 *
 * Only adds, with defaults under which every existing event reads as it did: one day, no end time, no repeat.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type, value] of [
    ["endTime", "text", ""],
    ["endDate", "text", ""],
    ["allDay", "integer", 0],
    ["repeat", "text", ""],
    ["repeatUntil", "text", ""],
    ["exceptions", "text", ""],
  ] as const) {
    await db.schema
      .alterTable("event")
      .addColumn(column, type, (c) => c.notNull().defaultTo(value))
      .execute();
  }
  await db.schema.alterTable("event").addColumn("repeatCount", "integer").execute();
}
