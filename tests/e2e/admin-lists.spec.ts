/**
 * Lists for real work (issue 26): a list is searched on the server (`?q=`) with and without JavaScript, says
 * "No results for “…”" when nothing matches, and "Select all" deletes the page's rows together after a confirmation
 * that names how many, with and without JavaScript; "Last changed" is the day in the association's time zone. The
 * deletions run on members made for the test and found by a search, so no other test's rows are touched.
 */
import type { Page } from "@playwright/test";
import { expect, expectModal, expectNoModal, removeMembers, signedInTest as test, unique, waitForHydration, withDatabase } from "./admin-helpers.ts";
import { TIME_ZONE } from "./helpers.ts";
import { questions } from "#app/site/data/site-content.server.ts";

const DEMO_POSTS = ["Board elections at the annual meeting", "New water-quality testing schedule", "Spring cleanup day was a success"];

/** Adds members through the Members screen's own form (it works without JavaScript too). */
async function addMembers(page: Page, emails: string[]): Promise<void> {
  await page.goto("/admin/members");
  await page.getByLabel("Add Members", { exact: true }).fill(emails.join(", "));
  await page.getByRole("button", { name: "Add Members", exact: true }).click();
  await expect(page.getByText(`${emails.length} members added.`, { exact: true })).toBeVisible();
}

/** Searches the list on the page for `q` with its search box. */
async function search(page: Page, label: string, q: string): Promise<void> {
  await page.getByRole("searchbox", { name: label, exact: true }).fill(q);
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("with JavaScript", () => {
  test("a search finds the rows whose shown text matches, keeps the order, and says when nothing does", async ({ page }) => {
    await page.goto("/admin/news?sort=oldest");
    await waitForHydration(page);
    await search(page, "Search posts", "SPRING cleanup");
    await expect(page).toHaveURL("/admin/news?sort=oldest&q=SPRING+cleanup");
    const table = page.locator("table.admin-table");
    await expect(table.getByRole("cell", { name: DEMO_POSTS[2], exact: true })).toBeVisible();
    for (const other of DEMO_POSTS.slice(0, 2)) await expect(table.getByRole("cell", { name: other, exact: true })).toHaveCount(0);
    // The row's links keep the search (Cancel comes back to it).
    await expect(table.getByRole("link", { name: `Edit ${DEMO_POSTS[2]}` })).toHaveAttribute("href", /[?&]q=SPRING\+cleanup/);

    await search(page, "Search posts", "no such post zq");
    await expect(page.getByText("No results for “no such post zq”", { exact: true })).toBeVisible();
    await expect(page.locator("table.admin-table")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search", exact: true }).click();
    await expect(page).toHaveURL("/admin/news?sort=oldest");
    for (const post of DEMO_POSTS) await expect(page.getByRole("cell", { name: post, exact: true })).toBeVisible();
  });

  test("Select all, then Delete selected: the button counts, the confirmation names how many, the rows go", async ({ page }) => {
    const tag = `bulk-${unique()}`;
    const emails = [1, 2, 3].map((n) => `${tag}-${n}@example.org`);
    try {
      await addMembers(page, emails);
      await page.goto(`/admin/members?q=${tag}`);
      await waitForHydration(page);
      await expect(page.locator(".item-list > li")).toHaveCount(3);
      await expect(page.getByRole("button", { name: "Delete selected", exact: true })).toBeVisible();
      await page.getByRole("checkbox", { name: "Select all", exact: true }).check();
      for (const email of emails) await expect(page.getByRole("checkbox", { name: `Select ${email}`, exact: true })).toBeChecked();
      await page.getByRole("checkbox", { name: `Select ${emails[0]}`, exact: true }).uncheck();
      await expect(page.getByRole("checkbox", { name: "Select all", exact: true })).not.toBeChecked();
      await expect(page.getByRole("button", { name: "Delete selected (2)", exact: true })).toBeVisible();
      await page.getByRole("checkbox", { name: "Select all", exact: true }).check();
      await page.getByRole("button", { name: "Delete selected (3)", exact: true }).click();

      let confirm = await expectModal(page, "Delete 3 members?");
      await confirm.getByRole("link", { name: "Cancel", exact: true }).click();
      await expectNoModal(page);
      await expect(page.locator(".item-list > li")).toHaveCount(3);

      await page.getByRole("button", { name: "Delete selected (3)", exact: true }).click();
      confirm = await expectModal(page, "Delete 3 members?");
      await confirm.getByRole("button", { name: "Delete 3 members", exact: true }).click();
      await expectNoModal(page);
      await expect(page).toHaveURL(`/admin/members?q=${tag}&deleted=3`);
      await expect(page.getByRole("status").filter({ hasText: "3 members deleted." })).toBeVisible();
      await expect(page.getByText(`No results for “${tag}”`, { exact: true })).toBeVisible();
    } finally {
      await removeMembers(tag);
    }
  });
});

test("Last changed is the association's day: a change at 11:30 PM in Chicago is that day, not the next UTC day", async ({ page }) => {
  expect(TIME_ZONE).toBe("America/Chicago");
  const question = "Do I need a fishing license?";
  // 05:30 UTC on Nov 27 is 11:30 PM on Nov 26 in Chicago.
  const nearMidnight = Date.UTC(2026, 10, 27, 5, 30);
  const entry = await withDatabase(async (db) => (await questions.all(db)).find((q) => q.data.question === question));
  expect(entry, "the demo's question").toBeDefined();
  try {
    await withDatabase((db) => questions.update(db, entry!.id, entry!.data, entry!.updatedBy, nearMidnight));
    await page.goto("/admin/faq?q=fishing");
    const row = page.locator("table.admin-table tbody tr").filter({ hasText: question });
    await expect(row.locator('td[data-label="Last changed"] time')).toHaveAttribute("datetime", "2026-11-26");
    await expect(row.locator('td[data-label="Last changed"]')).toHaveText(`Nov 26, 2026 by ${entry!.updatedBy}`);
  } finally {
    await withDatabase((db) => questions.update(db, entry!.id, entry!.data, entry!.updatedBy, entry!.updatedAt));
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a plain form: the matching rows, and no results said in words", async ({ page }) => {
    await page.goto("/admin/faq");
    await search(page, "Search questions", "fishing");
    await expect(page).toHaveURL("/admin/faq?q=fishing");
    const table = page.locator("table.admin-table");
    await expect(table.getByRole("cell", { name: "Do I need a fishing license?", exact: true })).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await search(page, "Search questions", "zq-nothing");
    await expect(page.getByText("No results for “zq-nothing”", { exact: true })).toBeVisible();
  });

  test("Select all and Delete selected post a form, then a confirmation page names how many", async ({ page }) => {
    const tag = `bulk-nojs-${unique()}`;
    const emails = [1, 2, 3, 4].map((n) => `${tag}-${n}@example.org`);
    try {
      await addMembers(page, emails);
      await page.goto(`/admin/members?q=${tag}`);
      // Nothing selected: the server says so.
      await page.getByRole("button", { name: "Delete selected", exact: true }).click();
      await expect(page.getByText("Select the members to delete first.", { exact: true })).toBeVisible();
      // Two rows chosen by their boxes.
      await page.getByRole("checkbox", { name: `Select ${emails[0]}`, exact: true }).check();
      await page.getByRole("checkbox", { name: `Select ${emails[1]}`, exact: true }).check();
      await page.getByRole("button", { name: "Delete selected", exact: true }).click();
      let confirm = page.getByRole("dialog", { name: "Delete 2 members?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Delete 2 members", exact: true }).click();
      await expect(page).toHaveURL(`/admin/members?q=${tag}&deleted=2`);
      await expect(page.getByText("2 members deleted.", { exact: true })).toBeVisible();
      await expect(page.locator(".item-list > li")).toHaveCount(2);
      // Select all stands for the rest of the page.
      await page.getByRole("checkbox", { name: "Select all", exact: true }).check();
      await page.getByRole("button", { name: "Delete selected", exact: true }).click();
      confirm = page.getByRole("dialog", { name: "Delete 2 members?" });
      await confirm.getByRole("button", { name: "Delete 2 members", exact: true }).click();
      await expect(page.getByText(`No results for “${tag}”`, { exact: true })).toBeVisible();
    } finally {
      await removeMembers(tag);
    }
  });
});
