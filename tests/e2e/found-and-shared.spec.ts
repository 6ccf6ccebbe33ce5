/**
 * Found and shared (issue 28 part 6), as crawlers, link previews and browsers meet the seeded demo site: robots.txt
 * and favicon.ico are what their names say (not the HTML error page), the manifest and its icons load, every page names
 * its canonical address, its link-preview tags (absolute addresses) and the feeds, and the pages' structured data
 * parses to the right schema.org types. (The sitemap's schema check and the feeds' content: tests/integration/
 * found-and-shared.test.ts.)
 */
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectModal, signedInTest, test, waitForHydration } from "./admin-helpers.ts";
import { numberWord } from "#app/platform/text/number-words.ts";

/** The page's head tags a link preview reads, by property or name. */
async function shareTags(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => {
    const meta = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
    const tags: Record<string, string | null> = {
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      ...Object.fromEntries(
        ["og:type", "og:site_name", "og:title", "og:description", "og:url", "og:image", "twitter:card", "twitter:title", "twitter:description", "twitter:image"].map((k) => [k, meta(k)]),
      ),
      manifest: document.head.querySelector('link[rel="manifest"]')?.getAttribute("href") ?? null,
    };
    return tags;
  });
}

/** The feeds the page's head names: "type href". */
async function feedLinks(page: Page): Promise<string[]> {
  return page.locator('head link[rel="alternate"]').evaluateAll((links) => links.map((l) => `${l.getAttribute("type")} ${l.getAttribute("href")}`));
}

/** Every JSON-LD block of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test("/robots.txt is plain text naming the sitemap, and /favicon.ico a real icon", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await robots.text();
  expect(text).not.toContain("<html");
  expect(text).toContain("Disallow: /admin\n");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await icon.body();
  expect((await fileTypeFromBuffer(bytes))?.ext).toBe("ico");
  // The ICO header: reserved 0, type 1 (icon), then its images, 16 and 32 px.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 2]);
  expect([bytes[6], bytes[22]]).toEqual([16, 32]);
});

test("the manifest is linked from every page and its icons load at their sizes", async ({ page, request }) => {
  await page.goto("/membership");
  expect((await shareTags(page)).manifest).toBe("/manifest.webmanifest");
  const response = await request.get("/manifest.webmanifest");
  expect(response.headers()["content-type"]).toBe("application/manifest+json; charset=utf-8");
  const manifest = (await response.json()) as { name: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest.name).toBeTruthy();
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.headers()["content-type"], icon.src).toBe(icon.type);
    const { width, height } = await sharp(await file.body()).metadata();
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
});

test("a page names its canonical address, its link preview with absolute addresses, and the three feeds", async ({ page, baseURL }) => {
  for (const path of ["/", "/the-lake", "/more/localinfo/All"]) {
    await page.goto(path);
    const tags = await shareTags(page);
    const url = new URL(path, baseURL).href;
    expect(tags.canonical, path).toBe(url);
    expect(tags["og:url"], path).toBe(url);
    expect(tags["og:type"], path).toBe("website");
    expect(tags["og:site_name"], path).toBeTruthy();
    expect(tags["og:title"], path).toBe(await page.title());
    expect(tags["og:description"], path).toBe(await page.locator('meta[name="description"]').getAttribute("content"));
    expect(tags["og:image"], path).toMatch(new RegExp(`^${baseURL}/`));
    expect(tags["twitter:card"], path).toBe("summary");
    expect(tags["twitter:image"], path).toBe(tags["og:image"]);
    expect(tags["twitter:title"], path).toBe(tags["og:title"]);
    expect(await feedLinks(page), path).toEqual(expect.arrayContaining(["application/atom+xml /news.atom", "application/feed+json /news.json", "text/calendar /events.ics"]));
    expect((await page.request.get(tags["og:image"]!)).status(), path).toBe(200);
  }
});

test("the home page describes the association as an Organization, once in the page", async ({ page, request, baseURL }) => {
  await page.goto("/");
  const [org, ...others] = await structuredData(page);
  expect(others).toEqual([]);
  expect(org).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", url: `${baseURL}/` });
  expect(String(org!.logo)).toMatch(new RegExp(`^${baseURL}/`));
  // In the HTML once: written into the head by the server, not carried in the hydration data.
  const html = await (await request.get("/")).text();
  expect(html.split('"@type":"Organization"').length - 1).toBe(1);
});

test("/news-events lists its events as Events, and a post's own page is a NewsArticle with its preview", async ({ page, baseURL }) => {
  await page.goto("/news-events");
  const [events] = await structuredData(page);
  const graph = (events!["@graph"] ?? [events]) as Record<string, string>[];
  expect(graph.length).toBeGreaterThan(0);
  for (const e of graph) {
    expect(e["@type"]).toBe("Event");
    expect(e.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(e.startDate).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?$/);
    expect(e.url).toMatch(new RegExp(`^${baseURL}/events/`));
    expect(e.location).toMatchObject({ "@type": "Place" });
  }

  // A post's title leads to its own page.
  const news = page.locator("#news").locator("..");
  const title = (await news.getByRole("article").first().getByRole("heading").textContent())!;
  await news.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const tags = await shareTags(page);
  expect(tags.canonical).toBe(page.url());
  expect(tags["og:url"]).toBe(page.url());
  expect(tags["og:type"]).toBe("article");
  expect(tags["og:title"]).toBe(await page.title());
  expect(await page.title()).toContain(title);
  expect(tags["og:image"]).toMatch(new RegExp(`^${baseURL}/`));
  const [article] = await structuredData(page);
  expect(article).toMatchObject({ "@type": "NewsArticle", headline: title, url: page.url() });
  expect(new Date(String(article!.datePublished)).toISOString()).toBe(article!.datePublished);

  // And an event's title to its page, an Event.
  await page.goto("/news-events");
  const eventTitle = (await page.locator("#events").locator("..").getByRole("article").first().getByRole("heading").textContent())!;
  await page.locator("#events").locator("..").getByRole("link", { name: eventTitle, exact: true }).click();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  const [event] = await structuredData(page);
  expect(event).toMatchObject({ "@type": "Event", name: eventTitle, url: page.url() });
  expect((await page.request.get("/news/not-a-post")).status()).toBe(404);
});

signedInTest("Meet the Board's description counts the members listed, in words", async ({ page, visitor }) => {
  await page.goto("/admin/board?edit=new");
  await waitForHydration(page);
  const modal = await expectModal(page, "Add a New Board Member");
  await modal.getByLabel("Name").fill("Counted Sixthson");
  await modal.getByLabel("Title").fill("Member at Large");
  await modal.getByRole("button", { name: "Add Board Member" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  try {
    await visitor.goto("/more/meetboard");
    await expect(visitor.getByText("Counted Sixthson")).toBeVisible();
    const count = await visitor.locator("ul.board > li").count();
    expect(count).toBeGreaterThanOrEqual(6);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", `The association's ${numberWord(count)} board members and its bylaws.`);
  } finally {
    await page.goto("/admin/board");
    await page.getByRole("link", { name: "Delete Counted Sixthson" }).click();
    await (await expectModal(page, "Delete this board member?")).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
});
