/**
 * Session lifetimes (OWASP ASVS 5.0 §7.3): an idle session expires (better-auth's sliding expiry), and any session
 * ends at its absolute lifetime however busy, revoked on the server. Sign-in makes a new session id each time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "#app/accounts/auth.server.ts";
import { loadConfig } from "#app/platform/config.server.ts";
import { lookUpSession, SESSION_ABSOLUTE_LIFETIME_MS } from "#app/web/context.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/web/services.server.ts";
import { onBothBackEnds, type Target } from "./attacks/support.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-sessions-"));
let services: Services;

beforeAll(async () => {
  services = createServices(loadConfig({ DATA_DIR: dir }), createLogger("silent"));
  await prepareServices(services);
  await ensureAdmin(services.auth, "chair@example.org", "chair-password");
});
afterAll(async () => {
  await closeServices(services);
  rmSync(dir, { recursive: true, force: true });
});

async function signIn() {
  const { headers } = await services.auth.api.signInEmail({ body: { email: "chair@example.org", password: "chair-password" }, returnHeaders: true });
  const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return new Request("http://127.0.0.1/admin", { headers: { cookie } });
}

async function sessionCount(): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from session`.execute(services.db);
  return Number(row.rows[0]?.n);
}

describe("sessions", () => {
  it("gives every sign-in a new session id", async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a.headers.get("cookie")).not.toBe(b.headers.get("cookie"));
  });

  it("ends a session at its absolute lifetime, even while it is used, and deletes it on the server", async () => {
    const request = await signIn();
    expect((await lookUpSession(services, request)).user).toMatchObject({ email: "chair@example.org" });
    const before = await sessionCount();
    const later = Date.now() + SESSION_ABSOLUTE_LIFETIME_MS + 60_000;
    expect((await lookUpSession(services, request, later)).user).toBeNull();
    expect(await sessionCount()).toBe(before - 1);
    expect((await lookUpSession(services, request)).user).toBeNull();
  });

  it("ends an idle session when it expires", async () => {
    const request = await signIn();
    expect((await lookUpSession(services, request)).user).not.toBeNull();
    // A week without use: better-auth's sliding expiry has passed.
    await sql`update session set "expiresAt" = ${new Date(Date.now() - 1000).toISOString()}`.execute(services.db);
    expect((await lookUpSession(services, request)).user).toBeNull();
  });

  it("ends every session of an account when its password changes", async () => {
    const first = await signIn();
    const second = await signIn();
    await ensureAdmin(services.auth, "chair@example.org", "a-new-password");
    expect((await lookUpSession(services, first)).user).toBeNull();
    expect((await lookUpSession(services, second)).user).toBeNull();
    await ensureAdmin(services.auth, "chair@example.org", "chair-password");
  });
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A session row's instants, in ms since epoch. */
interface SessionTimes {
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

/** The session token a Cookie header carries (better-auth signs it: `<token>.<signature>`). */
function tokenOf(cookie: string): string {
  const value = /session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return decodeURIComponent(value).split(".")[0]!;
}

/** The server's session row for `cookie`, or undefined when the server holds none. */
async function sessionRow(target: Target, cookie: string): Promise<SessionTimes | undefined> {
  // better-auth's table is not in our schema types (decision 003); SQLite holds ISO text, PostgreSQL timestamps.
  const { rows } = await sql<Record<keyof SessionTimes, string | Date>>`select "createdAt", "updatedAt", "expiresAt" from session where token = ${tokenOf(cookie)}`.execute(target.db.db);
  const row = rows[0];
  return row && { createdAt: new Date(row.createdAt).getTime(), updatedAt: new Date(row.updatedAt).getTime(), expiresAt: new Date(row.expiresAt).getTime() };
}

/** Writes a session row's instants (the precondition of a test: as if that much time had passed). */
async function setSessionTimes(target: Target, cookie: string, times: SessionTimes): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  await sql`update session set "createdAt" = ${iso(times.createdAt)}, "updatedAt" = ${iso(times.updatedAt)}, "expiresAt" = ${iso(times.expiresAt)} where token = ${tokenOf(cookie)}`.execute(target.db.db);
}

/** Moves every instant of a session `ms` into the past: the session as it is after `ms` without a request. */
async function leaveIdle(target: Target, cookie: string, ms: number): Promise<SessionTimes> {
  const row = await sessionRow(target, cookie);
  if (!row) throw new Error("no session row");
  const aged = { createdAt: row.createdAt - ms, updatedAt: row.updatedAt - ms, expiresAt: row.expiresAt - ms };
  await setSessionTimes(target, cookie, aged);
  return aged;
}

/** An admin page with this cookie: 200 while the session holds, a redirect to /login once it does not. */
function adminPage(target: Target, cookie: string): Promise<Response> {
  return fetch(`${target.url}/admin/news`, { redirect: "manual", headers: { Cookie: cookie } });
}

function expectSignedOut(response: Response): void {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toMatch(/^\/login\?redirect=/);
}

// docs/security.md "Sessions": idle expiry 7 days (sliding), absolute lifetime 30 days, through /login and an admin
// page of the production build; each limit a minute either side of its edge. The session rows hold what the server
// wrote at sign-in; only the passing of time is written into them.
onBothBackEnds("session lifetimes through /login and an admin page", (edge) => {
  edge("a sign-in's session expires 7 days after it", async (target) => {
    const before = Date.now();
    const cookie = await target.adminCookie();
    const after = Date.now();
    const row = (await sessionRow(target, cookie))!;
    expect(row.expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY - MINUTE);
    expect(row.expiresAt).toBeLessThanOrEqual(after + 7 * DAY + MINUTE);
  });

  edge("a session idle for 7 days less a minute still opens an admin page; idle for 7 days and a minute it does not", async (target) => {
    const kept = await target.adminCookie();
    await leaveIdle(target, kept, 7 * DAY - MINUTE);
    expect((await adminPage(target, kept)).status).toBe(200);

    const ended = await target.adminCookie();
    await leaveIdle(target, ended, 7 * DAY + MINUTE);
    expectSignedOut(await adminPage(target, ended));
    expect(await sessionRow(target, ended), "the expired session is deleted on the server").toBeUndefined();
  });

  edge("a session used a day and a minute after its last renewal gets 7 days again, in the database and in the browser's cookie; used before a day it is left as it is", async (target) => {
    const notYet = await target.adminCookie();
    const idle = await leaveIdle(target, notYet, DAY - MINUTE);
    const early = await adminPage(target, notYet);
    expect(early.status).toBe(200);
    expect((await sessionRow(target, notYet))!.expiresAt).toBe(idle.expiresAt);

    const due = await target.adminCookie();
    await leaveIdle(target, due, DAY + MINUTE);
    const before = Date.now();
    const renewed = await adminPage(target, due);
    expect(renewed.status).toBe(200);
    const row = (await sessionRow(target, due))!;
    expect(row.expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY - MINUTE);
    expect(row.expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY + MINUTE);
    // The browser's cookie is renewed with it: a cookie that kept its first Max-Age would end the session 7 days
    // after sign-in however often it is used.
    const cookie = renewed.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie, "a renewed session cookie").toBeDefined();
    expect(tokenOf(cookie!)).toBe(tokenOf(due));
    expect(cookie).toMatch(/Max-Age=604800\b/);
  });

  edge("a session signed in 30 days less a minute ago still opens an admin page; 30 days and a minute ago it is refused and deleted", async (target) => {
    const now = Date.now();
    // Used every day: the idle expiry is a week ahead, only the sign-in is old.
    const kept = await target.adminCookie();
    await setSessionTimes(target, kept, { createdAt: now - 30 * DAY + MINUTE, updatedAt: now, expiresAt: now + 7 * DAY });
    expect((await adminPage(target, kept)).status).toBe(200);

    const ended = await target.adminCookie();
    await setSessionTimes(target, ended, { createdAt: now - 30 * DAY - MINUTE, updatedAt: now, expiresAt: now + 7 * DAY });
    expectSignedOut(await adminPage(target, ended));
    expect(await sessionRow(target, ended), "deleted on the server").toBeUndefined();
  });
});
