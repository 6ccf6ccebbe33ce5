/**
 * The checks every public page gets, driven by the public page registry (app/routes/public/pages.ts) rather than a
 * list kept in the tests: no axe violation at phone and desktop widths (a11y.spec.ts), no Content-Security-Policy
 * violation while it loads and hydrates (csp.spec.ts), its content without JavaScript (no-js.spec.ts), and the
 * header's section links as the registry gives them.
 *
 * Each check takes the server's `baseURL`, so that the same checks run against the server under test (with this
 * project's registry) and against a copy of the project with a page added (tests/e2e/registry/throwaway-page.spec.ts,
 * with the copy's registry).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import type { NavItem, PublicEntry } from "#app/routes/public/pages.ts";
import { waitForHydration } from "./helpers.ts";

/** What the checks need of a registry module: its entries, and its own reading of them. */
export interface PageRegistry {
  PUBLIC_SITE: readonly PublicEntry[];
  publicPageAddresses(): string[];
  navOf(entries: readonly PublicEntry[]): NavItem[];
}

/** The association of the demo content, named in every page's footer. */
const ASSOCIATION = "Heron Lake Association";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The page at `address` answers `status`, hydrates and, once `prepare` has put it in the state people see it in, has
 * no axe violation of any impact (WCAG 2.0, 2.1 and 2.2, A and AA; issue 5) and no gap in its heading outline. What axe could not decide is printed for
 * review, and the violations are attached to the report.
 */
export async function expectAxeClean(
  page: Page,
  testInfo: TestInfo,
  baseURL: string,
  address: string,
  { status = 200, prepare }: { status?: number; prepare?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const response = await page.goto(new URL(address, baseURL).href);
  expect(response?.status()).toBe(status);
  await waitForHydration(page);
  await prepare?.(page);

  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  // And the outline Lighthouse audits (axe's best-practice heading-order): no heading more than one level below the
  // one before it, whatever levels the board's texts typed (renderPageMarkdown).
  const outline = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
  // WCAG 2.2 AA (issue 5): no violation of any impact, minor ones included.
  const blocking = [...results.violations, ...outline.violations];
  for (const v of blocking) {
    console.log(`[axe ${width}px ${address}] ${v.impact ?? "unknown"}: ${v.id} (${v.help}) on ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  for (const v of results.incomplete) {
    console.log(`[axe ${width}px ${address}] needs review: ${v.id} (${v.help}) on ${v.nodes.length} element(s)`);
  }
  if (blocking.length > 0) {
    await testInfo.attach("axe-violations.json", { body: JSON.stringify(blocking, null, 2), contentType: "application/json" });
  }
  expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
  expect(
    blocking.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })),
    "axe violations",
  ).toEqual([]);
}

/** Records every CSP violation of the page from its first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/**
 * The page at `address` (issue 13) answers 200 with a policy without `unsafe-inline`, its inline stylesheet is applied
 * and its inline module script runs (it hydrates, and a click on the header's Membership link navigates on the
 * client), with no `securitypolicyviolation` event in Chromium.
 */
export async function expectNoCspViolation(page: Page, baseURL: string, address: string): Promise<void> {
  const violations = await watchViolations(page);
  const response = await page.goto(new URL(address, baseURL).href);
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
}

/**
 * Without JavaScript (a page of a context with `javaScriptEnabled: false`), the page at `address` answers 200 and its
 * server-rendered main content shows a level-1 heading, and the footer names the association. `demo`: the heading and
 * a text that the demo content puts on the page, when known.
 */
export async function expectContentWithoutJs(page: Page, baseURL: string, address: string, demo?: { heading: string; text: string | RegExp }): Promise<void> {
  const response = await page.goto(new URL(address, baseURL).href);
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(demo ? main.getByRole("heading", { level: 1, name: demo.heading }) : main.getByRole("heading", { level: 1 }).first()).toBeVisible();
  if (demo) await expect(main.getByText(demo.text).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(ASSOCIATION);
}

/** The header's section links on the page as it is now are those of `registry`, in its order, with their addresses. */
export async function expectHeaderOf(page: Page, registry: PageRegistry): Promise<void> {
  const links = registry.navOf(registry.PUBLIC_SITE);
  const nav = page.getByRole("navigation", { name: "Main" });
  // The social link comes after the section links and leaves in a new tab.
  const sections = nav.locator("a:not([target])");
  await expect(sections).toHaveText(links.map((l) => l.label));
  expect(await sections.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual(links.map((l) => l.to));
}
