/**
 * The contact form's time token (issue 28): the moment its page was made, signed with HMAC-SHA-256 under a key
 * derived from the server's session secret, so that a robot cannot write a time of its own. Shape:
 * `<ms since epoch>.<43 base64url characters>`. It says nothing secret and names nobody; changing AUTH_SECRET voids
 * the tokens of pages already made (their forms are refused once, then work from a new page).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const TOKEN_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function sign(secret: string, issuedAt: string): string {
  const key = createHmac("sha256", secret).update("shoreline contact form v1").digest();
  return createHmac("sha256", key).update(issuedAt).digest("base64url");
}

/**
 * A token for a page made at `now`.
 * @param secret the server's session secret (`config.authSecret`)
 * @param now ms since epoch
 */
export function makeContactToken(secret: string, now = Date.now()): string {
  const issuedAt = String(Math.trunc(now));
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/**
 * The time a token says its page was made (ms since epoch), or null when it is missing, malformed or not signed by
 * this server's secret.
 */
export function readContactToken(secret: string, value: string | undefined): number | null {
  const match = TOKEN_SHAPE.exec(value ?? "");
  if (!match) return null;
  const [, issuedAt, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(issuedAt);
}
