/**
 * Mail settings without a shell (issue 26, point 7), in Chromium on a server of its own (saving SMTP settings
 * changes where every message of the server goes, which the shared server's tests must not see): every admin
 * screen warns while mail only goes to files; Settings → Email sends a test message with the settings as typed and
 * shows the SMTP server's answer (a real SMTP server that requires a login), or its error for a wrong port or
 * password, saving nothing; saved settings end the warning, the password is stored sealed (the row holds no plain
 * text) and is kept when the field is left empty.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { getSetting } from "#app/platform/data/settings.server.ts";
import { SMTP_PASSWORD_KEY } from "#app/mail/data/mail-settings.server.ts";
import { freePort, startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp.ts";
import { E2E_ADMIN, waitForHydration } from "./helpers.ts";

// The tests share this file's server and run in order: the second uses what the first saved.
test.describe.configure({ mode: "serial" });

const LOGIN = { user: "board@loonlake.example.org", password: "sink password 9f3a" };
const WARNING = "Mail is not being sent: messages are saved as files on the server.";

let server: RunningServer;
let sink: SmtpSink;
let dir = "";

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "shoreline-mail-settings-"));
  sink = await startSmtpSink({ parse: true, login: LOGIN });
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The address of `pathname` on this file's server. */
const at = (pathname: string) => `${server.url}${pathname}`;

/** A setting of the server's database, as stored. */
async function storedSetting(key: string): Promise<string | undefined> {
  const handle = openDatabase({ dataDir: dir });
  try {
    return await getSetting(handle.db, key);
  } finally {
    await handle.close();
  }
}

async function fillSmtp(page: Page, fields: { port: number; password: string }) {
  await page.getByLabel("Server name").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(fields.port));
  await page.getByLabel("Security").selectOption({ label: "None (only for a server on this machine)" });
  await page.getByLabel("User name").fill(LOGIN.user);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
}

test("Settings → Email: a test message shows the server's answer, saving ends the warning, the password is sealed and kept", async ({ page }) => {
  test.setTimeout(90_000);
  const port = Number(new URL(sink.url).port);

  // Without SMTP, every admin screen says so, with the way to Settings → Email.
  await page.goto(at(`/login?redirect=${encodeURIComponent("/admin/news")}`));
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(at("/admin/news"));
  await expect(page.getByText(WARNING)).toBeVisible();
  await page.goto(at("/admin/events"));
  await expect(page.getByText(WARNING)).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Settings → Email" }).click();
  await expect(page).toHaveURL(at("/admin/settings/email"));
  await expect(page.getByRole("heading", { level: 1, name: "Email settings" })).toBeVisible();
  await expect(page.getByLabel("Send the test message to")).toHaveValue(E2E_ADMIN.email);

  // A test message with the settings as typed: the server's answer is shown and the message arrives.
  await fillSmtp(page, { port, password: LOGIN.password });
  await page.getByLabel("Sender address").fill("board@loonlake.example.org");
  await page.getByRole("button", { name: "Send a test message" }).click();
  const accepted = page.getByRole("status").filter({ hasText: `The test message to ${E2E_ADMIN.email} was accepted` });
  await expect(accepted).toBeVisible();
  await expect(accepted.locator("code")).toHaveText(/^250 /);
  await expect.poll(() => sink.acceptedFor(E2E_ADMIN.email)).toBe(1);
  // The sender's name is the association's by default.
  expect(sink.accepted[0]!.mail!.from!.value[0]).toEqual({ name: "Heron Lake Association", address: "board@loonlake.example.org" });
  // Nothing was saved: mail still goes to files.
  expect(await storedSetting("mail.smtpHost")).toBeUndefined();
  await expect(page.getByText(WARNING)).toBeVisible();

  // A wrong port: the connection's error is shown, and nothing arrives.
  const closed = await freePort();
  await page.getByLabel("Port").fill(String(closed));
  await page.getByRole("button", { name: "Send a test message" }).click();
  const refused = page.getByRole("alert").filter({ hasText: "could not be sent" });
  await expect(refused).toBeVisible();
  await expect(refused.locator("code")).toContainText(`ECONNREFUSED 127.0.0.1:${closed}`);

  // A wrong password: the server's refusal of the login is shown.
  await fillSmtp(page, { port, password: "not the password" });
  await page.getByRole("button", { name: "Send a test message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be sent" }).locator("code")).toContainText("535");
  expect(sink.acceptedFor(E2E_ADMIN.email)).toBe(1);

  // Saved: the warning is gone from every screen, and the password is stored sealed, not as typed.
  await fillSmtp(page, { port, password: LOGIN.password });
  await page.getByRole("button", { name: "Save Email Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The email settings were saved." })).toBeVisible();
  await expect(page.getByText(WARNING)).toHaveCount(0);
  const sealed = await storedSetting(SMTP_PASSWORD_KEY);
  expect(sealed).toMatch(/^v1:/);
  expect(sealed).not.toContain(LOGIN.password);
  expect(sealed).not.toContain(Buffer.from(LOGIN.password).toString("base64"));
  await page.goto(at("/admin/news"));
  await expect(page.getByRole("heading", { level: 1, name: "News Posts" })).toBeVisible();
  await expect(page.getByText(WARNING)).toHaveCount(0);

  // The password is never shown back; left empty, the saved one is kept (and a test without typing it uses it).
  await page.goto(at("/admin/settings/email"));
  await waitForHydration(page);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(page.getByText("A password is saved. Leave empty to keep the saved password.")).toBeVisible();
  expect(await page.content()).not.toContain(LOGIN.password);
  await page.getByLabel("Sender name").fill("Loon Lake Board");
  await page.getByRole("button", { name: "Save Email Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The email settings were saved." })).toBeVisible();
  expect(await storedSetting(SMTP_PASSWORD_KEY)).toBe(sealed);
  await page.getByLabel("Send the test message to").fill("treasurer@loonlake.example.org");
  await page.getByRole("button", { name: "Send a test message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The test message to treasurer@loonlake.example.org was accepted" })).toBeVisible();
  await expect.poll(() => sink.acceptedFor("treasurer@loonlake.example.org")).toBe(1);
  expect(sink.accepted.at(-1)!.mail!.from!.value[0]).toEqual({ name: "Loon Lake Board", address: "board@loonlake.example.org" });
});

test("the server's own mail goes through the saved settings: a password reset arrives at the SMTP server", async ({ page }) => {
  // Runs after the test above has saved the settings (one worker runs this file's tests in order).
  await page.goto(at("/login"));
  await waitForHydration(page);
  const before = sink.acceptedFor(E2E_ADMIN.email);
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a link to reset its password is on its way" })).toBeVisible();
  await expect.poll(() => sink.acceptedFor(E2E_ADMIN.email), { timeout: 15_000 }).toBe(before + 1);
  expect(sink.accepted.at(-1)!.mail!.subject).toBe("Reset your password");
  expect(sink.accepted.at(-1)!.mail!.from!.value[0]).toEqual({ name: "Loon Lake Board", address: "board@loonlake.example.org" });
});
