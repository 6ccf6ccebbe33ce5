/**
 * Admin members (spec §1: a route that is not in the admin menu; §2: list, Add Members with comma-separated emails,
 * delete; §5: emails trimmed, not validated; §8: "There are no members yet."). Other tests add members at the same
 * time, so nothing here counts the whole list.
 */
import type { Page } from "@playwright/test";
import { deleteAfterConfirming, expect, expectOffMenuScreen, openAdmin, removeMembers, test, unique, withDatabase } from "./admin-helpers.ts";
import { listMembers } from "#app/mail/data/members.server.ts";

const BASE = "/admin/members";

const member = (page: Page, email: string) => page.locator("ul.item-list > li").filter({ has: page.getByText(email, { exact: true }) });


test.describe("admin members", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removeMembers(tag);
  });

  test("/admin/members opens from its address but is not in the admin menu", async ({ page }) => {
    await expectOffMenuScreen(page, BASE, "Members");
  });

  test("the count heading agrees with the list, and an empty list says There are no members yet.", async ({ page }) => {
    await openAdmin(page, BASE);
    const heading = page.getByRole("heading", { level: 2, name: /^\d+ members?$/ });
    const count = Number((await heading.textContent())!.split(" ")[0]);
    if (count === 0) {
      await expect(page.getByText("There are no members yet.", { exact: true })).toBeVisible();
      await expect(page.locator("ul.item-list > li")).toHaveCount(0);
    } else {
      // Other tests have members on the list right now: the empty message must not show.
      await expect(page.getByText("There are no members yet.", { exact: true })).toHaveCount(0);
      await expect(page.locator("ul.item-list > li")).toHaveCount(count);
    }
  });

  test("Add Members trims the addresses and skips empty entries and duplicates without regard to case", async ({ page }) => {
    const a = `a+${tag}@example.org`;
    const b = `b+${tag}@example.org`;
    await openAdmin(page, BASE);
    const field = page.getByLabel("Add Members", { exact: true });
    await expect(field).toHaveAccessibleDescription("Email addresses separated by commas. Addresses already on the list are skipped.");
    await field.fill(` ${a} , ${b},,${a.toUpperCase()} `);
    await page.getByRole("button", { name: "Add Members", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("2 members added.");
    await expect(field).toHaveValue("");
    await expect(member(page, a)).toHaveCount(1);
    await expect(member(page, b)).toHaveCount(1);
    await expect(page.getByText(a.toUpperCase(), { exact: true })).toHaveCount(0);
    // Stored trimmed, exactly as typed.
    const stored = await withDatabase(async (db) => (await listMembers(db)).filter((m) => m.email.toLowerCase().includes(tag.toLowerCase())).map((m) => m.email));
    expect(stored.sort()).toEqual([a, b]);

    // Adding an address already on the list (in another case) adds nothing.
    await field.fill(b.toUpperCase());
    await page.getByRole("button", { name: "Add Members", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("0 members added.");
    await expect(member(page, b)).toHaveCount(1);

    // One new address: singular message.
    const c = `c+${tag}@example.org`;
    await field.fill(c);
    await page.getByRole("button", { name: "Add Members", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("1 member added.");
    await expect(member(page, c)).toHaveCount(1);
  });

  test("delete asks first and removes only that member", async ({ page }) => {
    const a = `del-a+${tag}@example.org`;
    const b = `del-b+${tag}@example.org`;
    await openAdmin(page, BASE);
    await page.getByLabel("Add Members", { exact: true }).fill(`${a},${b}`);
    await page.getByRole("button", { name: "Add Members", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("2 members added.");

    await deleteAfterConfirming(page, member(page, a), `Delete ${a}`, "Delete this member?", `${a} will no longer receive member email.`);
    await expect(page).toHaveURL(BASE);
    await expect(member(page, b)).toHaveCount(1);
  });
});
