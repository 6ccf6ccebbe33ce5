/**
 * Your account and two-factor sign-in in the browser (issue 26 part 1): a person changes their display name (which
 * People then shows) and password (a wrong current password refused), sets two-factor up on "Your account" with the key an
 * authenticator app would take (the code is computed in the test, RFC 6238, as the app would), then signs in with
 * their password and a code from the app, and another time with a recovery code. The test uses a person it invites,
 * so the shared test administrator keeps signing in with a password alone.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openAdmin, readOutbox, test, unique, waitForHydration } from "./admin-helpers.ts";
import { totpCode } from "../support/totp.ts";

const PASSWORD = "two factor password 9";
const NEW_PASSWORD = "a newer password 10";

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin"));
}

test("a person edits their display name and password on Your account, sets up two-factor sign-in, then signs in with an app's code and with a recovery code", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const tag = unique();
  const email = `twofactor-${tag}@example.org`;
  await openAdmin(page, "/admin/people");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(email);
  let link = "";
  await expect.poll(async () => (link = (await readOutbox()).find((m) => m.toHeaders.some((h) => h.includes(email)))?.text.match(/\/invitation\?token=\S+/)?.[0] ?? "")).not.toBe("");

  const context = await browser.newContext({ baseURL: baseURL! });
  const person = await context.newPage();
  await person.goto(link);
  await person.getByLabel("Your name").fill(`Tess Twofactor ${tag}`);
  await person.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await person.getByLabel("Repeat the password").fill(PASSWORD);
  await person.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(person).toHaveURL("/admin/news");

  // Your account: the display name and the password.
  await person.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Your account" }).click();
  await expect(person.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await waitForHydration(person);
  await person.getByLabel("Display name").fill(`Tess T. ${tag}`);
  await person.getByRole("button", { name: "Save name" }).click();
  await expect(person.getByRole("status")).toHaveText("Your name was saved.");
  await expect(person.getByLabel("Display name")).toHaveValue(`Tess T. ${tag}`);
  await person.getByLabel("Current password").fill("not my password");
  await person.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await person.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await person.getByRole("button", { name: "Change password" }).click();
  await expect(person.getByText("That password is not right")).toBeVisible();
  await person.getByLabel("Current password").fill(PASSWORD);
  await person.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await person.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await person.getByRole("button", { name: "Change password" }).click();
  await expect(person.getByRole("status")).toHaveText(/Your password was changed/);

  // Set up: the password, then the key and the recovery codes, then a code from the app.
  await person.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await person.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const key = (await person.locator("dd code").first().textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  const codes = await person.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await person.getByLabel("Code from the app").fill("000000" === totpCode(key) ? "111111" : "000000");
  await person.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(person.getByText("That code is not right")).toBeVisible();
  // The key is still shown after a mistyped code.
  await expect(person.locator("dd code").first()).toHaveText(key);
  await person.getByLabel("Code from the app").fill(totpCode(key));
  await person.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(person.getByRole("status")).toHaveText(/Two-factor sign-in is on/);

  // Sign-in now asks for a code after the password.
  await signOut(person);
  await signInWithPassword(person, email);
  await expect(person).toHaveURL(/\/login\?step=code/);
  await expectNoAxeViolations(person, testInfo, "/login?step=code");
  await person.getByLabel("Code", { exact: true }).fill("123");
  await person.getByRole("button", { name: "Verify" }).click();
  await expect(person.getByRole("alert")).toContainText("That code is not right");
  await person.getByLabel("Code", { exact: true }).fill(totpCode(key));
  await person.getByRole("button", { name: "Verify" }).click();
  await expect(person).toHaveURL("/admin/news");

  // And takes a recovery code instead, once.
  await person.goto("/admin/account");
  await signOut(person);
  await signInWithPassword(person, email);
  await expect(person).toHaveURL(/\/login\?step=code/);
  await person.getByRole("link", { name: "Use a recovery code instead" }).click();
  await person.getByLabel("Recovery code").fill(codes[0]!.trim());
  await person.getByRole("button", { name: "Verify" }).click();
  await expect(person).toHaveURL(/\/admin/);
  await expect(person.getByRole("heading", { level: 1 })).not.toHaveText("Login");

  // Without JavaScript too: the code step is a plain form.
  const plain = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await signInWithPassword(noScript, email);
  await expect(noScript).toHaveURL(/\/login\?step=code/);
  await noScript.getByLabel("Code", { exact: true }).fill(totpCode(key));
  await noScript.getByRole("button", { name: "Verify" }).click();
  await expect(noScript).toHaveURL("/admin/news");
  await plain.close();

  // People shows it on, with the name the person chose.
  await page.goto("/admin/people");
  const card = page.getByRole("listitem").filter({ hasText: email });
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(`Tess T. ${tag}`);
  await expect(card).toContainText("Two-factor sign-in");
  await expect(card.locator("dd").filter({ hasText: /^On$/ })).toHaveCount(1);

  // Clean-up: the person goes.
  await page.getByRole("link", { name: `Remove ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`${email} no longer has access`);
  await context.close();
});
