/**
 * The credential throttles (app/accounts/throttle.server.ts, their rows in app/accounts/data/attempts.server.ts,
 * docs/security.md) in this process, on SQLite and PostgreSQL: each limit one below, at and one above, the windows'
 * edges to the millisecond, and `credentialThrottle` inside better-auth (`auth.api`, as our routes call it): what it
 * counts, refuses and logs. Through the server's routes the same limits are tested by
 * tests/integration/attacks/sign-in-door.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { APIError } from "better-auth/api";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureAdmin } from "#app/accounts/auth.server.ts";
import { loadConfig } from "#app/platform/config.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/web/services.server.ts";
import {
  clearFailures,
  CLIENT_ADDRESS_HEADER,
  forgetOldResetRequests,
  isResetThrottled,
  isThrottled,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESETS_PER_ACCOUNT,
  MAX_RESETS_PER_ADDRESS,
  RESET_THROTTLED_MESSAGE,
  RESET_WINDOW_MS,
  THROTTLE_WINDOW_MS,
  THROTTLED_MESSAGE,
} from "#app/accounts/throttle.server.ts";
import { recordAttempt, recordResetRequest } from "#app/accounts/data/attempts.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const ADMIN = { email: "chair@heronlake.example.org", password: "the chair's password" };
const NOW = Date.UTC(2026, 6, 1, 12, 0, 0);
const MINUTE = 60_000;

describe.each(backends)("the credential throttles on $name", ({ name, create, available }) => {
  let skip = false;
  let services: Services;
  let database: TestDatabase | undefined;
  let dataDir = "";
  /** What the services logged, one object per line. */
  const logged: { msg: string; email?: string; ip?: string }[] = [];

  beforeAll(async () => {
    skip = !(await available());
    if (skip) return;
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-throttle-"));
    if (name === "postgres") {
      database = await create();
      // The services open their own pool on this database.
      await database.close();
    }
    const config = loadConfig({ DATA_DIR: dataDir, SEED: "none", ...(database?.url ? { DATABASE_URL: database.url, AUTH_SECRET: "a-secret-of-the-throttle-tests-0123456789" } : {}) });
    const sink = new Writable({
      write(line: Buffer, _encoding, done) {
        logged.push(JSON.parse(line.toString()) as (typeof logged)[number]);
        done();
      },
    });
    services = createServices(config, pino({ level: "info", base: undefined }, sink));
    await prepareServices(services);
    await ensureAdmin(services.auth, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    if (skip) return;
    await closeServices(services);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async ({ skip: skipTest }) => {
    if (skip) skipTest(`${name} is not reachable`);
    await services.db.deleteFrom("sign_in_attempt").execute();
    await services.db.deleteFrom("password_reset_request").execute();
    logged.splice(0);
  });

  /** `count` failed sign-ins at `at`, by the account and address `who` gives for each. */
  async function failures(count: number, at: number, who: (i: number) => [email: string, ip: string]) {
    for (let i = 0; i < count; i++) await recordAttempt(services.db, ...who(i), false, at);
  }

  describe("sign-in: 5 failures per account and 20 per client address in 15 minutes", () => {
    it("locks an account at its 5th failure, from any address", async () => {
      expect(MAX_FAILURES_PER_ACCOUNT).toBe(5);
      await failures(4, NOW - MINUTE, (i) => ["ann@example.org", `198.51.100.${i}`]);
      expect(await isThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(false);
      await failures(1, NOW - MINUTE, () => ["ann@example.org", "198.51.100.4"]);
      expect(await isThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(true);
      await failures(1, NOW - MINUTE, () => ["ann@example.org", "198.51.100.5"]);
      expect(await isThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(true);
      // Another account from the same addresses is not locked by ann's failures.
      expect(await isThrottled(services.db, "bo@example.org", "198.51.100.4", NOW)).toBe(false);
    });

    it("locks an address at its 20th failure, for any account", async () => {
      expect(MAX_FAILURES_PER_ADDRESS).toBe(20);
      await failures(19, NOW - MINUTE, (i) => [`guess${i}@example.org`, "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(false);
      await failures(1, NOW - MINUTE, () => ["guess19@example.org", "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
      await failures(1, NOW - MINUTE, () => ["guess20@example.org", "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.8", NOW)).toBe(false);
    });

    it("counts failures only: successes neither lock nor unlock", async () => {
      for (let i = 0; i < 30; i++) await recordAttempt(services.db, "ann@example.org", "198.51.100.7", true, NOW - MINUTE);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(false);
      await failures(5, NOW - MINUTE, () => ["ann@example.org", "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
    });

    it("counts the 15 minutes before now: a failure exactly 15 minutes old no longer counts, one a millisecond younger does", async () => {
      expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
      await failures(4, NOW - MINUTE, () => ["ann@example.org", "198.51.100.7"]);
      await failures(1, NOW - THROTTLE_WINDOW_MS, () => ["ann@example.org", "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(false);
      await failures(1, NOW - THROTTLE_WINDOW_MS + 1, () => ["ann@example.org", "198.51.100.7"]);
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
      // The same failures seen a millisecond later: the youngest of the old ones has left the window.
      expect(await isThrottled(services.db, "ann@example.org", "198.51.100.7", NOW + 1)).toBe(false);
    });

    it("forgets an account's failures after its password is reset, as better-auth stores the address, and no one else's", async () => {
      await failures(5, NOW - MINUTE, () => ["ann@example.org", "198.51.100.7"]);
      await failures(5, NOW - MINUTE, () => ["bo@example.org", "198.51.100.7"]);
      await recordAttempt(services.db, "ann@example.org", "198.51.100.7", true, NOW - MINUTE);
      await clearFailures(services.db, "  Ann@Example.org ");
      expect(await isThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(false);
      expect(await isThrottled(services.db, "bo@example.org", "203.0.113.9", NOW)).toBe(true);
      const rows = await services.db.selectFrom("sign_in_attempt").select(["email", "succeeded"]).execute();
      expect(rows.map((r) => `${r.email} ${Number(r.succeeded)}`).toSorted()).toEqual(["ann@example.org 1", ...Array(5).fill("bo@example.org 0")]);
    });
  });

  describe("reset requests: 3 per address asked for and 10 per client address in an hour", () => {
    it("refuses the 4th request for an address, from any client", async () => {
      expect(MAX_RESETS_PER_ACCOUNT).toBe(3);
      for (let i = 0; i < 2; i++) await recordResetRequest(services.db, "ann@example.org", `198.51.100.${i}`, NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(false);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.2", NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(true);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.3", NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "203.0.113.9", NOW)).toBe(true);
      expect(await isResetThrottled(services.db, "bo@example.org", "198.51.100.2", NOW)).toBe(false);
    });

    it("refuses the 11th request from a client address, for any address", async () => {
      expect(MAX_RESETS_PER_ADDRESS).toBe(10);
      for (let i = 0; i < 9; i++) await recordResetRequest(services.db, `someone${i}@example.org`, "198.51.100.7", NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(false);
      await recordResetRequest(services.db, "someone9@example.org", "198.51.100.7", NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
      await recordResetRequest(services.db, "someone10@example.org", "198.51.100.7", NOW - MINUTE);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.8", NOW)).toBe(false);
    });

    it("counts the hour before now, to the millisecond", async () => {
      expect(RESET_WINDOW_MS).toBe(60 * MINUTE);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.7", NOW - MINUTE);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.7", NOW - MINUTE);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.7", NOW - RESET_WINDOW_MS);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(false);
      await recordResetRequest(services.db, "ann@example.org", "198.51.100.7", NOW - RESET_WINDOW_MS + 1);
      expect(await isResetThrottled(services.db, "ann@example.org", "198.51.100.7", NOW)).toBe(true);
    });

    it("forgets requests more than a day old, and keeps the rest", async () => {
      const day = 24 * 60 * MINUTE;
      for (const [email, at] of [
        ["older@example.org", NOW - day - 1],
        ["day@example.org", NOW - day],
        ["younger@example.org", NOW - day + 1],
      ] as const) {
        await recordResetRequest(services.db, email, "198.51.100.7", at);
      }
      await forgetOldResetRequests(services.db, NOW);
      const rows = await services.db.selectFrom("password_reset_request").select(["email", "ip", "at"]).orderBy("email").execute();
      expect(rows.map((r) => [r.email, r.ip, Number(r.at)])).toEqual([
        ["day@example.org", "198.51.100.7", NOW - day],
        ["younger@example.org", "198.51.100.7", NOW - day + 1],
      ]);
    });
  });

  describe("inside better-auth (credentialThrottle), whichever way auth.api is called", () => {
    const from = (ip: string) => new Headers({ [CLIENT_ADDRESS_HEADER]: ip });
    const signIn = (email: string, password: string, headers?: Headers) => services.auth.api.signInEmail({ body: { email, password }, ...(headers ? { headers } : {}) });
    /** The error a call failed with (undefined when it succeeded). */
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (e: unknown) => e,
      );
    /** The APIError a call failed with (the test fails when it succeeds). */
    const refusal = async (call: Promise<unknown>) => {
      const error = await failure(call);
      expect(error).toBeInstanceOf(APIError);
      return error as APIError;
    };
    const attempts = async () =>
      (await services.db.selectFrom("sign_in_attempt").select(["email", "ip", "succeeded"]).orderBy("at").execute()).map((r) => `${r.email} ${r.ip} ${Number(r.succeeded)}`);

    it("records every password checked, failed or not, under the stored form of the address, and logs it", async () => {
      expect((await refusal(signIn("Chair@HeronLake.example.org", "a wrong guess", from("198.51.100.7")))).statusCode).toBe(401);
      await signIn(ADMIN.email, ADMIN.password, from("198.51.100.7"));
      expect(await attempts()).toEqual([`${ADMIN.email} 198.51.100.7 0`, `${ADMIN.email} 198.51.100.7 1`]);
      expect(logged.filter((l) => l.msg.startsWith("sign-in")).map((l) => [l.msg, l.email, l.ip])).toEqual([
        ["sign-in failed", ADMIN.email, "198.51.100.7"],
        ["sign-in succeeded", ADMIN.email, "198.51.100.7"],
      ]);
    });

    it("refuses a locked account with 429 before its password is checked, the right one included, and logs it", async () => {
      for (let i = 0; i < 4; i++) await refusal(signIn(ADMIN.email, `guess ${i}`, from(`198.51.100.${i}`)));
      // One below the limit: the right password still works.
      await signIn(ADMIN.email, ADMIN.password, from("198.51.100.9"));
      await refusal(signIn(ADMIN.email, "guess 4", from("198.51.100.4")));
      const locked = await refusal(signIn(ADMIN.email, ADMIN.password, from("203.0.113.1")));
      expect([locked.statusCode, locked.body?.message]).toEqual([429, THROTTLED_MESSAGE]);
      expect(THROTTLED_MESSAGE).toBe("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
      // Refused before the check: not counted as another attempt.
      expect((await attempts()).filter((a) => a.endsWith(" 0"))).toHaveLength(5);
      expect(await attempts()).toHaveLength(6);
      expect(logged.filter((l) => l.msg === "sign-in throttled").map((l) => [l.email, l.ip])).toEqual([[ADMIN.email, "203.0.113.1"]]);
    });

    it("counts a call without a client address as the address 'unknown'", async () => {
      await refusal(signIn(ADMIN.email, "a wrong guess"));
      expect(await attempts()).toEqual([`${ADMIN.email} unknown 0`]);
    });

    it("counts reset requests, answered or refused, and refuses the 4th for an address with 429", async () => {
      const reset = (email: string, ip: string) => services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: from(ip) });
      for (let i = 0; i < 3; i++) await reset("Chair@HeronLake.example.org", `198.51.100.${i}`);
      // A request for an address without an account counts the same.
      await reset("nobody@heronlake.example.org", "198.51.100.7");
      const refused = await refusal(reset(ADMIN.email, "198.51.100.3"));
      expect([refused.statusCode, refused.body?.message]).toEqual([429, RESET_THROTTLED_MESSAGE]);
      expect(RESET_THROTTLED_MESSAGE).toBe("Too many password reset requests. Please wait an hour and try again.");
      const rows = await services.db.selectFrom("password_reset_request").select(["email", "ip"]).orderBy("at").execute();
      expect(rows.map((r) => `${r.email} ${r.ip}`)).toEqual([
        `${ADMIN.email} 198.51.100.0`,
        `${ADMIN.email} 198.51.100.1`,
        `${ADMIN.email} 198.51.100.2`,
        "nobody@heronlake.example.org 198.51.100.7",
        `${ADMIN.email} 198.51.100.3`,
      ]);
      expect(logged.filter((l) => l.msg === "password reset request throttled").map((l) => [l.email, l.ip])).toEqual([[ADMIN.email, "198.51.100.3"]]);
      // A reset request is not a sign-in attempt, and a sign-in is not a reset request.
      expect(await attempts()).toEqual([]);
      await signIn(ADMIN.email, ADMIN.password, from("198.51.100.7"));
      expect(await services.db.selectFrom("password_reset_request").select("id").execute()).toHaveLength(5);
    });

    it("refuses a malformed call (no body, no email, an email that is not text) with 400, counted against its address", async () => {
      const malformed = [undefined, { password: "a guess" }, { email: 5, password: "a guess" }];
      for (const body of malformed) {
        // better-auth's own validation answers, not a TypeError of the throttle's.
        const error = await failure(services.auth.api.signInEmail({ body, headers: from("198.51.100.7") } as unknown as Parameters<typeof services.auth.api.signInEmail>[0]));
        expect(error, JSON.stringify(body)).toMatchObject({ statusCode: 400 });
      }
      expect(await attempts()).toEqual(Array(3).fill(" 198.51.100.7 0"));
      for (const body of [undefined, { redirectTo: "/reset-password" }]) {
        const error = await failure(services.auth.api.requestPasswordReset({ body, headers: from("198.51.100.7") } as unknown as Parameters<typeof services.auth.api.requestPasswordReset>[0]));
        expect(error, JSON.stringify(body)).toMatchObject({ statusCode: 400 });
      }
      const resets = await services.db.selectFrom("password_reset_request").select(["email", "ip"]).execute();
      expect(resets.map((r) => `${r.email} ${r.ip}`)).toEqual([" 198.51.100.7", " 198.51.100.7"]);
    });

    it("leaves other calls alone: reading a session is neither counted nor refused", async () => {
      await failures(25, Date.now(), () => [ADMIN.email, "198.51.100.7"]);
      expect(await services.auth.api.getSession({ headers: from("198.51.100.7") })).toBeNull();
      expect(await attempts()).toHaveLength(25);
    });
  });
});
