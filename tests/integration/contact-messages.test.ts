/**
 * The contact form's store and workflow (issue 28) on SQLite and PostgreSQL: migration 0022 keeps an older install's
 * outbox (its messages get no Reply-To); a message passes the hidden-field, time and throttle checks, is stored and
 * its mail queued to the contact address with the writer as Reply-To in one transaction; refused ones leave nothing;
 * the throttle counts per client address within the hour; the Messages screen's reads and writes (newest first,
 * handled and waiting, delete). Through the browser, without JavaScript: tests/e2e/contact-backup.spec.ts.
 */
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { CONTACT_WINDOW_MS, MAX_MESSAGES_PER_CLIENT, MIN_FILL_MS } from "#app/mail/contact.ts";
import { makeContactToken } from "#app/mail/contact-token.server.ts";
import { receiveContactMessage } from "#app/mail/contact.server.ts";
import { personalMessage } from "#app/mail/outbox.server.ts";
import { claimDue } from "#app/mail/data/outbox.server.ts";
import {
  countRecentContactMessages,
  countUnhandledContactMessages,
  deleteContactMessage,
  deleteContactMessages,
  getContactMessage,
  pageContactMessages,
  setContactMessageHandled,
} from "#app/mail/data/contact-messages.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";

const SECRET = "a-secret-of-the-contact-tests-0123456789";
const NOW = Date.UTC(2026, 10, 27, 18, 0, 0);
const CONTACT = "board@heronlake.example.org";
const INPUT = { name: "Ada Lake", email: "ada@example.org", message: "The swim dock is loose.\nCould someone look?" };

describe.each(backends)("contact messages on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  function servicesOf(db: TestDatabase) {
    let kicks = 0;
    const services = {
      db: db.db,
      logger: pino({ level: "silent" }),
      config: { publicUrl: "https://heronlake.example.org", authSecret: SECRET },
      outbox: { kick: () => void kicks++ },
    };
    return { services, kicks: () => kicks };
  }
  /** A form posted `age` ms after its page was made. */
  const form = (age: number, now = NOW, trap = "") => ({ input: INPUT, trap, token: makeContactToken(SECRET, now - age) });

  it("migration 0022 keeps an older install's outbox, whose messages have no Reply-To", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0022");
    await db
      .insertInto("outbox_message")
      .values({ id: "m1", list: "notice", subject: "Confirm", text: "t", html: "<p>t</p>", createdBy: "system", createdAt: NOW, recipients: 1 } as never)
      .execute();
    await migrateToLatest(database);
    expect(await db.selectFrom("outbox_message").select(["id", "subject", "replyTo"]).execute()).toEqual([{ id: "m1", subject: "Confirm", replyTo: null }]);
    expect(await db.selectFrom("contact_message").selectAll().execute()).toEqual([]);
  });

  it("stores a message and queues its mail to the contact address, Reply-To the writer", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { services, kicks } = servicesOf(database);
    expect(await receiveContactMessage(services, form(MIN_FILL_MS), "203.0.113.5", NOW)).toBe("sent");
    expect(kicks()).toBe(1);
    const page = await pageContactMessages(database.db, { page: 1, sort: "newest", defaultSort: "newest" });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ ...INPUT, ip: "203.0.113.5", handledAt: null, handledBy: null });
    expect(Number(page.rows[0]!.createdAt)).toBe(NOW);
    const claimed = await claimDue(database.db, database.dialect, { now: NOW, leaseMs: 60_000, limit: 10 });
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ email: CONTACT, subject: "Message from Ada Lake via the website", replyTo: INPUT.email });
    expect(claimed[0]!.text).toContain("The swim dock is loose.\nCould someone look?");
    const mail = personalMessage(claimed[0]!, { publicUrl: "https://heronlake.example.org", secret: SECRET, association: { name: "Heron Lake Association", contactEmail: CONTACT } });
    expect(mail).toMatchObject({ to: CONTACT, replyTo: INPUT.email });
    expect(mail.list).toBeUndefined();
  });

  it("refuses the hidden field filled in, a form sent under 3 s, or with a forged token, storing nothing", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { services, kicks } = servicesOf(database);
    expect(await receiveContactMessage(services, form(60_000, NOW, "http://spam.example"), "203.0.113.5", NOW)).toBe("trap");
    expect(await receiveContactMessage(services, form(MIN_FILL_MS - 1), "203.0.113.5", NOW)).toBe("too-soon");
    expect(await receiveContactMessage(services, { input: INPUT, trap: "", token: makeContactToken("not-the-server-secret-0123456789abc", NOW - 60_000) }, "203.0.113.5", NOW)).toBe(
      "too-soon",
    );
    expect(await receiveContactMessage(services, { input: INPUT, trap: "", token: undefined }, "203.0.113.5", NOW)).toBe("too-soon");
    expect(await database.db.selectFrom("contact_message").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("outbox_message").selectAll().execute()).toEqual([]);
    expect(kicks()).toBe(0);
  });

  it(`throttles a client address after ${MAX_MESSAGES_PER_CLIENT} messages within the hour, others not`, async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { services } = servicesOf(database);
    for (let i = 0; i < MAX_MESSAGES_PER_CLIENT; i++) expect(await receiveContactMessage(services, form(10_000, NOW + i), "203.0.113.5", NOW + i)).toBe("sent");
    expect(await receiveContactMessage(services, form(10_000, NOW + 10), "203.0.113.5", NOW + 10)).toBe("throttled");
    expect(await receiveContactMessage(services, form(10_000, NOW + 10), "198.51.100.7", NOW + 10)).toBe("sent");
    // The first message leaves the window an hour later (a message exactly at the window's start no longer counts).
    expect(await countRecentContactMessages(database.db, "203.0.113.5", NOW)).toBe(MAX_MESSAGES_PER_CLIENT - 1);
    expect(await receiveContactMessage(services, form(10_000, NOW + CONTACT_WINDOW_MS), "203.0.113.5", NOW + CONTACT_WINDOW_MS)).toBe("sent");
    const { n } = await database.db.selectFrom("contact_message").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(MAX_MESSAGES_PER_CLIENT + 2);
  });

  it("stores the message but queues no mail when the contact address is suppressed", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    await database.db.insertInto("mail_suppression").values({ email: CONTACT, reason: "550 no such user", at: NOW } as never).execute();
    const { services, kicks } = servicesOf(database);
    expect(await receiveContactMessage(services, form(MIN_FILL_MS), "203.0.113.5", NOW)).toBe("sent");
    expect(await database.db.selectFrom("contact_message").select("name").execute()).toEqual([{ name: INPUT.name }]);
    expect(await database.db.selectFrom("outbox_message").selectAll().execute()).toEqual([]);
    expect(kicks()).toBe(0);
  });

  it("lists newest first, marks handled and waiting, and deletes one or many", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create();
    const { services } = servicesOf(database);
    for (const [i, ip] of ["203.0.113.1", "203.0.113.2", "203.0.113.3"].entries()) {
      await receiveContactMessage(services, { ...form(10_000, NOW + i * 1000), input: { ...INPUT, name: `Writer ${i}` } }, ip, NOW + i * 1000);
    }
    const query = { page: 1, sort: "newest", defaultSort: "newest" } as const;
    const page = await pageContactMessages(database.db, query);
    expect(page.rows.map((m) => m.name)).toEqual(["Writer 2", "Writer 1", "Writer 0"]);
    expect(page.total).toBe(3);
    expect(await countUnhandledContactMessages(database.db)).toBe(3);
    const [newest, middle, oldest] = page.rows.map((m) => ({ id: m.id })) as [{ id: string }, { id: string }, { id: string }];
    expect(await setContactMessageHandled(database.db, middle.id, true, "chair@example.org", NOW + 5000)).toBe(true);
    expect(await getContactMessage(database.db, middle.id)).toMatchObject({ handledBy: "chair@example.org" });
    expect(Number((await getContactMessage(database.db, middle.id))!.handledAt)).toBe(NOW + 5000);
    expect(await countUnhandledContactMessages(database.db)).toBe(2);
    expect(await setContactMessageHandled(database.db, middle.id, false, "chair@example.org")).toBe(true);
    expect(await getContactMessage(database.db, middle.id)).toMatchObject({ handledAt: null, handledBy: null });
    expect(await setContactMessageHandled(database.db, "no-such-id", true, "chair@example.org")).toBe(false);
    expect(await deleteContactMessage(database.db, newest.id)).toBe(true);
    expect(await deleteContactMessage(database.db, newest.id)).toBe(false);
    expect(await deleteContactMessages(database.db, [middle.id, oldest.id, "no-such-id"])).toBe(2);
    expect((await pageContactMessages(database.db, query)).total).toBe(0);
  });
});
