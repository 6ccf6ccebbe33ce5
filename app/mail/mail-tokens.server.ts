/**
 * The links in list mail that need no password (issue 11): confirm a subscription, manage it, unsubscribe in one
 * click (RFC 8058). A token names its holder and is signed with HMAC-SHA-256 under a key derived from the server's
 * session secret, so nothing is stored per link, a forged or altered token is refused, and a token made for one
 * purpose cannot serve another. Changing AUTH_SECRET (or `$DATA_DIR/auth-secret`) voids every link already sent.
 *
 * Shape: `<kind>_<id>_<list>.<signature>`, e.g. `s_0b6c…-…_beach.Q2x…` — kind "s" (subscriber) or "m" (member),
 * the row's UUID, the list ("all" for every list of a subscriber), then 32 base64url characters (192 bits) of the
 * MAC over purpose, kind, id and list.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

import type { MailList } from "./mail-texts.ts";

export { MAIL_LISTS, SUBSCRIBER_LISTS, type MailList, type SubscriberList } from "./mail-texts.ts";

export type TokenPurpose = "confirm" | "manage" | "unsubscribe";
export type TokenKind = "s" | "m";

/** What a valid token says. `list` is a `MailList` or "all". */
export interface MailToken {
  kind: TokenKind;
  id: string;
  list: MailList | "all";
}

const SIGNATURE_LENGTH = 32;
const TOKEN_SHAPE = /^(s|m)_([0-9a-f-]{36})_(beach|news|events|members|all)\.([A-Za-z0-9_-]{32})$/;

function key(secret: string): Buffer {
  return createHmac("sha256", secret).update("shoreline mail links v1").digest();
}

function sign(secret: string, purpose: TokenPurpose, body: string): string {
  return createHmac("sha256", key(secret)).update(`${purpose}:${body}`).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

/**
 * Makes a token for `purpose`.
 * @param secret the server's session secret (`config.authSecret`)
 * @param token who (kind and row id, a UUID) and which list ("all" for a subscriber's every list)
 */
export function makeMailToken(secret: string, purpose: TokenPurpose, token: MailToken): string {
  const body = `${token.kind}_${token.id}_${token.list}`;
  return `${body}.${sign(secret, purpose, body)}`;
}

/**
 * Reads a token made for `purpose`.
 * @returns what it says, or null when it is malformed, forged, or made for another purpose
 */
export function readMailToken(secret: string, purpose: TokenPurpose, value: string): MailToken | null {
  const match = TOKEN_SHAPE.exec(value);
  if (!match) return null;
  const [, kind, id, list, signature] = match as unknown as [string, TokenKind, string, MailToken["list"], string];
  const body = `${kind}_${id}_${list}`;
  const expected = Buffer.from(sign(secret, purpose, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (kind === "m" && list !== "members" && list !== "all") return null;
  return { kind, id, list };
}
