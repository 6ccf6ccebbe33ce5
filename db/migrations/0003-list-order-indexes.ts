/**
 * Indexes for the admin lists' default orders with their tie-breaker (issue 9): newest news posts, latest events and
 * newest readings come from the index one page at a time, without sorting the table. Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("news_post_list").on("news_post").columns(["date", "created", "id"]).execute();
  await db.schema.createIndex("event_list").on("event").columns(["date", "startTime", "id"]).execute();
  await db.schema.createIndex("measurement_list").on("measurement").columns(["timestamp", "createdAt", "id"]).execute();
}
