/**
 * Subscriptions and beach alerts end to end (issue 11), through the built server and a real SMTP server
 * (smtp-server): double opt-in, the same answer for a known address, throttling per address and per client, one
 * alert per status change (and one for a whole CSV import), the manual advisory, the one-click unsubscribe of
 * RFC 8058 with no cookie, forged and expired links, and suppression after a 550.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "#app/platform/text/dates.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { runMaintenance } from "#app/web/maintenance.server.ts";
import { LINK_INVALID, SUBSCRIBE_ANSWER, SUBSCRIBE_THROTTLED } from "#app/mail/mail-texts.ts";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { backends } from "../support/databases.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type AcceptedMail, type SmtpSink } from "../support/smtp.ts";
import { dateValueChoices, postLabImport, previewLabCsv } from "../support/lab-import.ts";
import { waitFor } from "../support/wait.ts";

let smtp: SmtpSink;
let server: RunningServer;
let cookie = "";
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-subscriptions-"));
const ADMIN = { email: "chair@example.org", password: "chair-password" };

beforeAll(async () => {
  smtp = await startSmtpSink({ parse: true });
  server = await startServer({
    DATA_DIR: dir,
    SEED: "none",
    TRUST_PROXY: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Heron Lake <board@heronlake.example.org>",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every message the SMTP server accepted, parsed. */
type Received = AcceptedMail & { mail: ParsedMail };
const received = (): Received[] => smtp.accepted as Received[];


/** Waits a moment for mail that must NOT come (the worker polls every 2 s and is kicked at once). */
function settle(ms = 1500): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A page's HTML without React's text separators (`<!-- -->`), so that a sentence reads whole. */
async function pageText(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

function mailsTo(address: string): Received[] {
  return received().filter((r) => r.to === address);
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let clientNumber = 0;
/** A client address of its own for each call unless given (TRUST_PROXY: the server reads X-Forwarded-For). */
function subscribe(email: string, lists: string[] = ["beach"], client = `198.51.100.${++clientNumber % 250}`) {
  const form = new URLSearchParams({ email });
  for (const l of lists) form.set(`list-${l}`, "on");
  return fetch(`${server.url}/subscribe`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": client },
    body: form,
  });
}

function adminPost(pathname: string, form: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(form),
  });
}

/** Adds a reading through the admin form (the association's time zone is the demo's default). */
async function addReading(value: number, date = todayIn("America/Chicago")): Promise<void> {
  const body = new FormData();
  body.set("date", date);
  body.set("value", String(value));
  const response = await fetch(`${server.url}/admin/beach-measurements`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body });
  expect(response.status).toBe(302);
}

/** The first link in a mail's text that starts with `prefix` (a path such as "/subscribe/confirm/"). */
function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? "").match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in:\n${mail.text}`);
  return found;
}

async function confirm(address: string): Promise<void> {
  await waitFor(() => mailsTo(address).length > 0);
  const link = linkIn(mailsTo(address).at(-1)!.mail, "/subscribe/confirm/");
  const response = await fetch(link, { method: "POST", headers: { Origin: server.url } });
  expect(response.status).toBe(200);
  expect(await pageText(response)).toContain("You are subscribed");
}

function listUnsubscribe(mail: ParsedMail): string {
  return mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "";
}

describe("subscribing", () => {
  it("refuses malformed addresses and an empty choice with a clear message, and sends nothing", async () => {
    for (const bad of ["", "not-an-address", "ann@", "x@example.org\r\nBcc: all@example.org", `${"a".repeat(250)}@example.org`]) {
      const response = await subscribe(bad);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/Please enter (your|a valid) email address|That address is too long/);
    }
    const none = await subscribe("ann@example.org", []);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one list");
    await settle();
    expect(received()).toHaveLength(0);
  });

  it("sends a confirmation and nothing else until it is confirmed (double opt-in); a GET of the link confirms nobody", async () => {
    await addReading(100); // the first state is a baseline: no alert
    const response = await subscribe("Ann@Example.org", ["beach", "news"]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SUBSCRIBE_ANSWER);
    await waitFor(() => mailsTo("ann@example.org").length === 1);
    const confirmation = mailsTo("ann@example.org")[0]!.mail;
    expect(confirmation.subject).toMatch(/^Confirm your subscription to /);
    const link = linkIn(confirmation, "/subscribe/confirm/");

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm subscription");

    await addReading(1500); // Open → Closed, but Ann has not confirmed
    await settle();
    expect(mailsTo("ann@example.org")).toHaveLength(1);

    await confirm("ann@example.org");
    await addReading(300); // Closed → Caution
    await waitFor(() => mailsTo("ann@example.org").length === 2);
    const alert = mailsTo("ann@example.org")[1]!.mail;
    expect(alert.subject).toContain("Caution");
  });

  it("answers a known address exactly as a new one, and mails its owner a manage link instead", async () => {
    const before = mailsTo("ann@example.org").length;
    const known = await subscribe("ann@example.org", ["events"]);
    const fresh = await subscribe("bo@example.org", ["events"]);
    expect(known.status).toBe(fresh.status);
    const answer = (html: string) => html.match(/role="status"[^>]*>([^<]*)/)?.[1];
    expect(answer(await known.text())).toBe(answer(await fresh.text()));
    await waitFor(() => mailsTo("ann@example.org").length === before + 1);
    const mail = mailsTo("ann@example.org").at(-1)!.mail;
    expect(mail.subject).toMatch(/^Your subscriptions at /);
    linkIn(mail, "/subscriptions/");
  });

  it("throttles one address (3 an hour) and one client (10 an hour), sending nothing for refused requests", async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe("cy@example.org")).status).toBe(200);
    const fourth = await subscribe("cy@example.org");
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain(SUBSCRIBE_THROTTLED);

    // 200 addresses from one client: 10 are taken, the rest refused, and only 10 mails go out.
    const client = "203.0.113.7";
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await subscribe(`flood${i}@example.org`, ["news"], client)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    await waitFor(() => received().filter((r) => r.to.startsWith("flood")).length >= 10);
    await settle();
    expect(received().filter((r) => r.to.startsWith("flood"))).toHaveLength(10);
  });
});

describe("subscribing at the limits", () => {
  /** The confirmation page's button: its (empty) form posted as a browser does. */
  const pressConfirm = (link: string) => fetch(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url }, body: "" });

  /** An address of `length` characters: a local part of 64 (RFC 5321's most) and a domain of labels up to 63. */
  function addressOf(length: number): string {
    const local = "a".repeat(64);
    const fixed = `${local}@${"b".repeat(63)}.${"c".repeat(63)}..example.org`.length;
    return `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(length - fixed)}.example.org`;
  }

  /** Requests recorded for the throttle `ago` ms before now, as earlier requests would have left them. */
  function recordAttempts(rows: { email: string; ip: string }[], ago: number): void {
    const db = new SQLite(path.join(dir, "shoreline.db"));
    const insert = db.prepare("INSERT INTO subscribe_attempt (id, email, ip, at) VALUES (?, ?, ?, ?)");
    for (const row of rows) insert.run(crypto.randomUUID(), row.email, row.ip, Date.now() - ago);
    db.close();
  }

  it("takes an address of 254 characters and refuses one of 255 with its message", async () => {
    const longest = addressOf(254);
    expect(longest).toHaveLength(254);
    const taken = await subscribe(longest);
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain(SUBSCRIBE_ANSWER);

    const over = addressOf(255);
    expect(over).toHaveLength(255);
    const refused = await subscribe(over);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("That address is too long");
    // What was kept: the 254-character address and its confirmation mail in the outbox, nothing of the other. (Its
    // delivery is the receiving server's matter: smtp-server takes at most 253 characters, a path of 255 octets.)
    const db = new SQLite(path.join(dir, "shoreline.db"), { readonly: true });
    const count = (sql: string, email: string) => (db.prepare(sql).get(email) as { n: number }).n;
    const kept = (email: string) => [count("SELECT count(*) AS n FROM subscriber WHERE email = ?", email), count("SELECT count(*) AS n FROM outbox_recipient WHERE email = ?", email)];
    expect(kept(longest)).toEqual([1, 1]);
    expect(kept(over)).toEqual([0, 0]);
    db.close();
  });

  it("counts an address's and a client's requests over one hour: those of 59 minutes ago refuse the next, those of 61 minutes ago do not", async () => {
    const three = (email: string) => Array.from({ length: 3 }, (_, i) => ({ email, ip: `192.0.2.${i + 1}` }));
    recordAttempts(three("hour-in@example.org"), 59 * MINUTE);
    recordAttempts(three("hour-out@example.org"), 61 * MINUTE);
    expect((await subscribe("hour-in@example.org")).status).toBe(429);
    expect((await subscribe("hour-out@example.org")).status).toBe(200);

    const ten = (ip: string) => Array.from({ length: 10 }, (_, i) => ({ email: `earlier${i}.${ip}@example.org`, ip }));
    recordAttempts(ten("192.0.2.50"), 59 * MINUTE);
    recordAttempts(ten("192.0.2.51"), 61 * MINUTE);
    expect((await subscribe("client-in@example.org", ["news"], "192.0.2.50")).status).toBe(429);
    expect((await subscribe("client-out@example.org", ["news"], "192.0.2.51")).status).toBe(200);
  });

  it("confirms an unconfirmed subscription 7 days less a minute old; at 7 days and a minute its link is refused", async () => {
    for (const email of ["week-in@example.org", "week-out@example.org"]) expect((await subscribe(email)).status).toBe(200);
    await waitFor(() => mailsTo("week-in@example.org").length === 1 && mailsTo("week-out@example.org").length === 1);
    const db = new SQLite(path.join(dir, "shoreline.db"));
    const age = db.prepare("UPDATE subscriber SET createdAt = ? WHERE email = ?");
    age.run(Date.now() - 7 * DAY + MINUTE, "week-in@example.org");
    age.run(Date.now() - 7 * DAY - MINUTE, "week-out@example.org");
    db.close();

    const kept = await pressConfirm(linkIn(mailsTo("week-in@example.org")[0]!.mail, "/subscribe/confirm/"));
    expect(kept.status).toBe(200);
    expect(await pageText(kept)).toContain("You are subscribed");
    const forgotten = await pressConfirm(linkIn(mailsTo("week-out@example.org")[0]!.mail, "/subscribe/confirm/"));
    expect(forgotten.status).toBe(404);
    expect(await forgotten.text()).toContain(LINK_INVALID);
  });
});

// The chore that runs at start and every 15 minutes (runMaintenance), over each back end: what it forgets.
describe.each(backends)("forgetting unconfirmed subscriptions on $name", ({ name, create, available }) => {
  it("keeps one made 7 days less a minute ago and any confirmed one, forgets one made 7 days and a minute ago", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    const database = await create();
    try {
      const now = Date.now();
      const made = async (email: string, ago: number) => (await requestSubscription(database.db, { email, lists: ["beach"], ip: "198.51.100.9" }, now - ago)).subscriber;
      await made("kept@example.org", 7 * DAY - MINUTE);
      await made("forgotten@example.org", 7 * DAY + MINUTE);
      await confirmSubscriber(database.db, (await made("confirmed@example.org", 30 * DAY)).id, now - 30 * DAY);
      const services = { db: database.db, logger: createLogger("silent"), outbox: { kick: () => undefined } as never, config: { publicUrl: "http://127.0.0.1:3000" } as never };
      expect(await runMaintenance(services, now)).toBe(true);
      const left = await database.db.selectFrom("subscriber").select("email").orderBy("email").execute();
      expect(left.map((r) => r.email)).toEqual(["confirmed@example.org", "kept@example.org"]);
    } finally {
      await database.drop();
    }
  });
});

describe("beach alerts", () => {
  it("mails one alert per status change: the status, the reading, its date, what it means and a link; the list headers", async () => {
    await subscribe("dee@example.org", ["beach"]);
    await confirm("dee@example.org");
    const before = mailsTo("dee@example.org").length;
    await addReading(400); // still Caution: no alert
    await settle();
    expect(mailsTo("dee@example.org")).toHaveLength(before);

    await addReading(1200); // Caution → Closed
    await waitFor(() => mailsTo("dee@example.org").length === before + 1);
    const received1 = mailsTo("dee@example.org").at(-1)!;
    const alert = received1.mail;
    expect(alert.subject).toMatch(/Beach status at .*: Closed$/);
    expect(alert.text).toContain("1,200 E. coli CFU per 100 mL");
    expect(alert.text).toContain("Stay out of the water.");
    expect(alert.text).toContain(`${server.url}/the-lake#beach`);
    expect(alert.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/s_[0-9a-f-]{36}_beach\./);
    expect(alert.html).toContain(">Unsubscribe</a>");
    // RFC 2369 and RFC 8058: one List-Unsubscribe with the https link and a mailto, and the one-click header.
    expect(listUnsubscribe(alert)).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[^>]+>,\s*<mailto:[^>]+>$/);
    expect(received1.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(received1.raw).toMatch(/List-ID: .*<beach\.127\.0\.0\.1>/);
  });

  it("alerts once for a whole season imported from a lab file, with the latest status", async () => {
    const before = mailsTo("dee@example.org").length;
    const today = todayIn("America/Chicago");
    const lines = ["date,value"];
    for (let d = 40; d >= 1; d--) {
      const date = new Date(Date.parse(`${today}T12:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
      lines.push(`${date},${d % 3 === 0 ? 1500 : d % 3 === 1 ? 300 : 20}`);
    }
    lines.push(`${today},40`);
    const preview = await previewLabCsv(server, cookie, lines.join("\n"));
    const imported = await postLabImport(server, cookie, { ...dateValueChoices(preview), intent: "import-all" });
    expect(imported.status).toBe(302);
    await waitFor(() => mailsTo("dee@example.org").length === before + 1);
    await settle();
    expect(mailsTo("dee@example.org")).toHaveLength(before + 1);
    expect(mailsTo("dee@example.org").at(-1)!.mail.subject).toMatch(/: Open$/);
  });

  it("a manual advisory overrides the public status and alerts with its reason; lifting it alerts too", async () => {
    const before = mailsTo("dee@example.org").length;
    const posted = await adminPost("/admin/beach-advisory", { intent: "post", status: "Closed", reason: "Sewage spill at the north inlet" });
    expect(posted.status).toBe(302);
    await waitFor(() => mailsTo("dee@example.org").length === before + 1);
    const alert = mailsTo("dee@example.org").at(-1)!.mail;
    expect(alert.subject).toMatch(/^Beach advisory at .*: Closed$/);
    expect(alert.text).toContain("Reason: Sewage spill at the north inlet");

    const lake = await (await fetch(`${server.url}/the-lake`)).text();
    expect(lake).toContain("Sewage spill at the north inlet");
    expect(lake).toMatch(/class="status" data-status="Closed"/);

    const lifted = await adminPost("/admin/beach-advisory", { intent: "lift" });
    expect(lifted.status).toBe(302);
    await waitFor(() => mailsTo("dee@example.org").length === before + 2);
    const after = mailsTo("dee@example.org").at(-1)!.mail;
    expect(after.text).toContain("The board has lifted its advisory.");
    expect(after.subject).toMatch(/: Open$/);
    expect(await (await fetch(`${server.url}/the-lake`)).text()).toMatch(/class="status" data-status="Open"/);
  });

  it("refuses an advisory without a reason and changes nothing", async () => {
    const before = received().length;
    const response = await adminPost("/admin/beach-advisory", { intent: "post", status: "Closed", reason: "  " });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please give the reason for the advisory");
    await settle();
    expect(received().length).toBe(before);
  });
});

describe("news and events lists", () => {
  const TODAY = () => todayIn("America/Chicago");

  it("mails a news post to the news list only when the board checks the box, and only once", async () => {
    await subscribe("nell@example.org", ["news"]);
    await confirm("nell@example.org");
    await subscribe("evan@example.org", ["events"]);
    await confirm("evan@example.org");
    const nell = mailsTo("nell@example.org").length;
    const evan = mailsTo("evan@example.org").length;

    // A plain save publishes the post and mails nobody (issue 26: saving is not sending).
    expect((await adminPost("/admin/news", { title: "Minutes of 2019", date: "2019-06-01", author: "Chair", text: "Old." })).status).toBe(302);
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(nell);

    const created = await adminPost("/admin/news", { title: "Dock removal day", date: TODAY(), author: "Chair", text: "Bring **gloves**.", announce: "on" });
    expect(created.status).toBe(302);
    await waitFor(() => mailsTo("nell@example.org").length === nell + 1);
    const post = mailsTo("nell@example.org").at(-1)!.mail;
    expect(post.subject).toMatch(/: Dock removal day$/);
    expect(post.text).toContain("Bring **gloves**.");
    expect(post.text).toContain(" · Chair");
    expect(post.html).toContain("<strong>gloves</strong>");
    expect(post.text).toContain(`${server.url}/news-events`);
    expect(post.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/s_[0-9a-f-]{36}_news\./);

    // Saved again with the box checked: nothing more.
    const sqlite = new SQLite(path.join(dir, "shoreline.db"), { readonly: true });
    const id = sqlite.prepare("SELECT id FROM news_post WHERE title = ?").pluck().get("Dock removal day") as string;
    sqlite.close();
    expect((await adminPost("/admin/news", { id, title: "Dock removal day", date: TODAY(), author: "Chair", text: "Bring gloves.", announce: "on" })).status).toBe(302);
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(nell + 1);
    expect(mailsTo("evan@example.org")).toHaveLength(evan);
  });

  it("mails a new event with its time, place and a calendar link to the events list", async () => {
    const evan = mailsTo("evan@example.org").length;
    const nell = mailsTo("nell@example.org").length;
    const form = { title: "Annual meeting", date: TODAY(), startTime: "19:00", timeDetails: "", place: "Town hall", eventDetails: "A quorum is 25 members.", author: "Chair", announce: "on" };
    expect((await adminPost("/admin/events", form)).status).toBe(302);
    await waitFor(() => mailsTo("evan@example.org").length === evan + 1);
    const mail = mailsTo("evan@example.org").at(-1)!.mail;
    expect(mail.subject).toContain("event: Annual meeting");
    expect(mail.text).toContain("When: ");
    expect(mail.text).toContain("7:00 PM");
    expect(mail.text).toContain("Where: Town hall");
    expect(mail.text).toContain("A quorum is 25 members.");
    const calendar = linkIn(mail, "/events/");
    expect(calendar).toMatch(/\/events\/[0-9a-f-]{36}\.ics$/);
    const ics = await fetch(calendar);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain("SUMMARY:Annual meeting");
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(nell);
  });
});

describe("unsubscribing and links", () => {
  it("a GET of the one-click link only asks; a POST with no cookie and no Origin unsubscribes at once, twice harmlessly", async () => {
    const alert = mailsTo("dee@example.org").at(-1)!.mail;
    const link = listUnsubscribe(alert).match(/<(http[^>]+)>/)![1]!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain("Stop getting Beach status alerts by email?");

    for (let i = 0; i < 2; i++) {
      const oneClick = await fetch(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(oneClick.status).toBe(200);
      expect(await pageText(oneClick)).toContain("You are unsubscribed from Beach status alerts.");
    }
    const before = mailsTo("dee@example.org").length;
    const annBefore = mailsTo("ann@example.org").length;
    await addReading(5000); // Open → Closed: Ann still gets it, Dee no longer
    await waitFor(() => mailsTo("ann@example.org").length === annBefore + 1);
    await settle();
    expect(mailsTo("dee@example.org")).toHaveLength(before);
  });

  it("refuses forged, altered, wrong-purpose and expired links with the same message", async () => {
    const manage = linkIn(mailsTo("ann@example.org").find((r) => r.mail.subject?.startsWith("Your subscriptions"))!.mail, "/subscriptions/");
    const token = new URL(manage).pathname.split("/").at(-1)!;
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const url of [`/subscriptions/${forged}`, `/unsubscribe/${token}`, `/subscribe/confirm/${token}`, "/unsubscribe/nonsense", `/subscriptions/${token.replace(/_all\./, "_beach.")}`]) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain(LINK_INVALID);
    }
    const oneClick = await fetch(`${server.url}/unsubscribe/${forged}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(oneClick.status).toBe(404);

    // An unconfirmed subscription older than 7 days is forgotten: its confirmation link no longer works.
    await subscribe("eve@example.org");
    await waitFor(() => mailsTo("eve@example.org").length === 1);
    const link = linkIn(mailsTo("eve@example.org")[0]!.mail, "/subscribe/confirm/");
    const db = new SQLite(path.join(dir, "shoreline.db"));
    db.prepare("UPDATE subscriber SET createdAt = createdAt - ? WHERE email = ?").run(8 * 86_400_000, "eve@example.org");
    db.close();
    const expired = await fetch(link, { method: "POST", headers: { Origin: server.url } });
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain(LINK_INVALID);
  });

  it("the manage link changes the lists and unsubscribes from all", async () => {
    const manage = linkIn(mailsTo("ann@example.org").find((r) => r.mail.subject?.startsWith("Your subscriptions"))!.mail, "/subscriptions/");
    const page = await pageText(await fetch(manage));
    expect(page).toContain("Send to ann@example.org");
    const saved = await fetch(manage, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url }, body: "intent=save&list-news=on" });
    expect(await pageText(saved)).toContain("Saved: you get News.");
    const gone = await fetch(manage, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url }, body: "intent=unsubscribe" });
    expect(gone.status).toBe(200);
    expect(await pageText(gone)).toContain("You are unsubscribed from every list.");
  });
});

describe("suppression", () => {
  it("a permanent refusal (550) suppresses the address: it gets no more list mail", async () => {
    await subscribe("gone@example.org");
    await confirm("gone@example.org");
    smtp.refuse.set("gone@example.org", 550);
    await addReading(100); // Closed → Open: refused with 550
    await waitFor(() => smtp.rcpts.filter((a) => a === "gone@example.org").length === 2);
    await addReading(2000); // Open → Closed: not even tried
    await settle(2500);
    expect(smtp.rcpts.filter((a) => a === "gone@example.org")).toHaveLength(2);
    expect(mailsTo("gone@example.org")).toHaveLength(1); // the confirmation only
  });
});
