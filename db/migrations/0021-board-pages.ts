/**
 * Pages of the board's own (issue 28 part 3, decision 037).
 *
 * - `board_page`: one row per page: its address under /more (`slug`, unique), title, Markdown text, where its link
 *   is ("more": the More section's navigation; "menu": the header's main menu), its place in that order, and who
 *   changed it last and when. Pictures in its text are rows of `image`, named in the Markdown by their address
 *   (`/images/<id>/<width>.webp`), as in every other Markdown text: no link table.
 * - `board_page_redirect`: an address a page had before (`slug`), sending to the page now (`pageId`); removed with
 *   the page, so a removed page's old addresses answer 404 too.
 * Only adds tables: nothing older is touched.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("board_page")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // "more" | "menu"
    .addColumn("placement", "text", (c) => c.notNull().defaultTo("more"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("board_page_order").on("board_page").columns(["position", "id"]).execute();
  await db.schema
    .createTable("board_page_redirect")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("pageId", "text", (c) => c.notNull().references("board_page.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("board_page_redirect_page").on("board_page_redirect").column("pageId").execute();
}
