/**
 * Issue 24, findings 8 and 7 (`/api/email`): whoever holds an administrator's session (a stolen cookie, a malicious
 * co-administrator) posts HTML of their own to the email worker (spec §7) and it reached every member's mailbox as
 * sent: `<script>`, `onerror=`, `javascript:` links; and `&#x110000;` in the body answered 500 (a RangeError in our
 * own HTML-to-text conversion). Each mail is delivered to a real SMTP server (smtp-server), parsed by mailparser, and
 * its HTML read again by htmlparser2 to list what elements, attributes and link addresses it holds.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import type { ParsedMail } from "mailparser";
import { afterAll, expect } from "vitest";
import { startSmtpSink } from "../../support/smtp.ts";
import { waitFor } from "../../support/wait.ts";
import { onBothBackEnds, type Target } from "./support.ts";

// One SMTP server for both back ends' servers; each back end mails members of its own.
const sink = await startSmtpSink({ parse: true });
afterAll(() => sink.close());

const HARMLESS = ["Dear members,", "The beach reopens on Saturday.", "Read the news"];

/** The attacker's body: harmless paragraphs around every vector of the finding. */
const HOSTILE_BODY =
  `<p>${HARMLESS[0]}</p><script>alert(1)</script><p>${HARMLESS[1]}</p>` +
  `<img src=x onerror=alert(1)>` +
  `<p><a href="javascript:alert(1)">Open the minutes</a> <a href="JaVaScRiPt:alert(1)">the agenda</a> ` +
  `<a href="https://heronlake.example.org/news" onmouseover="alert(1)">${HARMLESS[2]}</a></p>` +
  `<iframe src="https://evil.example/frame"></iframe>` +
  `<style>body{background:url(https://evil.example/track.png)}</style>` +
  `<p>Bad character: &#x110000; here</p>`;

/** The dangerous parts found in a mail's HTML: elements, event attributes, link addresses and leftovers of the attack. */
function dangerousHtml(html: string): string[] {
  const found: string[] = [];
  const elements = DomUtils.findAll(() => true, parseDocument(html).children);
  for (const element of elements) {
    if (["script", "style", "iframe", "img", "form", "object", "embed", "svg"].includes(element.name)) found.push(`<${element.name}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name.startsWith("on")) found.push(`${name}= on <${element.name}>`);
      if (["href", "src", "action"].includes(name) && !/^(https?|mailto):/i.test(value.trim())) found.push(`${name}="${value}"`);
    }
  }
  for (const leftover of ["alert(", "javascript:", "evil.example"]) {
    if (html.toLowerCase().includes(leftover)) found.push(leftover);
  }
  return found;
}

/** The dangerous parts found in a mail's plain-text part. */
function dangerousText(text: string): string[] {
  return ["alert(", "javascript:", "onerror", "evil.example", "<script", "<img", "<iframe", "<style"].filter((part) => text.toLowerCase().includes(part));
}

/** Adds members through the administrator's own members screen; returns their addresses. */
async function addMembers(target: Target, cookie: string, names: string[]): Promise<string[]> {
  const emails = names.map((name) => `${name}.${target.backEnd}@example.org`);
  const response = await fetch(`${target.url}/admin/members`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url, Cookie: cookie },
    body: new URLSearchParams({ intent: "add", emails: emails.join(", ") }),
  });
  expect(response.status).toBe(302);
  return emails;
}

/** The attacker's request to the email worker, as spec §7 has it. */
function postMemberEmail(target: Target, cookie: string, message: { subject: string; body: string }): Promise<Response> {
  return fetch(`${target.url}/api/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS", Cookie: cookie },
    body: JSON.stringify(message),
  });
}

/** The parsed mails with `subject` the sink accepted for each of `emails`, once every one has arrived. */
async function deliveredTo(emails: string[], subject: string): Promise<ParsedMail[]> {
  const mine = () => sink.accepted.filter((m) => emails.includes(m.to) && m.mail?.subject === subject);
  await waitFor(() => mine().length >= emails.length, 15_000, `member email "${subject}" to ${emails.join(", ")}`);
  return mine().map((m) => m.mail!);
}

onBothBackEnds(
  "member email HTML from the email worker (issue 24, findings 8 and 7)",
  (attack) => {
    attack("posts scripts, event handlers, javascript: links, a frame, a style and &#x110000; as member mail: only the harmless text arrives", async (target) => {
      const cookie = await target.adminCookie();
      const members = await addMembers(target, cookie, ["ann", "bo"]);
      const subject = `Beach news (${target.backEnd})`;

      const response = await postMemberEmail(target, cookie, { subject, body: HOSTILE_BODY });
      // Never a 500: an invalid character reference is decoded as U+FFFD, as the HTML standard says.
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ queued: members.length });

      const mails = await deliveredTo(members, subject);
      expect(mails).toHaveLength(members.length);
      for (const mail of mails) {
        const html = typeof mail.html === "string" ? mail.html : "";
        const text = mail.text ?? "";
        expect(dangerousHtml(html)).toEqual([]);
        expect(dangerousText(text)).toEqual([]);
        for (const words of HARMLESS) {
          expect(html).toContain(words);
          expect(text).toContain(words);
        }
        // The links' words stay; only a safe address is kept, with rel="noopener noreferrer".
        expect(html).toContain(`<a rel="noopener noreferrer">Open the minutes</a>`);
        expect(html).toContain(`<a href="https://heronlake.example.org/news" rel="noopener noreferrer">${HARMLESS[2]}</a>`);
        expect(text).toContain(`${HARMLESS[2]} [https://heronlake.example.org/news]`);
        expect(html).toContain("Bad character: \uFFFD here");
        expect(text).toContain("Bad character: \uFFFD here");
      }
    });

    attack("posts a body that is nothing but script, style and an image: refused with a message, nothing queued", async (target) => {
      const cookie = await target.adminCookie();
      await addMembers(target, cookie, ["cy"]);
      const before = await target.db.db.selectFrom("outbox_message").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();

      const response = await postMemberEmail(target, cookie, {
        subject: `Nothing safe (${target.backEnd})`,
        body: `<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>`,
      });
      expect(response.status).toBe(400);
      expect((await response.json()) as { message: string }).toEqual({ message: expect.stringMatching(/no text .*unsafe HTML/) });
      const after = await target.db.db.selectFrom("outbox_message").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  },
  { SMTP_URL: sink.url, MAIL_FROM: "Heron Lake <board@heronlake.example.org>" },
);
