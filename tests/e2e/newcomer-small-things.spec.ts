/**
 * Small things a newcomer hit (issue 26, point 8), in Chromium on an install of their own (ADMIN_EMAIL start, the
 * demo seeded): a web address typed as www.example.com is saved as https://; the time-zone list has canonical names
 * grouped by region with the browser's own zone first (and the saved zone selected without scripts); "Import 1
 * reading"; no "Copy email address" without scripts; after a save an image field shows the saved picture and an
 * empty file input. (The footer's full stop and the alert mail's colours have unit tests beside their code.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import sharp from "sharp";
import { startServer, type RunningServer } from "../support/server.ts";
import { waitForHydration } from "./helpers.ts";

const ADMIN = { email: "chair@loonlake.example.org", password: "loon lake chair password" };
let server: RunningServer;
let dir = "";

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "shoreline-small-things-"));
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});
test.setTimeout(90_000);

/** A signed-in page of a new context (`options`: time zone, scripts), on `pathname`. */
async function admin(browser: Browser, pathname: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, ...options });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(pathname)}`);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(pathname);
  if (options.javaScriptEnabled !== false) await waitForHydration(page);
  return page;
}

test("www.example.com is accepted as https://www.example.com: the social link and a business's web page", async ({ browser }) => {
  const page = await admin(browser, "/admin/settings");
  await page.getByLabel("Social page link").fill("www.facebook.com/loonlake");
  await page.getByLabel("Social page label").fill("Facebook");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toHaveText("The settings were saved.");
  await expect(page.getByLabel("Social page link")).toHaveValue("https://www.facebook.com/loonlake");

  await page.goto("/admin/businesses");
  await page.getByRole("link", { name: "Add Business" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Loon Lake Bait");
  await page.getByLabel("Address").fill("1 Dock Road");
  await page.getByLabel("Web page").fill("www.bait.example.org");
  await page.getByRole("button", { name: "Add Business" }).click();
  await expect(page.getByRole("button", { name: "Add Business" })).toHaveCount(0);

  const visitor = await browser.newPage({ baseURL: server.url });
  await visitor.goto("/");
  await expect(visitor.getByRole("banner").getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://www.facebook.com/loonlake");
  await visitor.goto("/more/localinfo/All");
  await expect(visitor.getByRole("listitem").filter({ hasText: "Loon Lake Bait" }).getByRole("link", { name: /link/i })).toHaveAttribute("href", "https://www.bait.example.org");
  await visitor.close();
  await page.context().close();
});

test("the time-zone list: canonical names in region groups, this device's zone first; the saved zone selected", async ({ browser }) => {
  // Chromium's ICU calls Kyiv by its old name: the list offers today's.
  const page = await admin(browser, "/admin/settings", { timezoneId: "Europe/Kiev" });
  const select = page.getByLabel("Time zone");
  await expect(select.locator("optgroup").first()).toHaveAttribute("label", "This device's time zone");
  await expect(select.locator("option").first()).toHaveAttribute("value", "Europe/Kyiv");
  const values = await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(values).not.toContain("Asia/Calcutta");
  expect(values).not.toContain("Europe/Kiev");
  expect(values).toContain("Asia/Kolkata");
  const groups = await select.locator("optgroup").evaluateAll((g) => g.map((x) => x.getAttribute("label")));
  expect(groups).toEqual(expect.arrayContaining(["America", "Europe", "Asia", "Pacific"]));
  await expect(select.locator('optgroup[label="America"] option[value="America/New_York"]')).toHaveText("New York");
  // The saved zone (the demo's) stays chosen on Settings.
  await expect(select).toHaveValue("America/Chicago");
  await page.context().close();

  const noScript = await admin(browser, "/admin/settings", { timezoneId: "Europe/Kiev", javaScriptEnabled: false });
  const plain = noScript.getByLabel("Time zone");
  await expect(plain).toHaveValue("America/Chicago");
  await expect(plain.locator("optgroup").first()).not.toHaveAttribute("label", "This device's time zone");
  await noScript.context().close();
});

test("Import 1 reading, in the singular, without JavaScript", async ({ browser }) => {
  const page = await admin(browser, "/admin/beach-measurements", { javaScriptEnabled: false });
  await page.getByLabel("Lab file", { exact: true }).setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from("date,value\n1999-06-01,12\n") });
  await page.getByRole("button", { name: "Upload and read", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("1 good row, no problems.");
  await page.getByRole("button", { name: "Import 1 row", exact: true }).click();
  await expect(page.getByText("Imported 1 measurement; 0 duplicates skipped.", { exact: true })).toBeVisible();
  await page.context().close();
});

test("Copy email address shows only when scripts run", async ({ browser }) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/contact-us");
    await expect(page.getByRole("link", { name: "Email the Board" })).toBeVisible();
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Copy email address" })).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: "Copy email address" })).toBeHidden();
    }
    await context.close();
  }
});

test("after a save, the image field shows the saved picture and no pending file", async ({ browser }) => {
  // The Pages screen keeps its form on the page after a save (Settings draws its form again).
  const page = await admin(browser, "/admin/pages");
  const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#2f6f8f" } }).png().toBuffer();
  const field = page.getByRole("group", { name: "Photo beside the welcome (optional)" });
  await field.getByLabel("Choose a picture").setInputFiles({ name: "loon-dock.png", mimeType: "image/png", buffer: photo });
  await field.getByLabel("Describe the picture (alt text)").fill("Loons by the dock");
  await page.getByRole("button", { name: "Save Pages" }).click();
  await expect(page.getByRole("status")).toHaveText("The pages were saved.");
  await expect(field.getByRole("img", { name: "Loons by the dock" })).toBeVisible();
  await expect(field.getByText("The picture shown now.")).toBeVisible();
  const input = field.getByLabel("Replace with a new picture");
  expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
  await expect(input).toHaveValue("");
  await page.context().close();
});
