/**
 * DKIM (RFC 6376) on list mail (issue 11): with DKIM_* set, every message is signed over its headers, the
 * List-Unsubscribe and List-Unsubscribe-Post headers of RFC 8058 §4 included (a receiver only honours one-click
 * unsubscribe on a signed header). Checked with mailauth, a verifier from outside this project, against the public
 * key as a DNS TXT record would publish it.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import { createMailer } from "#app/platform/mail/mailer.server.ts";
import { personalMessage } from "#app/mail/outbox.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-dkim-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DOMAIN = "heronlake.example.org";
const SELECTOR = "shoreline";
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
/** The DNS of this test: only the selector's TXT record exists. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === "TXT" && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
}

async function signedAlert(): Promise<Buffer> {
  const outboxDir = path.join(dir, crypto.randomUUID());
  const mailer = createMailer({
    smtpUrl: undefined,
    outboxDir,
    from: `Heron Lake <board@${DOMAIN}>`,
    logger: createLogger("silent"),
    dkim: { domainName: DOMAIN, keySelector: SELECTOR, privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() },
  });
  const message = personalMessage(
    { id: "m1.s.r1", messageId: "m1", email: "dee@example.org", kind: "s", refId: "r1", list: "beach", subject: "Beach status: Closed", text: "Closed.", html: "<p>Closed.</p>", state: "sending", attempts: 0, nextAttemptAt: 0, lockedUntil: null, lastError: null, sentAt: null },
    { publicUrl: `https://${DOMAIN}`, secret: "a".repeat(32), association: { name: "Heron Lake", contactEmail: `board@${DOMAIN}` } },
  );
  await mailer.send(message);
  mailer.close();
  const [file] = readdirSync(outboxDir);
  return readFileSync(path.join(outboxDir, file!));
}

describe("DKIM signing of list mail", () => {
  it("signs the message with the configured key, covering List-Unsubscribe and List-Unsubscribe-Post", async () => {
    const raw = await signedAlert();
    const { results } = await dkimVerify(raw, { resolver });
    expect(results).toHaveLength(1);
    const result = results[0]!;
    expect(result.status.result).toBe("pass");
    expect(result.signingDomain).toBe(DOMAIN);
    const signed = (result.signingHeaders?.keys ?? "").toLowerCase().split(":").map((h) => h.trim());
    expect(signed).toEqual(expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post", "list-id"]));
  });

  it("fails verification when a signed header is changed on the way (a forged unsubscribe address)", async () => {
    const original = (await signedAlert()).toString("utf8");
    const raw = original.replace(/(List-Unsubscribe:\s*<https:\/\/[^/]+\/unsubscribe\/)/, "$1x");
    expect(raw).not.toBe(original);
    const { results } = await dkimVerify(Buffer.from(raw), { resolver });
    expect(results[0]!.status.result).toBe("fail");
  });
});
