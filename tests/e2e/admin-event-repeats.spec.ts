/**
 * Events as calendars know them (issue 28 part 2): a repeating event made in the admin (its end time, "Every week",
 * a number of times, a skipped date) shows each of its dates on /news-events, under next year's heading, after this
 * year's events; a refused end time keeps what was typed; the form works without JavaScript.
 *
 * The events are dated in March of next year: after every event of this year, so that the home page's next two
 * events stay the seeded ones for the public tests running alongside, and shown on /news-events whatever the month.
 */
import type { Page } from "@playwright/test";
import { associationToday, expect, expectModal, expectNoAxeViolations, expectNoModal, openAdmin, signIn, test, unique, withDatabase } from "./admin-helpers.ts";
import { deleteEvent, listAllEvents } from "#app/news-events/data/events.server.ts";

const BASE = "/admin/events";
const nextYear = () => String(Number(associationToday().slice(0, 4)) + 1);

async function removeEvents(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const event of await listAllEvents(db)) if (event.title.includes(tag)) await deleteEvent(db, event.id);
  });
}

const row = (page: Page, title: string) => page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
const nextYearEvents = (page: Page, title: string) =>
  page.getByRole("region", { name: `In ${nextYear()}` }).getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test.describe("repeating events", () => {
  // Two pages, two saves and three page loads: more than the default 30 s on two busy cores.
  test.describe.configure({ timeout: 60_000 });
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removeEvents(tag);
  });

  test("a weekly event made in the admin shows each of its dates on /news-events, the skipped one left out", async ({ page, visitor }) => {
    const title = `Paddle night ${tag}`;
    const year = nextYear();
    await openAdmin(page, BASE);
    await page.getByRole("link", { name: "Add Event", exact: true }).click();
    const modal = await expectModal(page, "Add a New Event");
    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Date", { exact: true }).fill(`${year}-03-02`);
    await modal.getByLabel("Start time", { exact: true }).fill("19:00");
    await modal.getByLabel("End time", { exact: true }).fill("21:00");
    await modal.getByLabel("Place", { exact: true }).fill("Boat launch");
    await modal.getByLabel("Repeats", { exact: true }).selectOption({ label: "Every week" });
    await modal.getByLabel("Number of times", { exact: true }).fill("4");
    await modal.getByLabel("Skipped dates", { exact: true }).fill(`${year}-03-16`);
    await modal.getByRole("button", { name: "Add Event", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toContainText("Every week, 4 times");

    await visitor.goto("/news-events");
    // Next year's events come after this year's, under their own heading, inside the events region.
    await expect(visitor.getByRole("region", { name: /^Events in \d{4}$/ }).getByRole("heading", { level: 3, name: `In ${year}` })).toBeVisible();
    const shown = nextYearEvents(visitor, title);
    await expect(shown).toHaveCount(3);
    expect(await shown.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")))).toEqual([`${year}-03-02`, `${year}-03-09`, `${year}-03-23`]);
    for (const one of await shown.all()) {
      await expect(one).toContainText("7:00 PM – 9:00 PM");
      await expect(one).toContainText("Every week, 4 times");
      await expect(one).toContainText("Boat launch");
    }

    // Editing it to end a week earlier takes the last date off the page.
    await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
    const edit = await expectModal(page, "Edit Event");
    await expect(edit.getByLabel("End time", { exact: true })).toHaveValue("21:00");
    await expect(edit.getByLabel("Repeats", { exact: true })).toHaveValue("weekly");
    await expect(edit.getByLabel("Skipped dates", { exact: true })).toHaveValue(`${year}-03-16`);
    await edit.getByLabel("Number of times", { exact: true }).fill("");
    await edit.getByLabel("Repeat until", { exact: true }).fill(`${year}-03-16`);
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectNoModal(page);
    await visitor.goto("/news-events");
    await expect(nextYearEvents(visitor, title)).toHaveCount(2);
  });

  test("an end time before the start time is refused with its message, every value kept", async ({ page }, testInfo) => {
    const title = `Backwards ${tag}`;
    await openAdmin(page, `${BASE}?edit=new`);
    const modal = await expectModal(page, "Add a New Event");
    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Date", { exact: true }).fill(`${nextYear()}-03-02`);
    await modal.getByLabel("Start time", { exact: true }).fill("19:00");
    await modal.getByLabel("End time", { exact: true }).fill("18:00");
    await modal.getByLabel("Repeats", { exact: true }).selectOption("yearly");
    await modal.getByRole("button", { name: "Add Event", exact: true }).click();
    await expect(modal.locator("#endTime-error")).toHaveText("The end time must be after the start time (for an event past midnight, give its end date)");
    await expect(modal.getByLabel("End time", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(modal.getByLabel("Repeats", { exact: true })).toHaveValue("yearly");
    // The form with its new fields and a message shown passes axe (WCAG 2.2 AA), as the admin screens do.
    await expectNoAxeViolations(page, testInfo, "the event form with a refused end time");
    await withDatabase(async (db) => expect((await listAllEvents(db)).filter((e) => e.title === title)).toEqual([]));
  });

  test("without JavaScript, an all-day weekend is added and shown over its two days", async ({ browser, baseURL }) => {
    const title = `Fishing derby ${tag}`;
    const year = nextYear();
    const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signIn(page, `${BASE}?edit=new`);
      const modal = page.getByRole("dialog", { name: "Add a New Event" });
      await modal.getByLabel("Title", { exact: true }).fill(title);
      await modal.getByLabel("Date", { exact: true }).fill(`${year}-06-12`);
      await modal.getByLabel("All day", { exact: true }).check();
      await modal.getByLabel("End date", { exact: true }).fill(`${year}-06-13`);
      await modal.getByRole("button", { name: "Add Event", exact: true }).click();
      await expect(row(page, title)).toHaveCount(1);

      await page.goto("/news-events");
      const shown = nextYearEvents(page, title);
      await expect(shown).toHaveCount(1);
      await expect(shown).toContainText("All day");
      // Its days in words, the first day as the time's machine-readable date.
      expect(await shown.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")))).toEqual([`${year}-06-12`]);
      await expect(shown.locator("time")).toHaveText(new RegExp(`June 12, ${year} – \\w+, June 13, ${year}`));
      const id = (await shown.getByRole("link", { name: `Add to calendar: ${title}` }).getAttribute("href"))!;
      const ics = await (await page.request.get(id)).text();
      expect(ics).toContain(`DTSTART;VALUE=DATE:${year}0612\r\n`);
      expect(ics).toContain(`DTEND;VALUE=DATE:${year}0614\r\n`);
    } finally {
      await context.close();
    }
  });
});
