/**
 * People (issue 26 part 1) over the real services on SQLite and PostgreSQL: roles, invitations, removal, two-factor
 * sign-in, and the upgrade of an install whose accounts predate roles.
 *
 * - an administrator made on the server is an Administrator; an invitation stores only its token's hash, mails the
 *   link, makes an Editor with a display name, works once, and not after 7 days;
 * - the last Administrator cannot be demoted or removed; removing someone ends their sessions at once;
 * - every session made records the last sign-in;
 * - two-factor: set up with a code computed from the secret as an app would, then a sign-in asks for a code and
 *   takes the app's code or a recovery code (once); wrong codes count with the account's failed sign-ins and lock it;
 * - an install of the release before (migrations to 0009, better-auth's tables, an account and its sign-in log)
 *   upgrades with that account an Administrator whose password still works.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { APIError } from "better-auth/api";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateAuth, type Auth } from "#app/accounts/auth.server.ts";
import { countAdministrators, getPerson, listPendingInvitations, listPeople, roleOf } from "#app/accounts/data/people.server.ts";
import { acceptInvitation, changeRole, checkInvitation, INVITATION_TTL_MS, invite, PeopleError, removePerson, turnOffTwoFactor } from "#app/accounts/people.server.ts";
import { LAST_ADMINISTRATOR_MESSAGE } from "#app/accounts/roles.ts";
import { THROTTLED_MESSAGE } from "#app/accounts/throttle.server.ts";
import { loadConfig } from "#app/platform/config.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/web/services.server.ts";
import { migrations } from "#db/migrations/index.ts";
import { backends, PG_ADMIN_URL, type TestDatabase } from "../support/databases.ts";
import { totpCode } from "../support/totp.ts";

const ADMIN = { email: "chair@heronlake.example.org", password: "chair password 1" };
const EDITOR_PASSWORD = "editor password 2";

/** The Cookie header a browser would send back after a response with these Set-Cookie headers (expired ones dropped). */
function cookieFrom(headers: Headers, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), c] as const));
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

async function sessionOf(auth: Auth, cookie: string) {
  return auth.api.getSession({ headers: new Headers({ cookie }) });
}

/** The invitation link in the newest .eml of the file outbox sent to `email`. */
async function mailedLink(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml")).sort().reverse()) {
    const mail = await simpleParser(readFileSync(path.join(dir, file), "utf8"));
    if (mail.to && JSON.stringify(mail.to).includes(email)) return /https?:\/\/\S+\/invitation\?token=\S+/.exec(mail.text ?? "")![0];
  }
  throw new Error(`no mail to ${email}`);
}

describe.each(backends)("people on $name", ({ name, create, available }) => {
  let skip = false;
  let services: Services;
  let auth: Auth;
  let dataDir: string;
  let database: TestDatabase | undefined;
  let adminId: string;

  beforeAll(async () => {
    skip = !(await available());
    if (skip) return;
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-people-"));
    if (name === "postgres") {
      database = await create();
      await database.close();
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED: "none",
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database?.url ? { DATABASE_URL: database.url, AUTH_SECRET: "a-secret-of-the-test-cluster-0123456789" } : {}),
    });
    services = createServices(config, createLogger("silent"));
    await prepareServices(services);
    auth = services.auth;
    adminId = (await listPeople(services.db)).find((p) => p.email === ADMIN.email)!.id;
  }, 60_000);

  afterAll(async () => {
    if (skip) return;
    await closeServices(services);
    if (database) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (email: string, password: string) => {
    const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    return { cookie: cookieFrom(headers), response };
  };

  it("makes the ADMIN_EMAIL account an Administrator and records its sign-ins", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    expect(await roleOf(services.db, adminId)).toBe("administrator");
    expect((await getPerson(services.db, adminId))?.lastSignInAt).toBeNull();
    const before = Date.now();
    await signIn(ADMIN.email, ADMIN.password);
    expect((await getPerson(services.db, adminId))?.lastSignInAt).toBeGreaterThanOrEqual(before);
  });

  it("invites by a mailed one-time link whose token is stored hashed, and makes an Editor with a display name", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    const email = "editor@heronlake.example.org";
    const peopleServices = { ...services, publicUrl: services.config.publicUrl };
    await invite(peopleServices, { email: " Editor@HeronLake.example.org ", role: "editor", by: ADMIN.email, siteName: "Heron Lake Association" });
    const link = await mailedLink(dataDir, email);
    const token = new URL(link).searchParams.get("token")!;
    const stored = await services.db.selectFrom("account_invitation").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await listPendingInvitations(services.db)).map((i) => i.email)).toContain(email);
    await expect(invite(peopleServices, { email: ADMIN.email, role: "editor", by: ADMIN.email, siteName: "x" })).rejects.toBeInstanceOf(PeopleError);

    expect(await checkInvitation(auth, token, Date.now() + INVITATION_TTL_MS + 1)).toEqual({ ok: false, problem: "expired" });
    expect(await checkInvitation(auth, `${token}x`)).toEqual({ ok: false, problem: "unknown" });
    expect(await acceptInvitation(auth, token, { name: "Edna Editor", password: EDITOR_PASSWORD })).toEqual({ ok: true, email });
    expect(await acceptInvitation(auth, token, { name: "Someone Else", password: EDITOR_PASSWORD })).toEqual({ ok: false, problem: "used" });
    const editor = (await listPeople(services.db)).find((p) => p.email === email)!;
    expect(editor).toMatchObject({ name: "Edna Editor", role: "editor" });
    const { cookie } = await signIn(email, EDITOR_PASSWORD);
    expect((await sessionOf(auth, cookie))?.user.name).toBe("Edna Editor");
    expect((await listPendingInvitations(services.db)).map((i) => i.email)).not.toContain(email);
  });

  it("keeps the last Administrator, and removing someone ends their sessions at once", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    expect(await countAdministrators(services.db)).toBe(1);
    await expect(changeRole(auth, adminId, "editor")).rejects.toThrow(LAST_ADMINISTRATOR_MESSAGE);
    await expect(removePerson(auth, adminId)).rejects.toThrow(LAST_ADMINISTRATOR_MESSAGE);
    expect(await roleOf(services.db, adminId)).toBe("administrator");

    const editor = (await listPeople(services.db)).find((p) => p.role === "editor")!;
    await changeRole(auth, editor.id, "administrator");
    expect(await countAdministrators(services.db)).toBe(2);
    const { cookie } = await signIn(editor.email, EDITOR_PASSWORD);
    expect(await sessionOf(auth, cookie)).not.toBeNull();
    await removePerson(auth, editor.id);
    expect(await sessionOf(auth, cookie)).toBeNull();
    await expect(signIn(editor.email, EDITOR_PASSWORD)).rejects.toBeInstanceOf(APIError);
    expect((await listPeople(services.db)).map((p) => p.email)).toEqual([ADMIN.email]);
    expect(await countAdministrators(services.db)).toBe(1);
  });

  it("sets up two-factor sign-in with an app's code, then signs in with a code or a recovery code, once each", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    let { cookie } = await signIn(ADMIN.email, ADMIN.password);
    const setup = await auth.api.enableTwoFactor({ body: { password: ADMIN.password }, headers: new Headers({ cookie }) });
    if (!("totpURI" in setup) || !setup.totpURI || !setup.backupCodes) throw new Error("no TOTP set-up");
    expect(setup.backupCodes).toHaveLength(10);
    // Not on until a code from the app proves it was added.
    expect((await signIn(ADMIN.email, ADMIN.password)).response).not.toHaveProperty("twoFactorRedirect");
    await expect(auth.api.verifyTOTP({ body: { code: "000000" === totpCode(setup.totpURI) ? "111111" : "000000" }, headers: new Headers({ cookie }) })).rejects.toBeInstanceOf(APIError);
    const { headers: enabled } = await auth.api.verifyTOTP({ body: { code: totpCode(setup.totpURI) }, headers: new Headers({ cookie }), returnHeaders: true });
    cookie = cookieFrom(enabled, cookie);
    expect(((await sessionOf(auth, cookie))?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled).toBe(true);

    // A password alone now makes no session: it asks for the second factor.
    const first = await signIn(ADMIN.email, ADMIN.password);
    expect(first.response).toMatchObject({ twoFactorRedirect: true });
    expect(first.cookie).toContain("two_factor=");
    expect(first.cookie).not.toContain("session_token=");
    const { headers: withCode } = await auth.api.verifyTOTP({ body: { code: totpCode(setup.totpURI) }, headers: new Headers({ cookie: first.cookie }), returnHeaders: true });
    expect((await sessionOf(auth, cookieFrom(withCode, first.cookie)))?.user.email).toBe(ADMIN.email);

    const recovery = setup.backupCodes[0]!;
    const second = await signIn(ADMIN.email, ADMIN.password);
    const { headers: withRecovery } = await auth.api.verifyBackupCode({ body: { code: recovery }, headers: new Headers({ cookie: second.cookie }), returnHeaders: true });
    expect((await sessionOf(auth, cookieFrom(withRecovery, second.cookie)))?.user.email).toBe(ADMIN.email);
    const third = await signIn(ADMIN.email, ADMIN.password);
    await expect(auth.api.verifyBackupCode({ body: { code: recovery }, headers: new Headers({ cookie: third.cookie }) })).rejects.toBeInstanceOf(APIError);
  });

  it("counts wrong codes with the account's failed sign-ins: five lock the account, password and code alike", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    await services.db.deleteFrom("sign_in_attempt").execute();
    const pending = await signIn(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 5; i++) {
      await expect(auth.api.verifyBackupCode({ body: { code: `wrong-${i}` }, headers: new Headers({ cookie: pending.cookie }) })).rejects.toBeInstanceOf(APIError);
    }
    const failures = await services.db.selectFrom("sign_in_attempt").selectAll().where("email", "=", ADMIN.email).where("succeeded", "=", 0).execute();
    expect(failures).toHaveLength(5);
    const locked = await signIn(ADMIN.email, ADMIN.password).catch((error: unknown) => error);
    expect(locked).toBeInstanceOf(APIError);
    expect((locked as APIError).statusCode).toBe(429);
    expect((locked as APIError).body?.message).toBe(THROTTLED_MESSAGE);
    await services.db.deleteFrom("sign_in_attempt").execute();
  });

  it("turns two-factor off from the server (npm run admin -- reset-password), so a password alone signs in again", async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    expect(await turnOffTwoFactor(auth, ADMIN.email)).toBe(true);
    const { cookie, response } = await signIn(ADMIN.email, ADMIN.password);
    expect(response).not.toHaveProperty("twoFactorRedirect");
    expect((await sessionOf(auth, cookie))?.user.email).toBe(ADMIN.email);
    expect(await turnOffTwoFactor(auth, ADMIN.email)).toBe(false);
  });
});

/** A new, empty database: a folder for SQLite, or a new PostgreSQL database (with its drop). */
async function emptyDatabase(name: "sqlite" | "postgres"): Promise<{ url?: string; drop(): Promise<void> }> {
  if (name === "sqlite") return { drop: async () => {} };
  const db = `shoreline_people_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${db}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe.each(backends)("the upgrade to roles on $name", ({ name, available }) => {
  it("makes every account of an older install an Administrator whose password still works, with its last sign-in", async ({ skip: skipTest }) => {
    if (!(await available())) skipTest(`${name} is not reachable`);
    const dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-people-upgrade-"));
    const database = await emptyDatabase(name);
    const env = { DATA_DIR: dataDir, SEED: "none", LOG_LEVEL: "silent", ...(database.url ? { DATABASE_URL: database.url, AUTH_SECRET: "a-secret-of-the-test-cluster-0123456789" } : {}) };
    const logger = createLogger("silent");
    try {
      // The release before: our migrations up to 0009, better-auth's tables, one account and its sign-in log.
      const old = createServices(loadConfig(env), logger);
      try {
        const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < "0010"));
        const { error } = await new Migrator({ db: old.db, provider: { getMigrations: async () => before } }).migrateToLatest();
        if (error) throw error;
        await migrateAuth(old.auth);
        const ctx = await old.auth.$context;
        const user = await ctx.internalAdapter.createUser({ email: "old@heronlake.example.org", name: "old@heronlake.example.org", emailVerified: true }, { method: "admin" });
        await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash("old password 1") });
        await old.db.insertInto("sign_in_attempt").values({ id: "a1", email: "old@heronlake.example.org", ip: "unknown", at: 1_700_000_000_000, succeeded: 1 }).execute();
        await old.db.insertInto("sign_in_attempt").values({ id: "a2", email: "old@heronlake.example.org", ip: "unknown", at: 1_700_000_500_000, succeeded: 0 }).execute();
      } finally {
        await closeServices(old);
      }

      const services = createServices(loadConfig(env), logger);
      try {
        // Every migration after the release before runs, 0010 first (later ones come with later work).
        expect((await prepareServices(services))[0]).toBe("0010-people");
        const people = await listPeople(services.db);
        expect(people).toEqual([expect.objectContaining({ email: "old@heronlake.example.org", role: "administrator", lastSignInAt: 1_700_000_000_000, twoFactorEnabled: false })]);
        const { response } = await services.auth.api.signInEmail({ body: { email: "old@heronlake.example.org", password: "old password 1" }, returnHeaders: true });
        expect(response.user.email).toBe("old@heronlake.example.org");
      } finally {
        await closeServices(services);
      }
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
