/**
 * Feeds as a visitor meets them on the seeded demo site: the Subscribe and Add to calendar links of /news-events
 * lead to iCalendar, the pages name their Atom feeds in the head, and /the-lake shows the 30-day geometric mean and
 * links the open data. (Their content is checked in tests/integration/feeds.test.ts.)
 */
import { expect, test } from "@playwright/test";

test("/news-events offers a webcal subscription and an Add to calendar file per event", async ({ page, request }) => {
  await page.goto("/news-events");
  const subscribe = page.getByRole("link", { name: "Subscribe to the events calendar" });
  await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/.+\/events\.ics$/);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/news.atom");

  const firstEvent = page.getByRole("article").filter({ has: page.getByRole("link", { name: /^Add to calendar/ }) }).first();
  const title = await firstEvent.getByRole("heading").textContent();
  const add = firstEvent.getByRole("link", { name: `Add to calendar: ${title}` });
  const href = await add.getAttribute("href");
  expect(href).toMatch(/^\/events\/[0-9a-f-]{36}\.ics$/);

  const one = await request.get(href!);
  expect(one.status()).toBe(200);
  expect(one.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await one.text()).toContain(`SUMMARY:${title}`);

  const all = await request.get("/events.ics");
  expect(all.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(all.headers()["cache-control"]).toBe("public, max-age=300");
  expect(await all.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VTIMEZONE[\s\S]*BEGIN:VEVENT/);
});

test("/the-lake shows the 30-day geometric mean and links the open data and the readings feed", async ({ page, request }) => {
  await page.goto("/the-lake");
  await expect(page.getByText(/^30-day geometric mean: /)).toContainText("EPA 2012 criterion: 126");
  // The readings' own feed, beside the news feed every page names (issue 28 part 6).
  const atomFeeds = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
  expect(atomFeeds.sort()).toEqual(["/beach.atom", "/news.atom"]);
  for (const [name, type] of [
    ["CSV", "text/csv; charset=utf-8"],
    ["JSON", "application/json; charset=utf-8"],
    ["swimguide.json", "application/json; charset=utf-8"],
    ["Atom", "application/atom+xml; charset=utf-8"],
  ]) {
    const href = await page.getByRole("link", { name: name!, exact: true }).getAttribute("href");
    const response = await request.get(href!);
    expect(response.status(), href!).toBe(200);
    expect(response.headers()["content-type"], href!).toBe(type);
  }
});
