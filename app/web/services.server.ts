/**
 * The server's services, built once at start-up and handed to every loader and action through the router context
 * (`servicesContext`). Nothing else opens a database or a mail transport.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createContext } from "react-router";
import { createAuth, ensureAdmin, migrateAuth, type Auth } from "#app/accounts/auth.server.ts";
import { ensureAuthSecret, type Config, type ServerConfig } from "#app/platform/config.server.ts";
import { migrateToLatest, openDatabase, type Database, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { createMailer, type DkimOptions, type Mailer, type MailRoute } from "#app/platform/mail/mailer.server.ts";
import { mailRouteSource } from "#app/mail/mail-settings.server.ts";
import { createOutboxWorker, type OutboxWorker } from "#app/mail/outbox.server.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import { createStores } from "#app/platform/files/stores.server.ts";

export interface Services {
  config: ServerConfig;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  /**
   * Where mail goes now and from whom: SMTP_URL and MAIL_FROM where set, else Settings → Email, else files
   * (app/mail/mail-settings.server.ts); read again when the "settings" counter moves.
   */
  mailRoute: () => Promise<MailRoute>;
  /** The DKIM key of DKIM_PRIVATE_KEY_FILE, or undefined (test messages are signed like the others). */
  dkim: DkimOptions | undefined;
  /** Sends queued mail (app/mail/outbox.server.ts); the server starts it, scripts only queue. */
  outbox: OutboxWorker;
  /** Documents, under `$DATA_DIR/documents/`, or `<prefix>/documents/` of the bucket of STORAGE_URL. */
  storage: Storage;
  /** Pictures' WebP variants (app/platform/files/images.server.ts), under `$DATA_DIR/images/` or `<prefix>/images/`. */
  images: Storage;
}

export const servicesContext = createContext<Services>();

/**
 * Opens the database and builds the services; nothing is migrated yet (see `prepareServices`). Makes DATA_DIR and
 * its session secret when they are missing (`ensureAuthSecret`): building the services is what sets up an install.
 */
export function createServices(loaded: Config, logger: Logger): Services {
  const config = ensureAuthSecret(loaded);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => logger.warn({ err: error }, "database connection lost; a new one is opened on the next query"),
  });
  const mailRoute = mailRouteSource(database.db, config, logger);
  const dkim = readDkim(config);
  const mailer = createMailer({ route: mailRoute, outboxDir: path.join(config.dataDir, "mail"), logger, dkim });
  const outbox = createOutboxWorker({
    db: database.db,
    dialect: database.dialect,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    leaseMs: config.outboxLeaseMs,
  });
  const auth = createAuth(config, database, mailer, logger);
  const { storage, images } = createStores(config);
  return { config, logger, database, db: database.db, auth, mailer, mailRoute, dkim, outbox, storage, images };
}

/** The DKIM key named by DKIM_PRIVATE_KEY_FILE. @throws when the file cannot be read or holds no PEM private key */
function readDkim(config: Config): DkimOptions | undefined {
  if (!config.dkim) return undefined;
  const privateKey = readFileSync(config.dkim.privateKeyFile, "utf8");
  if (!/-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(privateKey)) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE: ${config.dkim.privateKeyFile} holds no PEM private key`);
  }
  return { domainName: config.dkim.domain, keySelector: config.dkim.selector, privateKey };
}

/**
 * Brings the database up to date and makes sure the configured administrator exists; sweeps what interrupted
 * uploads left in the stores (the first use of the bucket with STORAGE_URL).
 * @returns the names of the migrations applied now
 * @throws an error naming STORAGE_URL when the bucket cannot be used (missing, unreachable, access denied)
 */
export async function prepareServices(services: Services): Promise<string[]> {
  const applied = await migrateToLatest(services.database);
  let swept: number;
  try {
    swept = (await services.storage.sweep()) + (await services.images.sweep());
  } catch (error) {
    // The first request to the bucket: say which setting to look at (never the keys themselves).
    const s3 = services.config.s3;
    if (!s3) throw error;
    throw new Error(`STORAGE_URL: s3://${s3.bucket}/${s3.prefix} cannot be used (${(error as Error).name}: ${(error as Error).message}); check the bucket, S3_ENDPOINT, S3_REGION and the keys`, { cause: error });
  }
  if (swept > 0) services.logger.warn({ files: swept }, "removed temporary upload files left by a crash");
  await migrateAuth(services.auth);
  if (services.config.admin) {
    const outcome = await ensureAdmin(services.auth, services.config.admin.email, services.config.admin.password);
    services.logger.info({ email: services.config.admin.email, outcome }, "administrator from ADMIN_EMAIL");
  }
  return applied;
}

/** Stops the outbox worker (after the message in flight), then closes the mail transport and the database. */
export async function closeServices(services: Services): Promise<void> {
  await services.outbox.stop();
  services.mailer.close();
  await services.database.close();
}
