/**
 * The board's own content (issue 10): board members, FAQ, bylaws articles and local businesses, each an ordered
 * list the admin panel edits. One table holds them all: every kind is a short list (tens of rows) read whole by its
 * public page, and its fields are checked by the kind's schema in `app/site/data/site-content.server.ts` (decision 009).
 * Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("site_item_order").on("site_item").columns(["kind", "position", "id"]).execute();
}
