/**
 * The lab file import as the board uses it (issue 27): a Chicago Park District workbook of 2013 (the old .xls, cut
 * to three sheets; tests/fixtures/lab-files/README.md) uploaded from the Measurements screen with its progress bar,
 * one column corrected (its dates are in "Sample Collection Time"), every problem named by sheet and line, the
 * beaches it names created on confirmation, and its good rows imported. The mapping step is axe-clean and does not
 * scroll sideways at 390 and 1280 px. What it adds (readings, sites, the remembered mapping) is removed after it, so
 * that the install keeps its one beach for the other tests.
 */
import path from "node:path";
import { DESKTOP, expect, expectNoAxeViolations, openAdmin, PHONE, REPO_ROOT, test, withDatabase } from "./admin-helpers.ts";
import { expectNoSidewaysScroll } from "./admin-screen-checks.ts";
import { deleteMeasurements } from "#app/beach/data/readings.server.ts";
import { listSites } from "#app/beach/data/sites.server.ts";

const WORKBOOK = path.join(REPO_ROOT, "tests/fixtures/lab-files/chicago-2013-lab-results-cut.xls");
const BEACHES = ["57th", "Oakwood", "31st", "12th", "Ohio", "Oak", "North Ave", "Montrose Dog", "Montrose", "Foster", "Hollywood/Osterman", "Hartigan", "Leone", "Jarvis/Fargo", "Howard", "Rogers", "Juneway", "Calumet", "Rainbow", "South Shore", "Jackson/63rd", "Humbolt"];

/** Removes the readings of 2013 and the sites the workbook made, and every remembered mapping. */
async function cleanUp(): Promise<void> {
  await withDatabase(async (db) => {
    const sites = (await listSites(db)).filter((s) => BEACHES.includes(s.name));
    const ids = sites.map((s) => s.id);
    if (ids.length === 0) return;
    const readings = await db.selectFrom("measurement").select("id").where("siteId", "in", ids).execute();
    await deleteMeasurements(db, readings.map((r) => r.id));
    await db.deleteFrom("monitoring_site").where("id", "in", ids).execute();
    await db.deleteFrom("lab_file_mapping").execute();
  });
}

test.describe("lab file import", () => {
  test.beforeAll(cleanUp);
  test.afterAll(cleanUp);

  test("uploads a workbook, corrects one column, sees the problems by sheet and line, imports the good rows", async ({ page }, testInfo) => {
    await openAdmin(page, "/admin/beach-measurements");
    await page.getByLabel("Lab file", { exact: true }).setInputFiles(WORKBOOK);
    await page.getByRole("button", { name: "Upload and read", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/beach-measurements\/import\?file=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import a lab file");
    await expect(page.getByText(/^chicago-2013-lab-results-cut\.xls \(Excel 97–2003 workbook, 3 sheets\)\./)).toBeVisible();

    // The guess: no column is named as a date; the form says so beside the field.
    const columns = page.getByRole("group", { name: "Columns" });
    const date = columns.getByLabel("Sample date", { exact: true });
    await expect(date).toHaveValue("");
    await expect(date).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Choose the column of the sample dates.", { exact: true })).toBeVisible();
    await expect(columns.getByLabel("Site", { exact: true })).toHaveValue("Client ID");
    await expect(columns.getByLabel("Result", { exact: true })).toHaveValue("Escherichia coli");
    await expect(page.getByRole("button", { name: /^Import (all|the)/ })).toHaveCount(0);

    for (const width of [PHONE, DESKTOP]) {
      await page.setViewportSize(width);
      await expectNoAxeViolations(page, testInfo, `mapping step at ${width.width}px`);
      await expectNoSidewaysScroll(page, `mapping step at ${width.width} px`);
    }

    // The board corrects the date column: the sample's date and time are in "Sample Collection Time".
    await date.selectOption("Sample Collection Time");
    await columns.getByLabel("Time", { exact: true }).selectOption("");
    await page.getByRole("button", { name: "Check the file again", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toBeVisible();
    await expect(preview.getByText('sheet "May 18", line 2: value #NUM! is a formula error, not a result', { exact: true })).toBeVisible();
    await expect(preview.getByText('sheet "May 28", line 22: date "9:45/45" is not a date such as 2026-11-16 or 11/16/2026', { exact: true })).toBeVisible();
    await expect(preview.getByText('sheet "May 27", line 6: site "57th" is not one of the sites', { exact: true })).toBeVisible();

    // The beaches are created only once the board confirms it; the count of good rows follows.
    await page.getByLabel("Create these sites", { exact: true }).check();
    await page.getByRole("button", { name: "Check the file again", exact: true }).click();
    await expect(preview.getByText(/site ".+" is not one of the sites/)).toHaveCount(0);
    const importGood = page.getByRole("button", { name: /^Import the \d+ good rows$/ });
    await expect(importGood).toBeVisible();
    const good = Number(/\d+/.exec((await importGood.textContent()) ?? "")![0]);
    expect(good).toBeGreaterThan(0);
    for (const width of [PHONE, DESKTOP]) {
      await page.setViewportSize(width);
      await expectNoAxeViolations(page, testInfo, `preview at ${width.width}px`);
      await expectNoSidewaysScroll(page, `preview at ${width.width} px`);
    }

    await importGood.click();
    await expect(page).toHaveURL(new RegExp(`/admin/beach-measurements\\?imported=${good}-0$`));
    await expect(page.getByText(`Imported ${good} measurements; 0 duplicates skipped.`, { exact: true })).toBeVisible();
    const stored = await withDatabase(async (db) => {
      const sites = new Map((await listSites(db)).map((s) => [s.id, s.name]));
      return (await db.selectFrom("measurement").selectAll().where("date", "like", "2013-05-%").execute()).map((m) => ({ site: sites.get(m.siteId ?? ""), date: m.date, time: m.time, value: Number(m.value) }));
    });
    expect(stored).toHaveLength(good);
    expect(stored).toContainEqual({ site: "57th", date: "2013-05-27", time: "09:56", value: 45.799563316695505 });
  });
});
