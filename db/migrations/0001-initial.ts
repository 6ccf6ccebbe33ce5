/** The first schema: every entity of spec §3, plus settings, change counters and sign-in attempts. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("news_post")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("authorId", "text")
    .addColumn("created", "bigint", (c) => c.notNull())
    .addColumn("updated", "bigint", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .addColumn("timezoneOffset", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_post_date").on("news_post").columns(["date", "created"]).execute();

  await db.schema
    .createTable("event")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("startTime", "text", (c) => c.notNull())
    .addColumn("timeDetails", "text", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("eventDetails", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("authorId", "text")
    .addColumn("created", "bigint", (c) => c.notNull())
    .addColumn("updated", "bigint", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .addColumn("timezoneOffset", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("event_date").on("event").columns(["date", "startTime"]).execute();

  await db.schema
    .createTable("banner")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("measurement")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("value", "double precision", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("measurement_timestamp").on("measurement").columns(["timestamp", "createdAt"]).execute();

  await db.schema
    .createTable("member")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("document")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("displayName", "text", (c) => c.notNull())
    .addColumn("contentType", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("created", "bigint", (c) => c.notNull())
    .addColumn("updated", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("change_version")
    .addColumn("topic", "text", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sign_in_attempt")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("succeeded", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_attempt_email").on("sign_in_attempt").columns(["email", "at"]).execute();
  await db.schema.createIndex("sign_in_attempt_ip").on("sign_in_attempt").columns(["ip", "at"]).execute();
}
