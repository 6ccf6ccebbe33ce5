/**
 * People (issue 26 part 1): each account's role, Administrator or Editor, with when it last signed in, and the
 * invitations an Administrator sends to a co-administrator (one-time links, only their SHA-256 kept).
 *
 * Every account that exists before this migration becomes an Administrator (before it, every account was one), with
 * its last sign-in taken from the sign-in log. better-auth's `user` table is made after our migrations on a new
 * install, so it is only read when it is there. Only adds.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_role")
    // better-auth's user id.
    .addColumn("userId", "text", (c) => c.primaryKey())
    // "administrator" or "editor".
    .addColumn("role", "text", (c) => c.notNull())
    // When a session was last made for the account (a sign-in), ms since epoch; null when never.
    .addColumn("lastSignInAt", "bigint")
    .execute();

  await db.schema
    .createTable("account_invitation")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Lower-cased and trimmed.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    // SHA-256 of the link's token, hex.
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    // The inviting Administrator's sign-in address.
    .addColumn("invitedBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    // When the link was used; null while it waits.
    .addColumn("usedAt", "bigint")
    .execute();
  await db.schema.createIndex("account_invitation_email").on("account_invitation").column("email").execute();

  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === "user")) return;
  const lastSignIn = sql`(SELECT MAX(a.at) FROM sign_in_attempt a WHERE a.email = u.email AND a.succeeded = 1)`;
  await sql`INSERT INTO account_role (${sql.ref("userId")}, role, ${sql.ref("lastSignInAt")})
    SELECT u.id, 'administrator', ${lastSignIn} FROM ${sql.table("user")} u`.execute(db);
}
