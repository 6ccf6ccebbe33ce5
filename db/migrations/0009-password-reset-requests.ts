/**
 * Password reset requests, counted per address and per client like sign-in attempts (issue 24: thirteen reset mails
 * for one account in a second). One row per request, answered or not; `forgetOldAttempts`-style cleanup keeps a day.
 *
 * Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("password_reset_request")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_reset_request_email").on("password_reset_request").columns(["email", "at"]).execute();
  await db.schema.createIndex("password_reset_request_ip").on("password_reset_request").columns(["ip", "at"]).execute();
}
