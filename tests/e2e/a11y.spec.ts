/**
 * Accessibility: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every public page (the public page
 * registry, app/routes/public/pages.ts), the sign-in page and the not-found page, on a phone and a desktop. Any
 * violation fails the test; what axe could not decide is printed for review.
 */
import { expect, test, type Page } from "@playwright/test";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { DESKTOP, PHONE } from "./helpers.ts";
import { expectAxeClean } from "./public-page-checks.ts";

/** Pages checked in a state a visitor puts them in, not only as they load. */
const PREPARE: Record<string, (page: Page) => Promise<void>> = {
  "/the-lake": async (page) => {
    // The chart is drawn after hydration; check the page as people see it, with Learn More and a question open.
    await expect(page.locator(".chart-box canvas")).toBeVisible();
    const learnMore = page.locator("details").filter({ has: page.locator("summary", { hasText: "Learn More" }) });
    await learnMore.locator("summary").click();
    await expect(learnMore).toHaveAttribute("open");
    const question = page.getByRole("region", { name: "Frequently asked questions" }).locator("details").first();
    await question.locator("summary").click();
    await expect(question).toHaveAttribute("open");
  },
};

// Every page of the registry: a new public page is scanned the day it is added.
const PAGES: { path: string; status?: number }[] = [...[...publicPageAddresses(), "/login"].map((path) => ({ path })), { path: "/no-such-page", status: 404 }];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, status } of PAGES) {
      test(`${path} has no axe violations of any impact`, async ({ page, baseURL }, testInfo) => {
        await expectAxeClean(page, testInfo, baseURL!, path, { status, prepare: PREPARE[path] });
      });
    }
  });
}
