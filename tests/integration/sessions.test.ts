/**
 * Session lifetimes (OWASP ASVS 5.0 §7.3): an idle session expires (better-auth's sliding expiry), and any session
 * ends at its absolute lifetime however busy, revoked on the server. Sign-in makes a new session id each time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "#app/lib/auth.server.ts";
import { loadConfig } from "#app/lib/config.server.ts";
import { getSignedInUser, SESSION_ABSOLUTE_LIFETIME_MS } from "#app/lib/context.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import { closeServices, createServices, prepareServices, type Services } from "#app/lib/services.server.ts";

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
    expect(await getSignedInUser(services, request)).toMatchObject({ email: "chair@example.org" });
    const before = await sessionCount();
    const later = Date.now() + SESSION_ABSOLUTE_LIFETIME_MS + 60_000;
    expect(await getSignedInUser(services, request, later)).toBeNull();
    expect(await sessionCount()).toBe(before - 1);
    expect(await getSignedInUser(services, request)).toBeNull();
  });

  it("ends an idle session when it expires", async () => {
    const request = await signIn();
    expect(await getSignedInUser(services, request)).not.toBeNull();
    // A week without use: better-auth's sliding expiry has passed.
    await sql`update session set "expiresAt" = ${new Date(Date.now() - 1000).toISOString()}`.execute(services.db);
    expect(await getSignedInUser(services, request)).toBeNull();
  });

  it("ends every session of an account when its password changes", async () => {
    const first = await signIn();
    const second = await signIn();
    await ensureAdmin(services.auth, "chair@example.org", "a-new-password");
    expect(await getSignedInUser(services, first)).toBeNull();
    expect(await getSignedInUser(services, second)).toBeNull();
    await ensureAdmin(services.auth, "chair@example.org", "chair-password");
  });
});
