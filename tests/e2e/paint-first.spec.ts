/**
 * Text before scripts (issue 13 part 5, decision 013): on each public page (the registry, app/routes/public/pages.ts)
 * the browser paints before it asks for any hydration script, then hydrates (the rewritten module script fetches the
 * same modules after the first frame), and the pictures in view on a phone are not lazy.
 */
import { expect, test } from "@playwright/test";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { PHONE, waitForHydration } from "./helpers.ts";

test.use({ viewport: PHONE });

for (const path of publicPageAddresses()) {
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

/**
 * The browser's Intl, counted: each constructor and each locale-aware method a page's scripts call is noted with the
 * first lines of its stack. Installed before any script of the page runs.
 */
function countIntl(): void {
  const uses: string[] = ((window as unknown as { intlUses: string[] }).intlUses = []);
  const note = (name: string) => uses.push(`${name} ${(new Error().stack ?? "").split("\n").slice(3, 5).join(" ").trim()}`);
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of ["DateTimeFormat", "NumberFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat", "DisplayNames", "Segmenter", "Locale", "DurationFormat"]) {
    const original = intl[name];
    if (typeof original !== "function") continue;
    intl[name] = new Proxy(original, {
      construct: (target, args) => (note(`Intl.${name}`), Reflect.construct(target as new (...a: unknown[]) => object, args)),
      apply: (target, self, args) => (note(`Intl.${name}`), Reflect.apply(target as (...a: unknown[]) => unknown, self, args)),
    });
  }
  const wrap = (owner: object, method: string, label: string) => {
    const record = owner as Record<string, (...args: unknown[]) => unknown>;
    const original = record[method]!;
    record[method] = function (this: unknown, ...args: unknown[]) {
      note(label);
      return original.apply(this, args);
    };
  };
  wrap(Intl, "supportedValuesOf", "Intl.supportedValuesOf");
  wrap(Intl, "getCanonicalLocales", "Intl.getCanonicalLocales");
  for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) wrap(Date.prototype, method, `Date#${method}`);
  wrap(Number.prototype, "toLocaleString", "Number#toLocaleString");
  wrap(BigInt.prototype, "toLocaleString", "BigInt#toLocaleString");
  wrap(Array.prototype, "toLocaleString", "Array#toLocaleString");
  for (const method of ["localeCompare", "toLocaleUpperCase", "toLocaleLowerCase", "normalize"]) wrap(String.prototype, method, `String#${method}`);
}

/**
 * Each error a page's scripts create, noted with whether `Error.stackTraceLimit` was a number at the time (when it is
 * not, V8 takes no stack). Installed before any script of the page runs.
 */
function noteErrors(): void {
  const notes: { message: string; limited: boolean }[] = ((window as unknown as { errorNotes: typeof notes }).errorNotes = []);
  const note = (args: unknown[]) => notes.push({ message: String(args[0]), limited: typeof Error.stackTraceLimit === "number" });
  window.Error = new Proxy(Error, {
    construct: (target, args, newTarget) => (note(args), Reflect.construct(target, args, newTarget)),
    apply: (target, self, args) => (note(args), Reflect.apply(target, self, args)),
  });
}

// The first use of Intl costs a renderer 45 to 130 ms of main thread while ICU is set up, and an SVG drawn as an image
// (an <img>, the tab's icon) is a document of its own, about 20 ms more after the first paint (decision 018): the
// pages write their dates and numbers with app/platform/text/format.ts, uPlot builds its formatters only on first use, the bundled
// logo is in the markup and the icon is a PNG. While DevTools is attached (Lighthouse), V8 re-parsed all of React DOM,
// 70 to 110 ms, to give a stack to the errors React DOM builds as its module loads; no stack is taken while the
// modules load (app/platform/http/quiet-error-stacks.client.ts). Naming no font that a platform must look up by name saved the first
// layout about 30 ms on Linux (decision 019).
// Every public page, and the page of an unknown address.
for (const path of [...publicPageAddresses(), "/more/faq"]) {
  test(`${path} loads and hydrates without starting the browser's Intl, drawing an SVG image or taking error stacks`, async ({ page }) => {
    await page.addInitScript(countIntl);
    await page.addInitScript(noteErrors);
    await page.goto(path);
    await waitForHydration(page);
    if (path === "/the-lake") {
      // The chart is drawn once its box is near the screen: scroll to it and wait for uPlot's axes.
      await page.locator(".chart-box").scrollIntoViewIfNeeded();
      await expect(page.locator(".chart-box .u-axis").first()).toBeAttached();
    }
    expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses)).toEqual([]);

    const { errors, limit, fontFamily } = await page.evaluate(() => ({
      errors: (window as unknown as { errorNotes: { message: string; limited: boolean }[] }).errorNotes,
      limit: Error.stackTraceLimit,
      fontFamily: getComputedStyle(document.documentElement).fontFamily,
    }));
    const reactErrors = errors.filter((error) => error.message.startsWith("Minified React error"));
    expect(reactErrors.length, "React DOM builds its sentinel errors as it loads").toBeGreaterThan(0);
    expect(reactErrors.filter((error) => error.limited), "errors built with a stack while the modules loaded").toEqual([]);
    expect(limit, "the stack limit is back once the modules have loaded").toBe(10);
    expect(fontFamily).toBe("system-ui, sans-serif");

    // The lake's map (/the-lake/map.svg, decision 034) is the one SVG image: lazy, far below the first screen, so its
    // document is made when a reader scrolls to it, not while the page paints and hydrates.
    const images = await page
      .locator("img")
      .evaluateAll((list) => list.map((img) => ({ src: (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src, lazy: (img as HTMLImageElement).loading === "lazy" })));
    const map = images.filter((image) => new URL(image.src, "http://x").pathname === "/the-lake/map.svg");
    expect(map.every((image) => image.lazy)).toBe(true);
    expect(images.filter((image) => !map.includes(image) && /^data:image\/svg|\.svg(\?|$)/.test(image.src))).toEqual([]);
    await expect(page.locator(".site-header .logo svg")).toBeVisible();
    const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => ({ href: (link as HTMLLinkElement).href, type: link.getAttribute("type") })));
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      const response = await page.request.get(icon.href);
      expect(response.status(), icon.href).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
  });
}
