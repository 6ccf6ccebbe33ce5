/**
 * Site search in Chromium (issue 28, decision 039): without JavaScript, the footer's box on any public page leads to
 * /search, whose server-rendered results mark the matched words and link to the item; the page's states (results,
 * nothing found, an empty query, a too-long one) are clean under axe at a phone's and a desktop's width.
 */
import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE } from "./helpers.ts";
import { expectAxeClean } from "./public-page-checks.ts";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px the footer's box finds a demo news post, its words marked, and its link leads to it`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/membership");
      const box = page.getByRole("search", { name: "Search the site" });
      await box.getByRole("searchbox", { name: "Search this site" }).fill("water testing");
      await box.getByRole("button", { name: "Search" }).click();

      await expect(page).toHaveURL(/\/search\?q=water\+testing$/);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Words to look for" })).toHaveValue("water testing");
      const result = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "New water-quality testing schedule" }) });
      await expect(result).toBeVisible();
      await expect(result).toContainText("News ·");
      await expect(result.locator("mark")).toHaveText(["water", "testing"]);
      // The footer's box is not repeated on the page that has its own.
      await expect(page.getByRole("searchbox", { name: "Search this site" })).toHaveCount(0);

      // A post's result leads to the post's own page.
      await result.getByRole("link").click();
      await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: "New water-quality testing schedule" })).toBeVisible();
    });
  }

  test("a bylaws result opens the Meet the Board page at its article, a question the lake page at it", async ({ page }) => {
    await page.goto("/search?q=quorum");
    const bylaws = page.getByRole("listitem").filter({ hasText: "Bylaws" }).first();
    await bylaws.getByRole("link").click();
    await expect(page).toHaveURL(/\/more\/meetboard#bylaws-/);
    await expect(page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`)).toBeInViewport();

    await page.goto("/search?q=geese");
    const question = page.getByRole("listitem").filter({ hasText: "Question" }).first();
    await question.getByRole("link").click();
    await expect(page).toHaveURL(/\/the-lake#faq-/);
    await expect(page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`)).toBeInViewport();
  });

  test("hostile and empty queries give a page with a message, never an error", async ({ page }) => {
    for (const q of ['"', "AND(", "e. coli", "NEAR/2 *"]) {
      const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
      expect(response?.status(), q).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    }
    await page.goto("/search?q=%22");
    await expect(page.getByText("has no word to look for")).toBeVisible();
    await page.goto("/search?q=");
    await expect(page.getByText("Type a word or two above, then press Search.")).toBeVisible();
    const long = await page.goto(`/search?q=${"x".repeat(201)}`);
    expect(long?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("That search is 201 characters long. Please use at most 200.");
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const [address, status] of [
      ["/search?q=board+elections", 200],
      ["/search?q=zeppelin", 200],
      ["/search", 200],
      [`/search?q=${"x".repeat(201)}`, 400],
    ] as const) {
      test(`${address.slice(0, 40)} has no axe violations`, async ({ page, baseURL }, testInfo) => {
        await expectAxeClean(page, testInfo, baseURL!, address, { status });
      });
    }
  });
}
