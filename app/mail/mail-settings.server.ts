/**
 * Where mail goes and from whom (issue 26, decision 026): the environment where it is set (SMTP_URL, MAIL_FROM),
 * otherwise what an administrator saved in Settings → Email, otherwise `.eml` files under `$DATA_DIR/mail/` from
 * the association's name at `DEFAULT_SENDER_ADDRESS`.
 *
 * The mailer asks `mailRouteSource` before each message. It reads the "settings" change counter (one small query)
 * and reads the settings again only when it moved, so a save on any instance of a cluster (or a change of the
 * association's name) is used by every instance from its next message on, without a restart.
 */
import { DEFAULT_SENDER_ADDRESS, type ServerConfig } from "#app/platform/config.server.ts";
import { getVersions } from "#app/platform/data/changes.server.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { sendTestMessage, smtpServerOfUrl, type DkimOptions, type MailRoute, type SmtpServer, type SmtpTarget } from "#app/platform/mail/mailer.server.ts";
import { openSecret, sealSecret, SealedSecretError } from "#app/platform/sealed-secrets.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { getMailSettings, saveMailSettings, type SavedMailSettings } from "./data/mail-settings.server.ts";
import type { MailSettingsInput } from "./forms.ts";

/** The purpose the SMTP password is sealed for (`sealSecret`). */
export const SMTP_PASSWORD_PURPOSE = "mail.smtpPassword";

/** Why the saved password cannot be used: the session secret changed since it was saved. */
export const PASSWORD_UNREADABLE =
  "The saved SMTP password cannot be read: AUTH_SECRET (or the data folder's auth-secret file) changed since it was saved. Enter the password again in Settings → Email.";

/** The configuration the mail settings depend on. */
export type MailConfig = Pick<ServerConfig, "smtpUrl" | "mailFrom" | "authSecret">;

/** What Settings → Email shows: where each part comes from and its values, never a password. */
export interface MailSettingsView {
  smtp: {
    /** "environment": SMTP_URL is set and wins; "saved": from Settings → Email; "none": mail is saved as files. */
    source: "environment" | "saved" | "none";
    host: string;
    port: number;
    security: SmtpServer["security"];
    user: string;
    /** Whether a password is saved (or, from the environment, given in SMTP_URL). */
    hasPassword: boolean;
    /** Whether the saved password cannot be opened with this server's secret (`PASSWORD_UNREADABLE`). */
    passwordUnreadable: boolean;
  };
  sender: {
    /** "environment": MAIL_FROM is set and wins. */
    source: "environment" | "saved";
    /** MAIL_FROM as given, or the From built of the name and address below. */
    from: string;
    /** The saved name ("" for the association's) and address ("" for the default). */
    name: string;
    address: string;
    /** What an empty name and address stand for: the association's name, `DEFAULT_SENDER_ADDRESS`. */
    defaultName: string;
    defaultAddress: string;
  };
  updatedBy?: string | undefined;
  updatedAt?: number | undefined;
}

/** A From header of a name and an address, quoted as RFC 5322 wants it (`"Heron Lake \"HLA\"" <a@b.org>`). */
export function formatFrom(name: string, address: string): string {
  return name ? `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}" <${address}>` : address;
}

function openPassword(config: MailConfig, saved: SavedMailSettings): { password: string; unreadable: boolean } {
  if (!saved.sealedPassword) return { password: "", unreadable: false };
  try {
    return { password: openSecret(config.authSecret, SMTP_PASSWORD_PURPOSE, saved.sealedPassword), unreadable: false };
  } catch (error) {
    if (error instanceof SealedSecretError) return { password: "", unreadable: true };
    throw error;
  }
}

/** The mail settings as Settings → Email shows them: the environment's over the saved ones. */
export async function mailSettingsView(db: Database, config: MailConfig): Promise<MailSettingsView> {
  const [saved, association] = await Promise.all([getMailSettings(db), getAssociationDetails(db)]);
  const unreadable = openPassword(config, saved).unreadable;
  const smtp: MailSettingsView["smtp"] = config.smtpUrl
    ? { source: "environment", ...smtpServerOfUrl(config.smtpUrl), hasPassword: new URL(config.smtpUrl).password !== "", passwordUnreadable: false }
    : {
        source: saved.host ? "saved" : "none",
        host: saved.host,
        port: saved.port || 587,
        security: saved.security,
        user: saved.user,
        hasPassword: saved.sealedPassword !== "",
        passwordUnreadable: unreadable,
      };
  const name = saved.fromName;
  const address = saved.fromAddress;
  return {
    smtp,
    sender: {
      source: config.mailFrom ? "environment" : "saved",
      from: config.mailFrom ?? formatFrom(name || association.name, address || DEFAULT_SENDER_ADDRESS),
      name,
      address,
      defaultName: association.name,
      defaultAddress: DEFAULT_SENDER_ADDRESS,
    },
    updatedBy: saved.updatedBy,
    updatedAt: saved.updatedAt,
  };
}

/** Where mail goes now, read from the database and the configuration (see `mailRouteSource` for the cached one). */
export async function currentMailRoute(db: Database, config: MailConfig): Promise<MailRoute> {
  const [saved, association] = await Promise.all([getMailSettings(db), getAssociationDetails(db)]);
  const from = config.mailFrom ?? formatFrom(saved.fromName || association.name, saved.fromAddress || DEFAULT_SENDER_ADDRESS);
  if (config.smtpUrl) return { smtp: { url: config.smtpUrl }, from };
  if (!saved.host) return { smtp: undefined, from };
  const { password, unreadable } = openPassword(config, saved);
  return {
    smtp: { host: saved.host, port: saved.port, security: saved.security, user: saved.user, password },
    from,
    problem: unreadable ? PASSWORD_UNREADABLE : undefined,
  };
}

/**
 * The mailer's `route` (app/platform/mail/mailer.server.ts): `currentMailRoute`, read again only when the
 * "settings" change counter moved since the last read (mail settings and the association's name both bump it).
 */
export function mailRouteSource(db: Database, config: MailConfig, logger: Logger): () => Promise<MailRoute> {
  let cached: { version: number; route: MailRoute } | undefined;
  return async () => {
    const version = (await getVersions(db)).settings ?? 0;
    if (cached?.version === version) return cached.route;
    const route = await currentMailRoute(db, config);
    if (cached) logger.info({ smtp: route.smtp ? ("url" in route.smtp ? "SMTP_URL" : `${route.smtp.host}:${route.smtp.port}`) : "files" }, "mail settings changed");
    if (route.problem) logger.warn(route.problem);
    cached = { version, route };
    return route;
  };
}

/** Whether mail goes only to files (no SMTP from the environment or the settings): the admin warns while it does. */
export async function mailGoesToFiles(route: () => Promise<MailRoute>): Promise<boolean> {
  return (await route()).smtp === undefined;
}

/**
 * Checks what Settings → Email submitted against the configuration: a server needs a sender address (most servers
 * refuse mail from an address that is not theirs), unless MAIL_FROM gives the sender.
 * @returns one message per field at fault (empty when none)
 */
export function mailSettingsErrors(config: MailConfig, input: MailSettingsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!config.smtpUrl && input.host !== "" && !config.mailFrom && input.fromAddress === "") {
    errors.fromAddress = "Please enter the sender's address, like board@heronlake.org: most mail servers refuse mail from addresses that are not theirs";
  }
  return errors;
}

/**
 * Saves Settings → Email: the SMTP server unless SMTP_URL is set, the sender unless MAIL_FROM is set. The password is
 * sealed with the session secret; left empty, the saved one is kept; with no host, the server and its login are
 * cleared (mail goes to files).
 */
export async function saveMailSettingsForm(db: Database, config: MailConfig, input: MailSettingsInput, by: string, now = Date.now()): Promise<void> {
  const settings: Parameters<typeof saveMailSettings>[1] = {};
  if (!config.smtpUrl) {
    if (input.host === "") Object.assign(settings, { host: "", port: 0, security: "starttls", user: "", sealedPassword: "" });
    else {
      Object.assign(settings, { host: input.host, port: input.port, security: input.security, user: input.user });
      if (input.password !== "") settings.sealedPassword = sealSecret(config.authSecret, SMTP_PASSWORD_PURPOSE, input.password);
    }
  }
  if (!config.mailFrom) Object.assign(settings, { fromAddress: input.fromAddress, fromName: input.fromName });
  await saveMailSettings(db, settings, by, now);
}

/** What a test message got: the SMTP server's answer to it, or the error that stopped it. */
export type MailTestResult = { ok: true; response: string; to: string } | { ok: false; error: string; to: string };

/**
 * Sends a test message with the settings as submitted (the environment's where it wins; the saved password when
 * the field is left empty), over a connection of its own. Saves nothing and queues nothing.
 * @param to the address it goes to
 * @returns the server's answer ("250 …"), or the error ("connect ECONNREFUSED 127.0.0.1:2", "Invalid login: 535 …")
 */
export async function sendMailTest(
  db: Database,
  config: MailConfig,
  input: MailSettingsInput,
  to: string,
  options: { dkim?: DkimOptions | undefined; timeoutMs?: number } = {},
): Promise<MailTestResult> {
  const [saved, association] = await Promise.all([getMailSettings(db), getAssociationDetails(db)]);
  let target: SmtpTarget;
  if (config.smtpUrl) target = { url: config.smtpUrl };
  else {
    if (input.host === "") return { ok: false, error: "There is no SMTP server to test: enter its name first.", to };
    let password = input.password;
    if (password === "" && input.host === saved.host && input.user === saved.user) {
      const opened = openPassword(config, saved);
      if (opened.unreadable) return { ok: false, error: PASSWORD_UNREADABLE, to };
      password = opened.password;
    }
    target = { host: input.host, port: input.port, security: input.security, user: input.user, password };
  }
  const from = config.mailFrom ?? formatFrom(input.fromName || association.name, input.fromAddress || DEFAULT_SENDER_ADDRESS);
  try {
    const response = await sendTestMessage(
      target,
      {
        from,
        to,
        subject: `Test message from ${association.name}`,
        text: `This is a test message from ${association.name}'s website, sent from Settings → Email.\n\nIf you can read it, the website can send mail.`,
      },
      options,
    );
    return { ok: true, response, to };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), to };
  }
}
