import { describe, expect, it } from "vitest";
import { makeMailToken, readMailToken, type MailToken, type TokenPurpose } from "./mail-tokens.server.ts";

const SECRET = "known-answer-secret-0123456789abcdef";
const ID = "0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";
const PURPOSES: TokenPurpose[] = ["confirm", "manage", "unsubscribe"];
/** Every holder and list a link is made for: a subscriber's list or all of them, a member's member mail. */
const HOLDERS: MailToken[] = [
  { kind: "s", id: ID, list: "beach" },
  { kind: "s", id: ID, list: "news" },
  { kind: "s", id: ID, list: "events" },
  { kind: "s", id: ID, list: "all" },
  { kind: "m", id: ID, list: "members" },
  { kind: "m", id: ID, list: "all" },
];

/** `token` with the character at `at` replaced by another one allowed there. */
function alter(token: string, at: number): string {
  const swap: Record<string, string> = { s: "m", m: "s", a: "b", "0": "1", "-": "_", _: "-" };
  const char = token[at]!;
  return token.slice(0, at) + (swap[char] ?? (char === "A" ? "B" : "A")) + token.slice(at + 1);
}

describe("mail link tokens (issue 11): <kind>_<id>_<list>.<HMAC-SHA-256, 32 base64url characters>", () => {
  it("signs as documented, so that links already mailed still open after an upgrade", () => {
    // Computed with Python's hmac module: key = HMAC-SHA-256(secret, "shoreline mail links v1"), signature = the first
    // 32 base64url characters of HMAC-SHA-256(key, "<purpose>:<kind>_<id>_<list>").
    const known = `s_${ID}_beach.7If4xjTqMsTotcvulJt00iZSUNRrKiHJ`;
    expect(makeMailToken(SECRET, "unsubscribe", { kind: "s", id: ID, list: "beach" })).toBe(known);
    expect(readMailToken(SECRET, "unsubscribe", known)).toEqual({ kind: "s", id: ID, list: "beach" });
  });

  it("reads back what it made, for every purpose, holder and list", () => {
    for (const purpose of PURPOSES) {
      for (const holder of HOLDERS) expect(readMailToken(SECRET, purpose, makeMailToken(SECRET, purpose, holder)), `${purpose} ${holder.kind} ${holder.list}`).toEqual(holder);
    }
  });

  it("refuses a token made for another purpose, or under another secret", () => {
    for (const made of PURPOSES) {
      const token = makeMailToken(SECRET, made, HOLDERS[0]!);
      for (const read of PURPOSES.filter((p) => p !== made)) expect(readMailToken(SECRET, read, token), `${made} read as ${read}`).toBeNull();
      expect(readMailToken(`${SECRET}!`, made, token)).toBeNull();
    }
  });

  it("refuses a token with any one character changed: kind, id, list or signature", () => {
    const token = makeMailToken(SECRET, "manage", { kind: "s", id: ID, list: "all" });
    const dot = token.indexOf(".");
    for (let at = 0; at < token.length; at++) {
      if (at === dot || (token[at] === "_" && at < dot)) continue;
      expect(readMailToken(SECRET, "manage", alter(token, at)), `changed at ${at}`).toBeNull();
    }
    // The list named differently, and another holder's valid signature.
    expect(readMailToken(SECRET, "manage", token.replace("_all.", "_news."))).toBeNull();
    const other = makeMailToken(SECRET, "manage", { kind: "s", id: ID.replace("0b6c", "0b6d"), list: "all" });
    expect(readMailToken(SECRET, "manage", `${token.slice(0, dot)}${other.slice(other.indexOf("."))}`)).toBeNull();
  });

  it("refuses anything but the exact shape, even when it is signed", () => {
    const token = makeMailToken(SECRET, "unsubscribe", { kind: "s", id: ID, list: "beach" });
    for (const value of [` ${token}`, `${token} `, `x${token}`, `${token}x`, `${token}\n`, token.slice(0, -1), token.replace(".", "_"), token.toUpperCase(), ""]) {
      expect(readMailToken(SECRET, "unsubscribe", value), JSON.stringify(value)).toBeNull();
    }
    // Signed over a body that is not a token's: another kind, list or id form.
    const signed = (kind: string, id: string, list: string) => makeMailToken(SECRET, "unsubscribe", { kind, id, list } as unknown as MailToken);
    for (const [kind, id, list] of [
      ["x", ID, "beach"],
      ["sm", ID, "beach"],
      ["s", ID, "sports"],
      ["s", ID, "beachs"],
      ["s", ID.toUpperCase(), "beach"],
      ["s", ID.slice(1), "beach"],
      ["s", `${ID}0`, "beach"],
      ["s", ID.replace("-", "g"), "beach"],
    ]) {
      expect(readMailToken(SECRET, "unsubscribe", signed(kind!, id!, list!)), `${kind} ${id} ${list}`).toBeNull();
    }
  });

  it("refuses a member's token for a subscriber list, even when it is signed", () => {
    for (const list of ["beach", "news", "events"] as const) expect(readMailToken(SECRET, "unsubscribe", makeMailToken(SECRET, "unsubscribe", { kind: "m", id: ID, list }))).toBeNull();
  });
});
