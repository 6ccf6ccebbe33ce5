/**
 * Admin members (spec §1: a route that is not in the admin menu; §2: list, Add Members with comma-separated emails,
 * delete; §5: emails trimmed, not validated; §8: "There are no members yet."). Other tests add members at the same
 * time, so nothing here counts the whole list.
 */
import type { Page } from "@playwright/test";
import { expect, expectModal, expectNoModal, openAdmin, test, unique, withDatabase } from "./admin-helpers.ts";
import { ADMIN_MENU } from "./helpers.ts";
import { deleteMember, listMembers } from "../../app/models/members.server.ts";

const BASE = "/admin/members";

const member = (page: Page, email: string) => page.locator("ul.item-list > li").filter({ has: page.getByText(email, { exact: true }) });

async function removeMembers(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const m of await listMembers(db)) if (m.email.toLowerCase().includes(tag.toLowerCase())) await deleteMember(db, m.id);
  });
}

test.describe("admin members", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removeMembers(tag);
  });

  test("/admin/members opens from its address but is not in the admin menu", async ({ page }) => {
    await openAdmin(page, BASE);
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link")).toHaveText([...ADMIN_MENU]);
    await expect(menu.locator(`a[href="${BASE}"]`)).toHaveCount(0);
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

    await member(page, a).getByRole("link", { name: `Delete ${a}` }).click();
    let confirm = await expectModal(page, "Delete this member?");
    await expect(confirm).toContainText(`${a} will no longer receive member email.`);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expectNoModal(page);
    await expect(member(page, a)).toHaveCount(1);

    await member(page, a).getByRole("link", { name: `Delete ${a}` }).click();
    confirm = await expectModal(page, "Delete this member?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNoModal(page);
    await expect(page).toHaveURL(BASE);
    await expect(member(page, a)).toHaveCount(0);
    await expect(member(page, b)).toHaveCount(1);
  });
});
