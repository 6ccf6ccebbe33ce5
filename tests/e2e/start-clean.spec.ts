/**
 * Start clean (issue 26, point 5; decision 028), in Chromium on fresh installs: the setup link asks how the site
 * starts and for the social link. An empty site shows the specification's empty-state texts (§8) on the public pages
 * and on every admin list of the screen registry, and nothing of the demo association; a site started from the demo
 * shows the demo until an administrator removes it on Demo content, after a confirmation that counts what goes, and
 * what the board edited stays.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_SCREENS, screenUrl } from "#app/routes/admin/screens.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoAxeViolations } from "./admin-helpers.ts";

const VOLUNTEER = { email: "chair@loonlake.example.org", password: "loon lake chair password" };

/** A fresh install (no administrator): its server, and its setup link once printed. */
function freshInstall(env: Record<string, string> = {}) {
  const install: { server?: RunningServer; dir: string; link: string } = { dir: "", link: "" };
  test.beforeAll(async () => {
    install.dir = mkdtempSync(path.join(tmpdir(), "shoreline-start-clean-"));
    install.server = await startServer({ DATA_DIR: install.dir, ...env });
    await expect.poll(() => /https?:\/\/[^\s]+\/setup\?token=[\w-]+/.exec(install.server!.output())?.[0]).toBeTruthy();
    install.link = /https?:\/\/[^\s]+\/setup\?token=[\w-]+/.exec(install.server!.output())![0];
  });
  test.afterAll(async () => {
    await install.server?.stop();
    rmSync(install.dir, { recursive: true, force: true });
  });
  return install;
}

/** Fills the setup form; `start` is the label of the chosen start. */
async function setUp(page: Page, link: string, start: "Start from the demo association" | "Start with an empty site", social: { url: string; label: string } | null) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your association's site" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(VOLUNTEER.email);
  await page.getByLabel("Password", { exact: true }).fill(VOLUNTEER.password);
  await page.getByLabel("Repeat the password").fill(VOLUNTEER.password);
  await page.getByLabel("Name", { exact: true }).fill("Loon Lake Association");
  await page.getByLabel("Short name").fill("Loon Lake");
  await page.getByLabel("Time zone").selectOption("America/New_York");
  await page.getByLabel("Contact email").fill("board@loonlake.example.org");
  await page.getByLabel("Beach name").fill("Loon Lake Town Beach");
  if (social) {
    await page.getByLabel("Social page link").fill(social.url);
    await page.getByLabel("Social page label").fill(social.label);
  }
  await page.getByRole("radio", { name: start }).check();
  await page.getByRole("button", { name: "Create the site" }).click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
}

test.describe("setup with an empty site", () => {
  const install = freshInstall();
  test.setTimeout(120_000);

  test("every page says the spec's empty-state text and nothing of the demo shows", async ({ page, browser }, testInfo) => {
    // The setup form with its new questions, at phone width: no axe violations, no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(install.link);
    await expect(page.getByRole("radio", { name: "Start with an empty site" })).toBeVisible();
    await expectNoAxeViolations(page, testInfo, "/setup at 390 px");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await setUp(page, install.link, "Start with an empty site", { url: "www.facebook.com/loonlake", label: "Facebook" });

    // Every admin list of the registry that names an empty-state text says it (spec §8).
    for (const screen of ADMIN_SCREENS.filter((s) => s.emptyText !== undefined)) {
      await page.goto(`${install.server!.url}${screenUrl(screen)}`);
      await expect(page.getByText(screen.emptyText!, { exact: true }), screenUrl(screen)).toBeVisible();
    }
    await page.goto(`${install.server!.url}/admin/demo-content`);
    await expect(page.getByText("There is no demo content on this site.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Remove demo content" })).toHaveCount(0);

    const visitor = await browser.newPage();
    const expectations: [string, string[]][] = [
      ["/", ["We couldn't find any News Posts!", "There aren't any more events this year."]],
      ["/news-events", ["We couldn't find any News Posts!", "We couldn't find any Events!"]],
      ["/the-lake", ["No measurements found"]],
      ["/more/documents", ["We couldn't find any Files!"]],
    ];
    for (const [pathname, texts] of expectations) {
      await visitor.goto(`${install.server!.url}${pathname}`);
      for (const text of texts) await expect(visitor.getByText(text, { exact: true }).first(), `${pathname}: ${text}`).toBeVisible();
    }
    // Nothing of Heron Lake on the public pages; the header links the social page as typed, read as https://.
    for (const pathname of ["/", "/news-events", "/the-lake", "/membership", "/more/meetboard", "/more/localinfo/All", "/contact-us"]) {
      await visitor.goto(`${install.server!.url}${pathname}`);
      await expect(visitor.locator("body"), pathname).not.toContainText("Heron Lake");
      await expect(visitor.locator("body"), pathname).not.toContainText("Halvorsen");
    }
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://www.facebook.com/loonlake");
    // Nor the demo lake's bundled map or treasurer card.
    await visitor.goto(`${install.server!.url}/the-lake`);
    await expect(visitor.locator("main img")).toHaveCount(0);
    await visitor.goto(`${install.server!.url}/membership`);
    await expect(visitor.getByText("Contact the treasurer")).toHaveCount(0);
    await visitor.close();
  });
});

test.describe("setup from the demo, then Remove demo content", () => {
  const install = freshInstall();
  test.setTimeout(120_000);

  test("the confirmation counts what goes; the board's edit stays, the rest of the demo goes", async ({ page, browser }, testInfo) => {
    await setUp(page, install.link, "Start from the demo association", null);
    const visitor = await browser.newPage();
    await visitor.goto(`${install.server!.url}/news-events`);
    await expect(visitor.getByText("Spring cleanup day was a success")).toBeVisible();
    // No social link was given: the demo's Facebook link is gone from the header.
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Facebook" })).toHaveCount(0);

    // The board makes one demo post its own.
    await page.goto(`${install.server!.url}/admin/news`);
    await page.getByRole("link", { name: "Edit Board elections at the annual meeting", exact: true }).click();
    await page.getByLabel("Title", { exact: true }).fill("Our own election notice");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Demo content", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Demo Content" })).toBeVisible();
    await page.getByRole("link", { name: "Remove demo content" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove the demo content?" });
    await expectNoAxeViolations(page, testInfo, "the Remove demo content confirmation");
    await expect(dialog).toContainText(/This removes 2 news posts, 5 events, 30 readings, the banner, 5 board members, \d+ bylaws articles, \d+ questions, 14 page texts, 1 page, \d+ local businesses and 7 pictures\./);
    await dialog.getByRole("button", { name: "Remove demo content" }).click();
    await expect(page.getByRole("status")).toContainText("Removed 2 news posts, 5 events, 30 readings");
    await expect(page.getByText("There is no demo content on this site.")).toBeVisible();

    await visitor.goto(`${install.server!.url}/news-events`);
    await expect(visitor.getByText("Our own election notice")).toBeVisible();
    await expect(visitor.getByText("Spring cleanup day was a success")).toHaveCount(0);
    await expect(visitor.getByText("We couldn't find any Events!")).toBeVisible();
    await visitor.goto(`${install.server!.url}/the-lake`);
    await expect(visitor.getByText("No measurements found")).toBeVisible();
    await visitor.goto(`${install.server!.url}/more/meetboard`);
    await expect(visitor.locator("body")).not.toContainText("Halvorsen");
    await visitor.close();
  });
});

test.describe("setup of an install started with SEED=none", () => {
  const install = freshInstall({ SEED: "none" });

  test("asks no start choice: there is no demo to keep or remove", async ({ page }) => {
    await page.goto(install.link);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your association's site" })).toBeVisible();
    await expect(page.getByLabel("Social page link")).toBeVisible();
    await expect(page.getByRole("group", { name: "How the site starts" })).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
  });
});
