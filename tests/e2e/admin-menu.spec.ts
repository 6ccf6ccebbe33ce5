/**
 * The admin menu comes from the screen registry (app/routes/admin/screens.ts): it links exactly the screens that
 * have a `menu` entry, in registry order, under their group (the "main" links, then Logout; the "site" group under
 * a "Site" heading), and never a screen reached by address only (spec §2: Members, Email Members).
 */
import * as registry from "#app/routes/admin/screens.ts";
import { expect, signedInTest as test } from "./admin-helpers.ts";
import { expectMenuOf, openScreen, urlOf } from "./admin-screen-checks.ts";

test("the registry's main menu is the specification's (§2), and Members and Email Members have none", () => {
  expect(registry.menuOf("main").map((item) => item.label)).toEqual(["News Posts", "Events", "Documents", "Beach Data", "Banner"]);
  for (const path of ["members", "email"]) expect(registry.screen(path).menu).toBeUndefined();
});

// One test per screen: a new screen is covered without a longer timeout for all of them.
for (const screen of registry.ADMIN_SCREENS) {
  test(`${urlOf(screen)} shows the menu of the registry, with its own link marked as the current page`, async ({ page, baseURL }) => {
    await openScreen(page, baseURL!, screen, registry);
  });
}

test("/admin opens News Posts (spec §2) with the same menu", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/news");
  await expectMenuOf(page, registry);
});

test("screens without a menu entry are reached by address, not from the menu", async ({ page, baseURL }) => {
  const offMenu = registry.ADMIN_SCREENS.filter((s) => !s.menu);
  expect(offMenu.map(urlOf)).toEqual(expect.arrayContaining(["/admin/members", "/admin/email"]));
  for (const screen of offMenu) {
    await openScreen(page, baseURL!, screen, registry);
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.locator(`a[href="${urlOf(screen)}"]`)).toHaveCount(0);
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(0);
  }
});
