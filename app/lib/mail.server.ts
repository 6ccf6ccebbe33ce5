/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written as an RFC 5322
 * `.eml` file under `$DATA_DIR/mail/` (formatted by nodemailer all the same), so that an install with no mail
 * server loses no message and an administrator can open them in any mail program.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "./logger.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

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
 */
export function createMailer(options: { smtpUrl: string | undefined; outboxDir: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  // nodemailer is loaded on the first message, not at start-up: most requests never send mail.
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) => {
      opened = smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
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
