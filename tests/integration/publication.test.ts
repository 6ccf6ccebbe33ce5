/**
 * Publishing is a decision (issue 26 part 3), through the built server and a real SMTP server, on SQLite and
 * PostgreSQL: a draft news post and a draft event appear in no public output (every public page, the Atom feed,
 * the calendar and the event's own .ics, open data) and mail nobody, even with "Email this" checked; "Send me a
 * test first" mails the signed-in person alone; publishing mails each subscriber once and a re-save nothing more;
 * an item scheduled a few seconds ahead is absent until its time and then on the (cached) pages and in the feed,
 * with its mail; the author shown is the person's display name.
 */
import { format } from "date-fns/format";
import { TZDate } from "@date-fns/tz";
import { sql } from "kysely";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { signInCookie, startServer, TEST_AUTH_SECRET, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type AcceptedMail, type SmtpSink } from "../support/smtp.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = { email: "chair@example.org", password: "chair-password", name: "Dana Lee" };
const ZONE = "America/Chicago";
const today = () => format(new TZDate(Date.now(), ZONE), "yyyy-MM-dd");
/** A `datetime-local` value with seconds, `ms` from now, in the association's zone. */
const localIn = (ms: number) => format(new TZDate(Date.now() + ms, ZONE), "yyyy-MM-dd'T'HH:mm:ss");

const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)("publishing through the server on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let smtp: SmtpSink;
  let server: RunningServer | undefined;
  let cookie = "";
  let skipped = false;

  beforeAll(async () => {
    if (!(await available())) {
      skipped = true;
      return;
    }
    database = await create();
    smtp = await startSmtpSink({ parse: true });
    server = await startServer({
      DATA_DIR: database.dir,
      DATABASE_URL: database.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED: "none",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Heron Lake <board@heronlake.example.org>",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    // The display name (better-auth's user.name; the People screen sets it): what the site shows as author.
    await sql`UPDATE "user" SET name = ${ADMIN.name} WHERE email = ${ADMIN.email}`.execute(database.db);
    for (const [email, lists] of [["nell@example.org", ["news"]], ["evan@example.org", ["events"]]] as const) {
      const { subscriber } = await requestSubscription(database.db, { email, lists: [...lists], ip: "198.51.100.9" });
      await confirmSubscriber(database.db, subscriber.id);
    }
    cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await database?.drop();
  });

  const mailsTo = (address: string) => (smtp.accepted as (AcceptedMail & { mail: ParsedMail })[]).filter((m) => m.to === address);
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server!.url}${path}`, { headers, redirect: "manual" });
  const text = async (path: string) => (await (await get(path)).text()).replaceAll("<!-- -->", "");
  const adminPost = (path: string, form: Record<string, string>) =>
    fetch(`${server!.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server!.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  const idOf = async (table: "news_post" | "event", title: string) =>
    (await database!.db.selectFrom(table).select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;

  /** Every public output a resident, a feed reader or a calendar can reach. */
  async function everyPublicOutput(): Promise<string> {
    const paths = [...publicPageAddresses(), "/news.atom", "/events.ics", "/data/beach-readings.json", "/data/beach-readings.csv", "/data/swimguide.json", "/beach.atom"];
    const bodies = await Promise.all(paths.map(async (p) => `${p}\n${await text(p)}`));
    return bodies.join("\n");
  }

  it("a draft is in no public output and mails nobody, even with the box checked; the admin list says Draft", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    const editor = (await (await get("/admin/news?edit=new", { Cookie: cookie })).text()).replaceAll("<!-- -->", "");
    expect(editor).toContain(`value="${ADMIN.name}"`);
    expect(editor).not.toContain(`value="${ADMIN.email}"`);
    expect(editor).toContain("Email this to the 1 news subscriber");
    expect(editor).toMatch(/<input type="checkbox" id="announce" name="announce" value="on"\/>/);

    expect((await adminPost("/admin/news", { title: "Draft heron sighting", text: "Not yet.", date: today(), author: "", publish: "draft", announce: "on" })).status).toBe(302);
    const event = { title: "Draft dock party", date: today(), startTime: "19:00", timeDetails: "", place: "Dock", eventDetails: "Secret.", author: "", publish: "draft", announce: "on" };
    expect((await adminPost("/admin/events", event)).status).toBe(302);
    const eventId = await idOf("event", "Draft dock party");

    const outputs = await everyPublicOutput();
    expect(outputs).not.toContain("Draft heron sighting");
    expect(outputs).not.toContain("Draft dock party");
    expect((await get(`/events/${eventId}.ics`)).status).toBe(404);
    const list = (await (await get("/admin/news", { Cookie: cookie })).text()).replaceAll("<!-- -->", "");
    expect(list).toMatch(/Draft heron sighting[\s\S]*?Draft</);

    // Deleting the draft event leaves no cancelled entry (with its title) in the calendar.
    expect((await adminPost("/admin/events", { intent: "delete", id: eventId })).status).toBe(302);
    expect(await text("/events.ics")).not.toContain("Draft dock party");
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(0);
    expect(mailsTo("evan@example.org")).toHaveLength(0);
  });

  it("the preview shows the mail; the test goes to the signed-in person only", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    const form = { title: "Draft heron sighting", text: "Not yet.", date: today(), author: "", publish: "draft", announce: "on" };
    const preview = await adminPost("/admin/news?edit=new", { ...form, intent: "preview" });
    expect(preview.status).toBe(200);
    const shown = (await preview.text()).replaceAll("<!-- -->", "");
    expect(shown).toContain("Heron Lake Association: Draft heron sighting");
    expect(shown).toContain(` · ${ADMIN.name}`);

    const test = await adminPost("/admin/news?edit=new", { ...form, intent: "test" });
    expect(test.status).toBe(200);
    expect((await test.text()).replaceAll("<!-- -->", "")).toContain(`A test was sent to ${ADMIN.email} only.`);
    await waitFor(() => mailsTo(ADMIN.email).length === 1);
    expect(mailsTo(ADMIN.email)[0]!.mail.subject).toBe("Test: Heron Lake Association: Draft heron sighting");
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(0);
    expect(smtp.accepted).toHaveLength(1);
    // Nothing was saved by the preview or the test.
    expect(await database!.db.selectFrom("news_post").select("id").where("title", "=", "Draft heron sighting").execute()).toHaveLength(1);
  });

  it("publishing the draft with the box checked shows it everywhere with the display name and mails each subscriber once; re-saving mails nothing", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    const id = await idOf("news_post", "Draft heron sighting");
    const form = { id, title: "Draft heron sighting", text: "Not yet.", date: today(), author: ADMIN.name, publish: "now", announce: "on" };
    expect((await adminPost("/admin/news", form)).status).toBe(302);
    expect(await text("/news-events")).toContain("Draft heron sighting");
    expect(await text("/news-events")).toContain(ADMIN.name);
    const atom = await text("/news.atom");
    expect(atom).toContain("Draft heron sighting");
    expect(atom).toContain(`<name>${ADMIN.name}</name>`);
    expect(atom).not.toContain(ADMIN.email);
    await waitFor(() => mailsTo("nell@example.org").length === 1);
    expect(mailsTo("nell@example.org")[0]!.mail.text).toContain(` · ${ADMIN.name}`);

    // The edit form no longer offers the mail; a re-save with the box forced on sends nothing.
    const editor = (await (await get(`/admin/news?edit=${id}`, { Cookie: cookie })).text()).replaceAll("<!-- -->", "");
    expect(editor).not.toContain("Email this to the");
    expect(editor).toContain("it is not sent again");
    expect((await adminPost("/admin/news", { ...form, text: "Edited." })).status).toBe(302);
    expect((await adminPost("/admin/news", { ...form, publish: "draft" })).status).toBe(302);
    expect(await text("/news-events")).not.toContain("Draft heron sighting");
    expect((await adminPost("/admin/news", form)).status).toBe(302);
    await settle(2500);
    expect(mailsTo("nell@example.org")).toHaveLength(1);
  });

  it("an item scheduled a few seconds ahead is absent until its time, then on the pages (cached ones too) and in the feeds, with its mail", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    // The pages as a resident sees them now, kept by the page cache.
    expect(await text("/news-events")).not.toContain("Ice out on the lake");
    expect(await text("/")).not.toContain("Ice out on the lake");
    const at = localIn(4000);
    expect((await adminPost("/admin/news", { title: "Ice out on the lake", text: "Spring!", date: today(), author: "", publish: "at", publishAt: at, announce: "on" })).status).toBe(302);
    expect((await adminPost("/admin/events", { title: "Ice-out walk", date: today(), startTime: "", timeDetails: "", place: "", eventDetails: "", author: "", publish: "at", publishAt: at })).status).toBe(302);
    const list = (await (await get("/admin/news", { Cookie: cookie })).text()).replaceAll("<!-- -->", "");
    expect(list).toMatch(/Ice out on the lake[\s\S]*?Scheduled for /);
    expect(await everyPublicOutput()).not.toMatch(/Ice out on the lake|Ice-out walk/);
    expect(mailsTo("nell@example.org")).toHaveLength(1);

    const until = Date.now() + 15_000;
    while (!(await text("/news-events")).includes("Ice out on the lake")) {
      if (Date.now() > until) throw new Error("the scheduled post did not appear on /news-events");
      await settle(200);
    }
    expect(await text("/")).toContain("Ice out on the lake");
    expect(await text("/news-events")).toContain("Ice-out walk");
    expect(await text("/news.atom")).toContain("Ice out on the lake");
    expect(await text("/events.ics")).toContain("SUMMARY:Ice-out walk");
    await waitFor(() => mailsTo("nell@example.org").length === 2);
    expect(mailsTo("nell@example.org")[1]!.mail.subject).toBe("Heron Lake Association: Ice out on the lake");
    await settle();
    expect(mailsTo("nell@example.org")).toHaveLength(2);
    expect(mailsTo("evan@example.org")).toHaveLength(0);
  });
});
