/**
 * The first start of a new install without a developer: while no administrator exists (and none is given by
 * ADMIN_EMAIL), every start prints a one-time link `/setup?token=…` that creates the first administrator. The token
 * is 32 random bytes; only its SHA-256 is stored (in the `setting` table, so every server process of the install
 * agrees: app/accounts/data/setup-token.server.ts), it is valid for one hour, and each start while no administrator
 * exists replaces it with a new one.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "#app/platform/data/db.server.ts";
import { hasAdministrator } from "./data/auth-tables.server.ts";
import { readSetupToken, saveSetupToken, takeSetupToken } from "./data/setup-token.server.ts";

/** How long a setup link works, in milliseconds. */
export const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000;

function sha256(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/**
 * A new setup token when no administrator exists, or null. The previous token, if any, stops working.
 * @param now ms since epoch
 */
export async function issueSetupToken(db: Database, now = Date.now()): Promise<string | null> {
  if (await hasAdministrator(db)) return null;
  const token = randomBytes(32).toString("base64url");
  await saveSetupToken(db, sha256(token).toString("hex"), now + SETUP_TOKEN_TTL_MS);
  return token;
}

/** Whether `token` is the current setup token, unexpired, and no administrator exists yet. */
export async function isValidSetupToken(db: Database, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const stored = await readSetupToken(db);
  if (!stored || !(stored.expires > now)) return false;
  const given = sha256(token);
  const expected = Buffer.from(stored.hash, "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return !(await hasAdministrator(db));
}

/**
 * Takes the setup token for one request, atomically: of any number of requests carrying the current token at the
 * same moment, exactly one gets true (the row is deleted by the first; the others delete nothing). Checks it as
 * `isValidSetupToken` does first.
 * @returns whether this request may create the first administrator
 */
export async function consumeSetupToken(db: Database, token: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!(await isValidSetupToken(db, token, now))) return false;
  return takeSetupToken(db, sha256(token as string).toString("hex"));
}
