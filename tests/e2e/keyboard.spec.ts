/**
 * Keyboard only (WCAG 2.1.1): the menu, the bylaws articles, Learn More and the document modal work with Tab,
 * Enter, Space and Escape alone, and the focused element is always visible.
 */
import { expect, test, type Page } from "@playwright/test";
import { PHONE, signIn, waitForHydration } from "./helpers.ts";

/** Presses Tab until the focused element matches `name` (accessible name), at most `limit` times. */
async function tabTo(page: Page, name: RegExp, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
    });
    if (name.test(focused)) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}

async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    return el.matches(":focus-visible") && (style.outlineStyle !== "none" || style.boxShadow !== "none");
  });
}

test("the first Tab reaches the skip link, which moves to the main content", async ({ page }) => {
  await page.goto("/the-lake");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });
  test("the menu opens with Enter, its links take focus, and Escape closes it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await tabTo(page, /^Open menu$/);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "open");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Membership" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "closed");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });
});

test("bylaws articles open and close with the keyboard", async ({ page }) => {
  await page.goto("/more/meetboard");
  await waitForHydration(page);
  const first = page.locator("details").first();
  await tabTo(page, /^Article I\b/);
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("open", "");
  await page.keyboard.press("Space");
  await expect(first).not.toHaveAttribute("open", "");
});

test("Learn More opens with the keyboard", async ({ page }) => {
  await page.goto("/the-lake");
  await waitForHydration(page);
  await tabTo(page, /^Learn More$/);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Beach Action Value").first()).toBeVisible();
});

test("the document modal opens, traps focus and closes with Escape", async ({ page }) => {
  await signIn(page, "/admin/documents");
  // A document to manage: a small text file through the picker (keyboard users reach it with Tab too).
  const name = `keyboard-${Date.now()}.txt`;
  await page.locator("#file").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("agenda") });
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await page.getByRole("link", { name: `Rename or delete ${name}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Rename or delete" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    // Inside the dialog, or (for one step) out in the browser's own controls: never on the page behind it.
    expect(await page.evaluate(() => { const el = document.activeElement; return !el || el === document.body || Boolean(el.closest("dialog")); })).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/documents$/);
  // Clean up through the same modal.
  await page.goto(`/admin/documents`);
  await page.getByRole("link", { name: `Rename or delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeHidden();
});
