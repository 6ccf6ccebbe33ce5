/**
 * Messages written to the board on /contact-us (issue 28): one row per message accepted, kept for the admin's
 * Messages screen; `ip` is the client's address, counted by the form's throttle (per client and hour); `handledAt`
 * and `handledBy` say whether someone on the board has dealt with it. Each message is also mailed to the
 * association's contact address through the outbox, whose messages gain a `replyTo` (the writer's address), so
 * that the board's reply goes to the writer.
 *
 * Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("handledAt", "bigint")
    .addColumn("handledBy", "text")
    .execute();
  await db.schema.createIndex("contact_message_created").on("contact_message").columns(["createdAt"]).execute();
  await db.schema.createIndex("contact_message_ip").on("contact_message").columns(["ip", "createdAt"]).execute();
  await db.schema.alterTable("outbox_message").addColumn("replyTo", "text").execute();
}
