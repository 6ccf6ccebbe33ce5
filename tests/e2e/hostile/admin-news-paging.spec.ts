/**
 * Admin lists page and sort on the server (issue 9), seen on /admin/news with more than 50 posts: 50 rows a page, a
 * count ("Showing 1–50 of N posts"), Next/Previous page links, Edit and Delete links that keep the list's place
 * (`page=2`) so that closing or saving a modal returns there, and a Date header that sorts both ways (a link, with
 * aria-sort on the header).
 *
 * It adds 60 posts dated 1990 through the model (the oldest of the site, so they come first oldest-first and last
 * newest-first) and removes them after. Other tests add posts meanwhile (this is the hostile project), so the total
 * is read from the page, never assumed. Here because it writes: the public tests expect exactly the seeded posts.
 */
import type { Locator, Page } from "@playwright/test";
import { createNewsPost, deleteNewsPost, listNews } from "#app/news-events/data/news.server.ts";
import { expect, expectModal, expectNoModal, signedInTest as test, unique, waitForHydration, withDatabase } from "../admin-helpers.ts";

const BASE = "/admin/news";
const ADDED = 60;
const tag = `paging-${unique()}`;
/** The n-th added post's date (n from 1): 1990-01-01 and on, one a day. */
const dateOf = (n: number) => new Date(Date.UTC(1990, 0, n)).toISOString().slice(0, 10);
const titleOf = (n: number) => `Old notice ${String(n).padStart(2, "0")} ${tag}`;

// One worker runs both tests, in order, between one set-up and one clean-up.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  await withDatabase(async (db) => {
    for (let n = 1; n <= ADDED; n++) await createNewsPost(db, { title: titleOf(n), text: "An old notice.", date: dateOf(n), author: "archive@example.org" }, null);
  });
});
test.afterAll(async () => {
  await withDatabase(async (db) => {
    for (const post of await listNews(db)) if (post.title.includes(tag)) await deleteNewsPost(db, post.id);
  });
});

const rows = (page: Page) => page.locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });
const dateHeader = (page: Page) => page.getByRole("columnheader", { name: /^Date/ });
/** The dates of the rows shown, in order. */
const shownDates = (page: Page) => rows(page).locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));

/** The count under the list: "Showing <from>–<to> of <total> posts"; returns the total. */
async function expectShowing(scope: Locator, from: number, to: (total: number) => number): Promise<number> {
  // Waits for the page's own count (a client-side navigation renders after the address changes).
  await expect(scope.locator("p").first()).toHaveText(new RegExp(`^Showing ${from.toLocaleString("en-US")}–`));
  const text = (await scope.locator("p").first().textContent()) ?? "";
  const match = /^Showing ([\d,]+)–([\d,]+) of ([\d,]+) posts$/.exec(text);
  expect(match, `count line "${text}"`).not.toBeNull();
  const [shownFrom, shownTo, total] = match!.slice(1).map((s) => Number(s.replaceAll(",", "")));
  expect(total).toBeGreaterThanOrEqual(ADDED + 3);
  expect(shownFrom).toBe(from);
  expect(shownTo).toBe(to(total!));
  return total!;
}

test("more than 50 posts: 50 a page, the count, Next and Previous page", async ({ page }) => {
  await page.goto(BASE);
  await waitForHydration(page);
  await expect(rows(page)).toHaveCount(50);
  const total = await expectShowing(pager(page), 1, () => 50);
  await expect(pager(page).getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const next = pager(page).getByRole("link", { name: "Next page" });
  await expect(next).toHaveAttribute("href", `${BASE}?page=2`);

  await next.click();
  await expect(page).toHaveURL(`${BASE}?page=2`);
  await expect(page.getByRole("heading", { level: 1, name: "News Posts" })).toBeVisible();
  const secondTotal = await expectShowing(pager(page), 51, (t) => Math.min(100, t));
  // Newest first: the posts of 1990, the oldest, are at the end of the list.
  expect(secondTotal).toBeGreaterThanOrEqual(total);
  await expect(rows(page)).toHaveCount(Math.min(50, secondTotal - 50));
  await expect(pager(page).getByRole("link", { name: "Previous page" })).toHaveAttribute("href", BASE);
  await expect(pager(page).getByRole("link", { name: "Next page" })).toHaveCount(secondTotal > 100 ? 1 : 0);

  // Every Edit and Delete link on page 2 keeps page=2, so a modal opens over page 2 and closes back to it.
  const actions = page.locator("tbody").getByRole("link", { name: /^(Edit|Delete) / });
  expect(await actions.count()).toBe(2 * (await rows(page).count()));
  for (const href of await actions.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/admin\/news\?page=2&(edit|delete)=[^&]+$/);
  }
  await rows(page).first().getByRole("link", { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/admin\/news\?page=2&edit=/);
  const edit = await expectModal(page, "Edit Post");
  await edit.getByRole("link", { name: "Cancel" }).click();
  await expectNoModal(page);
  await expect(page).toHaveURL(`${BASE}?page=2`);

  await pager(page).getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(BASE);
  await expect(rows(page)).toHaveCount(50);

  // A page past the end shows the last page.
  await page.goto(`${BASE}?page=999`);
  await expect(pager(page).getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expect(pager(page).getByRole("link", { name: "Previous page" })).toBeVisible();
  expect(await rows(page).count()).toBeGreaterThan(0);
});

test("the Date header sorts both ways, and an edit saved on page 2 returns to page 2 in that order", async ({ page }) => {
  await page.goto(BASE);
  await waitForHydration(page);
  // Newest first by default.
  await expect(dateHeader(page)).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: /^Title/ })).not.toHaveAttribute("aria-sort", /.*/);
  let dates = await shownDates(page);
  expect(dates).toEqual([...dates].sort().reverse());

  // Oldest first: the posts of 1990 lead.
  await dateHeader(page).getByRole("link").click();
  await expect(page).toHaveURL(`${BASE}?sort=oldest`);
  await expect(dateHeader(page)).toHaveAttribute("aria-sort", "ascending");
  await expect(rows(page).first()).toContainText(titleOf(1));
  dates = await shownDates(page);
  expect(dates).toEqual(Array.from({ length: 50 }, (_, i) => dateOf(i + 1)));
  await expect(pager(page).getByRole("link", { name: "Next page" })).toHaveAttribute("href", `${BASE}?page=2&sort=oldest`);

  // Page 2 oldest first: posts 51 to 60 lead; its links keep both page and order.
  await pager(page).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${BASE}?page=2&sort=oldest`);
  await expect(rows(page).first()).toContainText(titleOf(51));
  const target = rows(page).filter({ hasText: titleOf(55) });
  await expect(target.getByRole("link", { name: `Delete ${titleOf(55)}` })).toHaveAttribute("href", /^\/admin\/news\?page=2&sort=oldest&delete=/);
  await target.getByRole("link", { name: `Edit ${titleOf(55)}` }).click();
  const edit = await expectModal(page, "Edit Post");
  const renamed = `${titleOf(55)} (edited)`;
  await edit.getByLabel("Title", { exact: true }).fill(renamed);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectNoModal(page);
  await expect(page).toHaveURL(`${BASE}?page=2&sort=oldest`);
  await expect(rows(page).nth(4)).toContainText(renamed);

  // And back: newest first again, from page 1.
  await dateHeader(page).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${BASE}(\\?sort=newest)?$`));
  await expect(dateHeader(page)).toHaveAttribute("aria-sort", "descending");
  dates = await shownDates(page);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(dates[0]! > dateOf(ADDED)).toBe(true);
});
