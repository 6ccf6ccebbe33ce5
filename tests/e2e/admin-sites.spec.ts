/**
 * The lake's sites and catalogue in the browser (issue 27, points 1, 2 and 8), through visible labels and roles: the
 * board adds an open-water station with coordinates and a parameter of its own, records a "<10" microcystins result
 * at the station and sees it listed as the lab wrote it; /the-lake then has the map and its table; removing the
 * station asks first and counts its results. The lake outline is uploaded on the Sites screen: a bad file is refused
 * beside the field, a real outline is taken.
 *
 * The server and database are shared with the other tests: the station's result is dated long ago (it never becomes
 * the latest reading), names carry a unique tag, and everything added is removed again, outline included.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { associationToday, expect, expectModal, expectNoAxeViolations, expectNoModal, FIXTURES, openAdmin, shiftDate, test, unique, waitForHydration, withDatabase } from "./admin-helpers.ts";
import { listSites, removeSite } from "#app/beach/data/sites.server.ts";
import { listParameters, removeParameter } from "#app/beach/data/parameters.server.ts";
import { saveLakeOutline } from "#app/beach/data/lake-outline.server.ts";

const OUTLINE = path.resolve(FIXTURES, "../../fixtures/lake-outline/lake-ontario.geojson");

/** Removes the sites and parameters whose names carry `tag` (clean-up, also after a failure). */
async function removeTagged(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const site of await listSites(db)) if (site.name.includes(tag)) await removeSite(db, site.id);
    for (const parameter of await listParameters(db)) if (parameter.name.includes(tag)) await removeParameter(db, parameter.id).catch(() => false);
  });
}

function rowOf(page: Page, text: string) {
  return page.locator("tbody tr").filter({ hasText: text });
}

test.describe("sites, parameters and lab results", () => {
  const tag = unique();
  test.afterAll(async () => {
    await removeTagged(tag);
  });

  test("a station with coordinates, a parameter of the board's own, and a <10 microcystins result at the station", async ({ page, visitor }, testInfo) => {
    test.setTimeout(90_000);
    const station = `Deep hole ${tag}`;
    await openAdmin(page, "/admin/sites");

    // The station, its identifier left to the name.
    await page.getByRole("link", { name: "Add Site", exact: true }).click();
    const add = await expectModal(page, "Add a New Site");
    await add.getByLabel("Name", { exact: true }).fill(station);
    // The identifier left empty is made from the name: its placeholder says which.
    await expect(add.getByLabel("Identifier (optional)")).toHaveAttribute("placeholder", `DEEP-HOLE-${tag.toUpperCase()}`);
    await expectNoAxeViolations(page, testInfo, "the Add a New Site modal");
    await add.getByLabel("Kind", { exact: true }).selectOption({ label: "Open-water station" });
    await add.getByLabel("Latitude (optional)").fill("91");
    await add.getByLabel("Longitude (optional)").fill("-77.8");
    await add.getByRole("button", { name: "Add Site", exact: true }).click();
    // Out of range: refused beside the field, everything typed kept.
    const again = await expectModal(page, "Add a New Site");
    await expect(again.getByText("Enter the latitude in decimal degrees, from -90 to 90 (e.g. 45.12345)", { exact: true })).toBeVisible();
    await expect(again.getByLabel("Name", { exact: true })).toHaveValue(station);
    await again.getByLabel("Latitude (optional)").fill("43.6");
    await again.getByRole("button", { name: "Add Site", exact: true }).click();
    await expectNoModal(page);
    const row = rowOf(page, station);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Open-water station");
    await expect(row).toContainText(`DEEP-HOLE-${tag.toUpperCase()}`);
    await expect(row).toContainText("43.6° N, 77.8° W");

    // A parameter of the board's own.
    const turbidity = `Turbidity ${tag}`;
    await page.goto("/admin/parameters");
    await expect(rowOf(page, "Escherichia coli")).toContainText("Built in");
    await page.getByRole("link", { name: "Add Parameter", exact: true }).click();
    const parameter = await expectModal(page, "Add a New Parameter");
    await parameter.getByLabel("Name", { exact: true }).fill(turbidity);
    await parameter.getByLabel("WQX characteristic name").fill(`Turbidity ${tag}`);
    await parameter.getByLabel("WQX unit code").fill("NTU");
    await parameter.getByLabel("Unit as people read it").fill("NTU");
    await parameter.getByLabel("Smallest value").fill("0");
    await parameter.getByLabel("Largest value").fill("4000");
    await parameter.getByRole("button", { name: "Add Parameter", exact: true }).click();
    await expectNoModal(page);
    await expect(rowOf(page, turbidity)).toContainText("0 to 4,000");
    await expect(rowOf(page, turbidity).getByRole("link", { name: `Edit ${turbidity}` })).toBeVisible();

    // A microcystins result below the detection limit, at the station, long ago.
    const date = shiftDate(associationToday(), -(500 + Math.floor(Math.random() * 5000)));
    await page.goto("/admin/beach-measurements");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Result", exact: true }) });
    await form.getByLabel("Site sampled").selectOption({ label: station });
    await form.getByLabel("Parameter", { exact: true }).selectOption({ label: "Microcystins (µg/L)" });
    await form.getByLabel("Date sampled").fill(date);
    await form.getByLabel("Result as the lab wrote it").fill("<10");
    await form.getByRole("button", { name: "Add Result", exact: true }).click();
    await expect(page.getByText("Measurement added successfully!", { exact: true })).toBeVisible();
    await page.goto(`/admin/beach-measurements?q=${date}`);
    const result = page.locator("tbody tr").filter({ has: page.locator(`time[datetime="${date}"]`) }).filter({ hasText: station });
    await expect(result).toHaveCount(1);
    await expect(result.getByRole("cell", { name: "<10", exact: true })).toBeVisible();
    await expect(result).toContainText("Microcystins (µg/L)");

    // The map and its table on /the-lake, hydrated without a complaint (the map is the server's HTML, kept as it is).
    const complaints: string[] = [];
    visitor.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") complaints.push(message.text());
    });
    await visitor.goto("/the-lake");
    await waitForHydration(visitor);
    const map = visitor.getByRole("region", { name: "Where we sample" });
    await expect(map.getByRole("img", { name: "Map of the lake's sampling sites" })).toBeVisible();
    await expect(map.getByRole("row", { name: new RegExp(`^${station} Open-water station 43\\.6° N, 77\\.8° W`) })).toBeVisible();
    await expect(map.getByRole("link", { name: `Status at ${station}` })).toBeVisible();
    expect(complaints).toEqual([]);
    // Clean under axe and without sideways scroll, on a phone and a desktop.
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 844 });
      await visitor.goto("/the-lake");
      await waitForHydration(visitor);
      await expectNoAxeViolations(visitor, testInfo, `/the-lake with its map at ${width} px`);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `no sideways scroll at ${width} px`).toBe(true);
    }

    // Removing the station says that its result goes with it.
    await page.goto("/admin/sites");
    await rowOf(page, station).getByRole("link", { name: `Delete ${station}` }).click();
    const confirm = await expectModal(page, "Delete this site?");
    await expect(confirm).toContainText(`“${station}” will be removed, with its 1 result. This cannot be undone.`);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNoModal(page);
    await expect(rowOf(page, station)).toHaveCount(0);
    await page.goto(`/admin/beach-measurements?q=${date}`);
    await expect(page.locator("tbody tr").filter({ hasText: station })).toHaveCount(0);

    // The parameter, without results, can go too.
    await page.goto("/admin/parameters");
    await rowOf(page, turbidity).getByRole("link", { name: `Delete ${turbidity}` }).click();
    await (await expectModal(page, "Delete this parameter?")).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(rowOf(page, turbidity)).toHaveCount(0);
  });

  test("the lake's only beach cannot be removed: its confirmation says so", async ({ page }) => {
    await openAdmin(page, "/admin/sites");
    const beaches = await withDatabase(async (db) => (await listSites(db)).filter((s) => s.kind === "beach"));
    test.skip(beaches.length !== 1, "another test's beach is on the shared database");
    await page.goto(`/admin/sites?delete=${beaches[0]!.id}`);
    const confirm = await expectModal(page, "Delete this site?");
    await expect(confirm).toContainText("is the lake's only beach and cannot be removed: add another beach first.");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("The lake's only beach cannot be removed: add another beach first.", { exact: true })).toBeVisible();
    expect((await withDatabase((db) => listSites(db))).some((s) => s.id === beaches[0]!.id)).toBe(true);
  });

  test("the lake outline: a bad file is refused beside the field, a real outline is taken", async ({ page }) => {
    try {
      await openAdmin(page, "/admin/sites");
      const field = page.getByLabel("Outline file (GeoJSON)");
      await field.setInputFiles({ name: "point.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify({ type: "Point", coordinates: [-77, 43] })) });
      await page.getByRole("button", { name: "Upload outline", exact: true }).click();
      await expect(page.locator("#outline-error")).toHaveText(
        "That file is not a lake outline: GeoJSON of type Polygon, MultiPolygon, Feature or FeatureCollection is needed, not Point.",
      );
      await expect(page.getByLabel("Outline file (GeoJSON)")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Outline file (GeoJSON)").setInputFiles(OUTLINE);
      await page.getByRole("button", { name: "Upload outline", exact: true }).click();
      await expect(page.getByText("The lake outline was saved.", { exact: true })).toBeVisible();
      await expect(page.getByText("The Lake page draws the outline you uploaded (1 polygon, 17 points)", { exact: false })).toBeVisible();
      await page.getByRole("button", { name: "Remove outline", exact: true }).click();
      await expect(page.getByText("The lake outline was removed.", { exact: true })).toBeVisible();
    } finally {
      await withDatabase((db) => saveLakeOutline(db, null));
    }
  });
});
