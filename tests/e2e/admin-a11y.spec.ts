/**
 * Accessibility of the admin panel: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every screen of the
 * screen registry (app/routes/admin/screens.ts; each shows the heading it names and does not scroll sideways) and on
 * open modals (Add Post, a delete confirmation), at 390 and 1280 px. A violation of any impact fails.
 * Nothing here writes: the delete confirmation is opened and left unanswered. The document manage modal needs a
 * document, and the keyboard-only test writes a post: both are in tests/e2e/hostile/admin-a11y-writes.spec.ts.
 */
import type { Page } from "@playwright/test";
import * as registry from "#app/routes/admin/screens.ts";
import { DESKTOP, expect, expectModal, expectNoAxeViolations, PHONE, signedInTest as test, waitForHydration } from "./admin-helpers.ts";
import { expectScreenAccessible, urlOf } from "./admin-screen-checks.ts";

/** The address of the delete confirmation of the first news post listed. */
async function firstPostDeleteUrl(page: Page): Promise<string> {
  await page.goto("/admin/news");
  const href = await page.getByRole("link", { name: /^Delete / }).first().getAttribute("href");
  expect(href).toMatch(/^\/admin\/news\?delete=/);
  return href!;
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`admin at ${viewport.width} px`, () => {
    test.use({ viewport });

    // Every screen of the registry (app/routes/admin/screens.ts): a new screen is scanned the day it is added.
    for (const screen of registry.ADMIN_SCREENS) {
      test(`${urlOf(screen)} shows "${screen.heading}", has no axe violations of any impact and does not scroll sideways`, async ({ page, baseURL }, testInfo) => {
        // Tables scroll inside .table-wrap; its visually-hidden link texts must not widen the page (WCAG 1.4.10).
        await expectScreenAccessible(page, testInfo, baseURL!, screen, registry);
      });
    }

    test("the open Add Post modal has no axe violations of any impact", async ({ page }, testInfo) => {
      await page.goto("/admin/news");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Add Post", exact: true }).click();
      const modal = await expectModal(page, "Add a New Post");
      // The focus is in the modal.
      expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectNoAxeViolations(page, testInfo, `${viewport.width}px Add Post modal`);
    });

    test("an open delete confirmation has no axe violations of any impact", async ({ page }, testInfo) => {
      await page.goto(await firstPostDeleteUrl(page));
      await waitForHydration(page);
      await expectModal(page, "Delete this post?");
      await expectNoAxeViolations(page, testInfo, `${viewport.width}px delete confirmation`);
    });
  });
}
