/**
 * Admin events (spec §2 admin screens, §4 forms, §7 events "with live updates"): add, edit and delete through the
 * modals, the public effect on /news-events, and a visitor's open page following an edit without reloading.
 *
 * The events are dated December 30 of this year (or today, from December 30 on): inside the public pages' calendar
 * year and after every seeded event, so that the home page's next two events stay the seeded ones for the public
 * tests running alongside.
 */
import type { Page } from "@playwright/test";
import { associationToday, deleteAfterConfirming, expect, expectModal, expectNoModal, openAdmin, test, unique, waitForHydration, withDatabase } from "./admin-helpers.ts";
import { deleteEvent, listAllEvents } from "#app/news-events/data/events.server.ts";

declare global {
  interface Window {
    __marker?: string;
  }
}

const BASE = "/admin/events";

function eventDate(): string {
  const today = associationToday();
  const late = `${today.slice(0, 4)}-12-30`;
  return today > late ? today : late;
}

async function removeEvents(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const event of await listAllEvents(db)) if (event.title.includes(tag)) await deleteEvent(db, event.id);
  });
}

const row = (page: Page, title: string) => page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
const publicEvent = (page: Page, title: string) =>
  page.getByRole("region", { name: /^Events in \d{4}$/ }).getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Adds an event through the Add Event modal; the page is on /admin/events, hydrated. */
async function addEvent(page: Page, event: { title: string; date: string; startTime: string; timeDetails: string; place: string; details: string }) {
  await page.getByRole("link", { name: "Add Event", exact: true }).click();
  await expect(page).toHaveURL(`${BASE}?edit=new`);
  const modal = await expectModal(page, "Add a New Event");
  await expect(modal.getByLabel("Date", { exact: true })).toHaveValue(associationToday());
  // The author is a name, never the sign-in address (issue 26): the display name, else the association's name.
  await expect(modal.getByLabel("Author", { exact: true })).not.toHaveValue(/@|^$/);
  await modal.getByLabel("Title", { exact: true }).fill(event.title);
  await modal.getByLabel("Date", { exact: true }).fill(event.date);
  await modal.getByLabel("Start time", { exact: true }).fill(event.startTime);
  await modal.getByLabel("Time details", { exact: true }).fill(event.timeDetails);
  await modal.getByLabel("Place", { exact: true }).fill(event.place);
  await modal.getByLabel("Details", { exact: true }).fill(event.details);
  await modal.getByRole("button", { name: "Add Event", exact: true }).click();
  await expectNoModal(page);
  await expect(row(page, event.title)).toHaveCount(1);
}

/** Renames an event through its Edit modal. */
async function renameEvent(page: Page, from: string, to: string) {
  await row(page, from).getByRole("link", { name: `Edit ${from}` }).click();
  const modal = await expectModal(page, "Edit Event");
  await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(from);
  await modal.getByLabel("Title", { exact: true }).fill(to);
  await modal.getByRole("button", { name: "Save Changes", exact: true }).click();
  await expectNoModal(page);
  await expect(row(page, to)).toHaveCount(1);
}

test.describe("admin events", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removeEvents(tag);
  });

  test("add, edit and delete an event; /news-events follows", async ({ page, visitor }) => {
    const title = `Loon watch ${tag}`;
    const date = eventDate();
    await openAdmin(page, BASE);
    await addEvent(page, { title, date, startTime: "19:30", timeDetails: "about an hour", place: "North dock", details: "Bring binoculars.\nDress warmly." });
    await expect(row(page, title)).toContainText("7:30 PM");
    await expect(row(page, title)).toContainText("North dock");

    await visitor.goto("/news-events");
    const event = publicEvent(visitor, title);
    await expect(event).toHaveCount(1);
    await expect(event.locator("time")).toHaveAttribute("datetime", date);
    await expect(event).toContainText("7:30 PM · about an hour");
    await expect(event).toContainText("North dock");
    expect(await event.locator(".prose-md").evaluate((p) => p.textContent)).toBe("Bring binoculars.\nDress warmly.");

    // Edit: "Edit Event", "Save Changes", every field filled with the event.
    const edited = `Loon watch moved ${tag}`;
    await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
    const modal = await expectModal(page, "Edit Event");
    await expect(modal.getByLabel("Date", { exact: true })).toHaveValue(date);
    await expect(modal.getByLabel("Start time", { exact: true })).toHaveValue("19:30");
    await expect(modal.getByLabel("Time details", { exact: true })).toHaveValue("about an hour");
    await expect(modal.getByLabel("Place", { exact: true })).toHaveValue("North dock");
    await expect(modal.getByLabel("Details", { exact: true })).toHaveValue("Bring binoculars.\nDress warmly.");
    await modal.getByLabel("Title", { exact: true }).fill(edited);
    await modal.getByLabel("Place", { exact: true }).fill("South beach");
    await modal.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, edited)).toContainText("South beach");
    await expect(row(page, title)).toHaveCount(0);

    await visitor.goto("/news-events");
    await expect(publicEvent(visitor, edited)).toContainText("South beach");
    await expect(publicEvent(visitor, title)).toHaveCount(0);

    // Delete asks first; Cancel keeps the event.
    await deleteAfterConfirming(page, row(page, edited), `Delete ${edited}`, "Delete this event?", `“${edited}” will be deleted from the site. This cannot be undone.`);

    await visitor.goto("/news-events");
    await expect(visitor.getByRole("heading", { level: 1, name: "News & Events" })).toBeVisible();
    await expect(publicEvent(visitor, edited)).toHaveCount(0);
  });

  test("an invalid start time is refused with a message and the typed values kept", async ({ page }) => {
    const title = `Bad time ${tag}`;
    await openAdmin(page, `${BASE}?edit=new`);
    const modal = await expectModal(page, "Add a New Event");
    await modal.getByLabel("Title", { exact: true }).fill(title);
    // A time input cannot hold a bad value (and React puts back type="time" on input), so the bad value goes in a
    // field added after it: the last value of a name is the one the action reads.
    await modal.locator("form").evaluate((form: HTMLFormElement) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "startTime";
      input.value = "25:99";
      form.append(input);
    });
    await modal.getByRole("button", { name: "Add Event", exact: true }).click();
    await expect(modal.locator("#startTime-error")).toHaveText("Please enter a time as HH:MM");
    await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(title);
    await modal.getByRole("link", { name: "Cancel" }).click();
    // What was refused is not saved: leaving it asks first (issue 26).
    await page.getByRole("alertdialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toHaveCount(0);
  });

  test("a visitor's open /news-events shows an edited title without reloading", async ({ page, visitor }) => {
    const title = `Regatta ${tag}`;
    const renamed = `Regatta (new name) ${tag}`;
    await openAdmin(page, BASE);
    await addEvent(page, { title, date: eventDate(), startTime: "10:00", timeDetails: "", place: "Main channel", details: "" });

    const changes = visitor.waitForResponse((r) => new URL(r.url()).pathname === "/api/changes");
    await visitor.goto("/news-events");
    await waitForHydration(visitor);
    expect((await changes).status()).toBe(200);
    // The server's change feed reads its starting counters when the first listener subscribes (see live.spec.ts).
    await visitor.waitForTimeout(1_000);
    await expect(publicEvent(visitor, title)).toHaveCount(1);
    await visitor.evaluate(() => {
      window.__marker = "the same page";
    });
    let navigations = 0;
    visitor.on("framenavigated", (frame) => {
      if (frame === visitor.mainFrame()) navigations += 1;
    });

    await renameEvent(page, title, renamed);

    await expect(publicEvent(visitor, renamed)).toHaveCount(1, { timeout: 10_000 });
    await expect(publicEvent(visitor, title)).toHaveCount(0);
    expect(await visitor.evaluate(() => window.__marker)).toBe("the same page");
    expect(navigations).toBe(0);
    await expect(visitor).toHaveURL("/news-events");

    // Deleting it takes it off the open page too.
    await row(page, renamed).getByRole("link", { name: `Delete ${renamed}` }).click();
    const confirm = await expectModal(page, "Delete this event?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(row(page, renamed)).toHaveCount(0);
    await expect(publicEvent(visitor, renamed)).toHaveCount(0, { timeout: 10_000 });
    expect(await visitor.evaluate(() => window.__marker)).toBe("the same page");
  });
});
