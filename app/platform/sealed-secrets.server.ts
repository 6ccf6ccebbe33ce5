/**
 * Secrets the board types into the browser (the SMTP password of Settings → Email), kept in the database encrypted
 * with a key derived from the session secret (AUTH_SECRET, or `$DATA_DIR/auth-secret`; `ensureAuthSecret` in
 * config.server.ts), so that a copy of the database alone (a backup, a dump) does not give them away. Decision 026.
 *
 * AES-256-GCM (authenticated: a changed byte is refused, never decrypted to something else). Each sealing draws a
 * random 16-byte salt and 12-byte nonce; the key is HKDF-SHA256(secret, salt, "shoreline:" + purpose), and the
 * purpose is also the additional data, so a value sealed for one purpose cannot be opened as another.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** The version tag that starts every sealed value: "v1:salt:nonce:tag:ciphertext", each part base64url. */
const VERSION = "v1";

/** A sealed value that cannot be opened: a different secret, a changed or cut value, another purpose. */
export class SealedSecretError extends Error {
  override name = "SealedSecretError";
}

function keyFor(secret: string, salt: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), salt, Buffer.from(`shoreline:${purpose}`, "utf8"), 32));
}

/**
 * Encrypts `plaintext` with a key derived from `secret`.
 * @param secret the session secret (at least 32 characters)
 * @param purpose what the value is, e.g. "mail.smtpPassword"; `openSecret` must be given the same
 * @returns "v1:…", ASCII, about 4/3 of the text's length plus 60 characters
 */
export function sealSecret(secret: string, purpose: string, plaintext: string): string {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, salt, purpose), nonce);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, salt, nonce, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(":");
}

/**
 * Decrypts what `sealSecret` made.
 * @throws SealedSecretError when the value is not one, or was sealed with another secret or purpose, or was changed
 */
export function openSecret(secret: string, purpose: string, sealed: string): string {
  const parts = sealed.split(":");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SealedSecretError("not a sealed secret");
  const [salt, nonce, tag, body] = parts.slice(1).map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer, Buffer];
  if (salt.length !== 16 || nonce.length !== 12 || tag.length !== 16) throw new SealedSecretError("not a sealed secret");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, salt, purpose), nonce);
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("the secret cannot be opened: sealed with another AUTH_SECRET, or changed");
  }
}
