/**
 * Accessibility of the admin panel: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every admin screen and
 * on open modals (Add Post, a delete confirmation), at 390 and 1280 px. A violation of any impact fails.
 * Nothing here writes: the delete confirmation is opened and left unanswered. The document manage modal needs a
 * document, and the keyboard-only test writes a post: both are in tests/e2e/hostile/admin-a11y-writes.spec.ts.
 */
import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectModal, expectNoAxeViolations, PHONE, signedInTest as test, waitForHydration } from "./admin-helpers.ts";

const SCREENS: { path: string; heading: string }[] = [
  { path: "/admin/news", heading: "News Posts" },
  { path: "/admin/events", heading: "Events" },
  { path: "/admin/documents", heading: "Documents" },
  { path: "/admin/beach-measurements", heading: "Beach Data" },
  { path: "/admin/banner", heading: "Banner" },
  { path: "/admin/members", heading: "Members" },
  { path: "/admin/email", heading: "Email Members" },
];

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

    for (const { path, heading } of SCREENS) {
      test(`${path} has no axe violations of any impact`, async ({ page }, testInfo) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(path);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page, testInfo, `${viewport.width}px ${path}`);
      });
    }

    for (const { path } of SCREENS) {
      test(`${path} does not scroll sideways (WCAG 1.4.10 Reflow)`, async ({ page }) => {
        // Tables scroll inside .table-wrap; its visually-hidden link texts must not widen the page.
        await page.goto(path);
        await waitForHydration(page);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path} page width at ${viewport.width} px`).toBeLessThanOrEqual(clientWidth);
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
