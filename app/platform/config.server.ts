/**
 * Configuration, read from the environment once at start-up and validated. A bad value stops the process with a
 * message that names the variable (see `loadConfig`). Every variable and its default is listed in the README.
 * Reading the configuration changes nothing on disk; the data folder and its session secret are made by
 * `ensureAuthSecret`, which the server calls when it builds its services.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ownUrl } from "#app/platform/http/server-url.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for the embedded SQLite database)")
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`).optional()),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: optionalString.pipe(z.string().min(3).optional()),
  DKIM_DOMAIN: optionalString.pipe(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name, e.g. heronlake.org").optional()),
  DKIM_SELECTOR: optionalString.pipe(z.string().regex(/^[a-z0-9._-]+$/i, "must be a DNS label, e.g. shoreline").optional()),
  DKIM_PRIVATE_KEY_FILE: optionalString,
  STORAGE_URL: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. http://127.0.0.1:9000" }).optional()),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(["true", "false"]).optional()),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  SEED: z.enum(["demo", "none"]).default("demo"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
});

/**
 * The names of every environment variable `loadConfig` reads: Shoreline's settings (the README's table), NODE_ENV
 * among them. Tests keep the caller's values of these away from what they run (tests/support/child-env.ts).
 */
export const SETTING_NAMES = Object.keys(EnvSchema.shape) as readonly (keyof typeof EnvSchema.shape)[];

/** Where the objects are and how to reach them: what STORAGE_URL and the S3_* variables say. */
export interface S3Settings {
  bucket: string;
  /** Key prefix, without leading or trailing slash; "" for the bucket's root. */
  prefix: string;
  /** The service's URL for a server other than AWS (MinIO, Garage, Ceph), e.g. "http://127.0.0.1:9000". */
  endpoint: string | undefined;
  region: string;
  /** Static keys, or undefined for the SDK's default chain (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Path-style URLs (`endpoint/bucket/key`) instead of bucket host names: what most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (database file, documents, outgoing mail, secret). */
  dataDir: string;
  /** PostgreSQL connection string, or undefined for SQLite at `$DATA_DIR/shoreline.db`. */
  databaseUrl: string | undefined;
  /**
   * The site's public origin, without a trailing slash, e.g. "https://heronlake.org"; by default this server's own
   * URL (`ownUrl(HOST, PORT)`, so `0.0.0.0` gives http://127.0.0.1:PORT).
   */
  publicUrl: string;
  trustProxy: boolean;
  /**
   * Secret that signs session cookies: AUTH_SECRET, or undefined when it is not set, and then `ensureAuthSecret`
   * reads it from `$DATA_DIR/auth-secret` (making it the first time).
   */
  authSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  /** SMTP_URL: when set, it wins over the SMTP server saved in Settings → Email (which then shows it read-only). */
  smtpUrl: string | undefined;
  /**
   * MAIL_FROM: when set, it wins over the sender saved in Settings → Email; undefined, the sender is the saved one,
   * by default the association's name at `DEFAULT_SENDER_ADDRESS`.
   */
  mailFrom: string | undefined;
  /** DKIM signing of outgoing mail: all three of DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE, or undefined. */
  dkim: { domain: string; selector: string; privateKeyFile: string } | undefined;
  /**
   * Where documents and pictures are kept: undefined for local disk (`$DATA_DIR/documents/`, `$DATA_DIR/images/`),
   * or a bucket of S3-compatible object storage (STORAGE_URL=s3://bucket/prefix and the S3_* variables).
   */
  s3: S3Settings | undefined;
  /** How long the outbox worker holds a recipient it is sending to before another sender may take it up, in ms. */
  outboxLeaseMs: number;
  /**
   * On SIGTERM, how long the server goes on serving while `/readyz` answers 503, so that a load balancer that polls
   * it stops sending requests before the port closes (ms; 0 on one machine).
   */
  drainMs: number;
  seed: "demo" | "none";
  logLevel: string;
  production: boolean;
}

/** The sender's address while neither MAIL_FROM nor Settings → Email names one. */
export const DEFAULT_SENDER_ADDRESS = "no-reply@shoreline.invalid";

/** Why a server on PostgreSQL refuses to start without AUTH_SECRET. */
export const AUTH_SECRET_REQUIRED =
  "Invalid configuration:\n  AUTH_SECRET: must be set when DATABASE_URL is (every server process signs sessions with it; " +
  "make one with `openssl rand -base64 32` and give the same value to each)";

/** A configuration error whose message names the variable at fault. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A configuration with its session secret, as the server's services need it (see `ensureAuthSecret`). */
export type ServerConfig = Config & { authSecret: string };

/**
 * Reads and validates the configuration. Pure: it reads no file and writes nothing, so a script may call it on an
 * install that does not exist yet.
 * @param env the environment, default `process.env`
 * @throws ConfigError naming every bad variable, e.g. "PORT: Too big: expected number to be <=65535"
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  const dkimSet = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE].filter((v) => v !== undefined).length;
  if (dkimSet !== 0 && dkimSet !== 3) {
    throw new ConfigError("Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE: set all three or none");
  }
  const s3 = storageSettings(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? ownUrl(e.HOST, e.PORT)).replace(/\/+$/, ""),
    trustProxy: e.TRUST_PROXY === "true",
    authSecret: e.AUTH_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY_FILE
        ? { domain: e.DKIM_DOMAIN, selector: e.DKIM_SELECTOR, privateKeyFile: path.resolve(e.DKIM_PRIVATE_KEY_FILE) }
        : undefined,
    s3,
    outboxLeaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
    drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === "production",
  };
}

/** A bucket name as S3 allows it: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix: segments of letters, digits and `._-`, none of them "." or "..". */
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * The object storage settings from STORAGE_URL and the S3_* variables, or undefined when STORAGE_URL is unset.
 * @throws ConfigError naming the variable: STORAGE_URL not s3://bucket[/prefix], only one of the two keys,
 *   S3_* set without STORAGE_URL. Never quotes a key.
 */
function storageSettings(e: z.infer<typeof EnvSchema>): S3Settings | undefined {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  };
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    fail("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither (neither uses the AWS SDK's default credentials)");
  }
  if (e.STORAGE_URL === undefined) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_FORCE_PATH_STYLE"] as const).filter((name) => e[name] !== undefined);
    if (stray.length > 0) fail(`${stray.join(", ")}: set, but STORAGE_URL is not (documents and pictures would stay on local disk); set STORAGE_URL=s3://bucket/prefix or remove them`);
    return undefined;
  }
  const match = /^s3:\/\/([^/?#]+)(\/[^?#]*)?$/.exec(e.STORAGE_URL);
  if (!match) return fail("STORAGE_URL: must be s3://bucket or s3://bucket/prefix (leave it unset to keep files on local disk)");
  const bucket = match[1]!;
  if (!BUCKET.test(bucket) || bucket.includes("..")) fail(`STORAGE_URL: "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const segments = (match[2] ?? "").split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => !PREFIX_SEGMENT.test(segment) || segment === "." || segment === "..")) {
    fail("STORAGE_URL: the prefix after the bucket may hold only letters, digits, '.', '_', '-' and '/', and no '.' or '..' segment");
  }
  return {
    bucket,
    prefix: segments.join("/"),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : e.S3_ENDPOINT !== undefined,
  };
}

/**
 * The configuration with its session secret: AUTH_SECRET when given (then nothing is written), else the secret kept
 * in `$DATA_DIR/auth-secret`, made on first use (32 random bytes, base64url, mode 0600) so that sessions survive
 * restarts. Makes DATA_DIR when it is missing, in either case. Call it once, where the server (or a script that sets up an install,
 * such as `npm run admin`) builds its services; scripts that only read the configuration do not.
 * @returns a copy of `config` whose `authSecret` is set (the same object when AUTH_SECRET was given)
 * With DATABASE_URL the secret must be given: instances of a cluster share the database but not a disk, and each would
 * otherwise make its own, so that a session signed by one is refused by the next.
 * @throws ConfigError when DATABASE_URL is set and AUTH_SECRET is not
 * @throws the file system's error when DATA_DIR or the secret file cannot be read or written
 */
export function ensureAuthSecret(config: Config): ServerConfig {
  if (config.authSecret === undefined && config.databaseUrl !== undefined) throw new ConfigError(AUTH_SECRET_REQUIRED);
  mkdirSync(config.dataDir, { recursive: true });
  if (config.authSecret !== undefined) return config as ServerConfig;
  return { ...config, authSecret: readOrCreateSecret(path.join(config.dataDir, "auth-secret")) };
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
