/**
 * The throttles of the credential checks, in every mode and inside better-auth itself (`credentialThrottle`), so that
 * whichever way a password is checked (the /login form, a sign-in after /setup or a password reset, any endpoint of
 * better-auth reached through `auth.api`), every check counts and a locked account or address is refused:
 *
 * - sign-in: failed attempts per account and per client address over 15 minutes, each attempt kept in
 *   `sign_in_attempt` (the audit log) and logged;
 * - password reset requests: every request per address asked for and per client address over an hour, kept in
 *   `password_reset_request` (a mailbox is not flooded, and nobody learns whether the account exists: the address
 *   asked for is counted whether or not it has an account).
 *
 * Counted in the database (app/accounts/data/attempts.server.ts), so the limits hold across restarts and across the
 * processes of a cluster. The client's address reaches better-auth in `CLIENT_ADDRESS_HEADER`, which only our own
 * server code sets (`authHeaders`).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "#app/platform/data/db.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import {
  countFailedSignIns,
  countResetRequests,
  deleteFailedSignIns,
  deleteResetRequestsBefore,
  recordAttempt,
  recordResetRequest,
} from "./data/attempts.server.ts";

/** The window over which sign-in failures are counted, in milliseconds. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed for one account within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failed attempts allowed from one client address within the window. */
export const MAX_FAILURES_PER_ADDRESS = 20;

export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** The window over which password reset requests are counted, in milliseconds. */
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Reset requests allowed for one address within the window. */
export const MAX_RESETS_PER_ACCOUNT = 3;
/** Reset requests allowed from one client address within the window. */
export const MAX_RESETS_PER_ADDRESS = 10;

export const RESET_THROTTLED_MESSAGE = "Too many password reset requests. Please wait an hour and try again.";

/**
 * The request header that carries the client's address into better-auth's hooks (and its session records). Set by
 * `authHeaders` over whatever the client sent; better-auth's HTTP endpoints are not served (server/app.ts), so no
 * client can set it.
 */
export const CLIENT_ADDRESS_HEADER = "x-shoreline-client-address";

/** better-auth's paths that check a password, counted and locked by the sign-in throttle. */
const SIGN_IN_PATHS = new Set(["/sign-in/email"]);
/**
 * better-auth's paths that check a second factor during a sign-in (an authenticator app's code, a recovery code):
 * counted with the account's failed sign-ins and locked with them (issue 26). The account is the one whose sign-in
 * is pending, found from better-auth's `two_factor` cookie; a code checked from a signed-in session (turning
 * two-factor on) has no such cookie and is not a sign-in.
 */
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whether the request carries a sign-in that waits for its second factor (better-auth's signed `two_factor` cookie). */
async function pendingSignIn(ctx: HookContext): Promise<string | null> {
  return (await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret)) || null;
}

/** The address of the account whose sign-in waits for a second factor, or "" when there is none (or it was used). */
async function pendingSignInAccount(ctx: HookContext): Promise<string> {
  const identifier = await pendingSignIn(ctx);
  if (!identifier) return "";
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!pending) return "";
  const user = await ctx.context.internalAdapter.findUserById(pending.value);
  return accountOf(user?.email);
}

/** better-auth's path that mails a reset link, counted and locked by the reset throttle. */
const RESET_REQUEST_PATH = "/request-password-reset";

/** Accounts are counted by their address as better-auth stores it: trimmed and lower-cased. */
const accountOf = (email: unknown) => (typeof email === "string" ? email.trim().toLowerCase() : "");

/** The client's address a hook was given, or "unknown" for a call made without one (a script on the server). */
const addressOf = (headers: Headers | undefined) => headers?.get(CLIENT_ADDRESS_HEADER) || "unknown";

/**
 * Whether a sign-in for this account or from this address must be refused now: 5 failures for the account, or 20
 * from the address, within the last 15 minutes (OWASP ASVS 5.0 §6.3.1).
 * @param now ms since epoch
 */
export async function isThrottled(db: Database, email: string, ip: string, now = Date.now()): Promise<boolean> {
  const { byAccount, byAddress } = await countFailedSignIns(db, email, ip, now - THROTTLE_WINDOW_MS);
  return byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS;
}

/**
 * Forgets an account's failed sign-ins: its password has just been reset through a link mailed to it, so the
 * guesses against the old one no longer matter (OWASP's authentication cheat sheet: a successful reset unlocks).
 * Those rows no longer count against the addresses they came from either; failures on other accounts still do.
 */
export async function clearFailures(db: Database, email: string): Promise<void> {
  await deleteFailedSignIns(db, accountOf(email));
}

/**
 * Whether a password reset request for this address or from this client must be refused now: 3 for the address, or
 * 10 from the client, within the last hour. Every request counts, answered or not.
 * @param now ms since epoch
 */
export async function isResetThrottled(db: Database, email: string, ip: string, now = Date.now()): Promise<boolean> {
  const { byAccount, byAddress } = await countResetRequests(db, email, ip, now - RESET_WINDOW_MS);
  return byAccount >= MAX_RESETS_PER_ACCOUNT || byAddress >= MAX_RESETS_PER_ADDRESS;
}

/** Forgets reset requests older than a day (the maintenance chore): only the last hour counts. */
export async function forgetOldResetRequests(db: Database, now = Date.now()): Promise<void> {
  await deleteResetRequestsBefore(db, now - 24 * 60 * 60 * 1000);
}

/**
 * The better-auth plugin that puts both throttles in front of the endpoints they guard, for every caller:
 * - before a password is checked (`/sign-in/email`): refused with 429 `THROTTLED_MESSAGE` when the account or
 *   address is locked; after it, the attempt is recorded as failed (better-auth answered an error) or succeeded;
 * - before a reset link is mailed (`/request-password-reset`): the request is recorded, then refused with 429
 *   `RESET_THROTTLED_MESSAGE` when over either limit.
 */
export function credentialThrottle(db: Database, logger: Logger): BetterAuthPlugin {
  return {
    id: "shoreline-credential-throttle",
    hooks: {
      before: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = accountOf(ctx.body?.email);
            const ip = addressOf(ctx.headers);
            if (await isThrottled(db, email, ip)) {
              logger.warn({ email, ip }, "sign-in throttled");
              throw new APIError("TOO_MANY_REQUESTS", { message: THROTTLED_MESSAGE });
            }
          }),
        },
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = await pendingSignInAccount(ctx);
            if (!email) return;
            const ip = addressOf(ctx.headers);
            if (await isThrottled(db, email, ip)) {
              logger.warn({ email, ip }, "sign-in code throttled");
              throw new APIError("TOO_MANY_REQUESTS", { message: THROTTLED_MESSAGE });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === RESET_REQUEST_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const email = accountOf(ctx.body?.email);
            const ip = addressOf(ctx.headers);
            const throttled = await isResetThrottled(db, email, ip);
            await recordResetRequest(db, email, ip);
            if (throttled) {
              logger.warn({ email, ip }, "password reset request throttled");
              throw new APIError("TOO_MANY_REQUESTS", { message: RESET_THROTTLED_MESSAGE });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await pendingSignIn(ctx))) return;
            const email = await pendingSignInAccount(ctx).catch(() => "");
            const ip = addressOf(ctx.headers);
            const succeeded = !(ctx.context.returned instanceof Error);
            // After a success the pending sign-in is consumed: the session made names the account.
            const account = email || accountOf(ctx.context.newSession?.user.email);
            if (!account) return;
            await recordAttempt(db, account, ip, succeeded);
            logger.info({ email: account, ip }, succeeded ? "sign-in code accepted" : "sign-in code refused");
          }),
        },
        {
          matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const email = accountOf(ctx.body?.email);
            const ip = addressOf(ctx.headers);
            const succeeded = !(ctx.context.returned instanceof Error);
            await recordAttempt(db, email, ip, succeeded);
            logger.info({ email, ip }, succeeded ? "sign-in succeeded" : "sign-in failed");
          }),
        },
      ],
    },
  };
}
