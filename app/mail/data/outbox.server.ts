/**
 * The mail outbox (issue 11, decision 010): every list mail is a message row and one row per recipient with its
 * delivery state. Queueing writes them in one transaction (a mail to 10,000 subscribers is one INSERT … SELECT); the
 * worker (app/mail/outbox.server.ts) claims due recipients under a lease, sends, and records the outcome.
 *
 * Recipient ids are `<message id>.<kind>.<row id>`, so the same person is queued at most once per message, and the
 * id is the Message-ID's left part: a repeat after a crash carries the same Message-ID.
 */
import { sql } from "kysely";
import type { OutboxMessage, OutboxRecipient } from "#db/schema.ts";
import { inTransaction, type Database, type Dialect } from "#app/platform/data/db.server.ts";
import type { MailList } from "#app/mail/mail-tokens.server.ts";

export type { OutboxMessage, OutboxRecipient };

/** The states of a recipient's delivery. */
export type DeliveryState = "queued" | "sending" | "sent" | "failed";

/** A message's text before each recipient's own footer (manage and unsubscribe links) is added. */
export interface QueuedMail {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML body (a fragment; the worker wraps it). */
  html: string;
  /** Who queued it: an administrator's email, or "system" for alerts and notices. */
  createdBy: string;
  /** Where replies go (a contact message's writer, issue 28); absent: to the sender. One address, checked by the caller. */
  replyTo?: string;
}

/** What queueing did. */
export interface Queued {
  messageId: string;
  recipients: number;
}

/**
 * Queues `mail` to every confirmed subscriber of `list`, or, for "members", to every member who has not
 * unsubscribed; addresses in the suppression list are left out. One transaction: all recipients or none.
 * @param options.beachSite for a beach alert (issue 27): only the subscribers who chose that site (`beachSites`);
 *   with `first`, also those who chose none, whose subscriptions are the first beach's
 */
export async function queueListMail(db: Database, list: MailList, mail: QueuedMail, now = Date.now(), options: { beachSite?: { id: string; first: boolean } } = {}): Promise<Queued> {
  const site = options.beachSite;
  const messageId = crypto.randomUUID();
  return inTransaction(db, async (trx) => {
    await trx.insertInto("outbox_message").values({ id: messageId, list, ...mail, createdAt: now, recipients: 0 }).execute();
    const suppressed = trx.selectFrom("mail_suppression").select("email");
    const recipientId = (kind: string) => sql<string>`${messageId} || ${`.${kind}.`} || id`;
    const common = (kind: string) =>
      [recipientId(kind).as("id"), sql<string>`${messageId}`.as("messageId"), "email", sql<string>`${kind}`.as("kind"), "id as refId"] as const;
    const state = [sql<string>`'queued'`.as("state"), sql<number>`0`.as("attempts"), sql<number>`${now}`.as("nextAttemptAt")] as const;
    const columns = ["id", "messageId", "email", "kind", "refId", "state", "attempts", "nextAttemptAt"] as const;
    const insert =
      list === "members"
        ? trx
            .insertInto("outbox_recipient")
            .columns(columns)
            .expression(
              trx
                .selectFrom("member")
                .select([...common("m"), ...state])
                .where("unsubscribedAt", "is", null)
                .where((eb) => eb(eb.fn("lower", ["email"]), "not in", suppressed)),
            )
        : trx
            .insertInto("outbox_recipient")
            .columns(columns)
            .expression(
              trx
                .selectFrom("subscriber")
                .select([...common("s"), ...state])
                .where("confirmedAt", "is not", null)
                .where(sql<boolean>`(',' || lists || ',') like ${`%,${list},%`}`)
                .$if(site !== undefined, (q) =>
                  q.where((eb) =>
                    eb.or([
                      eb(sql<string>`(',' || ${sql.ref("beachSites")} || ',')`, "like", `%,${site!.id.replace(/[\\%_]/g, "")},%`),
                      ...(site!.first ? [eb("beachSites", "=", "")] : []),
                    ]),
                  ),
                )
                .where("email", "not in", suppressed),
            );
    const result = await insert.executeTakeFirst();
    const recipients = Number(result.numInsertedOrUpdatedRows ?? 0n);
    await trx.updateTable("outbox_message").set({ recipients }).where("id", "=", messageId).execute();
    return { messageId, recipients };
  });
}

/**
 * Queues a notice to one address (a subscription's confirmation or manage link), sent even when the address has
 * never confirmed anything; not to a suppressed address.
 * @returns the queued message, or null when the address is suppressed
 */
export async function queueNotice(db: Database, to: string, mail: QueuedMail, now = Date.now()): Promise<Queued | null> {
  const messageId = crypto.randomUUID();
  // In the caller's transaction when there is one: a contact message and its mail are stored together (issue 28).
  return inTransaction(db, async (trx) => {
    const suppressed = await trx.selectFrom("mail_suppression").select("email").where("email", "=", to.toLowerCase()).executeTakeFirst();
    if (suppressed) return null;
    await trx.insertInto("outbox_message").values({ id: messageId, list: "notice", ...mail, createdAt: now, recipients: 1 }).execute();
    await trx
      .insertInto("outbox_recipient")
      .values({ id: `${messageId}.n.${messageId}`, messageId, email: to, kind: "n", refId: messageId, state: "queued", attempts: 0, nextAttemptAt: now })
      .execute();
    return { messageId, recipients: 1 };
  });
}


/** A recipient claimed for sending, with its message. */
export type Claimed = OutboxRecipient & Pick<OutboxMessage, "list" | "subject" | "text" | "html"> & {
  /** Where replies go, only on a message that has one (a contact message, issue 28). */
  replyTo?: string;
};

/**
 * Claims up to `limit` due recipients for this sender: queued ones whose back-off has passed, and "sending" ones
 * whose lease ran out (their sender died). They become "sending" until `now + leaseMs`, with one more attempt. On
 * PostgreSQL rows another process is claiming are skipped (`FOR UPDATE SKIP LOCKED`); SQLite runs the statement
 * alone. Either way no recipient is claimed by two senders within one lease.
 */
export async function claimDue(db: Database, dialect: Dialect, options: { now: number; leaseMs: number; limit: number }): Promise<Claimed[]> {
  const { now, leaseMs, limit } = options;
  const due = db
    .selectFrom("outbox_recipient")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "queued"), eb("nextAttemptAt", "<=", now)]),
        eb.and([eb("state", "=", "sending"), eb("lockedUntil", "<", now)]),
      ]),
    )
    .orderBy("nextAttemptAt")
    .limit(limit);
  const claimed = await db
    .updateTable("outbox_recipient")
    .set((eb) => ({ state: "sending", lockedUntil: now + leaseMs, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const messages = await db
    .selectFrom("outbox_message")
    .select(["id", "list", "subject", "text", "html", "replyTo"])
    .where("id", "in", [...new Set(claimed.map((c) => c.messageId))])
    .execute();
  const byId = new Map(messages.map((m) => [m.id, m]));
  return claimed.flatMap((c) => {
    const m = byId.get(c.messageId);
    return m ? [{ ...c, list: m.list, subject: m.subject, text: m.text, html: m.html, ...(m.replyTo ? { replyTo: m.replyTo } : {}) }] : [];
  });
}

/** Records a delivery: "sent", only if this sender still holds the row (its lease). */
export async function markSent(db: Database, id: string, lease: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("outbox_recipient")
    .set({ state: "sent", sentAt: now, lockedUntil: null, lastError: null })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lockedUntil", "=", lease)
    .execute();
}

/**
 * Moves a claimed recipient's lease to `next` if this sender still holds it (`held`), just before its message goes.
 * @returns false when another sender took the row up meanwhile (then this one must not send)
 */
export async function renewLease(db: Database, id: string, held: number, next: number): Promise<boolean> {
  const result = await db
    .updateTable("outbox_recipient")
    .set({ lockedUntil: next })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lockedUntil", "=", held)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts a recipient back in the queue after a temporary refusal, not before `nextAttemptAt`; only if this sender holds its lease. */
export async function markRetry(db: Database, id: string, lease: number, error: string, nextAttemptAt: number): Promise<void> {
  await db
    .updateTable("outbox_recipient")
    .set({ state: "queued", nextAttemptAt, lockedUntil: null, lastError: error.slice(0, 500) })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lockedUntil", "=", lease)
    .execute();
}

/**
 * Gives a recipient up, only if this sender holds its lease. With `suppress`, its address gets no more list mail (a
 * permanent refusal of the recipient, 5xx to RCPT TO).
 */
export async function markFailed(
  db: Database,
  recipient: { id: string; email: string },
  lease: number,
  error: string,
  suppress: boolean,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("outbox_recipient")
      .set({ state: "failed", lockedUntil: null, lastError: error.slice(0, 500) })
      .where("id", "=", recipient.id)
      .where("state", "=", "sending")
      .where("lockedUntil", "=", lease)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return;
    if (suppress) {
      await trx
        .insertInto("mail_suppression")
        .values({ email: recipient.email.toLowerCase(), reason: error.slice(0, 500), at: now })
        .onConflict((oc) => oc.column("email").doNothing())
        .execute();
    }
  });
}

/** Puts claimed recipients that were not tried back in the queue, as they were (a sender stopping). */
export async function releaseClaims(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox_recipient")
    .set((eb) => ({ state: "queued", lockedUntil: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "in", ids)
    .where("state", "=", "sending")
    .execute();
}

/** How many recipients are in each state, over the whole outbox or for one message. */
export async function outboxCounts(db: Database, messageId?: string): Promise<Record<DeliveryState, number>> {
  let query = db.selectFrom("outbox_recipient").select(["state", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("state");
  if (messageId) query = query.where("messageId", "=", messageId);
  const counts: Record<DeliveryState, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of await query.execute()) counts[row.state as DeliveryState] = Number(row.n);
  return counts;
}

/** The latest messages to `list`, newest first, each with its recipients' states counted. */
export async function recentMessages(
  db: Database,
  list: MailList,
  limit = 5,
): Promise<(Pick<OutboxMessage, "id" | "subject" | "createdAt" | "createdBy" | "recipients"> & Record<DeliveryState, number>)[]> {
  const messages = await db
    .selectFrom("outbox_message")
    .select(["id", "subject", "createdAt", "createdBy", "recipients"])
    .where("list", "=", list)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return Promise.all(messages.map(async (m) => ({ ...m, createdAt: Number(m.createdAt), ...(await outboxCounts(db, m.id)) })));
}

/** Whether `email` is suppressed (a permanent refusal). */
export async function isSuppressed(db: Database, email: string): Promise<boolean> {
  return (await db.selectFrom("mail_suppression").select("email").where("email", "=", email.toLowerCase()).executeTakeFirst()) !== undefined;
}

/** Whether any recipient is due now or in flight (tests and shutdown use it). */
export async function hasPending(db: Database): Promise<boolean> {
  const row = await db.selectFrom("outbox_recipient").select("id").where("state", "in", ["queued", "sending"]).limit(1).executeTakeFirst();
  return row !== undefined;
}
