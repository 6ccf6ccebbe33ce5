/**
 * The outbox worker (issue 11, decision 010): sends what `app/mail/data/outbox.server.ts` queued, one recipient at a
 * time over one pooled SMTP connection (or into `.eml` files), from inside the server process.
 *
 * Each recipient is claimed under a lease before its message goes out and marked sent right after the SMTP server
 * accepts it. A sender killed before the server's "250 OK" leaves the row "sending"; when the lease runs out another
 * sender (or the same one, restarted) takes it up again, so nothing is lost. The one moment a message can go twice
 * is a kill between the server's acceptance and our update, a few milliseconds; the repeat then has the same
 * Message-ID, by which mailbox providers drop duplicates. Several server processes share the queue: a claim is one
 * UPDATE (with `FOR UPDATE SKIP LOCKED` on PostgreSQL), so no recipient is claimed twice.
 *
 * A temporary refusal (4xx, a lost connection, a refused login) is retried after 1 min, 5 min, 30 min, 2 h and 12 h,
 * then given up; a permanent refusal of the recipient (5xx to RCPT TO) is given up at once and the address
 * suppressed: it gets no more list mail (`classifyFailure`). The lease is renewed before each message, so it must
 * outlast one send (the SMTP timeouts are 30 s; the default lease is 120 s).
 */
import { endSentence } from "#app/platform/text/text.ts";
import type { Database, Dialect } from "#app/platform/data/db.server.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import type { ServerConfig } from "#app/platform/config.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { MailMessage, Mailer } from "#app/platform/mail/mailer.server.ts";
import { makeMailToken, type MailList } from "./mail-tokens.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { claimDue, markFailed, markRetry, markSent, releaseClaims, renewLease, type Claimed } from "#app/mail/data/outbox.server.ts";

/** Waits after a temporary refusal, in order, in milliseconds; after the last, the recipient is given up. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** How long a claimed recipient is held by its sender before another may take it up, by default (2 minutes). */
export const DEFAULT_LEASE_MS = 120_000;
/** Recipients claimed at once. */
const BATCH = 10;
/** How often an idle worker looks for due mail (also picks up mail queued by the command line or another process). */
const POLL_MS = 2_000;

/**
 * What the workflows that queue mail need of the server's services (the composition root, app/web/services.server.ts,
 * gives all of it): the database, the log, the public address and the session secret (for the links in mail), and
 * the worker to wake.
 */
export interface MailServices {
  db: Database;
  logger: Logger;
  config: Pick<ServerConfig, "publicUrl" | "authSecret">;
  outbox: Pick<OutboxWorker, "kick">;
}

export interface OutboxWorker {
  /** Starts polling. */
  start(): void;
  /** Looks for due mail now (after queueing); a no-op before `start`. */
  kick(): void;
  /** Stops polling and waits for the message in flight. */
  stop(): Promise<void>;
  /** Sends what is due now, batch after batch, until nothing is due; for tests and scripts. */
  drain(now?: () => number): Promise<{ sent: number; failed: number; retried: number; skipped: number }>;
}

export interface OutboxWorkerOptions {
  db: Database;
  dialect: Dialect;
  mailer: Mailer;
  logger: Logger;
  /** The site's public origin, for the links in each mail ("https://heronlake.org"). */
  publicUrl: string;
  /** The session secret, which signs the manage and unsubscribe links (app/mail/mail-tokens.server.ts). */
  secret: string;
  leaseMs?: number;
}

/** What a failed send means for its recipient. */
export type FailureKind = "suppress" | "give-up" | "retry";

/**
 * Judges an SMTP error (nodemailer's `responseCode`, `command`, `code`; RFC 5321 §4.2.1):
 * - "suppress": the server refused the recipient for good (a 5xx reply to RCPT TO): the address is suppressed;
 * - "give-up": the server refused this message for good (a 5xx reply to DATA, e.g. 552 too large): this recipient
 *   is failed, the address is kept;
 * - "retry": anything else (4xx, a lost connection, a 5xx to AUTH or MAIL FROM, which say our configuration is
 *   wrong, not the address): tried again after the back-off.
 */
export function classifyFailure(error: unknown): FailureKind {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode >= 600) return "retry";
  const step = typeof command === "string" ? command.toUpperCase() : "";
  if (step.startsWith("RCPT")) return "suppress";
  if (step.startsWith("DATA")) return "give-up";
  return "retry";
}

/** Whether an SMTP error refuses the recipient for good (see `classifyFailure`): then the address is suppressed. */
export function isPermanentFailure(error: unknown): boolean {
  return classifyFailure(error) === "suppress";
}

/** The links a recipient's mail carries: manage (change lists) and unsubscribe (this list, one click). */
export function recipientLinks(publicUrl: string, secret: string, recipient: Pick<Claimed, "kind" | "refId">, list: string): { manage: string; unsubscribe: string } | null {
  if (recipient.kind !== "s" && recipient.kind !== "m") return null;
  const mailList = (recipient.kind === "m" ? "members" : list) as MailList;
  const unsubscribe = `${publicUrl}/unsubscribe/${makeMailToken(secret, "unsubscribe", { kind: recipient.kind, id: recipient.refId, list: mailList })}`;
  const manage =
    recipient.kind === "s" ? `${publicUrl}/subscriptions/${makeMailToken(secret, "manage", { kind: "s", id: recipient.refId, list: "all" })}` : unsubscribe;
  return { manage, unsubscribe };
}

const LIST_NAMES: Record<string, string> = { beach: "beach alerts", news: "news", events: "events", members: "member email" };

/**
 * The message one recipient gets: the queued text with a footer of their own links, the list headers of RFC 2369,
 * RFC 2919 and RFC 8058, and a Message-ID made from the recipient's id.
 * @param association the name for the footer and List-Id, and the contact address for the mailto unsubscribe
 */
export function personalMessage(
  claimed: Claimed,
  options: { publicUrl: string; secret: string; association: { name: string; contactEmail: string } },
): MailMessage {
  const { publicUrl, secret, association } = options;
  const host = new URL(publicUrl).hostname;
  const messageId = `<${claimed.id}@${host}>`;
  const wrap = (inner: string) =>
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${inner}</body></html>`;
  const links = recipientLinks(publicUrl, secret, claimed, claimed.list);
  if (!links) {
    return {
      to: claimed.email,
      subject: claimed.subject,
      text: `${claimed.text}\n\n--\n${association.name}`,
      html: wrap(`${claimed.html}<hr><p style="color:#555;font-size:0.9em">${escapeHtml(association.name)}</p>`),
      messageId,
      ...(claimed.replyTo ? { replyTo: claimed.replyTo } : {}),
    };
  }
  const listName = LIST_NAMES[claimed.list] ?? claimed.list;
  const why = claimed.kind === "m" ? endSentence(`You get this as a member of ${association.name}`) : endSentence(`You get this because you subscribed to ${listName} from ${association.name}`);
  const text = `${claimed.text}\n\n--\n${why}\nUnsubscribe: ${links.unsubscribe}\n${claimed.kind === "s" ? `Manage your subscriptions: ${links.manage}\n` : ""}`;
  const html = wrap(
    `${claimed.html}<hr><p style="color:#555;font-size:0.9em">${escapeHtml(why)}<br>` +
      `<a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a>` +
      (claimed.kind === "s" ? ` · <a href="${escapeHtml(links.manage)}">Manage your subscriptions</a>` : "") +
      `</p>`,
  );
  const mailto = association.contactEmail.includes("@") ? [`mailto:${association.contactEmail}?subject=${encodeURIComponent(`Unsubscribe ${claimed.email} from ${listName}`)}`] : [];
  return {
    to: claimed.email,
    subject: claimed.subject,
    text,
    html,
    messageId,
    list: { id: { url: `${claimed.list}.${host}`, comment: `${association.name} ${listName}` }, unsubscribe: [[links.unsubscribe, ...mailto]] },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** Makes the worker; nothing runs until `start` (or `drain`). */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, dialect, mailer, logger, publicUrl, secret } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let again = false;
  let halted = false;

  async function sendOne(claimed: Claimed, association: { name: string; contactEmail: string }, now: () => number) {
    // The batch's lease is renewed for this message just before it goes: a slow batch never outlives its lease
    // with messages still to send, and a row another sender took up meanwhile is left to it.
    const lease = now() + leaseMs;
    if (!(await renewLease(db, claimed.id, Number(claimed.lockedUntil), lease))) return "skipped" as const;
    try {
      await mailer.send(personalMessage(claimed, { publicUrl, secret, association }));
      await markSent(db, claimed.id, lease, now());
      return "sent" as const;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const kind = classifyFailure(error);
      if (kind === "suppress" || kind === "give-up") {
        await markFailed(db, claimed, lease, reason, kind === "suppress", now());
        logger.warn({ to: claimed.email, reason, suppressed: kind === "suppress" }, "mail refused for good");
        return "failed" as const;
      }
      const wait = RETRY_BACKOFF_MS[Number(claimed.attempts) - 1];
      if (wait === undefined) {
        await markFailed(db, claimed, lease, reason, false, now());
        logger.warn({ to: claimed.email, reason, attempts: claimed.attempts }, "mail given up after retries");
        return "failed" as const;
      }
      await markRetry(db, claimed.id, lease, reason, now() + wait);
      logger.info({ to: claimed.email, reason, retryInMs: wait }, "mail refused for now: will retry");
      return "retried" as const;
    }
  }

  async function drain(now: () => number = Date.now) {
    const totals = { sent: 0, failed: 0, retried: 0, skipped: 0 };
    for (;;) {
      const claimed = await claimDue(db, dialect, { now: now(), leaseMs, limit: BATCH });
      if (claimed.length === 0) return totals;
      const association = await getAssociationDetails(db);
      for (const c of claimed) {
        // After `stop`, the rest of the batch goes back to the queue for the next start (or another process).
        if (halted) {
          await releaseClaims(db, claimed.slice(claimed.indexOf(c)).map((r) => r.id));
          return totals;
        }
        totals[await sendOne(c, association, now)]++;
      }
    }
  }

  function tick() {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .then((totals) => {
        if (totals.sent + totals.failed + totals.retried + totals.skipped > 0) logger.info(totals, "outbox batch");
      })
      .catch((error: unknown) => logger.error({ err: error }, "outbox worker failed; will try again"))
      .finally(() => {
        running = undefined;
        if (!started) return;
        timer = setTimeout(tick, again ? 0 : POLL_MS);
        again = false;
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      halted = false;
      timer = setTimeout(tick, 0);
    },
    kick() {
      if (!started) return;
      if (running) again = true;
      else {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    async stop() {
      started = false;
      halted = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    drain,
  };
}
