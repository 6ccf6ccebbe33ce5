/**
 * The outbox claim (`claimDue`, issue 11, decision 010) on real databases, SQLite and PostgreSQL alike, at the edges
 * of its rules: a queued recipient is due from its `nextAttemptAt`, a sending one once its lease has run out, at most
 * `limit` of them, those due longest first; and, on PostgreSQL, a row another sender is claiming is skipped at once
 * (`FOR UPDATE SKIP LOCKED`) instead of waited for. In this process, no SMTP: the worker's sending is
 * tests/integration/outbox.test.ts's.
 */
import { sql } from "kysely";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { claimDue, markFailed, markSent, queueNotice, type Claimed } from "#app/mail/data/outbox.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const LEASE_MS = 30_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);
const mail = (subject: string) => ({ subject, text: `${subject}: the text`, html: `<p>${subject}: the HTML</p>`, createdBy: "system" });
const ids = (claimed: Claimed[]) => claimed.map((c) => c.email).toSorted();

describe.each(backends)("claimDue on $name", ({ name, create, available }) => {
  let skip = false;
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    skip = !(await available());
  });
  afterEach(async () => {
    for (const d of databases.splice(0)) await d.drop();
  });

  function test(title: string, body: (database: TestDatabase) => Promise<void>, only?: "postgres") {
    it.skipIf(only !== undefined && only !== name)(title, async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      const database = await create();
      databases.push(database);
      await body(database);
    });
  }

  /** Queues one notice to `email`, due at `dueAt`. */
  const queue = (database: TestDatabase, email: string, dueAt: number) => queueNotice(database.db, email, mail(`For ${email}`), dueAt);

  test("claims a queued recipient from its nextAttemptAt on, not a millisecond before", async (database) => {
    const { db, dialect } = database;
    await queue(database, "ann@example.org", T0);
    expect(await claimDue(db, dialect, { now: T0 - 1, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    expect(ids(await claimDue(db, dialect, { now: T0, leaseMs: LEASE_MS, limit: 10 }))).toEqual(["ann@example.org"]);
  });

  test("marks what it claims as sending until now + lease, with one more attempt, and gives each its own message", async (database) => {
    const { db, dialect } = database;
    const ann = await queue(database, "ann@example.org", T0);
    const bo = await queue(database, "bo@example.org", T0);
    const claimed = await claimDue(db, dialect, { now: T0 + 5, leaseMs: LEASE_MS, limit: 10 });
    expect(claimed.map((c) => ({ ...c, attempts: Number(c.attempts), lockedUntil: Number(c.lockedUntil), nextAttemptAt: Number(c.nextAttemptAt) })).toSorted((a, b) => a.email.localeCompare(b.email))).toEqual(
      [
        { email: "ann@example.org", messageId: ann!.messageId },
        { email: "bo@example.org", messageId: bo!.messageId },
      ].map(({ email, messageId }) => ({
        id: `${messageId}.n.${messageId}`,
        messageId,
        email,
        kind: "n",
        refId: messageId,
        state: "sending",
        attempts: 1,
        nextAttemptAt: T0,
        lockedUntil: T0 + 5 + LEASE_MS,
        sentAt: null,
        lastError: null,
        list: "notice",
        subject: `For ${email}`,
        text: `For ${email}: the text`,
        html: `<p>For ${email}: the HTML</p>`,
      })),
    );
    const rows = await db.selectFrom("outbox_recipient").select(["email", "state", "lockedUntil", "attempts"]).orderBy("email").execute();
    expect(rows.map((r) => [r.email, r.state, Number(r.lockedUntil), Number(r.attempts)])).toEqual([
      ["ann@example.org", "sending", T0 + 5 + LEASE_MS, 1],
      ["bo@example.org", "sending", T0 + 5 + LEASE_MS, 1],
    ]);
  });

  test("takes a sending recipient up again only after its lease has run out (its sender died), not at its last millisecond", async (database) => {
    const { db, dialect } = database;
    await queue(database, "ann@example.org", T0);
    const [first] = await claimDue(db, dialect, { now: T0, leaseMs: LEASE_MS, limit: 10 });
    expect(Number(first!.lockedUntil)).toBe(T0 + LEASE_MS);
    expect(await claimDue(db, dialect, { now: T0 + LEASE_MS - 1, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    expect(await claimDue(db, dialect, { now: T0 + LEASE_MS, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    const [again] = await claimDue(db, dialect, { now: T0 + LEASE_MS + 1, leaseMs: LEASE_MS, limit: 10 });
    expect([again!.email, again!.state, Number(again!.lockedUntil), Number(again!.attempts)]).toEqual(["ann@example.org", "sending", T0 + 2 * LEASE_MS + 1, 2]);
  });

  test("never claims a recipient already sent or given up, however late", async (database) => {
    const { db, dialect } = database;
    for (const email of ["ann@example.org", "bo@example.org", "cy@example.org"]) await queue(database, email, T0);
    const claimed = await claimDue(db, dialect, { now: T0, leaseMs: LEASE_MS, limit: 10 });
    const of = (email: string) => claimed.find((c) => c.email === email)!;
    await markSent(db, of("ann@example.org").id, T0 + LEASE_MS, T0 + 1);
    await markFailed(db, of("bo@example.org"), T0 + LEASE_MS, "550 no such user", false, T0 + 1);
    const later = T0 + 365 * 24 * 3600_000;
    expect(ids(await claimDue(db, dialect, { now: later, leaseMs: LEASE_MS, limit: 10 }))).toEqual(["cy@example.org"]);
    expect(await claimDue(db, dialect, { now: later + 1, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
  });

  test("claims at most `limit` recipients, those due longest first", async (database) => {
    const { db, dialect } = database;
    await queue(database, "late@example.org", T0 + 3);
    await queue(database, "first@example.org", T0 + 1);
    await queue(database, "second@example.org", T0 + 2);
    await queue(database, "not-yet@example.org", T0 + 100);
    expect(ids(await claimDue(db, dialect, { now: T0 + 10, leaseMs: LEASE_MS, limit: 2 }))).toEqual(["first@example.org", "second@example.org"]);
    expect(ids(await claimDue(db, dialect, { now: T0 + 10, leaseMs: LEASE_MS, limit: 2 }))).toEqual(["late@example.org"]);
    expect(await claimDue(db, dialect, { now: T0 + 10, leaseMs: LEASE_MS, limit: 2 })).toEqual([]);
  });

  test(
    "skips the rows another sender's transaction holds and claims the other due ones at once (FOR UPDATE SKIP LOCKED)",
    async (database) => {
      const { db, dialect } = database;
      for (const [email, dueAt] of [["held@example.org", T0], ["b@example.org", T0 + 1], ["c@example.org", T0 + 2]] as const) await queue(database, email, dueAt);
      // A second sender in the middle of its claim: the row due longest is updated, its transaction not yet committed.
      const holder = await db.startTransaction().execute();
      try {
        expect(ids(await claimDue(holder, dialect, { now: T0 + 10, leaseMs: LEASE_MS, limit: 1 }))).toEqual(["held@example.org"]);
        // A claim that waited for that row's lock would fail after a second instead of hanging the test.
        const others = await db.connection().execute(async (connection) => {
          await sql`SET lock_timeout = '1s'`.execute(connection);
          try {
            return await claimDue(connection, dialect, { now: T0 + 10, leaseMs: LEASE_MS, limit: 10 });
          } finally {
            await sql`RESET lock_timeout`.execute(connection);
          }
        });
        expect(ids(others)).toEqual(["b@example.org", "c@example.org"]);
        await holder.commit().execute();
      } catch (error) {
        await holder.rollback().execute();
        throw error;
      }
      const rows = await db.selectFrom("outbox_recipient").select(["email", "state", "attempts"]).orderBy("email").execute();
      expect(rows.map((r) => [r.email, r.state, Number(r.attempts)])).toEqual([
        ["b@example.org", "sending", 1],
        ["c@example.org", "sending", 1],
        ["held@example.org", "sending", 1],
      ]);
    },
    "postgres",
  );
});
