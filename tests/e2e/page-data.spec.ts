/**
 * Pages carry their stored texts once (issue 13): on a document, the news texts, event details, FAQ answers,
 * bylaws and page prose are in the markup only, and the hydration data refers to them; after hydration they are
 * still shown, React reports no hydration error, and a client navigation back (a `.data` request, which carries the
 * texts) shows them too.
 */
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers.ts";

/** The texts of the page's Markdown blocks as rendered, and the hydration data script's text. */
async function textsAndHandoff(page: Page) {
  return page.evaluate(() => ({
    texts: [...document.querySelectorAll(".prose-md")].map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim()).filter((t) => t.length > 20),
    handoff: [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent ?? "").filter((t) => t.includes("__reactRouterContext")).join("\n"),
  }));
}

for (const path of ["/news-events", "/the-lake", "/", "/more/meetboard", "/membership"]) {
  test(`${path} sends each stored text once and shows it after hydration`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path);
    await waitForHydration(page);
    const { texts, handoff } = await textsAndHandoff(page);
    expect(texts.length, "the page has stored texts").toBeGreaterThan(0);
    expect(handoff).toContain("__reactRouterContext");
    for (const text of texts) expect(handoff, `hydration data repeats: ${text.slice(0, 40)}`).not.toContain(text.slice(0, 40));
    // After hydration React rendered the same texts (it read them from the page), and said nothing about it.
    expect((await textsAndHandoff(page)).texts).toEqual(texts);
    expect(errors).toEqual([]);
  });
}

test("after a client navigation away and back, the texts come with the data and are shown", async ({ page }) => {
  await page.goto("/news-events");
  await waitForHydration(page);
  const { texts } = await textsAndHandoff(page);
  const data = page.waitForResponse((r) => r.url().includes("/news-events.data"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Membership" }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News & Events" }).click();
  const body = await (await data).text();
  expect(body).toContain(texts[0]!.slice(0, 30));
  await expect(page).toHaveURL(/\/news-events$/);
  expect((await textsAndHandoff(page)).texts).toEqual(texts);
});
