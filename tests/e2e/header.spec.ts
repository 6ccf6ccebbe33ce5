/**
 * The site header (spec §2): the logo and its ctrl/meta click, the narrow-screen menu toggle with its 150 ms close,
 * the section links and the social link, and the page-wide `--header-height` value.
 */
import { expect, test, type Page } from "@playwright/test";
import * as registry from "#app/routes/public/pages.ts";
import { DESKTOP, PHONE, signIn, waitForHydration } from "./helpers.ts";
import { expectHeaderOf } from "./public-page-checks.ts";

const LINKS = [
  { name: "Membership", href: "/membership" },
  { name: "The Lake", href: "/the-lake" },
  { name: "News & Events", href: "/news-events" },
  { name: "Board & More", href: "/more" },
];
const SOCIAL_URL = "https://www.facebook.com/heronlakeassociation";

const logo = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Heron Lake Association, home" });
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const social = (page: Page) => nav(page).getByRole("link", { name: /^Facebook/ });

/** Records every value the header's data-menu attribute takes, with the time it took it. */
async function recordMenuStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const header = document.querySelector("header.site-header")!;
    const log: { state: string | null; at: number }[] = [{ state: header.getAttribute("data-menu"), at: performance.now() }];
    (window as unknown as { __menuLog: typeof log }).__menuLog = log;
    new MutationObserver(() => log.push({ state: header.getAttribute("data-menu"), at: performance.now() })).observe(header, {
      attributes: true,
      attributeFilter: ["data-menu"],
    });
  });
}

async function menuLog(page: Page): Promise<{ state: string | null; at: number }[]> {
  return page.evaluate(() => (window as unknown as { __menuLog: { state: string | null; at: number }[] }).__menuLog);
}

async function expectHeaderHeightPublished(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector<HTMLElement>("header.site-header")!;
        return { published: document.documentElement.style.getPropertyValue("--header-height"), actual: `${header.offsetHeight}px` };
      }),
    )
    .toEqual(expect.objectContaining({ published: expect.stringMatching(/^\d+px$/) }));
  const { published, actual } = await page.evaluate(() => {
    const header = document.querySelector<HTMLElement>("header.site-header")!;
    return { published: document.documentElement.style.getPropertyValue("--header-height"), actual: `${header.offsetHeight}px` };
  });
  expect(published).toBe(actual);
}

test.describe("logo", () => {
  test("a click on the logo goes to /", async ({ page }) => {
    await page.goto("/the-lake");
    await waitForHydration(page);
    await logo(page).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Heron Lake Association" })).toBeVisible();
  });

  test("a ctrl+click on the logo as a guest goes to /login", async ({ page, context }) => {
    await page.goto("/membership");
    await waitForHydration(page);
    await logo(page).click({ modifiers: ["Control"] });
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    // The click was handled by the page, not by the browser opening a new tab.
    expect(context.pages()).toHaveLength(1);
  });

  test("a meta+click on the logo as a guest goes to /login too", async ({ page, context }) => {
    await page.goto("/the-lake");
    await waitForHydration(page);
    await logo(page).click({ modifiers: ["Meta"] });
    await expect(page).toHaveURL("/login");
    expect(context.pages()).toHaveLength(1);
  });

  test("a ctrl+click on the logo as a signed-in administrator goes to /admin, then /admin/news", async ({ page, context }) => {
    await signIn(page);
    await page.goto("/membership");
    await waitForHydration(page);
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    await logo(page).click({ modifiers: ["Control"] });
    await expect(page).toHaveURL("/admin/news");
    // The router asked for /admin, which redirected to /admin/news.
    expect(asked).toContain("/admin.data");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    expect(context.pages()).toHaveLength(1);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  test("the menu toggle opens the menu with the four links and the social link, and closes it after 150 ms", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await expect(nav(page)).toBeHidden();

    await open.click();
    await expect(header).toHaveAttribute("data-menu", "open");
    await expect(nav(page)).toBeVisible();
    for (const link of LINKS) {
      const a = nav(page).getByRole("link", { name: link.name, exact: true });
      await expect(a).toBeVisible();
      await expect(a).toHaveAttribute("href", link.href);
    }
    await expect(social(page)).toBeVisible();
    await expect(social(page)).toHaveAttribute("href", SOCIAL_URL);
    await expect(social(page)).toHaveAttribute("target", "_blank");
    await expect(social(page)).toHaveAttribute("rel", /\bnoopener\b/);

    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await recordMenuStates(page);
    await close.click();
    // Right after the click the menu is closing (still shown while it animates out)…
    const afterClick = await menuLog(page);
    expect(afterClick.map((e) => e.state)).toContain("closing");
    // …and about 150 ms later it is closed and hidden.
    await page.waitForTimeout(400);
    await expect(header).toHaveAttribute("data-menu", "closed");
    await expect(nav(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    const log = await menuLog(page);
    const states = log.map((e) => e.state);
    expect(states).toEqual(["open", "closing", "closed"]);
    const closingFor = log[2]!.at - log[1]!.at;
    // The spec's delay is the lower bound; above, only that it closed by itself: on a loaded machine a 150 ms timer
    // has fired 460 ms late (a fresh-clone CI run), so the upper bound is loose.
    expect(closingFor).toBeGreaterThanOrEqual(140);
    expect(closingFor).toBeLessThan(1000);
  });

  test("Escape closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav(page)).toBeVisible();
    await recordMenuStates(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "closed");
    await expect(nav(page)).toBeHidden();
    expect((await menuLog(page)).map((e) => e.state)).toEqual(["open", "closing", "closed"]);
  });

  test("following a menu link closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await nav(page).getByRole("link", { name: "The Lake", exact: true }).click();
    await expect(page).toHaveURL("/the-lake");
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "closed");
    await expect(nav(page)).toBeHidden();
  });

  // A link to the page already shown (the logo on /, "The Lake" on /the-lake) changes no path, yet closes the menu.
  test("following a menu link to the page already shown closes the menu", async ({ page }) => {
    await page.goto("/the-lake");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav(page)).toBeVisible();
    await nav(page).getByRole("link", { name: "The Lake", exact: true }).click();
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "closed");
    await expect(nav(page)).toBeHidden();
  });

  test("--header-height follows the header's height, with the menu closed and open", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectHeaderHeightPublished(page);
    const closedHeight = await page.getByRole("banner").evaluate((el: HTMLElement) => el.offsetHeight);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(nav(page)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--header-height")))
      .not.toBe(`${closedHeight}px`);
    await expectHeaderHeightPublished(page);
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: DESKTOP });

  test("the toggle is hidden and the links and the social link are shown", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator(".menu-toggle")).toBeHidden();
    await expect(nav(page)).toBeVisible();
    for (const link of LINKS) {
      const a = nav(page).getByRole("link", { name: link.name, exact: true });
      await expect(a).toBeVisible();
      await expect(a).toHaveAttribute("href", link.href);
    }
    await expect(social(page)).toBeVisible();
    await expect(social(page)).toHaveAttribute("target", "_blank");
    await expect(social(page)).toHaveAttribute("rel", /\bnoopener\b/);
  });

  test("the section links are the public page registry's, in its order, and the registry's are the specification's (§2)", async ({ page }) => {
    expect(registry.navOf(registry.PUBLIC_SITE)).toEqual(LINKS.map((link) => ({ to: link.href, label: link.name })));
    await page.goto("/");
    await expectHeaderOf(page, registry);
  });

  test("a section link navigates and is marked as the current page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await nav(page).getByRole("link", { name: "Membership", exact: true }).click();
    await expect(page).toHaveURL("/membership");
    await expect(nav(page).getByRole("link", { name: "Membership", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("--header-height is the header's pixel height", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expectHeaderHeightPublished(page);
  });
});
