/**
 * Finding 1 (high): better-auth's own sign-in endpoint was a second door without the throttle. After /login had
 * locked the account, 100 wrong passwords posted as JSON to `/api/auth/sign-in/email` all answered 401, none was
 * counted, and the right password then answered 200 with a session cookie. Now better-auth serves no HTTP endpoint,
 * and the throttle runs inside it for every credential check; its limits are tested here at their edges.
 */
import { expect } from "vitest";
import { ADMIN, onBothBackEnds, type Target } from "./support.ts";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A sign-in as the /login form posts it; `headers` are added (e.g. X-Forwarded-For). */
async function login(url: string, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, ...headers },
    body: new URLSearchParams({ email, password, intent: "login" }),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().join("; "), text: await response.text() };
}

/** Forgets every sign-in attempt, so that each attack starts unlocked. */
async function forgetAttempts(target: Target) {
  await target.db.db.deleteFrom("sign_in_attempt").execute();
}

/** Failed attempts written straight into the database, `ago` milliseconds before now. */
async function pastFailures(target: Target, count: number, ago: number, who: (i: number) => { email: string; ip: string }) {
  const at = Date.now() - ago;
  for (let i = 0; i < count; i++) {
    await target.db.db
      .insertInto("sign_in_attempt")
      .values({ id: crypto.randomUUID(), ...who(i), at, succeeded: 0 })
      .execute();
  }
}

onBothBackEnds("finding 1: one sign-in door, one throttle", (attack) => {
  attack("better-auth's endpoints answer 404 to JSON and form posts, with a wrong or the right password, and count nothing", async (target) => {
    await forgetAttempts(target);
    const { url } = target;
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email, password: i === 29 ? ADMIN.password : `guess-${i}` }),
      });
      statuses.add(response.status);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect([...statuses]).toEqual([404]);
    for (const path of ["/api/auth/sign-in/email", "/api/auth/request-password-reset", "/api/auth/reset-password", "/api/auth/change-password", "/api/auth/sign-up/email"]) {
      const form = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `email=${encodeURIComponent(ADMIN.email)}&password=x` });
      expect(form.status, path).toBe(404);
    }
    expect((await fetch(`${url}/api/auth/get-session`)).status).toBe(404);
    // Nothing was checked, so nothing was counted.
    expect(await target.db.db.selectFrom("sign_in_attempt").selectAll().execute()).toEqual([]);
  });

  attack("an account is locked at its 5th failure within 15 minutes, the right password included; 4 failures still let it in", async (target) => {
    await forgetAttempts(target);
    const { url } = target;
    for (let i = 0; i < 4; i++) expect((await login(url, ADMIN.email, `guess-${i}`)).status).toBe(401);
    // One below the limit: the right password works.
    const fifth = await login(url, ADMIN.email, ADMIN.password);
    expect(fifth.status).toBe(302);
    expect(fifth.cookie).toContain("session_token=");
    await login(url, ADMIN.email, "guess-4");
    // At the limit (5 failures): refused, even with the right password, and no session.
    const locked = await login(url, ADMIN.email, ADMIN.password);
    expect(locked.status).toBe(429);
    expect(locked.text).toContain("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    expect(locked.cookie).not.toContain("session_token=");
    // Every credential check was kept: 5 failures and one success.
    const rows = await target.db.db.selectFrom("sign_in_attempt").select(["email", "succeeded"]).execute();
    expect(rows.filter((r) => Number(r.succeeded) === 0)).toHaveLength(5);
    expect(rows.filter((r) => Number(r.succeeded) === 1)).toHaveLength(1);
    // The account's address in another case is the same account.
    expect((await login(url, ADMIN.email.toUpperCase(), ADMIN.password)).status).toBe(429);
  });

  attack("only failures of the last 15 minutes count against an account", async (target) => {
    await forgetAttempts(target);
    const who = () => ({ email: ADMIN.email, ip: "203.0.113.9" });
    await pastFailures(target, 5, FIFTEEN_MINUTES + 60_000, who);
    expect((await login(target.url, ADMIN.email, ADMIN.password)).status).toBe(302);
    await forgetAttempts(target);
    await pastFailures(target, 5, FIFTEEN_MINUTES - 60_000, who);
    expect((await login(target.url, ADMIN.email, ADMIN.password)).status).toBe(429);
  });

  attack("a client address is locked at its 20th failure, whichever accounts it tried; 19 still let the administrator in", async (target) => {
    await forgetAttempts(target);
    const { url } = target;
    for (let i = 0; i < 19; i++) expect((await login(url, `nobody-${i}@example.org`, "guess")).status).toBe(401);
    expect((await login(url, ADMIN.email, ADMIN.password)).status).toBe(302);
    await login(url, "nobody-19@example.org", "guess");
    const locked = await login(url, ADMIN.email, ADMIN.password);
    expect(locked.status).toBe(429);
    expect(locked.cookie).not.toContain("session_token=");
  });

  attack("without TRUST_PROXY a made-up X-Forwarded-For does not give an attacker a new address", async (target) => {
    await forgetAttempts(target);
    const { url } = target;
    for (let i = 0; i < 20; i++) await login(url, `nobody-${i}@example.org`, "guess", { "X-Forwarded-For": `198.51.100.${i}` });
    const rows = await target.db.db.selectFrom("sign_in_attempt").select("ip").distinct().execute();
    expect(rows.map((r) => r.ip)).toEqual([expect.stringMatching(/127\.0\.0\.1$/)]);
    expect((await login(url, ADMIN.email, ADMIN.password, { "X-Forwarded-For": "192.0.2.77" })).status).toBe(429);
  });
});

onBothBackEnds(
  "finding 1 behind a proxy (TRUST_PROXY=true): the address the proxy saw is the one counted",
  (attack) => {
    attack("20 failures from one forwarded address lock that address, not the proxy's", async (target) => {
      await forgetAttempts(target);
      const { url } = target;
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      for (let i = 0; i < 20; i++) await login(url, `nobody-${i}@example.org`, "guess", from("198.51.100.7"));
      expect((await login(url, ADMIN.email, ADMIN.password, from("198.51.100.7"))).status).toBe(429);
      expect((await login(url, ADMIN.email, ADMIN.password, from("198.51.100.8"))).status).toBe(302);
    });
  },
  { TRUST_PROXY: "true" },
);
