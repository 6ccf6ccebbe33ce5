/**
 * The placeholders work in every text (issue 26 part 4), through the built server and a real SMTP server, on SQLite
 * and PostgreSQL: a news post and an event whose texts say `{duesDollars}` and `{duesDate}` show the dues set for the
 * association on the home page and /news-events, in the Atom feed, in the calendar feed and the event's own .ics, in
 * the mail preview, the test mail and the list mail (plain text and HTML). After the dues change, the pages the page cache kept
 * show the new figure.
 */
import { format } from "date-fns/format";
import { TZDate } from "@date-fns/tz";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { saveAssociationDetails } from "#app/site/data/association.server.ts";
import { saveAssociationNumbers } from "#app/site/data/governance.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { signInCookie, startServer, TEST_AUTH_SECRET, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type AcceptedMail, type SmtpSink } from "../support/smtp.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = { email: "chair@example.org", password: "chair-password" };
const ZONE = "America/Chicago";
const today = () => format(new TZDate(Date.now(), ZONE), "yyyy-MM-dd");
const NEWS_TEXT = "Dues this year are **${duesDollars}**, due {duesDate}.";
const EVENT_DETAILS = "Pay your ${duesDollars} at the door.";

describe.each(backends)("placeholders in news and events on $name", ({ create, available }) => {
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
    // The association and its subscribers are written before the server starts: this process and the server
    // writing one SQLite file at once can meet SQLITE_BUSY (a read transaction that turns into a write after the
    // other process wrote fails at once, whatever the busy timeout), which a busy machine made happen.
    await saveAssociationDetails(database.db, { name: "Heron Lake Association", timeZone: ZONE, beachName: "Heron Lake Public Beach" }, "test");
    // What the Pages screen saves for the dues (its action calls the same function, which signals "site").
    await saveAssociationNumbers(database.db, { duesDollars: 37.5, duesDate: "May 15" }, "test");
    for (const [email, lists] of [["nell@example.org", ["news"]], ["evan@example.org", ["events"]]] as const) {
      const { subscriber } = await requestSubscription(database.db, { email, lists: [...lists], ip: "198.51.100.9" });
      await confirmSubscriber(database.db, subscriber.id);
    }
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

  const post = () => ({ title: "Dues notice for {duesDate}", text: NEWS_TEXT, date: today(), author: "", publish: "now", announce: "on" });
  const event = () => ({ title: "Annual picnic", date: today(), startTime: "", timeDetails: "", place: "The dock", eventDetails: EVENT_DETAILS, author: "", publish: "now", announce: "on" });

  it("the preview of the mail and the test mail show the dues, not the placeholder", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    const preview = await adminPost("/admin/news?edit=new", { ...post(), intent: "preview" });
    expect(preview.status).toBe(200);
    const shown = (await preview.text()).replaceAll("<!-- -->", "");
    expect(shown).toMatch(/<pre>[^<]*Dues this year are \*\*\$37\.50\*\*, due May 15\./);
    const eventPreview = (await (await adminPost("/admin/events?edit=new", { ...event(), intent: "preview" })).text()).replaceAll("<!-- -->", "");
    expect(eventPreview).toMatch(/<pre>[^<]*Pay your \$37\.50 at the door\./);

    expect((await adminPost("/admin/events?edit=new", { ...event(), intent: "test" })).status).toBe(200);
    await waitFor(() => mailsTo(ADMIN.email).length === 1);
    const test = mailsTo(ADMIN.email)[0]!.mail;
    expect(test.text).toContain("Pay your $37.50 at the door.");
    expect(test.html).toContain("<p>Pay your $37.50 at the door.</p>");
  });

  it("a news post and an event show the dues on the pages, in the feeds and in the list mail", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    // The editing dialogs say which placeholders there are.
    expect(await (await get("/admin/news?edit=new", { Cookie: cookie })).text()).toContain("{duesDollars} and {duesDate} show the dues");
    expect(await (await get("/admin/events?edit=new", { Cookie: cookie })).text()).toContain("{duesDollars} and {duesDate} show the dues");

    expect((await adminPost("/admin/news", post())).status).toBe(302);
    expect((await adminPost("/admin/events", event())).status).toBe(302);
    const eventId = (await database!.db.selectFrom("event").select("id").where("title", "=", "Annual picnic").executeTakeFirstOrThrow()).id;

    for (const page of ["/", "/news-events"]) {
      const html = await text(page);
      expect(html, page).toContain("<strong>$37.50</strong>, due May 15.");
      expect(html, page).toContain("Pay your $37.50 at the door.");
      expect(html, page).not.toContain("{duesDollars}");
      // The title is shown as written.
      expect(html, page).toContain("Dues notice for {duesDate}");
    }

    const atom = await text("/news.atom");
    expect(atom).toContain("<p>Dues this year are <strong>$37.50</strong>, due May 15.</p>");
    expect(atom).not.toContain("{duesDollars}");
    for (const ics of ["/events.ics", `/events/${eventId}.ics`]) {
      const calendar = await text(ics);
      expect(calendar, ics).toContain("DESCRIPTION:Pay your $37.50 at the door.");
      expect(calendar, ics).not.toContain("{duesDollars}");
    }

    await waitFor(() => mailsTo("nell@example.org").length === 1 && mailsTo("evan@example.org").length === 1);
    const news = mailsTo("nell@example.org")[0]!.mail;
    expect(news.text).toContain("Dues this year are **$37.50**, due May 15.");
    expect(news.html).toContain("<p>Dues this year are <strong>$37.50</strong>, due May 15.</p>");
    const picnic = mailsTo("evan@example.org")[0]!.mail;
    expect(picnic.text).toContain("Pay your $37.50 at the door.");
    expect(picnic.html).toContain("<p>Pay your $37.50 at the door.</p>");
    for (const mail of [news, picnic]) expect(`${mail.text}${String(mail.html)}`).not.toContain("{duesDollars}");
  });

  it("after the dues change, the (cached) pages and the feeds show the new figure", async ({ skip }) => {
    if (skipped) skip("PostgreSQL is not available here");
    // The pages as the cache keeps them now.
    expect(await text("/")).toContain("Pay your $37.50 at the door.");
    expect(await text("/news-events")).toContain("Pay your $37.50 at the door.");

    await saveAssociationNumbers(database!.db, { duesDollars: 42, duesDate: "June 1" }, "test");
    // The counters moved ("site"): the next requests render the pages again (within a moment on SQLite's data_version check).
    const until = Date.now() + 5_000;
    while (!(await text("/news-events")).includes("Pay your $42 at the door.")) {
      if (Date.now() > until) throw new Error("/news-events kept the old dues");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const page of ["/", "/news-events"]) {
      const html = await text(page);
      expect(html, page).toContain("<strong>$42</strong>, due June 1.");
      expect(html, page).toContain("Pay your $42 at the door.");
      expect(html, page).not.toContain("$37.50");
    }
    expect(await text("/news.atom")).toContain("<p>Dues this year are <strong>$42</strong>, due June 1.</p>");
    expect(await text("/events.ics")).toContain("DESCRIPTION:Pay your $42 at the door.");
  });
});
