/**
 * Sign-in with better-auth: email and password, no public sign-up, sessions kept in the database. Administrators
 * are made on the server only (ADMIN_EMAIL/ADMIN_PASSWORD at start-up, or `npm run admin`).
 *
 * better-auth is called from our own routes only (`auth.api`): its HTTP endpoints are not served (server/app.ts), so
 * every credential check passes through the pages that throttle and log it, and through `credentialThrottle`, the
 * plugin that counts and locks inside better-auth whichever endpoint is called.
 */
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getMigrations } from "better-auth/db/migration";
import type { ServerConfig } from "#app/platform/config.server.ts";
import type { Database, DatabaseHandle } from "#app/platform/data/db.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import type { Mailer } from "#app/platform/mail/mailer.server.ts";

import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { CLIENT_ADDRESS_HEADER, clearFailures, credentialThrottle } from "./throttle.server.ts";
import { endResetLinks } from "./data/auth-tables.server.ts";
import { recordSignIn, setRole } from "./data/people.server.ts";

/** Where a reset link leads: our own page, which takes the token in its form (no better-auth endpoint is served). */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

function authOptions(config: ServerConfig, database: DatabaseHandle, mailer: Mailer, logger: Logger) {
  const plugins = [
    credentialThrottle(database.db, logger),
    // Optional two-factor sign-in (decision 024): an authenticator app's codes (TOTP) and ten recovery codes,
    // stored encrypted with AUTH_SECRET. No "trust this device" cookie is offered by our pages.
    twoFactor({ issuer: "Shoreline", backupCodeOptions: { amount: 10 } }),
  ];
  return {
    appName: "Shoreline",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    trustedOrigins: [config.publicUrl] as string[],
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }: { user: { email: string }; token: string }) {
        const url = resetPasswordUrl(config.publicUrl, token);
        await mailer.send({
          to: user.email,
          subject: "Reset your password",
          text: `Someone asked to reset the password of ${user.email}.\n\nTo choose a new password, open this link within one hour:\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.`,
        });
        logger.info({ email: user.email }, "password reset email sent");
      },
      // better-auth consumed the link used (atomically); the account's other reset links end with it, and the failed
      // sign-ins counted against the old password are forgotten.
      async onPasswordReset({ user }: { user: { id: string; email: string } }) {
        await endResetLinks(database.db, user.id);
        await clearFailures(database.db, user.email);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      // Every session is made by a sign-in (a password, a setup or reset link, an invitation, a two-factor code):
      // the People screen shows when each person last signed in.
      session: { create: { after: async (session: { userId: string }) => recordSignIn(database.db, session.userId) } },
    },
    advanced: {
      // On https every cookie is `__Host-` prefixed (Secure, Path=/, no Domain: it cannot be set by a sub-domain);
      // better-auth's own prefix would only be `__Secure-`.
      useSecureCookies: false,
      cookiePrefix: config.publicUrl.startsWith("https://") ? "__Host-shoreline" : "shoreline",
      defaultCookieAttributes: { secure: config.publicUrl.startsWith("https://"), sameSite: "lax", httpOnly: true, path: "/" },
      // The client's address as Express worked it out (TRUST_PROXY decides whether X-Forwarded-For counts), passed
      // by our own calls (`authHeaders`): for the throttle and the session's record.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] as string[] },
    },
    plugins,
  } as const;
}

/** Builds the better-auth instance over the shared database handle. */
export function createAuth(config: ServerConfig, database: DatabaseHandle, mailer: Mailer, logger: Logger) {
  return betterAuth(authOptions(config, database, mailer, logger));
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The headers to pass to a better-auth call made for `request`: the request's own, with the client's address (as
 * Express worked it out) in `CLIENT_ADDRESS_HEADER`, replacing whatever the client sent under that name.
 */
export function authHeaders(request: Request, clientAddress: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
}

/** The database better-auth was built over (the shared handle's Kysely instance). */
export function databaseOf(auth: Auth): Database {
  return (auth.options.database as { db: Database }).db;
}

/** Creates or updates better-auth's own tables (user, session, account, verification). Only adds. */
export async function migrateAuth(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}

/**
 * Makes sure an administrator with this email exists and has this password: created when missing, its password
 * reset (and its sessions ended) when present with another password; left alone when the password is the same.
 * Either way the account is an Administrator afterwards (ADMIN_EMAIL, `npm run admin -- add` and /setup are the
 * ways back in when nobody else can manage People).
 * @returns "created", "updated" or "unchanged"
 */
export async function ensureAdmin(auth: Auth, email: string, password: string): Promise<"created" | "updated" | "unchanged"> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new RangeError(`The password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
  const ctx = await auth.$context;
  const normalized = email.trim().toLowerCase();
  const found = await ctx.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  const hash = await ctx.password.hash(password);
  if (!found) {
    const user = await ctx.internalAdapter.createUser({ email: normalized, name: normalized, emailVerified: true }, { method: "admin" });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    await setRole(databaseOf(auth), user.id, "administrator");
    return "created";
  }
  await setRole(databaseOf(auth), found.user.id, "administrator");
  const credential = found.accounts.find((a) => a.providerId === "credential");
  // The same password again (a restart with ADMIN_PASSWORD unchanged) changes nothing and keeps the sessions.
  if (credential?.password && (await ctx.password.verify({ hash: credential.password, password }))) return "unchanged";
  if (credential) await ctx.internalAdapter.updatePassword(found.user.id, hash);
  else await ctx.internalAdapter.linkAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: hash });
  await ctx.internalAdapter.deleteUserSessions(found.user.id);
  return "updated";
}
