/**
 * Text before scripts (issue 13 part 5, decision 013): on each public page the browser paints before it asks for
 * any hydration script, then hydrates (the rewritten module script fetches the same modules after the first frame),
 * and the pictures in view on a phone are not lazy.
 */
import { expect, test } from "@playwright/test";
import { PHONE, waitForHydration } from "./helpers.ts";

test.use({ viewport: PHONE });

for (const path of ["/", "/the-lake", "/news-events", "/membership", "/more/meetboard"]) {
  test(`${path} paints before it asks for a script, then hydrates`, async ({ page }) => {
    // The first frame the page renders, as its own scripts would see it: a callback registered before the document
    // is parsed runs at that frame. (The paint entry's time is when the frame reaches the screen, which may come
    // a few milliseconds after the task that follows it.)
    await page.addInitScript(() => {
      requestAnimationFrame(() => ((window as unknown as { firstFrame: number }).firstFrame = performance.now()));
    });
    await page.goto(path);
    await waitForHydration(page);
    const { frame, paint, scripts, preloadsInHead } = await page.evaluate(() => ({
      frame: (window as unknown as { firstFrame?: number }).firstFrame,
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => (e as PerformanceResourceTiming).initiatorType !== "img" && new URL(e.name).pathname.startsWith("/assets/") && e.name.endsWith(".js"))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
      // Put back by the hydration function after the paint; the document itself had none (checked below).
      preloadsInHead: document.head.querySelectorAll('link[rel="modulepreload"]').length,
    }));
    expect(paint, "a first contentful paint").toBeDefined();
    expect(scripts.length, "hydration scripts were fetched").toBeGreaterThan(0);
    expect(frame, "a first frame").toBeDefined();
    for (const script of scripts) expect(script.start, `${script.name} asked for before the first frame`).toBeGreaterThan(frame!);
    expect(preloadsInHead).toBeGreaterThan(0);
    const html = await (await page.request.get(path)).text();
    expect(html.slice(0, html.indexOf("</head>")), "no module preload in the document's head").not.toContain("modulepreload");
  });
}

test("the first row of board photos is fetched at once, the rest lazily", async ({ page }) => {
  await page.goto("/more/meetboard");
  const loading = await page.locator("ul.board img").evaluateAll((images) => images.map((i) => i.getAttribute("loading")));
  expect(loading.length).toBeGreaterThan(2);
  expect(loading.slice(0, 2)).toEqual(["eager", "eager"]);
  expect(new Set(loading.slice(2))).toEqual(new Set(["lazy"]));
});
