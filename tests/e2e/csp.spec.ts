/**
 * The Content-Security-Policy in a real browser (issue 13): the public pages, stored once per version with their
 * inline scripts and styles allowed by hash, load, hydrate and stay interactive with no policy violation, with
 * JavaScript and without (the menu's <noscript> style); a page that is not cached (sign-in) does the same with its
 * per-response nonce. A violation is what Chromium reports as a `securitypolicyviolation` event.
 */
import { expect, test, type Page } from "@playwright/test";
import { PHONE, waitForHydration } from "./helpers.ts";

const PAGES = ["/", "/the-lake", "/news-events", "/membership", "/more/meetboard", "/more/documents", "/contact-us", "/login"];

/** Records every CSP violation of the page from its first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

for (const path of PAGES) {
  test(`${path} runs its inline scripts and styles with no CSP violation, and hydrates`, async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const csp = (await response?.headerValue("content-security-policy")) ?? "";
    expect(csp).not.toContain("unsafe-inline");
    await waitForHydration(page);
    // The site's stylesheet is inline: applied only if the policy allowed it.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".site-header")!).position)).toBe("sticky");
    // React Router's inline module script ran: client navigation works.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Membership" }).click();
    await expect(page).toHaveURL(/\/membership$/);
    expect(await violations()).toEqual([]);
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
