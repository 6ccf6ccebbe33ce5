/**
 * Sign-in throttling, in every mode: failed attempts are counted per account and per client address over a window,
 * in the database (so it holds across restarts and server processes). Every attempt is kept and logged.
 */
import type { Database } from "./db.server.ts";

/** The window over which failures are counted, in milliseconds. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed for one account within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failed attempts allowed from one client address within the window. */
export const MAX_FAILURES_PER_ADDRESS = 20;

export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** Whether a new attempt for this account or from this address must be refused now. */
export async function isThrottled(db: Database, email: string, ip: string, now = Date.now()): Promise<boolean> {
  const since = now - THROTTLE_WINDOW_MS;
  const [byAccount, byAddress] = await Promise.all([
    db
      .selectFrom("sign_in_attempt")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", email)
      .where("succeeded", "=", 0)
      .where("at", ">", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sign_in_attempt")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ip", "=", ip)
      .where("succeeded", "=", 0)
      .where("at", ">", since)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(byAccount.n) >= MAX_FAILURES_PER_ACCOUNT || Number(byAddress.n) >= MAX_FAILURES_PER_ADDRESS;
}

/** Records an attempt; a success clears nothing, but only failures count against the limits. */
export async function recordAttempt(db: Database, email: string, ip: string, succeeded: boolean, now = Date.now()): Promise<void> {
  await db
    .insertInto("sign_in_attempt")
    .values({ id: crypto.randomUUID(), email, ip, at: now, succeeded: succeeded ? 1 : 0 })
    .execute();
}
