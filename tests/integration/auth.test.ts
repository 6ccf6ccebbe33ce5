/**
 * Administrator sign-in over the real services (better-auth on the shared Kysely handle), on SQLite and PostgreSQL:
 * an administrator made on the server signs in with its password only, a password reset ends its sessions, and
 * nobody can sign up.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { APIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin, type Auth } from "#app/lib/auth.server.ts";
import { loadConfig } from "#app/lib/config.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/lib/services.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
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
  });
});
