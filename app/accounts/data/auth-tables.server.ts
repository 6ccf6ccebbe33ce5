/**
 * What we read and write ourselves in better-auth's own tables (`user`, `verification`; everything else goes through
 * better-auth). They are not in our schema types (decision 003), so these are plain SQL templates, names quoted
 * where a dialect needs it (`user` is reserved on PostgreSQL).
 */
import { sql } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";

/** Whether any administrator account exists (every account is one: there is no public sign-up). */
export async function hasAdministrator(db: Database): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM "user" LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Ends every password reset link of an account (better-auth's `verification` rows `reset-password:<token>` whose
 * value is the account's id): used after a reset, so that an older link mailed before it no longer works.
 * @param userId better-auth's id of the account
 */
export async function endResetLinks(db: Database, userId: string): Promise<void> {
  await sql`DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${userId}`.execute(db);
}
