/**
 * Password reset end to end (spec §2 /login: Reset Password after a failed sign-in; §7 auth: send a password reset
 * email): the mail in the outbox, its link, the new-password form and its length rule, signing in with the new
 * password.
 *
 * A reset ends every other session of the account, so the flow runs on a throwaway administrator made for it with
 * the `npm run admin -- add` command, never on the administrator the other tests use. It lives in
 * tests/e2e/hostile/ (run after the public tests) because tests/e2e/auth.spec.ts counts every new reset mail in the
 * outbox and expects exactly its own.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { DATA_DIR, expect, readOutbox, REPO_ROOT, test, unique, waitForHydration } from "../admin-helpers.ts";
import { E2E_PORT } from "../../../playwright.config.ts";
import { childEnv } from "../../support/child-env.ts";

/** Creates an administrator with the command line tool, against the data folder of the server under test. */
function addAdministrator(email: string, password: string): string {
  const env = childEnv({ DATA_DIR, PORT: String(E2E_PORT), ADMIN_PASSWORD: password, LOG_LEVEL: "silent" });
  return execFileSync(process.execPath, ["scripts/admin.ts", "add", email], { cwd: REPO_ROOT, env, encoding: "utf8", stdio: "pipe" });
}

const email = (page: Page) => page.getByLabel("Email", { exact: true });
const password = (page: Page) => page.getByLabel("Password", { exact: true });
const loginButton = (page: Page) => page.getByRole("button", { name: "Login", exact: true });

async function signInAs(page: Page, account: string, secret: string): Promise<void> {
  await page.goto("/login");
  await waitForHydration(page);
  await email(page).fill(account);
  await password(page).fill(secret);
  await loginButton(page).click();
}

test("Reset Password mails a link; the link leads to a form that wants 8 characters, then signs in with the new password", async ({ page }) => {
  test.setTimeout(60_000);
  const account = `reset-${unique()}@example.org`;
  const oldPassword = `old-password-${unique()}`;
  const newPassword = `new-password-${unique()}`;
  expect(addAdministrator(account, oldPassword)).toContain(`Administrator ${account} added.`);

  // A failed sign-in reveals Reset Password.
  await page.goto("/login");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
  await email(page).fill(account);
  await password(page).fill(`wrong-${unique()}`);
  await loginButton(page).click();
  await expect(page.locator("#email-error")).toBeVisible();
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toHaveText(
    `If an account exists for ${account}, a link to reset its password is on its way.`,
  );

  // The mail: to that account alone, with a link to this server's reset address.
  await expect.poll(async () => (await readOutbox()).filter((m) => m.toHeaders[0] === account).length, { timeout: 10_000 }).toBe(1);
  const mail = (await readOutbox()).find((m) => m.toHeaders[0] === account)!;
  expect(mail.toHeaders).toEqual([account]);
  expect(mail.subject).toBe("Reset your password");
  const body = `${mail.text}\n${mail.html}`;
  // The link leads straight to the page that takes it (better-auth's own endpoints are not served: issue 24).
  const link = /http:\/\/127\.0\.0\.1:(\d+)\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  expect(Number(link![1])).toBe(E2E_PORT);
  const token = link![2]!;

  // The link lands on /reset-password with the token.
  await page.goto(link![0]);
  await expect(page).toHaveURL(`/reset-password?token=${token}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const fresh = page.getByLabel("New password", { exact: true });
  const repeat = page.getByLabel("Repeat the new password", { exact: true });
  const save = page.getByRole("button", { name: "Save the new password" });
  await expect(page.locator("#password-hint")).toHaveText("8 to 128 characters.");

  // Too short: the hint counts as one types, the browser refuses, and so does the server.
  await fresh.fill("short12");
  await expect(page.locator("#password-hint")).toHaveText("7 characters: at least 8 are needed.");
  await repeat.fill("short12");
  await save.click();
  expect(await fresh.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await expect(page).toHaveURL(`/reset-password?token=${token}`);
  await page.locator("form").filter({ has: save }).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
  });
  await save.click();
  await expect(page.locator("#password-error")).toHaveText("The password needs at least 8 characters");

  // Different passwords.
  await fresh.fill(newPassword);
  await expect(page.locator("#password-hint")).toHaveText(`${newPassword.length} characters: long enough.`);
  await repeat.fill(`${newPassword}x`);
  await save.click();
  await expect(page.locator("#confirm-error")).toHaveText("The two passwords are not the same");

  // Matching: signed in, on /admin/news.
  await fresh.fill(newPassword);
  await repeat.fill(newPassword);
  await save.click();
  await expect(page).toHaveURL("/admin/news");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" })).toBeVisible();

  // The link is used up.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await page.goto(link![0]);
  await expect(page).toHaveURL(/\/reset-password\?/);
  await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired. Ask for a new one from the login page.");

  // The old password no longer works; the new one does.
  await signInAs(page, account, oldPassword);
  await expect(page.locator("#email-error")).toBeVisible();
  await expect(page).toHaveURL("/login");
  await signInAs(page, account, newPassword);
  await expect(page).toHaveURL("/admin/news");
});
