/**
 * The setup token as stored (app/accounts/setup.server.ts makes and checks it): its SHA-256 and the moment it stops
 * working, in two rows of the `setting` table, so that every server process of the install agrees on one token.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { setSetting } from "#app/platform/data/settings.server.ts";

const HASH_KEY = "setupTokenHash";
const EXPIRES_KEY = "setupTokenExpires";

/** The stored setup token. */
export interface StoredSetupToken {
  /** The token's SHA-256, 64 lower-case hex digits. */
  hash: string;
  /** When it stops working, ms since epoch; NaN when its row is missing or unreadable. */
  expires: number;
}

/**
 * Stores a new token's hash and expiry together (one transaction), replacing the previous token's.
 * @param hash the token's SHA-256, hex
 * @param expires ms since epoch
 */
export async function saveSetupToken(db: Database, hash: string, expires: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setSetting(trx, HASH_KEY, hash);
    await setSetting(trx, EXPIRES_KEY, String(expires));
  });
}

/** The stored token, or undefined when there is none (never issued, or taken). */
export async function readSetupToken(db: Database): Promise<StoredSetupToken | undefined> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", [HASH_KEY, EXPIRES_KEY]).execute();
  const hash = rows.find((r) => r.key === HASH_KEY)?.value;
  if (!hash) return undefined;
  return { hash, expires: Number(rows.find((r) => r.key === EXPIRES_KEY)?.value) };
}

/**
 * Takes the stored token whose hash is `hash`, atomically: of any number of callers at the same moment, exactly one
 * gets true (one `DELETE` of its row; the others delete nothing). Its expiry row goes with it.
 * @returns whether this caller took it
 */
export async function takeSetupToken(db: Database, hash: string): Promise<boolean> {
  const result = await db.deleteFrom("setting").where("key", "=", HASH_KEY).where("value", "=", hash).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await db.deleteFrom("setting").where("key", "=", EXPIRES_KEY).execute();
  return true;
}
