/**
 * Publishing is a decision (issue 26 part 3): news posts and events can be drafts or scheduled, and a list mail is
 * sent only when the board chooses it, never twice for one item (docs/decisions/025-publishing-is-a-decision.md).
 *
 * - `draft` (0/1): a draft is shown nowhere public.
 * - `publishAt` (ms since epoch): when a non-draft item becomes public; an item is public from then on.
 * - `live` (0/1): the go-live step has run (its topic's counter bumped, its mail queued if chosen); 0 only for an
 *   item scheduled for later, until the publication timer or the chore makes it live.
 * - `mailOnPublish` (0/1): the board chose to mail the list when the item goes live (kept until it has been mailed).
 * - `announcement`: one row per item mailed to its list, the item's id as the primary key, so that the database
 *   refuses a second announcement of one item whatever the code does.
 *
 * Every row already there was public: it becomes published at its creation time, live, and not to be mailed. The
 * columns' defaults make a row inserted without them (the bench, a restore of an older backup) published too.
 * Only adds.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["news_post", "event"]) {
    await db.schema.alterTable(table).addColumn("draft", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn("publishAt", "bigint", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn("live", "integer", (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable(table).addColumn("mailOnPublish", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref("publishAt")} = ${sql.ref("created")}`.execute(db);
    await db.schema.createIndex(`${table}_going_live`).on(table).columns(["live", "publishAt"]).execute();
  }
  await db.schema
    .createTable("announcement")
    .addColumn("itemId", "text", (c) => c.primaryKey())
    // "news" | "events": the list it was mailed to.
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("messageId", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
}
