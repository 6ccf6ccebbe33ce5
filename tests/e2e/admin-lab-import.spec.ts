/**
 * The lab file import as the board uses it (issue 27): a Chicago Park District workbook of 2013 (the old .xls, cut
 * to three sheets; tests/fixtures/lab-files/README.md) uploaded from the Measurements screen with its progress bar,
 * its columns corrected (its dates are in "Sample Collection Time"; its beaches are not this install's, so its
 * results go to the first beach here rather than to new sites, which would give the install more beaches while
 * other tests run), every problem named by sheet and line, and its good rows imported. The mapping step is
 * axe-clean and does not scroll sideways at 390 and 1280 px. What it adds is removed after it.
 */
import path from "node:path";
import { DESKTOP, expect, expectNoAxeViolations, openAdmin, PHONE, REPO_ROOT, test, withDatabase } from "./admin-helpers.ts";
import { expectNoSidewaysScroll } from "./admin-screen-checks.ts";
import { deleteMeasurements } from "#app/beach/data/readings.server.ts";

const WORKBOOK = path.join(REPO_ROOT, "tests/fixtures/lab-files/chicago-2013-lab-results-cut.xls");

/** Removes the readings of May 2013 stored since `since` (the demo's own Montrose readings of 2013 stay), and the remembered mappings. */
async function cleanUp(since: number): Promise<void> {
  await withDatabase(async (db) => {
    const readings = await db.selectFrom("measurement").select("id").where("date", "like", "2013-05-%").where("createdAt", ">=", since).execute();
    await deleteMeasurements(db, readings.map((r) => r.id));
    await db.deleteFrom("lab_file_mapping").execute();
  });
}

test.describe("lab file import", () => {
  const started = Date.now();
  test.afterAll(() => cleanUp(started));

  test("uploads a workbook, corrects its columns, sees the problems by sheet and line, imports the good rows", async ({ page }, testInfo) => {
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
    await expect(page.getByRole("button", { name: /^Import (\d|the)/ })).toHaveCount(0);

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
    await expect(preview.getByRole("heading", { name: "Sites not known yet" })).toBeVisible();
    await expect(page.getByLabel("Create these sites", { exact: true })).not.toBeChecked();
    for (const width of [PHONE, DESKTOP]) {
      await page.setViewportSize(width);
      await expectNoAxeViolations(page, testInfo, `preview at ${width.width}px`);
      await expectNoSidewaysScroll(page, `preview at ${width.width} px`);
    }

    // Here the results go to the install's first beach: no site column.
    await columns.getByLabel("Site", { exact: true }).selectOption("");
    await page.getByRole("button", { name: "Check the file again", exact: true }).click();
    await expect(preview.getByText(/site ".+" is not one of the sites/)).toHaveCount(0);
    await expect(preview.getByText('sheet "May 18", line 2: value #NUM! is a formula error, not a result', { exact: true })).toBeVisible();
    const importGood = page.getByRole("button", { name: /^Import the \d+ good rows$/ });
    await expect(importGood).toBeVisible();
    const good = Number(/\d+/.exec((await importGood.textContent()) ?? "")![0]);
    expect(good).toBeGreaterThan(0);

    await importGood.click();
    await expect(page).toHaveURL(/\/admin\/beach-measurements\?imported=\d+-\d+$/);
    const [added, skipped] = new URL(page.url()).searchParams.get("imported")!.split("-").map(Number) as [number, number];
    // The demo holds Montrose's readings of 2013: the same results in the workbook are skipped as duplicates.
    expect(added + skipped).toBe(good);
    await expect(page.getByText(`Imported ${added} measurement${added === 1 ? "" : "s"}; ${skipped} duplicate${skipped === 1 ? "" : "s"} skipped.`, { exact: true })).toBeVisible();
    const stored = await withDatabase(async (db) =>
      (await db.selectFrom("measurement").selectAll().where("date", "=", "2013-05-27").where("createdAt", ">=", started).execute()).map((m) => ({ date: m.date, time: m.time, value: Number(m.value) })),
    );
    // 57th Street, 2013-05-27 at 09:56: readings 43.7 and 48, geometric mean 45.7995…
    expect(stored).toContainEqual({ date: "2013-05-27", time: "09:56", value: 45.799563316695505 });
  });
});
