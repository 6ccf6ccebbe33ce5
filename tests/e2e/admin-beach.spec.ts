/**
 * Admin beach measurements (spec §2: form, table sortable by date, delete confirmation; §4: status rules, the admin
 * table treating 1000 and above as Closed; §5: validation messages; §9: success message 3 s), the lab file import,
 * and the public effect on /the-lake.
 *
 * Readings are dated long ago (a year and more) so that they never become the latest reading the public tests
 * check, except in the one test that must change the beach status: it adds a reading dated today, checks
 * /the-lake and deletes it again (the latest reading stays dated "Today" all along).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { associationToday, expect, expectModal, expectNoModal, FIXTURES, openAdmin, shiftDate, test, timeShown, waitForHydration, withDatabase } from "./admin-helpers.ts";
import { deleteMeasurement, listMeasurements } from "#app/beach/data/readings.server.ts";
import { shortDate } from "#app/platform/text/format.ts";

const BASE = "/admin/beach-measurements";

/** A random date between about 400 days and 25 years ago: unlikely to be shared with another test's reading. */
function longAgo(): string {
  return shiftDate(associationToday(), -(400 + Math.floor(Math.random() * 9000)));
}

/** Deletes the readings with these dates and values that were stored from `since` on (clean-up). */
async function removeReadings(readings: { date: string; value: number }[], since = 0): Promise<void> {
  if (readings.length === 0) return;
  await withDatabase(async (db) => {
    for (const m of await listMeasurements(db)) {
      if (m.createdAt >= since && readings.some((r) => r.date === m.date && r.value === m.value)) await deleteMeasurement(db, m.id);
    }
  });
}

/** The admin table rows of a date (and value, as shown). */
function rows(page: Page, date: string, shownValue?: string) {
  let r = page.locator("tbody tr").filter({ has: page.locator(`time[datetime="${date}"]`) });
  if (shownValue !== undefined) r = r.filter({ has: page.getByRole("cell", { name: shownValue, exact: true }) });
  return r;
}

const dateField = (page: Page) => page.getByLabel("Sample date", { exact: true });
const valueField = (page: Page) => page.getByLabel("E. coli (CFU per 100 mL)", { exact: true });
const addButton = (page: Page) => page.getByRole("button", { name: "Add Measurement", exact: true });

/** Adds a reading through the form and waits for the success message. */
async function addReading(page: Page, date: string, value: string): Promise<void> {
  await dateField(page).fill(date);
  await valueField(page).fill(value);
  await addButton(page).click();
  await expect(page.getByText("Measurement added successfully!", { exact: true })).toBeVisible();
}

test.describe("admin beach measurements", () => {
  /** The readings this test adds, removed after it (only those stored since it started: never a seeded one). */
  const added: { date: string; value: number }[] = [];
  let started = 0;
  test.beforeEach(() => {
    started = Date.now();
  });
  test.afterEach(async () => {
    await removeReadings(added.splice(0), started);
  });

  test("the form checks the date and the value with the specification's messages", async ({ page }) => {
    await openAdmin(page, BASE);
    await expect(dateField(page)).toHaveValue(associationToday());
    await expect(dateField(page)).toHaveAttribute("required", "");
    await expect(dateField(page)).toHaveAttribute("max", associationToday());
    await expect(valueField(page)).toHaveAttribute("required", "");
    await expect(valueField(page)).toHaveAttribute("min", "0");
    await expect(valueField(page)).toHaveAttribute("max", "1000000");

    // The browser stops an empty date first.
    await dateField(page).fill("");
    await valueField(page).fill("10");
    await addButton(page).click();
    expect(await dateField(page).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    // The server says it too, when the browser's checks are off.
    await page.locator("form").filter({ has: addButton(page) }).evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await addButton(page).click();
    await expect(page.locator("#date-error")).toHaveText("Please enter a valid date");
    await expect(dateField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(valueField(page)).toHaveValue("10");

    // A negative value.
    const date = longAgo();
    await page.locator("form").filter({ has: addButton(page) }).evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await dateField(page).fill(date);
    await valueField(page).fill("-5");
    await addButton(page).click();
    await expect(page.locator("#value-error")).toHaveText("Please enter a valid positive number for the measurement value");
    await expect(page.locator("#date-error")).toHaveCount(0);
    await expect(dateField(page)).toHaveValue(date);
    await expect(rows(page, date)).toHaveCount(0);

    // The browser alone refuses a negative value too (min 0).
    await page.reload();
    await waitForHydration(page);
    await dateField(page).fill(date);
    await valueField(page).fill("-5");
    await addButton(page).click();
    expect(await valueField(page).evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
    await expect(page.getByText("Measurement added successfully!")).toHaveCount(0);
  });

  test("a fractional value is accepted; Measurement added successfully! shows for about 3 s; delete asks first", async ({ page }) => {
    const date = longAgo();
    added.push({ date, value: 123.4 });
    await openAdmin(page, BASE);
    await dateField(page).fill(date);
    await valueField(page).fill("123.4");
    const shown = timeShown(page, "p.success", /^Measurement added successfully!$/);
    await addButton(page).click();
    const row = rows(page, date, "123.4");
    await expect(row).toHaveCount(1);
    await expect(row.locator(".status-chip")).toHaveText("Open");
    // The form is ready for the next reading.
    await expect(valueField(page)).toHaveValue("");
    const shownFor = await shown;
    expect(shownFor).toBeGreaterThanOrEqual(2_700);
    expect(shownFor).toBeLessThan(3_700);

    // Delete asks first; Cancel keeps the row.
    await row.getByRole("link", { name: `Delete the reading of ${shortDate(date)}` }).click();
    let confirm = await expectModal(page, "Delete this measurement?");
    await expect(confirm).toContainText(`The reading of 123.4 on ${shortDate(date)} will be deleted. This cannot be undone.`);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expectNoModal(page);
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Delete the reading of ${shortDate(date)}` }).click();
    confirm = await expectModal(page, "Delete this measurement?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNoModal(page);
    await expect(rows(page, date, "123.4")).toHaveCount(0);
  });

  test("each row shows its status by the admin rules: 1000 is Closed, 235 Caution, 234 Open", async ({ page }) => {
    const readings = [
      { date: longAgo(), value: 1000, status: "Closed", shown: "1,000" },
      { date: longAgo(), value: 235, status: "Caution", shown: "235" },
      { date: longAgo(), value: 234, status: "Open", shown: "234" },
    ];
    added.push(...readings);
    await openAdmin(page, BASE);
    for (const r of readings) {
      await addReading(page, r.date, String(r.value));
      await expect(rows(page, r.date, r.shown).locator(".status-chip")).toHaveText(r.status);
    }
  });

  test("the table sorts by date both ways from the Date header", async ({ page }) => {
    await openAdmin(page, BASE);
    const header = page.getByRole("columnheader", { name: /^Date/ });
    const dates = () => page.locator("tbody tr time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    await expect(header).toHaveAttribute("aria-sort", "descending");
    let shown = await dates();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort().reverse());

    await header.getByRole("link").click();
    await expect(page).toHaveURL(`${BASE}?sort=asc`);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    shown = await dates();
    expect(shown).toEqual([...shown].sort());
    await expect(header.getByRole("link")).toHaveAccessibleName(/sorted oldest first; sort the other way/);

    await header.getByRole("link").click();
    await expect(page).toHaveURL(`${BASE}?sort=desc`);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    shown = await dates();
    expect(shown).toEqual([...shown].sort().reverse());
  });

  test("a reading of 1500 dated today closes the beach on /the-lake; deleting it restores the status", async ({ page, visitor }) => {
    const today = associationToday();
    added.push({ date: today, value: 1500 });
    await visitor.goto("/the-lake");
    const status = visitor.locator(".status[role=status]");
    await expect(status).toBeVisible();
    const before = { status: await status.getAttribute("data-status"), text: await status.textContent() };
    expect(before.text).toContain("(Today)");

    await openAdmin(page, BASE);
    await addReading(page, today, "1500");
    await expect(rows(page, today, "1,500").locator(".status-chip")).toHaveText("Closed");

    await visitor.goto("/the-lake");
    await expect(status).toHaveAttribute("data-status", "Closed");
    await expect(status.locator(".status-label")).toContainText("Closed");
    await expect(status).toContainText("Stay out of the water.");
    await expect(status).toContainText(`Latest reading: 1,500 E. coli CFU per 100 mL, sampled ${shortDate(today)} (Today).`);

    await rows(page, today, "1,500").getByRole("link", { name: /^Delete the reading of/ }).click();
    const confirm = await expectModal(page, "Delete this measurement?");
    await expect(confirm).toContainText(`The reading of 1500 on ${shortDate(today)} will be deleted.`);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(rows(page, today, "1,500")).toHaveCount(0);

    await visitor.goto("/the-lake");
    await expect(status).not.toContainText("Latest reading: 1,500 ");
    await expect(status).toHaveAttribute("data-status", before.status!);
    expect(await status.textContent()).toBe(before.text);
  });

  test("lab file import: a preview of the first results, then Imported N measurements; M duplicates skipped.", async ({ page }) => {
    const csv = await readFile(path.join(FIXTURES, "admin-readings.csv"), "utf8");
    const readings = csv.trim().split("\n").slice(1).map((line) => ({ date: line.split(",")[0]!, value: Number(line.split(",")[1]) }));
    // The fixture's dates are fixed: start from none of them, whatever ran before on this database.
    await removeReadings(readings);
    added.push(...readings);
    await openAdmin(page, BASE);

    await page.getByLabel("Lab file", { exact: true }).setInputFiles(path.join(FIXTURES, "admin-readings.csv"));
    await page.getByRole("button", { name: "Upload and read", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/beach-measurements\/import\?file=/);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("4 good rows, no problems.");
    await expect(preview.getByRole("listitem")).toHaveText([
      new RegExp(`^line 2: ${shortDate("1999-06-01")}, .+, E\\. coli 12 CFU per 100 mL$`),
      new RegExp(`^line 3: ${shortDate("1999-06-08")}, .+, E\\. coli 250\\.5 CFU per 100 mL$`),
      new RegExp(`^line 4: ${shortDate("1999-06-15")}, .+, E\\. coli 1200 CFU per 100 mL$`),
      new RegExp(`^line 5: ${shortDate("1999-06-08")}, .+, E\\. coli 250\\.5 CFU per 100 mL$`),
    ]);
    // Nothing is saved by the preview.
    expect(await withDatabase(async (db) => (await listMeasurements(db)).filter((m) => m.date === "1999-06-01"))).toEqual([]);

    const shown = timeShown(page, "p.success", /^Imported 3 measurements; 1 duplicate skipped\.$/);
    await page.getByRole("button", { name: "Import 4 rows", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/beach-measurements\?imported=3-1$/);
    await expect(page.getByText("Imported 3 measurements; 1 duplicate skipped.", { exact: true })).toBeVisible();
    await expect(rows(page, "1999-06-01", "12")).toHaveCount(1);
    await expect(rows(page, "1999-06-08", "250.5")).toHaveCount(1);
    await expect(rows(page, "1999-06-15", "1,200").locator(".status-chip")).toHaveText("Closed");
    const shownFor = await shown;
    expect(shownFor).toBeGreaterThanOrEqual(2_700);
    expect(shownFor).toBeLessThan(3_700);
  });

  test("lab file import: a bad row is named with its line; Import nothing saves nothing", async ({ page }) => {
    await openAdmin(page, BASE);
    await page.getByLabel("Lab file", { exact: true }).setInputFiles(path.join(FIXTURES, "admin-readings-bad.csv"));
    await page.getByRole("button", { name: "Upload and read", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("2 good rows; 1 problem in 1 row.");
    await expect(preview.getByRole("list").last().getByRole("listitem")).toHaveText(['line 3: value "abc" is not a result such as 12, 12.5, >2419.6, <10 or ND']);
    await expect(page.getByRole("button", { name: "Import the 2 good rows", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Import nothing", exact: true }).click();
    await expect(page).toHaveURL(BASE);
    await expect(rows(page, "1999-07-01")).toHaveCount(0);
    await expect(rows(page, "1999-07-15")).toHaveCount(0);
  });
});
