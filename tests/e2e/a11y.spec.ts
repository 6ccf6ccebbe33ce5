/**
 * Accessibility: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules on every public page, on a phone and a
 * desktop. Any violation fails the test; what axe could not decide is printed for review.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE, waitForHydration } from "./helpers.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const PAGES: { path: string; status?: number; prepare?: (page: Page) => Promise<void> }[] = [
  { path: "/" },
  {
    path: "/the-lake",
    prepare: async (page) => {
      // The chart is drawn after hydration; check the page as people see it, with Learn More and a question open.
      await expect(page.locator(".chart-box canvas")).toBeVisible();
      const learnMore = page.locator("details").filter({ has: page.locator("summary", { hasText: "Learn More" }) });
      await learnMore.locator("summary").click();
      await expect(learnMore).toHaveAttribute("open");
      const question = page.getByRole("region", { name: "Frequently asked questions" }).locator("details").first();
      await question.locator("summary").click();
      await expect(question).toHaveAttribute("open");
    },
  },
  { path: "/news-events" },
  { path: "/membership" },
  { path: "/more/meetboard" },
  { path: "/more/localinfo/All" },
  { path: "/more/documents" },
  { path: "/contact-us" },
  { path: "/login" },
  { path: "/no-such-page", status: 404 },
];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, status = 200, prepare } of PAGES) {
      test(`${path} has no axe violations of any impact`, async ({ page }, testInfo) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await waitForHydration(page);
        await prepare?.(page);

        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        // WCAG 2.2 AA (issue 5): no violation of any impact, minor ones included.
        const blocking = results.violations;
        for (const v of blocking) {
          console.log(
            `[axe ${viewport.width}px ${path}] ${v.impact ?? "unknown"}: ${v.id} (${v.help}) on ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          );
        }
        for (const v of results.incomplete) {
          console.log(`[axe ${viewport.width}px ${path}] needs review: ${v.id} (${v.help}) on ${v.nodes.length} element(s)`);
        }
        if (results.violations.length > 0) {
          await testInfo.attach("axe-violations.json", { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
        }
        expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
        expect(
          blocking.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })),
          "axe violations",
        ).toEqual([]);
      });
    }
  });
}
