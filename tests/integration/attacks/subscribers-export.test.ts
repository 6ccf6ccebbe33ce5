/**
 * Issue 24's test audit: the subscribers CSV export's formula escaping had no test. A cell that starts with "=", "+",
 * "-", "@", a tab or a carriage return is read as a formula when the board opens the export in a spreadsheet (OWASP
 * "CSV Injection"), so an attacker who subscribes such an address could run a formula on the board's computer. The
 * subscribe form lets "+" and "-" through at the start of an address (zod's email check allows them in the local
 * part): the attacker subscribes two and confirms them from the mails it receives. Addresses starting with the other
 * characters are refused by the form today; they are written into the database directly, as an older version or a
 * future path could store them, because the export must not rely on the form. Each such cell must come out of the
 * export prefixed with a single quote (csv-stringify's `escape_formulas`), and an ordinary address unchanged.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { simpleParser } from "mailparser";
import { expect } from "vitest";
import { SUBSCRIBE_ANSWER } from "#app/mail/mail-texts.ts";
import { waitFor } from "../../support/wait.ts";
import { onBothBackEnds, type Target } from "./support.ts";

/** Addresses the subscribe form accepts that a spreadsheet reads as formulas. */
const THROUGH_THE_FORM = ["+1+1@attacker.example", "-1+cmd@attacker.example"];
/** Addresses the form refuses, stored directly as the precondition. */
const STORED = ["=cmd|' /C calc'!A0@attacker.example", "@sum(1+1)*cmd|' /C calc'!A0@attacker.example", "\t=1+1@attacker.example", "\r=1+1@attacker.example"];
const ORDINARY = "ann@example.org";

/** The confirmation mail's link for `address`, from the mails the server wrote to DATA_DIR/mail (its outbox). */
async function confirmationLink(target: Target, address: string): Promise<string> {
  const dir = path.join(target.dataDir, "mail");
  let link: string | undefined;
  await waitFor(() => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".eml") && readFileSync(path.join(dir, f), "latin1").includes(address)), 15_000, `the mail to ${address}`);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === address)) {
      link = (mail.text ?? "").match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith("/subscribe/confirm/"));
    }
  }
  if (!link) throw new Error(`no confirmation link for ${address}`);
  return link;
}

onBothBackEnds("subscribers CSV export (issue 24, test audit)", (attack) => {
  attack(
    "addresses that start a formula come out of the export quoted, so a spreadsheet shows them as text",
    async (target) => {
      for (const address of THROUGH_THE_FORM) {
        const response = await fetch(`${target.url}/subscribe`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
          body: new URLSearchParams({ email: address, "list-beach": "on" }),
        });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(SUBSCRIBE_ANSWER);
        // The attacker reads its own mailbox and confirms, as the export lists confirmed subscribers only.
        const confirmed = await fetch((await confirmationLink(target, address)).replace(/^https?:\/\/[^/]+/, target.url), { method: "POST", headers: { Origin: target.url } });
        expect(confirmed.status).toBe(200);
      }
      const now = Date.now();
      await target.db.db
        .insertInto("subscriber")
        .values([...STORED, ORDINARY].map((email) => ({ id: crypto.randomUUID(), email, lists: "beach", createdAt: now, confirmedAt: now, consentIp: "203.0.113.9", updatedAt: now })))
        .execute();

      const response = await fetch(`${target.url}/admin/subscribers/export`, { headers: { Cookie: await target.adminCookie() } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const rows = parse(await response.text(), { columns: true }) as { email: string; consent_ip: string }[];
      const cells = rows.map((r) => r.email).toSorted();
      expect(cells).toEqual([...[...THROUGH_THE_FORM, ...STORED].map((a) => `'${a}`), ORDINARY].toSorted());
      // The other columns are the server's own (lists, times, a client address): none starts a formula.
      expect(rows.map((r) => r.consent_ip).filter((ip) => /^[=+\-@\t\r]/.test(ip))).toEqual([]);
    },
    60_000,
  );
});
