/**
 * Administrator sign-in over the real services (better-auth on the shared Kysely handle), on SQLite and PostgreSQL:
 * an administrator made on the server signs in with its password only, a password reset ends its sessions, and
 * nobody can sign up.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { APIError } from "better-auth/api";
import { sql } from "kysely";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin, type Auth } from "#app/accounts/auth.server.ts";
import { loadConfig } from "#app/platform/config.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/web/services.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { signInCookie } from "../support/server.ts";
import { ADMIN, onBothBackEnds, type Target } from "./attacks/support.ts";
import { migrations } from "#db/migrations/index.ts";

const EMAIL = "admin@heronlake.example.org";
const FIRST_PASSWORD = "first password 1";
const SECOND_PASSWORD = "second password 2";


/** The Cookie header a browser would send back after a response with these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

async function signIn(auth: Auth, email: string, password: string): Promise<{ cookie: string; userEmail: string }> {
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return { cookie: cookieFrom(headers), userEmail: response.user.email };
}

async function sessionEmail(auth: Auth, cookie: string): Promise<string | null> {
  const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.email ?? null;
}

/** Real services over a new data folder, with the test database of `backend` when it is PostgreSQL. */
interface Instance {
  services: Services;
  applied: string[];
  close(): Promise<void>;
}

describe.each(backends)("administrator sign-in on $name", ({ name, create, available }) => {
  let skip = false;
  const instances: Instance[] = [];

  /** Builds and prepares the services; `env` is added to DATA_DIR (and DATABASE_URL on PostgreSQL). */
  async function start(env: NodeJS.ProcessEnv = {}, reuse?: { dataDir: string; database?: TestDatabase }): Promise<Instance & { dataDir: string; database?: TestDatabase }> {
    const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), "shoreline-auth-"));
    let database = reuse?.database;
    if (name === "postgres" && !database) {
      database = await create();
      // The services open their own pool on this database; the helper's own handle is not needed.
      await database.close();
    }
    const config = loadConfig({ DATA_DIR: dataDir, SEED: "none", LOG_LEVEL: "silent", ...(database?.url ? { DATABASE_URL: database.url, AUTH_SECRET: "a-secret-of-the-test-cluster-0123456789" } : {}), ...env });
    const services = createServices(config, createLogger("silent"));
    const applied = await prepareServices(services);
    let closed = false;
    const instance = {
      services,
      applied,
      dataDir,
      ...(database ? { database } : {}),
      close: async () => {
        if (closed) return;
        closed = true;
        await closeServices(services);
      },
    };
    instances.push(instance);
    return instance;
  }

  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const step of cleanup) await step();
  });

  describe("one administrator", () => {
    let auth: Auth;
    let firstCookie: string;

    beforeAll(async () => {
      skip = !(await available());
      if (skip) return;
      const instance = await start();
      auth = instance.services.auth;
      cleanup.push(async () => {
        if (instance.database) await instance.database.drop();
        rmSync(instance.dataDir, { recursive: true, force: true });
      });
    });

    it("prepares the database: our tables and better-auth's", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      const instance = instances[0]!;
      // The PostgreSQL test database comes migrated by the support helper.
      expect(instance.applied).toEqual(name === "sqlite" ? Object.keys(migrations) : []);
      const tables = (await instance.services.db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(["user", "session", "account", "verification", "news_post", "event"]));
    });

    it("ensureAdmin creates the administrator, lower-cased", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      expect(await ensureAdmin(auth, "  Admin@HeronLake.Example.org ", FIRST_PASSWORD)).toBe("created");
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(EMAIL, { includeAccounts: true });
      expect(found?.user.email).toBe(EMAIL);
      expect(found?.user.emailVerified).toBe(true);
      expect(found?.accounts.map((a) => a.providerId)).toEqual(["credential"]);
    });

    it("signs in with the right password and the session cookie identifies the administrator", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      const { cookie, userEmail } = await signIn(auth, EMAIL, FIRST_PASSWORD);
      expect(userEmail).toBe(EMAIL);
      expect(cookie).toContain("session_token=");
      expect(await sessionEmail(auth, cookie)).toBe(EMAIL);
      firstCookie = cookie;
    });

    it("refuses a wrong password, an unknown email and no cookie", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      await expect(signIn(auth, EMAIL, "wrong password")).rejects.toBeInstanceOf(APIError);
      await expect(signIn(auth, EMAIL, FIRST_PASSWORD.toUpperCase())).rejects.toThrow();
      await expect(signIn(auth, "nobody@heronlake.example.org", FIRST_PASSWORD)).rejects.toBeInstanceOf(APIError);
      expect(await sessionEmail(auth, "")).toBeNull();
      expect(await sessionEmail(auth, "shoreline.session_token=forged.value")).toBeNull();
    });

    it("ensureAdmin again with a new password: updated, the old password fails, the new works, old sessions end", async ({
      skip: skipTest,
    }) => {
      if (skip) skipTest(`${name} is not reachable`);
      expect(firstCookie).toBeTruthy();
      expect(await ensureAdmin(auth, EMAIL, SECOND_PASSWORD)).toBe("updated");
      await expect(signIn(auth, EMAIL, FIRST_PASSWORD)).rejects.toBeInstanceOf(APIError);
      const { cookie } = await signIn(auth, EMAIL, SECOND_PASSWORD);
      expect(await sessionEmail(auth, cookie)).toBe(EMAIL);
      expect(await sessionEmail(auth, firstCookie)).toBeNull();
      // Still one user with one credential account.
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findUserByEmail(EMAIL, { includeAccounts: true });
      expect(found?.accounts).toHaveLength(1);
      expect(await ctx.internalAdapter.listUsers()).toHaveLength(1);
    });

    it("ensureAdmin refuses a password shorter than 8 or longer than 128 characters", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      await expect(ensureAdmin(auth, EMAIL, "short")).rejects.toThrow(RangeError);
      await expect(ensureAdmin(auth, EMAIL, "x".repeat(129))).rejects.toThrow(RangeError);
      await expect(ensureAdmin(auth, "new@heronlake.example.org", "1234567")).rejects.toThrow(RangeError);
      // Nothing changed: the current password still works.
      await signIn(auth, EMAIL, SECOND_PASSWORD);
    });

    it("refuses sign-up", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      await expect(
        auth.api.signUpEmail({ body: { email: "intruder@example.org", password: "intruder password", name: "Intruder" } }),
      ).rejects.toBeInstanceOf(APIError);
      const ctx = await auth.$context;
      expect(await ctx.internalAdapter.findUserByEmail("intruder@example.org")).toBeNull();
      await expect(signIn(auth, "intruder@example.org", "intruder password")).rejects.toBeInstanceOf(APIError);
    });

    it("signOut ends the session", async ({ skip: skipTest }) => {
      if (skip) skipTest(`${name} is not reachable`);
      const { cookie } = await signIn(auth, EMAIL, SECOND_PASSWORD);
      await auth.api.signOut({ headers: new Headers({ cookie }) });
      expect(await sessionEmail(auth, cookie)).toBeNull();
    });
  });

  describe("ADMIN_EMAIL and ADMIN_PASSWORD at start-up", () => {
    const ADMIN_ENV = { ADMIN_EMAIL: "Board@HeronLake.Example.org", ADMIN_PASSWORD: FIRST_PASSWORD };
    const BOARD = "board@heronlake.example.org";
    let current: Awaited<ReturnType<typeof start>> | undefined;

    /** Stops the current server and starts another on the same data folder and database. */
    async function restart(env: NodeJS.ProcessEnv) {
      const previous = current!;
      await previous.close();
      current = await start(env, { dataDir: previous.dataDir, ...(previous.database ? { database: previous.database } : {}) });
      expect(current.applied).toEqual([]);
      return current;
    }

    beforeAll(async () => {
      if (!(await available())) return;
      current = await start(ADMIN_ENV);
      const { dataDir, database } = current;
      cleanup.push(async () => {
        if (database) await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
    });

    it("creates that administrator, lower-cased, who can sign in", async ({ skip: skipTest }) => {
      if (!current) skipTest(`${name} is not reachable`);
      const { cookie, userEmail } = await signIn(current!.services.auth, BOARD, FIRST_PASSWORD);
      expect(userEmail).toBe(BOARD);
      expect(await sessionEmail(current!.services.auth, cookie)).toBe(BOARD);
    });

    it("a restart without them keeps the administrator's session (the secret is persisted)", async ({ skip: skipTest }) => {
      if (!current) skipTest(`${name} is not reachable`);
      const { cookie } = await signIn(current!.services.auth, BOARD, FIRST_PASSWORD);
      const next = await restart({});
      expect(await sessionEmail(next.services.auth, cookie)).toBe(BOARD);
    });

    // With ADMIN_EMAIL/ADMIN_PASSWORD left in the environment, a restart must not sign the administrator out.
    it("a restart with the same ADMIN_PASSWORD keeps the administrator's session", async ({ skip: skipTest }) => {
      if (!current) skipTest(`${name} is not reachable`);
      const { cookie } = await signIn(current!.services.auth, BOARD, FIRST_PASSWORD);
      expect(await sessionEmail(current!.services.auth, cookie)).toBe(BOARD);
      const next = await restart(ADMIN_ENV);
      expect(await sessionEmail(next.services.auth, cookie)).toBe(BOARD);
    });

    it("a restart with a new ADMIN_PASSWORD changes the password and ends the sessions", async ({ skip: skipTest }) => {
      if (!current) skipTest(`${name} is not reachable`);
      const { cookie } = await signIn(current!.services.auth, BOARD, FIRST_PASSWORD);
      const next = await restart({ ...ADMIN_ENV, ADMIN_PASSWORD: SECOND_PASSWORD });
      expect(await sessionEmail(next.services.auth, cookie)).toBeNull();
      await expect(signIn(next.services.auth, BOARD, FIRST_PASSWORD)).rejects.toBeInstanceOf(APIError);
      expect((await signIn(next.services.auth, BOARD, SECOND_PASSWORD)).userEmail).toBe(BOARD);
    });

    it("an ADMIN_PASSWORD of 7 or 129 characters stops the start, naming it, and changes nothing; 8 and 128 characters are set", async ({ skip: skipTest }) => {
      if (!current) skipTest(`${name} is not reachable`);
      for (const length of [7, 129]) {
        await expect(restart({ ...ADMIN_ENV, ADMIN_PASSWORD: "p".repeat(length) }), `${length} characters`).rejects.toThrow(/ADMIN_PASSWORD/);
      }
      expect((await signIn((await restart({})).services.auth, BOARD, SECOND_PASSWORD)).userEmail).toBe(BOARD);
      for (const length of [8, 128]) {
        const password = String(length % 10).repeat(length);
        const next = await restart({ ...ADMIN_ENV, ADMIN_PASSWORD: password });
        expect((await signIn(next.services.auth, BOARD, password)).userEmail, `${length} characters`).toBe(BOARD);
      }
    });
  });
});

/** The reset links mailed so far: the `/reset-password?token=…` link of each .eml file under DATA_DIR/mail. */
async function mailedResetLinks(target: Target): Promise<string[]> {
  const dir = path.join(target.dataDir, "mail");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")).toSorted() : [];
  const links: string[] = [];
  for (const file of files) {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    const link = (mail.text ?? "").match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (link) links.push(link);
  }
  return links;
}

/** Asks for a reset link on /login, as the form's "Reset Password" button does, and returns its token from the mail. */
async function mailedResetToken(target: Target): Promise<string> {
  const before = (await mailedResetLinks(target)).length;
  const asked = await fetch(`${target.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
    body: new URLSearchParams({ email: ADMIN.email, intent: "reset" }),
  });
  expect(asked.status).toBe(200);
  let links: string[] = [];
  await expect.poll(async () => (links = await mailedResetLinks(target)).length, { timeout: 15_000 }).toBe(before + 1);
  return new URL(links.at(-1)!).searchParams.get("token")!;
}

/** Posts the /reset-password form with `password` typed twice. */
function postNewPassword(target: Target, token: string, password: string): Promise<Response> {
  return fetch(`${target.url}/reset-password`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
    body: new URLSearchParams({ token, password, confirm: password }),
  });
}

/** When a reset link stops working (better-auth's `verification` row), in ms since epoch. */
async function resetLinkExpiry(target: Target, token: string): Promise<number> {
  // better-auth's table is not in our schema types (decision 003); SQLite holds ISO text, PostgreSQL a timestamp.
  const { rows } = await sql<{ expiresAt: string | Date }>`select "expiresAt" from verification where identifier = ${`reset-password:${token}`}`.execute(target.db.db);
  return new Date(rows[0]!.expiresAt).getTime();
}

/** Moves a reset link's expiry `ms` into the past: the link as it is `ms` after it was mailed. */
async function ageResetLink(target: Target, token: string, ms: number): Promise<void> {
  const expiresAt = new Date((await resetLinkExpiry(target, token)) - ms).toISOString();
  await sql`update verification set "expiresAt" = ${expiresAt} where identifier = ${`reset-password:${token}`}`.execute(target.db.db);
}

const MINUTE = 60_000;

// docs/security.md "Passwords of 8 to 128 characters" and the reset link's hour (its mail says "within one hour"),
// through the links the server mails and its /reset-password form, a character or a minute either side of each edge.
onBothBackEnds("a new password through a mailed reset link", (edge) => {
  edge("7 and 129 characters are refused with their message and the link still works; 8 characters are set", async (target) => {
    const before = Date.now();
    const token = await mailedResetToken(target);
    const expiry = await resetLinkExpiry(target, token);
    expect(expiry).toBeGreaterThanOrEqual(before + 60 * MINUTE - MINUTE);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * MINUTE + MINUTE);

    const short = await postNewPassword(target, token, "a".repeat(7));
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("The password needs at least 8 characters");
    const long = await postNewPassword(target, token, "a".repeat(129));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("The password can have at most 128 characters");
    await expect(signInCookie(target.url, ADMIN.email, "a".repeat(7))).rejects.toThrow("401");

    const set = await postNewPassword(target, token, "b".repeat(8));
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/admin");
    expect(await signInCookie(target.url, ADMIN.email, "b".repeat(8))).toContain("session_token=");
  });

  edge("a link mailed 59 minutes ago sets 128 characters; one mailed 61 minutes ago is refused and changes nothing", async (target) => {
    const fresh = await mailedResetToken(target);
    await ageResetLink(target, fresh, 59 * MINUTE);
    const set = await postNewPassword(target, fresh, "c".repeat(128));
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/admin");
    expect(await signInCookie(target.url, ADMIN.email, "c".repeat(128))).toContain("session_token=");

    const stale = await mailedResetToken(target);
    await ageResetLink(target, stale, 61 * MINUTE);
    const refused = await postNewPassword(target, stale, "d".repeat(8));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This reset link is invalid or has expired.");
    await expect(signInCookie(target.url, ADMIN.email, "d".repeat(8))).rejects.toThrow("401");
    expect(await signInCookie(target.url, ADMIN.email, "c".repeat(128))).toContain("session_token=");
  });
});
