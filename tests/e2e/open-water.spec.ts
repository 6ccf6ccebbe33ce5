/**
 * A site's page (/the-lake/sites/:identifier, issue 27 point 5) for an open-water station with six summers of
 * results (tests/support/open-water-station.ts), written into the server's database: its summer means with Carlson's
 * indices and trophic class, the trends in words, the latest profile by depth, a chart and a table per parameter; at
 * 390 and 1280 px, clean under axe, without sideways scroll, and without JavaScript. An unknown identifier is a 404;
 * a site with fewer than 5 summers says how many it has.
 */
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "#app/platform/data/db.server.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { importMeasurements } from "#app/beach/data/readings.server.ts";
import { trophicClass, tsiFromChlorophyll, tsiFromPhosphorus, tsiFromSecchi } from "#app/beach/trophic-state.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { formatResult } from "#app/beach/open-water-report.ts";
import { DATA_DIR, DESKTOP, PHONE, unique, waitForHydration } from "./helpers.ts";
import { expectAxeClean } from "./public-page-checks.ts";
import { addStation, PROFILE_DEPTHS, stationYears, SUMMER_MEANS } from "../support/open-water-station.ts";

// One worker runs this file's tests in order: the station is written once. Two workers each writing theirs in a
// transaction that reads before it writes can deadlock on SQLite ("database is locked").
test.describe.configure({ mode: "default" });

const tag = unique();
const STATION = { identifier: `E2E-DEEP-${tag}`, name: `Deep hole ${tag}` };
const YOUNG = { identifier: `E2E-YOUNG-${tag}`, name: `North basin ${tag}` };
const siteIds: string[] = [];

async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = openDatabase({ dataDir: DATA_DIR });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

test.beforeAll(async () => {
  await withDb(async (db) => {
    siteIds.push(await addStation(db, STATION));
    const at = Date.now();
    const id = crypto.randomUUID();
    await db.insertInto("monitoring_site").values({ id, name: YOUNG.name, kind: "station", identifier: YOUNG.identifier, latitude: null, longitude: null, position: 101, createdAt: at, updatedAt: at }).execute();
    siteIds.push(id);
    await importMeasurements(db, stationYears().slice(-3).map((year) => ({ siteId: id, parameterId: "secchi", date: `${year}-07-20`, value: 3 })), at);
  });
});

test.afterAll(async () => {
  await withDb(async (db) => {
    await db.deleteFrom("measurement").where("siteId", "in", siteIds).execute();
    await db.deleteFrom("monitoring_site").where("id", "in", siteIds).execute();
  });
});

const address = (identifier: string) => `/the-lake/sites/${encodeURIComponent(identifier)}`;
const tsi = (value: number | null) => formatNumber(value!, 1);

/** What the station's page must say, whether or not JavaScript runs. */
async function expectStationContent(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: STATION.name })).toBeVisible();
  await expect(main.getByText(`Open-water station · site identifier ${STATION.identifier}`)).toBeVisible();

  // Each summer, newest first, with its Secchi depth, phosphorus and chlorophyll-a means, the three indices and the
  // class (chlorophyll-a decides it); the other parameters' means in a table of their own.
  const trophic = main.getByRole("table", { name: "Trophic state by summer, newest first" });
  const others = main.getByRole("table", { name: "Summer means of the other parameters, newest first" });
  const years = stationYears();
  await expect(trophic.getByRole("row")).toHaveCount(1 + years.length);
  await expect(others.getByRole("row")).toHaveCount(1 + years.length);
  for (const [i, year] of years.entries()) {
    const sd = SUMMER_MEANS.secchi[i]!;
    const tp = SUMMER_MEANS.phosphorus[i]!;
    const chl = SUMMER_MEANS.chlorophyll[i]!;
    const row = trophic.getByRole("row", { name: new RegExp(`^${year} `) });
    await expect(row.getByRole("cell")).toHaveText([
      formatResult(sd),
      formatResult(tp),
      formatResult(chl),
      tsi(tsiFromSecchi(sd)),
      tsi(tsiFromPhosphorus(tp)),
      tsi(tsiFromChlorophyll(chl)),
      trophicClass(tsiFromChlorophyll(chl)!),
    ]);
    // Water temperature and dissolved oxygen at 0 and 2 m of both profiles (24 and 23.5 °C, 8.5 mg/L).
    await expect(others.getByRole("row", { name: new RegExp(`^${year} `) }).getByRole("cell")).toHaveText(["23.8", "8.5"]);
  }

  // Trends in words that fit each parameter: Secchi depth rising is better, phosphorus falling is better.
  const trends = main.getByRole("region", { name: "Trends" });
  await expect(trends.getByRole("listitem").filter({ hasText: "Secchi depth:" })).toContainText(/Improving: Secchi depth is rising\. Sen's slope \+0\.\d+ m per year, p = 0\.0\d\d \(6 summers\)\./);
  await expect(trends.getByRole("listitem").filter({ hasText: "Total phosphorus:" })).toContainText("Improving: Total phosphorus is falling. Sen's slope \u2212");

  // The latest profile by depth.
  const profile = main.getByRole("region", { name: "Profile by depth" });
  await expect(profile.getByText(/The latest profile, Sep 10, \d{4}: water temperature and dissolved oxygen from the surface down\./)).toBeVisible();
  await expect(profile.getByRole("table").getByRole("row")).toHaveCount(1 + PROFILE_DEPTHS.length);
  await expect(profile.getByRole("row", { name: /^12 / }).getByRole("cell")).toHaveText(["8", "0.5"]);

  // A table per parameter over the years (the chart's figures), under the chart.
  const over = main.getByRole("region", { name: "Over the years" });
  for (const name of ["Secchi depth (m)", "Water temperature (°C)", "Dissolved oxygen (mg/L)", "Total phosphorus (µg/L)", "Chlorophyll-a (µg/L)"]) {
    await expect(over.getByRole("heading", { level: 3, name })).toBeVisible();
  }
  await expect(over.getByText("Secchi depth as a table")).toBeVisible();
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a station's page at ${viewport.width} px: means, TSI, trends, profile and charts, axe clean, no sideways scroll`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize(viewport);
    await expectAxeClean(page, testInfo, baseURL!, address(STATION.identifier));
    await expectStationContent(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The charts are drawn once near the screen: the profile's and the first over the years.
    const profileChart = page.locator(".profile-chart").first();
    await profileChart.scrollIntoViewIfNeeded();
    await expect(profileChart.locator("canvas")).toHaveCount(1);
    const firstChart = page.getByRole("region", { name: "Over the years" }).locator(".chart-box").first();
    await firstChart.scrollIntoViewIfNeeded();
    await expect(firstChart.locator("canvas")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`station-${viewport.width}.png`), fullPage: true });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a station's page shows every figure in its tables, and says the chart is not available", async ({ page }) => {
    const response = await page.goto(address(STATION.identifier));
    expect(response?.status()).toBe(200);
    await expectStationContent(page);
    await expect(page.locator(".chart-box").first().getByText("Chart not available...", { exact: true })).toBeVisible();
  });
});

test("an unknown site is a 404", async ({ page }) => {
  const response = await page.goto(address(`NO-SUCH-SITE-${tag}`));
  expect(response?.status()).toBe(404);
});

test("a site with 3 summers says a trend needs 5", async ({ page }) => {
  await page.goto(address(YOUNG.identifier));
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Trends" })).toContainText("A trend needs 5 years of summer results; this site has 3.");
});
