/**
 * A time-based one-time code (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits) computed from an `otpauth://` URI's
 * base32 secret, as an authenticator app does: independent of better-auth's own code, so a test that signs in with
 * it shows the site works with a real app.
 */
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Decodes RFC 4648 base32 (padding and case ignored). */
function base32Decode(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows at `now` for the account of `uri` (an `otpauth://totp/…?secret=…` URI) or a
 * bare base32 secret.
 * @param now ms since epoch
 */
export function totpCode(uriOrSecret: string, now = Date.now()): string {
  const secret = uriOrSecret.startsWith("otpauth://") ? new URL(uriOrSecret).searchParams.get("secret")! : uriOrSecret;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, "0");
}
