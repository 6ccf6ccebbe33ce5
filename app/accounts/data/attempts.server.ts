/**
 * The rows the credential throttles count (app/accounts/throttle.server.ts holds the limits): `sign_in_attempt`, one
 * row per sign-in attempt, failed or not (also the audit log), and `password_reset_request`, one row per reset link
 * asked for. Accounts are stored by their address as better-auth keeps it (trimmed, lower-cased); clients by their
 * address, or "unknown".
 */
import { sql, type SqlBool } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";

/** How many rows one account and one client address have in a table since a moment. */
export interface RecentCounts {
  /** Rows for the account (its address). */
  byAccount: number;
  /** Rows from the client address. */
  byAddress: number;
}

/** Rows of `table` for `email` and for `ip` since `since` (ms since epoch, excluded), both counted at once. */
async function recentCounts(
  db: Database,
  table: "sign_in_attempt" | "password_reset_request",
  email: string,
  ip: string,
  since: number,
  failuresOnly: boolean,
): Promise<RecentCounts> {
  const count = (column: "email" | "ip", value: string) =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", value)
      .where("at", ">", since)
      // Only sign_in_attempt has `succeeded`; every reset request counts.
      .$if(failuresOnly, (query) => query.where(sql<SqlBool>`succeeded = 0`))
      .executeTakeFirstOrThrow();
  const [byAccount, byAddress] = await Promise.all([count("email", email), count("ip", ip)]);
  return { byAccount: Number(byAccount.n), byAddress: Number(byAddress.n) };
}

/**
 * Failed sign-ins for the account `email` and from the client `ip` after `since`.
 * @param since ms since epoch; an attempt at exactly this moment is not counted
 */
export function countFailedSignIns(db: Database, email: string, ip: string, since: number): Promise<RecentCounts> {
  return recentCounts(db, "sign_in_attempt", email, ip, since, true);
}

/** Records a sign-in attempt; a success clears nothing, but only failures are counted (`countFailedSignIns`). */
export async function recordAttempt(db: Database, email: string, ip: string, succeeded: boolean, now = Date.now()): Promise<void> {
  await db
    .insertInto("sign_in_attempt")
    .values({ id: crypto.randomUUID(), email, ip, at: now, succeeded: succeeded ? 1 : 0 })
    .execute();
}

/** Deletes the failed sign-ins of the account `email` (as stored); its successes and other accounts' rows stay. */
export async function deleteFailedSignIns(db: Database, email: string): Promise<void> {
  await db.deleteFrom("sign_in_attempt").where("email", "=", email).where("succeeded", "=", 0).execute();
}

/**
 * Reset links asked for the address `email` and by the client `ip` after `since`.
 * @param since ms since epoch; a request at exactly this moment is not counted
 */
export function countResetRequests(db: Database, email: string, ip: string, since: number): Promise<RecentCounts> {
  return recentCounts(db, "password_reset_request", email, ip, since, false);
}

/** Records a password reset request for the reset throttle. */
export async function recordResetRequest(db: Database, email: string, ip: string, now = Date.now()): Promise<void> {
  await db.insertInto("password_reset_request").values({ id: crypto.randomUUID(), email, ip, at: now }).execute();
}

/** Deletes the reset requests made before `before` (ms since epoch). */
export async function deleteResetRequestsBefore(db: Database, before: number): Promise<void> {
  await db.deleteFrom("password_reset_request").where("at", "<", before).execute();
}
