/**
 * Live updates (spec §7: events are read "with live updates"): an open /news-events page shows an event added by
 * another process on the same database, without a reload. The event is written here, in the test process, straight
 * into the SQLite file the server uses, so the change signal must cross processes (app/platform/data/change-feed.server.ts).
 * Its Markdown details arrive formatted: the reloaded route data carries the HTML the loader rendered.
 */
import { expect, test } from "@playwright/test";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { createEvent, deleteEvent } from "#app/news-events/data/events.server.ts";
import { associationToday, DATA_DIR, unique, waitForHydration } from "./helpers.ts";

declare global {
  interface Window {
    __marker?: string;
  }
}

test("an open /news-events page shows an event added to the database without reloading", async ({ page }) => {
  const title = `Live update test ${unique()}`;
  // December 31 of this year: always upcoming, inside the page's calendar-year window, and after every seeded event,
  // so that the home page's first two upcoming events stay the same for tests running alongside.
  const date = `${associationToday().slice(0, 4)}-12-31`;

  const changes = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/changes");
  await page.goto("/news-events");
  await waitForHydration(page);
  // The page is listening to the change stream.
  expect((await changes).status()).toBe(200);
  // The server's change feed reads its starting counters when the first listener subscribes; let that first read
  // finish so that our write counts as a change.
  await page.waitForTimeout(1_000);

  await page.evaluate(() => {
    window.__marker = "still the same page";
  });
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await expect(page.getByText(title)).toHaveCount(0);

  const database = openDatabase({ dataDir: DATA_DIR });
  let id: string | undefined;
  try {
    const event = await createEvent(database.db, {
      title,
      date,
      startTime: "18:00",
      timeDetails: "Written by the live-update test",
      place: "The test runner",
      // Markdown: the revalidated loader data brings the details as HTML rendered on the server.
      eventDetails: "This event was written **straight** into the database.",
      author: "e2e@shoreline.test",
    }, null);
    id = event.id;

    const events = page.getByRole("region", { name: /^Events in \d{4}$/ });
    await expect(events.getByRole("heading", { name: title })).toBeVisible({ timeout: 10_000 });
    const card = events.getByRole("article", { name: title });
    await expect(card.locator(".prose-md strong")).toHaveText("straight");
    await expect(card.locator(".prose-md")).toHaveText("This event was written straight into the database.");
    expect(await page.evaluate(() => window.__marker)).toBe("still the same page");
    expect(navigations).toBe(0);
    await expect(page).toHaveURL("/news-events");
  } finally {
    // Leave the shared database as the other tests expect it.
    if (id) await deleteEvent(database.db, id);
    await database.close();
  }
});
