/**
 * Finding 4 (low): thirteen reset mails for one account in about a second (no throttle per account or address); an
 * older reset link still worked after a newer one had been used. Reset requests are now counted per address asked
 * for (3 an hour) and per client address (10 an hour), and a reset ends every other reset link of the account. The
 * link is taken atomically: two requests racing with one link reset the password once.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ADMIN, onBothBackEnds, type Target } from "./support.ts";

const THROTTLED = "Too many password reset requests. Please wait an hour and try again.";

/** Asks for a reset link as the /login form's "Reset Password" button does. */
async function askReset(url: string, email: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, intent: "reset" }),
  });
  // React writes "<!-- -->" between neighbouring text pieces.
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The reset links mailed so far (the .eml files under DATA_DIR/mail), oldest first. */
function resetLinks(target: Target): string[] {
  const dir = path.join(target.dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, ""))
    .map((mail) => /\/reset-password\?token=([\w-]+)/.exec(mail)?.[1])
    .filter((token): token is string => token !== undefined);
}

/** Sets a new password with a reset link's token, as the /reset-password form posts it. */
async function reset(url: string, token: string, password: string) {
  return fetch(`${url}/reset-password?token=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ token, password, confirm: password }),
  });
}

async function forgetRequests(target: Target) {
  await target.db.db.deleteFrom("password_reset_request").execute();
}

onBothBackEnds("finding 4: password reset requests are throttled, and a reset ends every older link", (attack) => {
  attack("thirteen requests for one account in a row mail 3 links; the 4th and later are refused with a message", async (target) => {
    await forgetRequests(target);
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await askReset(target.url, ADMIN.email));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    const notice = `If an account exists for ${ADMIN.email}, a link to reset its password is on its way.`;
    for (const answer of answers.slice(0, 3)) expect(answer.text.includes(notice), notice).toBe(true);
    expect(new Set(answers.slice(3).map((a) => a.status))).toEqual(new Set([429]));
    expect(answers[3]!.text.includes(THROTTLED), THROTTLED).toBe(true);
    await expect.poll(() => resetLinks(target).length).toBe(3);
    // The links lead to the page that takes them, not to better-auth.
    expect(readdirSync(path.join(target.dataDir, "mail")).length).toBe(3);
  });

  attack("an address without an account is counted the same (nobody learns who has one)", async (target) => {
    await forgetRequests(target);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await askReset(target.url, "nobody@example.org")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  attack("one client asking for 10 addresses is served; the 11th is refused", async (target) => {
    await forgetRequests(target);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await askReset(target.url, `someone-${i}@example.org`)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  attack("once a newer link has been used, an older one no longer works; the used one neither", async (target) => {
    await forgetRequests(target);
    const before = resetLinks(target).length;
    await askReset(target.url, ADMIN.email);
    await askReset(target.url, ADMIN.email);
    await expect.poll(() => resetLinks(target).length).toBe(before + 2);
    const [older, newer] = resetLinks(target).slice(-2) as [string, string];
    const used = await reset(target.url, newer, "a-new-password-1");
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/admin");
    for (const token of [older, newer]) {
      const again = await reset(target.url, token, "an-attackers-password");
      expect(again.status).toBe(400);
      expect((await again.text()).includes("This reset link is invalid or has expired."), "the refusal").toBe(true);
    }
    // The password is the one set with the newer link.
    const signIn = await fetch(`${target.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
      body: new URLSearchParams({ email: ADMIN.email, password: "a-new-password-1", intent: "login" }),
    });
    expect(signIn.status).toBe(302);
  });

  attack("two requests racing with one link: one sets its password, the other is refused", async (target) => {
    await forgetRequests(target);
    const before = resetLinks(target).length;
    await askReset(target.url, ADMIN.email);
    await expect.poll(() => resetLinks(target).length).toBe(before + 1);
    const token = resetLinks(target).at(-1)!;
    const answers = await Promise.all([reset(target.url, token, "racer-password-1"), reset(target.url, token, "racer-password-2")]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
  });

  attack("a link mailed by the earlier version (/api/auth/reset-password/<token>) leads to the page that takes it", async ({ url }) => {
    const response = await fetch(`${url}/api/auth/reset-password/abc-123?callbackURL=%2Freset-password`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/reset-password?token=abc-123");
  });
});
