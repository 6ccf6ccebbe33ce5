/**
 * Documents as boards keep them (issue 28, decision 035):
 *
 * - `document_category`: the board's own categories (Minutes, Newsletters, Forms, …), in the board's order
 *   (`position`), each with a name unique among them.
 * - `document.categoryId`: the category a document is filed under; null for none (every document of an older
 *   install, which /more/documents lists as before while no category exists).
 * - `document.storageKey`: where the document's bytes are stored when a replaced file put them under a new key;
 *   null for the id itself (every document of an older install). A replaced file keeps its address,
 *   /documents/:id, while its bytes move to a new key, written before the old one is removed.
 *
 * Only adds; no row is changed.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document_category")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("document").addColumn("categoryId", "text").execute();
  await db.schema.alterTable("document").addColumn("storageKey", "text").execute();
  await db.schema.createIndex("document_category_id").on("document").column("categoryId").execute();
}
