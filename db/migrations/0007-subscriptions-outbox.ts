/**
 * Subscriptions and the mail outbox (issue 11): residents subscribe by email to beach alerts, news and events with
 * double opt-in; every mail to a list is queued in the database and sent by a worker, one row per recipient with its
 * state, so that a restart loses nothing and sends nothing twice (decision 010). Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("subscriber")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Lower-cased and trimmed: one row per mailbox.
    .addColumn("email", "text", (c) => c.notNull().unique())
    // The lists wanted, comma-separated and sorted: "beach,events,news".
    .addColumn("lists", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    // When the link in the confirmation mail was followed; null until then (nothing is sent but that mail).
    .addColumn("confirmedAt", "bigint")
    // The consent record: the client address the subscription came from.
    .addColumn("consentIp", "text", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriber_unconfirmed").on("subscriber").columns(["confirmedAt", "createdAt"]).execute();

  await db.schema
    .createTable("subscribe_attempt")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscribe_attempt_email").on("subscribe_attempt").columns(["email", "at"]).execute();
  await db.schema.createIndex("subscribe_attempt_ip").on("subscribe_attempt").columns(["ip", "at"]).execute();

  await db.schema
    .createTable("mail_suppression")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "beach" | "news" | "events" | "members", or "notice" for a mail to one person (a confirmation).
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("recipients", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_message_created").on("outbox_message").columns(["createdAt", "id"]).execute();

  await db.schema
    .createTable("outbox_recipient")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("messageId", "text", (c) => c.notNull().references("outbox_message.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    // Whose manage and unsubscribe links the mail carries: "s" subscriber, "m" member, "" none (a notice).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("refId", "text", (c) => c.notNull())
    // "queued" → "sending" (leased until lockedUntil) → "sent" | "failed"; back to "queued" on a temporary failure.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("nextAttemptAt", "bigint", (c) => c.notNull())
    .addColumn("lockedUntil", "bigint")
    .addColumn("lastError", "text")
    .addColumn("sentAt", "bigint")
    .execute();
  await db.schema.createIndex("outbox_recipient_due").on("outbox_recipient").columns(["state", "nextAttemptAt"]).execute();
  await db.schema.createIndex("outbox_recipient_message").on("outbox_recipient").columns(["messageId", "state"]).execute();

  // Members get the same right to unsubscribe as subscribers; the board's list stays as it is.
  await db.schema.alterTable("member").addColumn("unsubscribedAt", "bigint").execute();
}
