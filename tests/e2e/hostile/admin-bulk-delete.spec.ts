/**
 * "Delete selected" on the admin lists (issue 26: clearing the 30 demo readings took 60 clicks): the latest three
 * demo readings chosen by their checkboxes go with one confirmation that names how many, and the public status
 * follows at once. It changes what every visitor sees of the beach, so it runs in the "hostile" project, after the
 * tests that read the beach status; the three readings are put back afterwards.
 */
import { expect, expectModal, expectNoModal, openAdmin, test, withDatabase } from "../admin-helpers.ts";
import { importMeasurements, listMeasurements } from "#app/beach/data/readings.server.ts";
import { shortDate } from "#app/platform/text/format.ts";
import { formatReading } from "#app/beach/BeachStatusBox.tsx";

test("three demo readings selected and deleted together: the confirmation says 3, they are gone, the public status follows", async ({ page, visitor }) => {
  const before = await withDatabase((db) => listMeasurements(db));
  const [a, b, c, next] = before;
  expect(next, "the demo has more than three readings").toBeDefined();
  const chosen = [a!, b!, c!];
  try {
    await openAdmin(page, "/admin/beach-measurements");
    const table = page.locator("table.admin-table");
    for (const reading of chosen) {
      await table.getByRole("checkbox", { name: `Select the reading of ${shortDate(reading.date)}`, exact: true }).check();
    }
    await page.getByRole("button", { name: "Delete selected (3)", exact: true }).click();
    const confirm = await expectModal(page, "Delete 3 readings?");
    await expect(confirm).toContainText("The 3 readings you selected will be deleted.");
    await confirm.getByRole("button", { name: "Delete 3 readings", exact: true }).click();
    await expectNoModal(page);
    await expect(page.getByText("3 readings deleted.", { exact: true })).toBeVisible();

    for (const reading of chosen) await expect(table.locator(`time[datetime="${reading.date}"]`)).toHaveCount(0);
    await expect(table.locator(`time[datetime="${next!.date}"]`).first()).toBeVisible();
    const after = await withDatabase((db) => listMeasurements(db));
    expect(after.map((m) => m.id)).toEqual(before.slice(3).map((m) => m.id));

    // The public status is now the fourth reading's.
    await visitor.goto("/the-lake");
    const box = visitor.locator(".status");
    await expect(box.locator("time")).toHaveAttribute("datetime", next!.date);
    await expect(box.locator("strong")).toHaveText(formatReading(next!.value));
  } finally {
    const left = new Set((await withDatabase((db) => listMeasurements(db))).map((m) => m.id));
    const gone = chosen.filter((m) => !left.has(m.id)).map((m) => ({ date: m.date, value: m.value }));
    if (gone.length > 0) await withDatabase((db) => importMeasurements(db, gone));
  }
});
