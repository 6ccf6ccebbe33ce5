/**
 * Member email end to end through a real SMTP server (the smtp-server package): the admin form posts to the email
 * worker (spec §7), which queues one message per member in the outbox (issue 11), sent by its worker: HTML paragraphs
 * escaped, with a plain-text part and the member's own unsubscribe link.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer, signInCookie } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let server: RunningServer;
let cookie = "";
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-mail-"));

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  server = await startServer({
    DATA_DIR: dir,
    SEED: "none",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Heron Lake <board@heronlake.example.org>",
    ADMIN_EMAIL: "chair@example.org",
    ADMIN_PASSWORD: "chair-password",
  });
  cookie = await signInCookie(server.url, "chair@example.org", "chair-password");
  expect(cookie).toContain("session_token");
});

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});


function post(pathname: string, form: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(form),
  });
}

describe("email to members through SMTP", () => {
  it("refuses an empty subject or message with the specification's messages", async () => {
    const noSubject = await post("/admin/email", { subject: " ", message: "Hello" });
    expect(noSubject.status).toBe(400);
    expect(await noSubject.text()).toContain("Please enter an email subject");
    const noMessage = await post("/admin/email", { subject: "Hello", message: "\n \n" });
    expect(noMessage.status).toBe(400);
    expect(await noMessage.text()).toContain("Please enter an email message");
    expect(received).toHaveLength(0);
  });

  it("sends one message per member, with escaped HTML paragraphs and a plain-text part", async () => {
    const added = await post("/admin/members", { intent: "add", emails: " ann@example.org, bo@example.org ,cy@example.org" });
    expect(added.status).toBe(302);
    const response = await post("/admin/email", { subject: "Beach reopens", message: `Line <one> & "two"\n\n  Line three  ` });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/class="alert"[^>]*>([^<]*)/)?.[1]).toBeUndefined();
    expect(html).toContain("Email sent to 3 members.");

    // Queued in the outbox and sent by its worker a moment later (issue 11).
    await waitFor(() => received.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(3);
    expect(received.map((m) => m.to)).toEqual(expect.arrayContaining([["ann@example.org"], ["bo@example.org"], ["cy@example.org"]]));
    for (const message of received) {
      expect(message.to).toHaveLength(1);
      const mail = await simpleParser(message.raw);
      expect(mail.subject).toBe("Beach reopens");
      expect(mail.headerLines.filter((h) => h.key === "to").map((h) => h.line)).toEqual([`To: ${message.to[0]}`]);
      // Sanitised on the way (sanitize-html), which writes quotes in text as they are: they need no escaping there.
      expect(mail.html).toContain(`<p>Line &lt;one&gt; &amp; "two"</p><p>Line three</p>`);
      expect(message.raw).toContain("Content-Type: text/plain");
      expect(mail.text).toMatch(/Line <one> & "two"\r?\nLine three/);
      // The member's own unsubscribe link, in the body and in the one-click headers (RFC 2369, RFC 8058).
      expect(mail.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/m_[0-9a-f-]{36}_members\.[\w-]{32}/);
      expect(message.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      // No member sees another's address.
      for (const other of ["ann@example.org", "bo@example.org", "cy@example.org"].filter((a) => a !== message.to[0])) {
        expect(message.raw).not.toContain(other);
      }
    }
  });

  it("the worker refuses a guest, a wrong audience and a line break in the subject", async () => {
    const body = JSON.stringify({ subject: "x", body: "<p>x</p>" });
    const guest = await fetch(`${server.url}/api/email`, { method: "POST", headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS" }, body });
    expect(guest.status).toBe(401);
    const audience = await fetch(`${server.url}/api/email`, { method: "POST", headers: { "Content-Type": "application/json", "Target-Audience": "EVERYONE", Cookie: cookie }, body });
    expect(audience.status).toBe(400);
    const injected = await fetch(`${server.url}/api/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS", Cookie: cookie },
      body: JSON.stringify({ subject: "Hi\r\nBcc: everyone@example.org", body: "<p>x</p>" }),
    });
    expect(injected.status).toBe(400);
    const before = received.length;
    const viaForm = await post("/admin/email", { subject: "Hi\r\nBcc: everyone@example.org", message: "x" });
    expect(viaForm.status).toBe(400);
    expect(received.length).toBe(before);
  });
});
