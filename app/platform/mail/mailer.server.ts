/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL or Settings → Email name a server, otherwise each message is written as an RFC 5322
 * `.eml` file under `$DATA_DIR/mail/` (formatted by nodemailer all the same), so that an install with no mail
 * server loses no message and an administrator can open them in any mail program.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "#app/platform/logger.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Reply-To address (one address, already checked: a contact message's writer). */
  replyTo?: string;
  /** A Message-ID of our own, `<…@host>`, the same on every attempt so that a receiver can drop a repeat. */
  messageId?: string;
  /**
   * List headers, written by nodemailer: `List-Id` (RFC 2919) and one `List-Unsubscribe` (RFC 2369) with every
   * address in `<…>`, comma-separated (nodemailer's nested array makes them one header).
   */
  list?: { id: { url: string; comment: string }; unsubscribe: [string[]] };
  /** More headers, e.g. `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). */
  headers?: Record<string, string>;
}

/** DKIM signing (RFC 6376) of every message, when a key is configured (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE). */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  /** The private key, PEM. */
  privateKey: string;
}

/**
 * The headers DKIM signs: nodemailer's default list plus `List-Unsubscribe-Post`, which RFC 8058 §4 requires to be
 * covered by a valid signature (Gmail and Yahoo ignore a one-click unsubscribe whose headers are not signed).
 */
export const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:" +
  "List-Subscribe:List-Post:List-Owner:List-Archive";

/**
 * An SMTP server as a volunteer fills it in (Settings → Email): where it is, how the connection is protected, and
 * the login (`user` "" for none).
 */
export interface SmtpServer {
  host: string;
  port: number;
  /**
   * "tls": TLS from the first byte (usually port 465); "starttls": a plain connection that must switch to TLS
   * before the login (usually 587); "none": no encryption (only for a server on the same machine or network).
   */
  security: "tls" | "starttls" | "none";
  user: string;
  password: string;
}

/** How to reach an SMTP server: SMTP_URL as given (`smtp://user:password@host:587`, `smtps://…`), or a server's fields. */
export type SmtpTarget = { url: string } | SmtpServer;

/**
 * Where mail goes at this moment: to an SMTP server, or (`smtp` undefined) into `.eml` files; from whom; and, when
 * the SMTP settings cannot be used (their password cannot be read), why: every send then fails with that reason.
 */
export interface MailRoute {
  smtp: SmtpTarget | undefined;
  /** The From header, e.g. `"Heron Lake Association" <no-reply@heronlake.org>`. */
  from: string;
  problem?: string | undefined;
}

/** The SMTP server an SMTP_URL names, without its password: what Settings → Email shows when the environment sets it. */
export function smtpServerOfUrl(url: string): Omit<SmtpServer, "password"> {
  const parsed = new URL(url);
  const tls = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : tls ? 465 : 587,
    security: tls ? "tls" : "starttls",
    user: decodeURIComponent(parsed.username),
  };
}

/** Timeouts of a connection to the SMTP server, in milliseconds: the outbox worker's lease outlasts one send. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 30_000 };

/** nodemailer's SMTP options for `target`. */
function smtpOptions(target: SmtpTarget) {
  if ("url" in target) return { url: target.url };
  const auth = target.user ? { auth: { user: target.user, pass: target.password } } : {};
  const security =
    target.security === "tls" ? { secure: true } : target.security === "starttls" ? { secure: false, requireTLS: true } : { secure: false, ignoreTLS: true };
  return { host: target.host, port: target.port, ...security, ...auth };
}

export interface Mailer {
  /** Sends one message. @throws when the SMTP server refuses it, the route has a problem, or the outbox cannot be written */
  send(message: MailMessage): Promise<void>;
  /** Where the last message went (or, before any, where the first would go by the static options): "smtp" or "outbox". */
  readonly kind: "smtp" | "outbox";
  close(): void;
}

/**
 * Creates the mailer. Where mail goes is asked of `route` before each message, so that settings saved in the
 * browser (Settings → Email) are used from the next message on, without a restart; the SMTP connection is opened
 * again only when the server or its login changed. Without `route`, `smtpUrl` and `from` say it once for all.
 * @param options.smtpUrl smtp:// or smtps:// URL with credentials, or undefined for the file outbox (without `route`)
 * @param options.from the From header, e.g. "Heron Lake Association <no-reply@heronlake.org>" (without `route`)
 * @param options.route where each message goes and from whom, asked before each send (see `MailRoute`)
 * @param options.outboxDir where `.eml` files go without SMTP
 * @param options.dkim the DKIM key that signs every message (its headers, List-Unsubscribe included), or undefined
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from?: string;
  route?: () => Promise<MailRoute>;
  outboxDir: string;
  logger: Logger;
  dkim?: DkimOptions | undefined;
}): Mailer {
  const { outboxDir, logger, dkim } = options;
  const fixed: MailRoute = { smtp: options.smtpUrl ? { url: options.smtpUrl } : undefined, from: options.from ?? "Shoreline <no-reply@shoreline.invalid>" };
  const route = options.route ?? (() => Promise.resolve(fixed));
  const signing = dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {};
  let kind: Mailer["kind"] = options.route ? "outbox" : fixed.smtp ? "smtp" : "outbox";
  // nodemailer is loaded on the first message, not at start-up: most requests never send mail.
  let current: { key: string; transport: Promise<Transporter> } | undefined;
  const retired = new Set<Transporter>();
  const transportFor = (smtp: SmtpTarget | undefined) => {
    const key = smtp ? JSON.stringify(smtp) : "files";
    if (current?.key === key) return current.transport;
    const previous = current?.transport;
    // The old connection is closed once a message in flight on it has had its time (the socket timeout).
    void previous?.then((old) => {
      retired.add(old);
      setTimeout(() => {
        old.close();
        retired.delete(old);
      }, TIMEOUTS.socketTimeout).unref();
    });
    const transport = import("nodemailer").then(({ default: nodemailer }) =>
      // One pooled connection: the outbox worker sends one message after another over it (RSET between messages)
      // instead of a new TCP and TLS handshake per recipient.
      smtp
        ? nodemailer.createTransport({ ...smtpOptions(smtp), pool: true, maxConnections: 1, ...TIMEOUTS, ...signing })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...signing }),
    );
    current = { key, transport };
    return transport;
  };
  return {
    get kind() {
      return kind;
    },
    async send(message) {
      const { smtp, from, problem } = await route();
      if (problem) throw new Error(problem);
      kind = smtp ? "smtp" : "outbox";
      const info = await (await transportFor(smtp)).sendMail({ from, ...message });
      if (smtp) {
        logger.info({ to: message.to, messageId: info.messageId }, "mail sent");
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      const name = `${Date.now()}-${crypto.randomUUID()}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      // Written whole, then renamed into place: a reader never sees half a message.
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(outboxDir, name));
      logger.info({ to: message.to, file: name }, "mail written to outbox");
    },
    close() {
      void current?.transport.then((t) => t.close());
      for (const old of retired) old.close();
      retired.clear();
    },
  };
}

/**
 * Sends one message over a connection of its own and returns the SMTP server's answer to it, e.g.
 * "250 2.0.0 Ok: queued as 4Y9…" (Settings → Email, "Send a test message"). Nothing is kept or queued.
 * @param options.timeoutMs how long to wait for the connection, the greeting and each reply (default 15 s)
 * @throws nodemailer's error, whose message says what went wrong: "connect ECONNREFUSED 127.0.0.1:2525",
 *   "Invalid login: 535 5.7.8 Authentication failed", "Greeting never received"
 */
export async function sendTestMessage(target: SmtpTarget, message: MailMessage & { from: string }, options: { dkim?: DkimOptions | undefined; timeoutMs?: number } = {}): Promise<string> {
  const { default: nodemailer } = await import("nodemailer");
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    ...smtpOptions(target),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(options.dkim ? { dkim: { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  });
  try {
    const info = await transport.sendMail(message);
    return String(info.response ?? "");
  } finally {
    transport.close();
  }
}
