/**
 * The public pages with several sites (issue 27), on an install of their own (two beaches and a station would change
 * the single-beach pages the other specs read): the home page shows each beach's status with what decided it and the
 * reading's age; /the-lake keeps the first beach's section and adds one per other site (a beach's status and the link to
 * its page of readings and charts, a station's latest result per parameter and the link to its open-water page); the subscribe form asks whose beach
 * alerts. Axe-clean and without sideways scroll at 390 and 1280 px, and readable without JavaScript.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { addMeasurement } from "#app/beach/data/readings.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { addTestSite } from "../support/sites.ts";
import { DESKTOP, PHONE, shiftDate, waitForHydration } from "./helpers.ts";
import { expectAxeClean } from "./public-page-checks.ts";

let server: RunningServer;
let dir = "";

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "shoreline-sites-"));
  server = await startServer({ DATA_DIR: dir, SEED: "none", ADMIN_EMAIL: "sites@example.org", ADMIN_PASSWORD: "a long enough password" });
  const handle = openDatabase({ dataDir: dir });
  try {
    const { db } = handle;
    const today = todayIn("America/Chicago");
    await addTestSite(db, { id: "north", name: "North Beach", kind: "beach", identifier: "HERON-NORTH", position: 1 });
    await addTestSite(db, { id: "deep", name: "Deep Hole", kind: "station", identifier: "HERON-DEEP1", position: 2 });
    await addMeasurement(db, { date: shiftDate(today, -1), value: 40 });
    await addMeasurement(db, { date: shiftDate(today, -2), value: 30, siteId: "north" });
    await addMeasurement(db, { date: today, value: 9.1, siteId: "north", parameterId: "microcystins" });
    await addMeasurement(db, { date: today, value: 3.5, siteId: "deep", parameterId: "secchi" });
    await addMeasurement(db, { date: today, value: 21.4, siteId: "deep", parameterId: "temperature", depth: 1 });
    await addMeasurement(db, { date: today, value: 12, siteId: "deep", parameterId: "phosphorus", qualifier: "<", detectionLimit: 12 });
  } finally {
    await handle.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("the home page shows each beach's status, what decided it and its age", async ({ page }) => {
  await page.goto(`${server.url}/`);
  const first = page.getByRole("region", { name: "Swimming at Heron Lake Public Beach" });
  await expect(first.locator(".status-badge")).toHaveText(/Open/);
  await expect(first).toContainText("40 E. coli CFU per 100 mL, sampled");
  await expect(first).toContainText("(Yesterday)");
  const north = page.getByRole("region", { name: "Swimming at North Beach" });
  await expect(north.locator(".status-badge")).toHaveText(/Caution/);
  await expect(north).toContainText("Decided by microcystins 9.1 µg/L, sampled");
  await expect(north).toContainText("(2 days ago)");
  await north.getByRole("link", { name: "Beach conditions and the latest readings" }).click();
  await expect(page).toHaveURL(/\/the-lake#site-HERON-NORTH$/);
  await expect(page.getByRole("heading", { level: 2, name: "Beach conditions: North Beach" })).toBeVisible();
});

test("/the-lake has the first beach's section and one per other site", async ({ page }) => {
  await page.goto(`${server.url}/the-lake`);
  await expect(page.getByRole("heading", { level: 2, name: "Beach conditions: Heron Lake Public Beach" })).toBeVisible();
  const north = page.getByRole("region", { name: "Beach conditions: North Beach" });
  await expect(north.locator(".status")).toHaveAttribute("data-status", "Caution");
  await expect(north).toContainText("Decided by microcystins 9.1 µg/L");
  await expect(north).toContainText("Latest reading: 30 E. coli CFU per 100 mL");
  // The Lake is an overview: a beach's readings and charts are on its own page.
  await expect(north.getByRole("link", { name: "Readings and charts for North Beach" })).toHaveAttribute("href", "/the-lake/sites/HERON-NORTH");
  const deep = page.getByRole("region", { name: "Open water: Deep Hole" });
  await expect(deep.getByRole("row", { name: /Secchi depth/ })).toContainText("3.5 m");
  await expect(deep.getByRole("row", { name: /Water temperature/ })).toContainText("21.4 °C at 1 m");
  await expect(deep.getByRole("row", { name: /Total phosphorus/ })).toContainText("<12 µg/L");
  await expect(deep.getByRole("link", { name: "Open-water data for Deep Hole" })).toHaveAttribute("href", "/the-lake/sites/HERON-DEEP1");
  // The first beach's status is its own: North Beach's microcystins do not touch it.
  await expect(page.getByRole("region", { name: "Beach conditions: Heron Lake Public Beach" }).locator(".status").first()).toHaveAttribute("data-status", "Open");
});

test("/the-lake carries the other sites' sections once: in its markup, not again in its hydration data", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${server.url}/the-lake`);
  await waitForHydration(page);
  const handoff = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").filter((t) => t.includes("__reactRouterContext")).join("\n"),
  );
  expect(handoff).toContain("__reactRouterContext");
  // The station's parameters and the other beach's reading are in its sections alone.
  for (const text of ["Total phosphorus", "Secchi depth", "Water temperature"]) expect(handoff).not.toContain(text);
  // Hydrated, the sections are still there, and React said nothing about them.
  await expect(page.getByRole("region", { name: "Open water: Deep Hole" }).getByRole("row", { name: /Secchi depth/ })).toContainText("3.5 m");
  await expect(page.getByRole("link", { name: "Readings and charts for North Beach" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the subscribe form asks whose beach alerts, and wants at least one beach", async ({ page }) => {
  await page.goto(`${server.url}/subscribe`);
  const beaches = page.getByRole("group", { name: "Beach status alerts for" });
  await expect(beaches.getByRole("checkbox")).toHaveCount(2);
  await page.getByLabel("Email address").fill("swimmer@example.org");
  await beaches.getByLabel("Heron Lake Public Beach").uncheck();
  await beaches.getByLabel("North Beach").uncheck();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Choose at least one beach")).toBeVisible();
  await page.getByRole("group", { name: "Beach status alerts for" }).getByLabel("North Beach").check();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toContainText("Check your inbox");
  const handle = openDatabase({ dataDir: dir });
  try {
    const row = await handle.db.selectFrom("subscriber").select(["lists", "beachSites"]).where("email", "=", "swimmer@example.org").executeTakeFirstOrThrow();
    expect(row).toEqual({ lists: "beach", beachSites: "north" });
  } finally {
    await handle.close();
  }
});

for (const size of [PHONE, DESKTOP]) {
  test(`the home page and /the-lake are axe-clean, without sideways scroll, at ${size.width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    for (const address of ["/", "/the-lake"]) {
      await expectAxeClean(page, testInfo, server.url, address);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${address} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${address === "/" ? "home" : "the-lake"}-${size.width}.png`), fullPage: true });
    }
  });
}

test("the Beach Advisory screen chooses a beach; a red bloom report closes it and lifting it reopens it", async ({ page }, testInfo) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill("sites@example.org");
  await page.getByLabel("Password", { exact: true }).fill("a long enough password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectAxeClean(page, testInfo, server.url, "/admin/beach-advisory");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the screen scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`beach-advisory-${size.width}.png`), fullPage: true });
  }
  await page.getByLabel("Beach", { exact: true }).selectOption({ label: "North Beach" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "North Beach" })).toBeVisible();
  await page.getByLabel("Bloom level").selectOption("red");
  await page.getByLabel("Note").fill("Green scum along the swim area");
  await page.getByRole("button", { name: "Post bloom report" }).click();
  await expect(page.getByRole("status")).toContainText("Bloom report posted.");
  await expect(page.getByRole("heading", { name: "In force: bloom report, red (bloom)" })).toBeVisible();

  await page.goto(`${server.url}/`);
  const north = page.getByRole("region", { name: "Swimming at North Beach" });
  await expect(north.locator(".status-badge")).toHaveText(/Closed/);
  await expect(north).toContainText("Bloom report from the board: red (bloom). Green scum along the swim area");
  await expect(page.getByRole("region", { name: "Swimming at Heron Lake Public Beach" }).locator(".status-badge")).toHaveText(/Open/);

  await page.goto(`${server.url}/admin/beach-advisory?site=north`);
  await page.getByRole("button", { name: "Lift advisory" }).click();
  await expect(page.getByRole("status")).toContainText("Advisory lifted.");
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("region", { name: "Swimming at North Beach" }).locator(".status-badge")).toHaveText(/Caution/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the sites are on the pages as served", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(page.getByRole("region", { name: "Swimming at North Beach" })).toContainText("microcystins 9.1 µg/L");
    await page.goto(`${server.url}/the-lake`);
    await expect(page.getByRole("link", { name: "Open-water data for Deep Hole" })).toBeVisible();
  });
});
