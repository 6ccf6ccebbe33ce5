/**
 * Issue 26 part 4, "What you type is what residents see": each Markdown field has a preview of the server's own
 * rendering (the same `renderMarkdown`, or the banner's inline Markdown, with the placeholders filled in), beside
 * the field where there is room and under it on a phone; without JavaScript the field is the plain textarea it was.
 * The treasurer's contact is text. Nothing is saved here.
 */
import type { Page } from "@playwright/test";
import { renderInlineMarkdown, renderMarkdown } from "#app/platform/text/markdown.server.ts";
import { expect, openAdmin, PHONE, signIn, test } from "./admin-helpers.ts";

/**
 * What the server renders for `text` with the dues set now (as the Pages screen shows them): what the public pages
 * would show.
 */
async function serverRendering(page: Page, text: string, inline = false): Promise<string> {
  const response = await page.request.get("/admin/pages");
  const html = await response.text();
  const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1];
  const filled = text.replaceAll("{duesDollars}", value("duesDollars")!).replaceAll("{duesDate}", value("duesDate")!);
  return inline ? renderInlineMarkdown(filled) : renderMarkdown(filled);
}

const TEXT = "**Loons** are back on the _north_ end.\n\n### Dates\n- Count: June 3\n- Picnic: July 4\n\nDues are ${duesDollars}, due {duesDate}. [The town](https://town.example/lake)";

test("a news post's preview is the server's rendering, and follows the typing", async ({ page }) => {
  await openAdmin(page, "/admin/news?edit=new");
  const text = page.getByLabel("Text", { exact: true });
  await text.fill(TEXT);
  const button = page.getByRole("button", { name: "Preview", exact: true });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(page.getByRole("button", { name: "Hide preview" })).toHaveAttribute("aria-expanded", "true");
  const shown = page.locator("#text-preview .prose-md");
  const expected = await serverRendering(page, TEXT);
  expect(expected).toContain("<strong>Loons</strong>");
  expect(expected).not.toContain("{duesDollars}");
  await expect.poll(() => shown.innerHTML()).toBe(expected);
  await expect(shown.getByRole("heading", { name: "Dates" })).toBeVisible();
  await expect(shown.getByRole("link", { name: "The town" })).toHaveAttribute("href", "https://town.example/lake");

  // Typing on: the preview follows once typing pauses.
  await text.press("End");
  await text.pressSequentially(" **More**");
  await expect.poll(() => shown.innerHTML()).toBe(await serverRendering(page, `${TEXT} **More**`));
});

test("the banner's preview is its inline Markdown", async ({ page }) => {
  await openAdmin(page, "/admin/banner");
  const field = page.getByLabel("Banner text", { exact: true });
  const line = "**Beach closed** until _Friday_. [Details](https://town.example/beach)";
  await field.fill(line);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const shown = page.locator("#text-preview .prose-md");
  await expect.poll(() => shown.innerHTML()).toBe(await serverRendering(page, line, true));
  await expect(shown.locator("p")).toHaveCount(0);
});

test("the preview is beside the field on a wide page and under it on a phone", async ({ page }, testInfo) => {
  await openAdmin(page, "/admin/pages");
  await page.getByRole("button", { name: "Preview", exact: true }).first().click();
  const field = page.getByLabel("Welcome", { exact: true });
  const preview = page.locator("#welcome-preview");
  await expect(preview).toBeVisible();
  await expect(preview.locator(".prose-md p").first()).toBeVisible();
  const [f, p] = [(await field.boundingBox())!, (await preview.boundingBox())!];
  expect(p.x).toBeGreaterThanOrEqual(f.x + f.width);
  await page.screenshot({ path: testInfo.outputPath("preview-1280.png") });
  await page.setViewportSize(PHONE);
  const [f2, p2] = [(await field.boundingBox())!, (await preview.boundingBox())!];
  expect(p2.y).toBeGreaterThanOrEqual(f2.y + f2.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("preview-390.png") });
});

test("the treasurer's contact is text on /membership", async ({ page }) => {
  await page.goto("/membership");
  const dues = page.getByRole("region", { name: "Dues" });
  await expect(dues.getByRole("heading", { name: "Contact the treasurer" })).toBeVisible();
  await expect(dues.locator(".treasurer-contact")).toContainText("PO Box 118");
  await expect(dues.locator(".treasurer-contact").getByRole("link", { name: "treasurer@heronlake.example.org" })).toHaveAttribute("href", "mailto:treasurer@heronlake.example.org");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no Preview button: the Markdown field is the plain textarea", async ({ page }) => {
    await signIn(page, "/admin/news?edit=new");
    await page.goto("/admin/news?edit=new");
    await expect(page.getByLabel("Text", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Preview", exact: true })).toHaveCount(0);
  });
});
