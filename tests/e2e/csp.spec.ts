/**
 * The Content-Security-Policy in a real browser (issue 13): the public pages (every page of the public page registry,
 * app/routes/public/pages.ts), stored once per version with their inline scripts and styles allowed by hash, load,
 * hydrate and stay interactive with no policy violation, with JavaScript and without (the menu's <noscript> style);
 * a page that is not cached (sign-in) does the same with its per-response nonce. A violation is what Chromium reports
 * as a `securitypolicyviolation` event.
 */
import { expect, test } from "@playwright/test";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { PHONE } from "./helpers.ts";
import { expectNoCspViolation } from "./public-page-checks.ts";

const PAGES = [...publicPageAddresses(), "/login"];

for (const path of PAGES) {
  test(`${path} runs its inline scripts and styles with no CSP violation, and hydrates`, async ({ page, baseURL }) => {
    await expectNoCspViolation(page, baseURL!, path);
  });
}

test.describe("without JavaScript", () => {
  // At phone width the menu is behind a toggle that only JavaScript can open; the <noscript> style shows it instead.
  test.use({ javaScriptEnabled: false, viewport: PHONE });
  test("the menu's <noscript> style is allowed by the policy (the menu shows without the toggle)", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});
