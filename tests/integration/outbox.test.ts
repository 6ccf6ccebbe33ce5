/**
 * The mail outbox (issue 11) over real databases, SQLite and PostgreSQL alike, sending through the real worker and
 * mailer (nodemailer, pooled SMTP) to a real SMTP server (smtp-server): who a list mail is queued for, one delivery
 * per recipient with the list headers and unsubscribe links, suppression after a 550, a retry after a 451 only once
 * its back-off has passed (each step of the schedule to the millisecond, then giving up), a dead sender's claim taken up after its lease (and a stale lease unable to mark a row
 * sent), and, on PostgreSQL, two workers on two connection pools sending 300 recipients each exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Dialect } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createMailer, type Mailer } from "#app/platform/mail/mailer.server.ts";
import { readMailToken } from "#app/mail/mail-tokens.server.ts";
import { createOutboxWorker, RETRY_BACKOFF_MS, type OutboxWorker } from "#app/mail/outbox.server.ts";
import { addMembers, unsubscribeMember } from "#app/mail/data/members.server.ts";
import { claimDue, isSuppressed, markSent, outboxCounts, queueListMail } from "#app/mail/data/outbox.server.ts";
import { confirmSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import type { SubscriberList } from "#app/mail/mail-tokens.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { freePort } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts";

const PUBLIC_URL = "https://heronlake.example.org";
const HOST = "heronlake.example.org";
const SECRET = "outbox-test-secret-outbox-test-secret";
const logger = createLogger("silent");
const mail = (subject: string) => ({ subject, text: `${subject}: the text`, html: `<p>${subject}: the HTML</p>`, createdBy: "chair@example.org" });
const mailDir = mkdtempSync(path.join(tmpdir(), "shoreline-outbox-mail-"));
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

/** A subscriber of `lists`, confirmed unless told. @returns its id */
async function subscribe(db: Database, email: string, lists: SubscriberList[], confirmed = true): Promise<string> {
  const { subscriber } = await requestSubscription(db, { email, lists, ip: "198.51.100.7" });
  if (confirmed) await confirmSubscriber(db, subscriber.id);
  return subscriber.id;
}

async function suppress(db: Database, email: string): Promise<void> {
  await db.insertInto("mail_suppression").values({ email: email.toLowerCase(), reason: "550 earlier", at: Date.now() }).execute();
}

async function recipientsOf(db: Database, messageId: string) {
  const rows = await db.selectFrom("outbox_recipient").selectAll().where("messageId", "=", messageId).orderBy("email").execute();
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), nextAttemptAt: Number(r.nextAttemptAt), lockedUntil: r.lockedUntil === null ? null : Number(r.lockedUntil) }));
}

/** A header as written, folded lines joined, without its name ("List-Id: …" → "…"). */
function header(parsed: ParsedMail, name: string): string[] {
  return parsed.headerLines.filter((h) => h.key === name).map((h) => h.line.replace(/\r?\n(?=[ \t])/g, "").replace(/^[^:]+:\s*/, ""));
}

describe.each(backends)("the outbox on $name", ({ name, create, available }) => {
  let skip = false;
  const databases: TestDatabase[] = [];
  const mailers: Mailer[] = [];
  const sinks: SmtpSink[] = [];

  beforeAll(async () => {
    skip = !(await available());
  });
  afterEach(async () => {
    for (const m of mailers.splice(0)) m.close();
    for (const s of sinks.splice(0)) await s.close();
    for (const d of databases.splice(0)) await d.drop();
  });

  /** A fresh migrated database of this back end, an SMTP server, and a worker sending to it. */
  async function setUp(options: { leaseMs?: number } = {}) {
    const database = await create();
    databases.push(database);
    const sink = await startSmtpSink();
    sinks.push(sink);
    return { db: database.db, dialect: database.dialect, database, sink, worker: makeWorker(database, sink, options.leaseMs) };
  }

  function makeWorker(handle: { db: Database; dialect: Dialect }, sink: SmtpSink, leaseMs = 30_000): OutboxWorker {
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: mailDir, from: "Heron Lake <board@heronlake.example.org>", logger });
    mailers.push(mailer);
    return createOutboxWorker({ db: handle.db, dialect: handle.dialect, mailer, logger, publicUrl: PUBLIC_URL, secret: SECRET, leaseMs });
  }

  function test(title: string, body: () => Promise<void>, timeout?: number, only?: Dialect) {
    it.skipIf(only !== undefined && only !== name)(
      title,
      async ({ skip: skipTest }) => {
        if (skip) skipTest(`${name} is not reachable`);
        await body();
      },
      timeout,
    );
  }

  test("a list mail is queued for the confirmed subscribers of that list and the members who get member email, nobody else", async () => {
    const { db } = await setUp();
    const ann = await subscribe(db, "ann@example.org", ["beach", "news"]);
    const bo = await subscribe(db, "bo@example.org", ["beach"]);
    await subscribe(db, "cy@example.org", ["beach"], false); // never confirmed
    const dee = await subscribe(db, "dee@example.org", ["news", "events"]); // other lists
    await subscribe(db, "eve@example.org", ["beach", "news"]);
    await suppress(db, "eve@example.org"); // refused mail for good earlier
    const [fay, gus, hal] = await addMembers(db, "fay@example.org, gus@example.org, Hal@Example.org");
    await unsubscribeMember(db, gus!.id);
    await suppress(db, "hal@example.org"); // stored lower-cased; the member row is mixed case

    const beach = await queueListMail(db, "beach", mail("Beach closed"));
    expect(beach.recipients).toBe(2);
    const beachRows = await recipientsOf(db, beach.messageId);
    expect(beachRows.map((r) => [r.email, r.kind, r.refId, r.id, r.state, r.attempts])).toEqual([
      ["ann@example.org", "s", ann, `${beach.messageId}.s.${ann}`, "queued", 0],
      ["bo@example.org", "s", bo, `${beach.messageId}.s.${bo}`, "queued", 0],
    ]);

    const news = await queueListMail(db, "news", mail("Newsletter"));
    expect((await recipientsOf(db, news.messageId)).map((r) => r.email)).toEqual(["ann@example.org", "dee@example.org"]);
    expect(news.recipients).toBe(2);
    const events = await queueListMail(db, "events", mail("Picnic"));
    expect((await recipientsOf(db, events.messageId)).map((r) => [r.email, r.refId])).toEqual([["dee@example.org", dee]]);

    const members = await queueListMail(db, "members", mail("Annual meeting"));
    expect((await recipientsOf(db, members.messageId)).map((r) => [r.email, r.kind, r.refId])).toEqual([["fay@example.org", "m", fay!.id]]);
    expect(members.recipients).toBe(1);
    expect(hal).toBeDefined();

    const message = await db.selectFrom("outbox_message").selectAll().where("id", "=", beach.messageId).executeTakeFirstOrThrow();
    expect([message.list, message.subject, Number(message.recipients)]).toEqual(["beach", "Beach closed", 2]);
  });

  test("drain sends each recipient one message with the list headers, visible unsubscribe links and its own Message-ID", async () => {
    const { db, sink, worker } = await setUp();
    const ids = new Map<string, string>();
    for (const email of ["ann@example.org", "bo@example.org", "cy@example.org"]) ids.set(email, await subscribe(db, email, ["beach"]));
    const [member] = await addMembers(db, "dee@example.org");
    ids.set("dee@example.org", member!.id);
    const beach = await queueListMail(db, "beach", mail("Beach closed"));
    const members = await queueListMail(db, "members", mail("Annual meeting"));

    expect(await worker.drain()).toEqual({ sent: 4, failed: 0, retried: 0, skipped: 0 });
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0, retried: 0, skipped: 0 });
    expect(sink.rcpts.toSorted()).toEqual([...ids.keys()].toSorted());
    expect(sink.accepted.map((m) => m.to).toSorted()).toEqual([...ids.keys()].toSorted());
    expect(await outboxCounts(db)).toEqual({ queued: 0, sending: 0, sent: 4, failed: 0 });

    const rows = [...(await recipientsOf(db, beach.messageId)), ...(await recipientsOf(db, members.messageId))];
    for (const received of sink.accepted) {
      const parsed = await simpleParser(received.raw);
      const row = rows.find((r) => r.email === received.to)!;
      const isMember = row.kind === "m";
      const list = isMember ? "members" : "beach";
      expect(row.state).toBe("sent");
      expect(row.sentAt).not.toBeNull();
      expect(parsed.messageId).toBe(`<${row.id}@${HOST}>`);
      expect(parsed.subject).toBe(isMember ? "Annual meeting" : "Beach closed");

      // One List-Unsubscribe header with the https link first and a mailto, and the one-click header (RFC 8058).
      const unsubscribe = header(parsed, "list-unsubscribe");
      expect(unsubscribe).toHaveLength(1);
      const match = /^<(https:\/\/heronlake\.example\.org\/unsubscribe\/([^>]+))>,\s*<(mailto:[^>]+)>$/.exec(unsubscribe[0]!);
      expect(match, unsubscribe[0]).not.toBeNull();
      const [, link, token, mailto] = match!;
      expect(mailto).toMatch(/^mailto:[^@?]+@[^?]+\?subject=Unsubscribe%20/);
      expect(readMailToken(SECRET, "unsubscribe", token!)).toEqual({ kind: row.kind, id: ids.get(row.email), list });
      expect(header(parsed, "list-unsubscribe-post")).toEqual(["List-Unsubscribe=One-Click"]);
      const listId = header(parsed, "list-id");
      expect(listId).toHaveLength(1);
      expect(listId[0]).toMatch(new RegExp(`<${list}\\.heronlake\\.example\\.org>$`));

      // The same link, visible in both parts.
      expect(parsed.text).toContain(`Unsubscribe: ${link}`);
      expect(parsed.html).toContain(`<a href="${link}">Unsubscribe</a>`);
      expect(parsed.text).toContain(isMember ? "Annual meeting: the text" : "Beach closed: the text");
      // Nobody sees another's address.
      for (const other of ids.keys()) if (other !== row.email) expect(received.raw).not.toContain(other);
    }
  });

  test("a 550 marks that recipient failed and suppresses the address: the next list mail leaves it out", async () => {
    const { db, sink, worker } = await setUp();
    await subscribe(db, "ann@example.org", ["beach"]);
    await subscribe(db, "bo@example.org", ["beach"]);
    await addMembers(db, "cy@example.org, Dee@Example.org");
    sink.refuse.set("bo@example.org", 550);
    sink.refuse.set("dee@example.org", 550);

    const first = await queueListMail(db, "beach", mail("First"));
    const firstMembers = await queueListMail(db, "members", mail("First to members"));
    expect(await worker.drain()).toEqual({ sent: 2, failed: 2, retried: 0, skipped: 0 });
    const bo = (await recipientsOf(db, first.messageId)).find((r) => r.email === "bo@example.org")!;
    expect(bo.state).toBe("failed");
    expect(bo.lastError).toContain("550");
    expect(bo.lockedUntil).toBeNull();
    const dee = (await recipientsOf(db, firstMembers.messageId)).find((r) => r.email === "Dee@Example.org")!;
    expect(dee.state).toBe("failed");
    expect(await isSuppressed(db, "bo@example.org")).toBe(true);
    expect(await isSuppressed(db, "dee@example.org")).toBe(true);
    expect(await isSuppressed(db, "ann@example.org")).toBe(false);

    const second = await queueListMail(db, "beach", mail("Second"));
    const secondMembers = await queueListMail(db, "members", mail("Second to members"));
    expect((await recipientsOf(db, second.messageId)).map((r) => r.email)).toEqual(["ann@example.org"]);
    expect((await recipientsOf(db, secondMembers.messageId)).map((r) => r.email)).toEqual(["cy@example.org"]);
    expect(await worker.drain()).toEqual({ sent: 2, failed: 0, retried: 0, skipped: 0 });
    // The refused addresses were tried once each, and never again.
    expect(sink.rcpts.filter((a) => a.toLowerCase() === "bo@example.org")).toHaveLength(1);
    expect(sink.rcpts.filter((a) => a.toLowerCase() === "dee@example.org")).toHaveLength(1);
    expect(sink.acceptedFor("ann@example.org")).toBe(2);
    expect(sink.acceptedFor("cy@example.org")).toBe(2);
    expect(sink.acceptedFor("bo@example.org")).toBe(0);
  });

  test("a 451 is retried only after the back-off, then sent once", async () => {
    const { db, sink, worker } = await setUp();
    await subscribe(db, "ann@example.org", ["beach"]);
    await subscribe(db, "bo@example.org", ["beach"]);
    sink.refuse.set("bo@example.org", 451);
    const t0 = Date.now();
    let now = t0;
    const clock = () => now;
    const queued = await queueListMail(db, "beach", mail("Algae"), t0);

    expect(await worker.drain(clock)).toEqual({ sent: 1, failed: 0, retried: 1, skipped: 0 });
    let bo = (await recipientsOf(db, queued.messageId)).find((r) => r.email === "bo@example.org")!;
    expect([bo.state, bo.attempts, bo.nextAttemptAt, bo.lockedUntil]).toEqual(["queued", 1, t0 + RETRY_BACKOFF_MS[0], null]);
    expect(bo.lastError).toContain("451");
    expect(await isSuppressed(db, "bo@example.org")).toBe(false);

    // The mailbox works again, but the back-off (60 s) has not passed: nothing is tried.
    sink.refuse.delete("bo@example.org");
    now = t0 + RETRY_BACKOFF_MS[0] - 1_000;
    expect(await worker.drain(clock)).toEqual({ sent: 0, failed: 0, retried: 0, skipped: 0 });
    expect(sink.rcpts.filter((a) => a === "bo@example.org")).toHaveLength(1);

    now = t0 + RETRY_BACKOFF_MS[0] + 1_000;
    expect(await worker.drain(clock)).toEqual({ sent: 1, failed: 0, retried: 0, skipped: 0 });
    bo = (await recipientsOf(db, queued.messageId)).find((r) => r.email === "bo@example.org")!;
    expect([bo.state, bo.attempts, bo.sentAt === null ? null : Number(bo.sentAt)]).toEqual(["sent", 2, now]);
    expect(sink.rcpts.filter((a) => a === "bo@example.org")).toHaveLength(2);
    expect(sink.acceptedFor("bo@example.org")).toBe(1);
    expect(sink.acceptedFor("ann@example.org")).toBe(1);
    expect(await worker.drain(clock)).toEqual({ sent: 0, failed: 0, retried: 0, skipped: 0 });
  });

  test("a recipient refused for now is tried again after 1 min, 5 min, 30 min, 2 h and 12 h, not a millisecond sooner, then given up", async () => {
    const { db, sink, worker } = await setUp();
    await subscribe(db, "bo@example.org", ["beach"]);
    sink.refuse.set("bo@example.org", 451);
    const t0 = Date.now();
    let now = t0;
    const clock = () => now;
    const queued = await queueListMail(db, "beach", mail("Algae"), t0);
    const bo = async () => (await recipientsOf(db, queued.messageId))[0]!;
    const idle = { sent: 0, failed: 0, retried: 0, skipped: 0 };
    expect(await worker.drain(clock)).toEqual({ ...idle, retried: 1 });

    // docs/security.md: "retried after 1 min, 5 min, 30 min, 2 h, 12 h", written out rather than read from the code.
    const schedule = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
    for (const [step, wait] of schedule.entries()) {
      const triedAt = now;
      expect((await bo()).nextAttemptAt, `wait ${step + 1}`).toBe(triedAt + wait);
      now = triedAt + wait - 1;
      expect(await worker.drain(clock), `1 ms before try ${step + 2}`).toEqual(idle);
      now = triedAt + wait;
      expect(await worker.drain(clock), `try ${step + 2}`).toEqual(step < schedule.length - 1 ? { ...idle, retried: 1 } : { ...idle, failed: 1 });
    }
    expect(await bo()).toMatchObject({ state: "failed", attempts: 6 });
    expect(sink.rcpts.filter((a) => a === "bo@example.org")).toHaveLength(6);
    expect(await isSuppressed(db, "bo@example.org")).toBe(false);
    now += 24 * 3_600_000;
    expect(await worker.drain(clock)).toEqual(idle);
  });

  test("a dead sender's claim is taken up after its lease; a stale lease cannot mark a row sent", async () => {
    const leaseMs = 5_000;
    const { db, dialect, sink, worker } = await setUp({ leaseMs });
    for (const email of ["ann@example.org", "bo@example.org", "cy@example.org"]) await subscribe(db, email, ["beach"]);
    const t0 = Date.now();
    const queued = await queueListMail(db, "beach", mail("Lease"), t0);

    // A sender claims everything and dies before sending.
    const dead = await claimDue(db, dialect, { now: t0, leaseMs, limit: 10 });
    expect(dead).toHaveLength(3);
    expect(dead.every((c) => c.state === "sending" && Number(c.lockedUntil) === t0 + leaseMs && Number(c.attempts) === 1)).toBe(true);
    // Within its lease nobody else takes the rows.
    expect(await worker.drain(() => t0 + leaseMs - 1)).toEqual({ sent: 0, failed: 0, retried: 0, skipped: 0 });
    expect(sink.rcpts).toHaveLength(0);
    // After it, the worker does, and sends each once.
    expect(await worker.drain(() => t0 + leaseMs + 1)).toEqual({ sent: 3, failed: 0, retried: 0, skipped: 0 });
    expect(sink.accepted.map((m) => m.to).toSorted()).toEqual(["ann@example.org", "bo@example.org", "cy@example.org"]);
    for (const row of await recipientsOf(db, queued.messageId)) expect([row.state, row.attempts]).toEqual(["sent", 2]);

    // The dead sender wakes up and reports its old claim sent: nothing changes.
    const ann = dead.find((c) => c.email === "ann@example.org")!;
    const before = (await recipientsOf(db, queued.messageId)).find((r) => r.email === "ann@example.org")!;
    await markSent(db, ann.id, t0 + leaseMs, t0 + 99_000);
    const after = (await recipientsOf(db, queued.messageId)).find((r) => r.email === "ann@example.org")!;
    expect(after).toEqual(before);

    // The same with the row still in flight under a second sender's lease: the first sender's stale lease is refused,
    // the holder's is taken.
    await subscribe(db, "dee@example.org", ["news"]);
    const t1 = t0 + 100_000;
    const news = await queueListMail(db, "news", mail("News"), t1);
    const [first] = await claimDue(db, dialect, { now: t1, leaseMs, limit: 10 });
    const [second] = await claimDue(db, dialect, { now: t1 + leaseMs + 1, leaseMs, limit: 10 });
    expect(first!.id).toBe(second!.id);
    expect(Number(second!.lockedUntil)).toBe(t1 + 2 * leaseMs + 1);
    await markSent(db, first!.id, Number(first!.lockedUntil), t1 + leaseMs + 2);
    let dee = (await recipientsOf(db, news.messageId))[0]!;
    expect([dee.state, dee.lockedUntil, dee.sentAt]).toEqual(["sending", t1 + 2 * leaseMs + 1, null]);
    await markSent(db, second!.id, Number(second!.lockedUntil), t1 + leaseMs + 3);
    dee = (await recipientsOf(db, news.messageId))[0]!;
    expect([dee.state, dee.lockedUntil, dee.sentAt === null ? null : Number(dee.sentAt), dee.attempts]).toEqual(["sent", null, t1 + leaseMs + 3, 2]);
  });

  test(
    "two workers on two connection pools send 300 recipients each exactly once (PostgreSQL)",
    async () => {
      const { db, database, sink, worker } = await setUp();
      const now = Date.now();
      const emails = Array.from({ length: 300 }, (_, i) => `resident${String(i).padStart(3, "0")}@example.org`);
      await db
        .insertInto("subscriber")
        .values(emails.map((email) => ({ id: crypto.randomUUID(), email, lists: "beach", createdAt: now, confirmedAt: now, consentIp: "198.51.100.7", updatedAt: now })))
        .execute();
      const queued = await queueListMail(db, "beach", mail("Everyone"));
      expect(queued.recipients).toBe(300);

      const other = openDatabase({ databaseUrl: database.url, dataDir: database.dir });
      try {
        const otherWorker = makeWorker(other, sink);
        const [a, b] = await Promise.all([worker.drain(), otherWorker.drain()]);
        console.log(`two workers: ${a.sent} and ${b.sent} sent`);
        expect(a.sent + b.sent).toBe(300);
        expect(a.failed + a.retried + b.failed + b.retried).toBe(0);
        expect(a.sent).toBeGreaterThan(0);
        expect(b.sent).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
      const counts = new Map<string, number>();
      for (const address of sink.rcpts) counts.set(address, (counts.get(address) ?? 0) + 1);
      expect(counts.size).toBe(300);
      expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      expect(sink.accepted).toHaveLength(300);
      expect(await outboxCounts(db)).toEqual({ queued: 0, sending: 0, sent: 300, failed: 0 });
    },
    60_000,
    "postgres",
  );

  test("a refused login (535) is our configuration, not the addresses': nobody is suppressed, the mail waits for a retry", async () => {
    const { db, database } = await setUp();
    await addMembers(db, "ann@example.org, bo@example.org");
    await queueListMail(db, "members", mail("Wrong password"));
    const port = await freePort();
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(Object.assign(new Error("5.7.8 Bad credentials"), { responseCode: 535 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const mailer = createMailer({ smtpUrl: `smtp://board:wrong@127.0.0.1:${port}`, outboxDir: mailDir, from: "board@heronlake.example.org", logger });
    mailers.push(mailer);
    try {
      const worker = createOutboxWorker({ db, dialect: database.dialect, mailer, logger, publicUrl: PUBLIC_URL, secret: SECRET });
      const totals = await worker.drain();
      expect(totals).toMatchObject({ sent: 0, failed: 0, retried: 2 });
      expect(await isSuppressed(db, "ann@example.org")).toBe(false);
      expect(await isSuppressed(db, "bo@example.org")).toBe(false);
      expect(await outboxCounts(db)).toEqual({ queued: 2, sending: 0, sent: 0, failed: 0 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test("a batch slower than its lease is not sent twice: the lease is renewed before each message", async () => {
    const { db, database } = await setUp();
    const slow = await startSmtpSink({ delayMs: 200 });
    sinks.push(slow);
    await addMembers(db, Array.from({ length: 10 }, (_, i) => `m${i}@example.org`).join(","));
    await queueListMail(db, "members", mail("Slow relay"));
    const first = makeWorker(database, slow, 1000);
    const second = makeWorker(database, slow, 1000);
    const draining = first.drain();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const [a, b] = [await second.drain(), await draining];
    expect(slow.accepted).toHaveLength(10);
    expect(new Set(slow.accepted.map((m) => m.to)).size).toBe(10);
    expect(a.sent + b.sent).toBe(10);
    expect(await outboxCounts(db)).toEqual({ queued: 0, sending: 0, sent: 10, failed: 0 });
  }, 30_000);
});
