/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as an RFC 5322
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

export interface Mailer {
  /** Sends one message. @throws when the SMTP server refuses it or the outbox cannot be written */
  send(message: MailMessage): Promise<void>;
  /** "smtp" or "outbox" */
  kind: "smtp" | "outbox";
  close(): void;
}

/**
 * Creates the mailer.
 * @param options.smtpUrl smtp:// or smtps:// URL with credentials, or undefined for the file outbox
 * @param options.outboxDir where `.eml` files go without SMTP
 * @param options.from the From header, e.g. "Heron Lake Association <no-reply@heronlake.org>"
 * @param options.dkim the DKIM key that signs every message (its headers, List-Unsubscribe included), or undefined
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  logger: Logger;
  dkim?: DkimOptions | undefined;
}): Mailer {
  const { smtpUrl, outboxDir, from, logger, dkim } = options;
  // nodemailer is loaded on the first message, not at start-up: most requests never send mail.
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) => {
      // One pooled connection: the outbox worker sends one message after another over it (RSET between messages)
      // instead of a new TCP and TLS handshake per recipient.
      const signing = dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {};
      opened = smtpUrl
        ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 30_000, ...signing })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix", ...signing });
      return opened;
    }));
  const close = () => opened?.close();
  if (smtpUrl) {
    return {
      kind: "smtp",
      async send(message) {
        const info = await (await open()).sendMail({ from, ...message });
        logger.info({ to: message.to, messageId: info.messageId }, "mail sent");
      },
      close,
    };
  }
  return {
    kind: "outbox",
    async send(message) {
      const info = await (await open()).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const name = `${Date.now()}-${crypto.randomUUID()}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      // Written whole, then renamed into place: a reader never sees half a message.
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(outboxDir, name));
      logger.info({ to: message.to, file: name }, "mail written to outbox");
    },
    close,
  };
}
