/**
 * The checks every admin screen gets, driven by a screen registry (app/routes/admin/screens.ts) rather than a list
 * kept in the tests: a guest is refused, the menu links exactly the screens that have a `menu` entry (in registry
 * order, under their group), and each screen shows its heading and passes axe at phone and desktop widths without
 * scrolling sideways.
 *
 * Each check takes the server's `baseURL` and the screens it should have, so that the same checks run against the
 * server under test (tests/e2e/admin-*.spec.ts, with this project's registry) and against a copy of the project with
 * a screen added (tests/e2e/registry/throwaway-screen.spec.ts, with the copy's registry).
 */
import { expect, type APIRequestContext, type APIResponse, type Page, type TestInfo } from "@playwright/test";
import type { AdminScreen } from "#app/routes/admin/screens.ts";
import { expectNoAxeViolations } from "./admin-helpers.ts";
import { waitForHydration } from "./helpers.ts";

/** What the checks need of a registry module: its screens and its non-screen routes. */
export interface ScreenRegistry {
  ADMIN_SCREENS: readonly AdminScreen[];
  ADMIN_ENDPOINTS: readonly { path: string }[];
}

/** A screen's address ("/admin/news"), as the registry's `screenUrl` makes it (written again so a copy's registry is read, not this one's). */
export function urlOf(screen: Pick<AdminScreen, "path">): string {
  return `/admin/${screen.path}`;
}

/** The label a screen has in the menu (its heading unless `menu.label` says otherwise). */
export function menuLabel(screen: AdminScreen): string {
  return screen.menu?.label ?? screen.heading;
}

/** Every admin address a guest must be refused: /admin, each screen and each endpoint. */
export function adminAddresses(registry: ScreenRegistry): string[] {
  return ["/admin", ...registry.ADMIN_SCREENS.map(urlOf), ...registry.ADMIN_ENDPOINTS.map(urlOf)];
}

/**
 * A guest is refused: a redirect to `/login?redirect=<the page>` (plain), 401, or, for a `.data` request, 202 with
 * that redirect inside the router's payload.
 * @param page the page the login redirect should name; any when omitted
 */
export async function expectRefused(response: APIResponse, label: string, page?: string): Promise<void> {
  const status = response.status();
  if (status === 401) return;
  const target = page === undefined ? /^\/login\?redirect=/ : `/login?redirect=${encodeURIComponent(page)}`;
  if (status === 302 || status === 303) {
    if (typeof target === "string") expect(response.headers().location, label).toBe(target);
    else expect(response.headers().location, label).toMatch(target);
    return;
  }
  expect(status, label).toBe(202);
  const body = await response.text();
  expect(body, label).toContain('"redirect"');
  if (typeof target === "string") expect(body, label).toContain(JSON.stringify(target));
  else expect(body, label).toMatch(/"\/login\?redirect=[^"]*"/);
}

/**
 * A guest (no cookies) asking for every admin address of `registry`, as a page and as the router's `.data`, is sent
 * to /login naming that page, and the answer leaks nothing of the site's addresses.
 * @param guest a request context without cookies
 * @returns how many requests were refused
 */
export async function expectGuestRefusedEverywhere(guest: APIRequestContext, baseURL: string, registry: ScreenRegistry): Promise<number> {
  let refused = 0;
  for (const address of adminAddresses(registry)) {
    await expectRefused(await guest.get(new URL(address, baseURL).href, { maxRedirects: 0 }), `GET ${address}`, address);
    const data = await guest.get(new URL(`${address}.data`, baseURL).href, { maxRedirects: 0 });
    await expectRefused(data, `GET ${address}.data`, address);
    expect(await data.text(), `GET ${address}.data leaks nothing`).not.toMatch(/board@heronlake|admin@shoreline/);
    refused += 2;
  }
  return refused;
}

/**
 * The admin menu of the page as it is now shows exactly the screens of `registry` that have a `menu` entry, in
 * registry order: the "main" group's links, then the Logout button, then (when any screen is in it) a "Site"
 * heading over the "site" group's links. Screens without `menu` are not linked from it.
 */
export async function expectMenuOf(page: Page, registry: ScreenRegistry): Promise<void> {
  const screens = registry.ADMIN_SCREENS;
  const main = screens.filter((s) => s.menu?.group === "main");
  const site = screens.filter((s) => s.menu?.group === "site");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu).toBeVisible();
  // Everything the menu shows, in document order: links, the Logout button and group headings.
  const expected = [...main.map(menuLabel), "Logout", ...(site.length > 0 ? ["Site", ...site.map(menuLabel)] : [])];
  await expect(menu.locator("a, button, h2, h3, h4")).toHaveText(expected);
  await expect(menu.getByRole("link")).toHaveCount(main.length + site.length);
  expect(await menu.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([...main, ...site].map(urlOf));
  await expect(menu.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
  if (site.length > 0) {
    // The site group is a list named by its heading, so a screen reader hears the group too.
    await expect(menu.getByRole("heading", { name: "Site", exact: true })).toBeVisible();
    await expect(menu.getByRole("list", { name: "Site" }).getByRole("link")).toHaveText(site.map(menuLabel));
  } else {
    await expect(menu.getByRole("heading", { name: "Site", exact: true })).toHaveCount(0);
  }
  for (const hidden of screens.filter((s) => !s.menu)) {
    await expect(menu.locator(`a[href="${urlOf(hidden)}"]`), `${urlOf(hidden)} is not in the menu`).toHaveCount(0);
  }
}

/**
 * A signed-in administrator visits `screen`: 200, its heading as the page's h1 and in its title, a description, the
 * menu of `registry` (with the screen's own link marked as the current page when it has one).
 */
export async function openScreen(page: Page, baseURL: string, screen: AdminScreen, registry: ScreenRegistry): Promise<void> {
  const address = urlOf(screen);
  const response = await page.goto(new URL(address, baseURL).href);
  expect(response?.status(), `GET ${address}`).toBe(200);
  expect(new URL(page.url()).pathname).toBe(address);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: screen.heading, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${screen.heading} · Admin`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", `${screen.heading} in the association's admin panel.`);
  await expectMenuOf(page, registry);
  if (screen.menu) {
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: menuLabel(screen), exact: true })).toHaveAttribute("aria-current", "page");
  }
}

/**
 * Nothing scrolls sideways at the viewport's width (WCAG 1.4.10 Reflow): not the page, and not any element inside it
 * that could scroll (overflow-x auto or scroll: a table's box, a code block), and every row action of a list (Edit,
 * Delete, Move up, a row's checkbox…) lies inside the viewport, so none is reached only by scrolling sideways
 * (issue 26: at 390 px the tables scrolled in their box with Edit and Delete off-screen).
 */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const scrolling = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth} > ${el.clientWidth})`);
    const width = root.clientWidth;
    const controls = [...document.querySelectorAll<HTMLElement>("td.actions a, td.actions button, .item-list > li > a, input.row-select")];
    const outside = controls
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < 0 || box.right > width + 0.5);
      })
      .map((el) => `${el.textContent?.trim() || el.getAttribute("aria-label")} at ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)} px`);
    return { scrollWidth: root.scrollWidth, clientWidth: width, scrolling, outside, controls: controls.length };
  });
  expect(found.scrollWidth, `${label} page width`).toBeLessThanOrEqual(found.clientWidth);
  expect(found.scrolling, `${label}: elements that scroll sideways`).toEqual([]);
  expect(found.outside, `${label}: row actions outside the ${found.clientWidth} px viewport`).toEqual([]);
}

/**
 * `screen` at the page's viewport: opened by a signed-in administrator (heading, menu), axe-clean (any impact) and
 * without sideways scrolling.
 */
export async function expectScreenAccessible(page: Page, testInfo: TestInfo, baseURL: string, screen: AdminScreen, registry: ScreenRegistry): Promise<void> {
  await openScreen(page, baseURL, screen, registry);
  const width = page.viewportSize()?.width ?? 0;
  await expectNoAxeViolations(page, testInfo, `${width}px ${urlOf(screen)}`);
  await expectNoSidewaysScroll(page, `${urlOf(screen)} at ${width} px`);
}
