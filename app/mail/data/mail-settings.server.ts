/**
 * The mail settings saved in the browser (Settings → Email, issue 26): the SMTP server and the sender, kept in the
 * `setting` table beside the association's details (keys `mail.*`), so every instance of a cluster reads the same.
 * The SMTP password is stored sealed (`sealSecret`, app/platform/sealed-secrets.server.ts), never in plain text.
 * A write bumps the "settings" topic, which is how every mailer learns that its settings changed.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import type { SmtpServer } from "#app/platform/mail/mailer.server.ts";

/** The settings as stored: "" for what is not set. */
export interface SavedMailSettings {
  /** The SMTP server's host name; "" for none (mail is written as files). */
  host: string;
  /** The port, 1 to 65535 (0 while there is no server). */
  port: number;
  security: SmtpServer["security"];
  /** The login name; "" for a server that needs none. */
  user: string;
  /** The password as sealed by `sealSecret` ("v1:…"); "" for none. */
  sealedPassword: string;
  /** The sender's address; "" for the default. */
  fromAddress: string;
  /** The sender's name; "" for the association's name. */
  fromName: string;
  /** Who saved them last and when (ms since epoch); absent before the first save. */
  updatedBy?: string;
  updatedAt?: number;
}

const KEYS = {
  host: "mail.smtpHost",
  port: "mail.smtpPort",
  security: "mail.smtpSecurity",
  user: "mail.smtpUser",
  sealedPassword: "mail.smtpPassword",
  fromAddress: "mail.fromAddress",
  fromName: "mail.fromName",
  updatedBy: "mail.updatedBy",
  updatedAt: "mail.updatedAt",
} as const;

/** The setting key that holds the sealed SMTP password (for tests that read the row). */
export const SMTP_PASSWORD_KEY = KEYS.sealedPassword;

const SECURITY = new Set<string>(["tls", "starttls", "none"]);

/** The saved mail settings; all "" on an install that never saved them. */
export async function getMailSettings(db: Database): Promise<SavedMailSettings> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", Object.values(KEYS)).execute();
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const text = (key: string) => saved.get(key) ?? "";
  const security = text(KEYS.security);
  const out: SavedMailSettings = {
    host: text(KEYS.host),
    port: Number(text(KEYS.port)) || 0,
    security: SECURITY.has(security) ? (security as SmtpServer["security"]) : "starttls",
    user: text(KEYS.user),
    sealedPassword: text(KEYS.sealedPassword),
    fromAddress: text(KEYS.fromAddress),
    fromName: text(KEYS.fromName),
  };
  if (saved.has(KEYS.updatedBy)) out.updatedBy = text(KEYS.updatedBy);
  if (saved.has(KEYS.updatedAt)) out.updatedAt = Number(text(KEYS.updatedAt));
  return out;
}

/**
 * Saves the given settings in one transaction, with who saved them and when, and bumps the "settings" topic (every
 * server's mailer then uses them from its next message on). Fields left out keep their saved value.
 * @param settings `sealedPassword` already sealed; never a plain password
 */
export async function saveMailSettings(
  db: Database,
  settings: Partial<Omit<SavedMailSettings, "updatedBy" | "updatedAt">>,
  by: string,
  now = Date.now(),
): Promise<void> {
  const values: [string, string][] = [
    ...(Object.entries(settings) as [keyof typeof settings, string | number][]).map(([field, value]): [string, string] => [KEYS[field], String(value)]),
    [KEYS.updatedBy, by],
    [KEYS.updatedAt, String(now)],
  ];
  await writeAndSignal(db, "settings", async (trx) => {
    for (const [key, value] of values) {
      await trx.insertInto("setting").values({ key, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    }
  });
}
