import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, SealedSecretError } from "./sealed-secrets.server.ts";

const SECRET = "a-session-secret-of-at-least-32-characters";
const PURPOSE = "mail.smtpPassword";

describe("sealed secrets", () => {
  it("opens what it sealed, and never holds the plaintext", () => {
    const sealed = sealSecret(SECRET, PURPOSE, "hunter2 ünïcødé");
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain("hunter2");
    expect(openSecret(SECRET, PURPOSE, sealed)).toBe("hunter2 ünïcødé");
  });

  it("seals the same text differently each time (a fresh salt and nonce)", () => {
    expect(sealSecret(SECRET, PURPOSE, "same")).not.toBe(sealSecret(SECRET, PURPOSE, "same"));
  });

  it("refuses another secret, another purpose, a changed byte and a value that is not sealed", () => {
    const sealed = sealSecret(SECRET, PURPOSE, "hunter2");
    expect(() => openSecret(`${SECRET}-rotated`, PURPOSE, sealed)).toThrow(SealedSecretError);
    expect(() => openSecret(SECRET, "other.purpose", sealed)).toThrow(SealedSecretError);
    const parts = sealed.split(":");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0]! ^= 1;
    parts[4] = body.toString("base64url");
    expect(() => openSecret(SECRET, PURPOSE, parts.join(":"))).toThrow(SealedSecretError);
    expect(() => openSecret(SECRET, PURPOSE, "hunter2")).toThrow(SealedSecretError);
  });
});
