/**
 * Adding a public page is one route module plus one registry entry (issue 25), and the tests follow by themselves.
 * Proof: a copy of this project (project-copy.ts) gets a throwaway page, one small module and ONE entry appended to
 * PUBLIC_SITE with a header link, and nothing else. Then:
 * - the copy's own, unedited tests that must cover every public page list it (`playwright test --list`: axe, CSP,
 *   no-JavaScript, hydration, paint-first) and so does its Lighthouse list (`--help`);
 * - the copy's security test, unedited, runs against the copy's build and passes with the page among those whose
 *   headers it checks, and with the page routed to its module;
 * - the copy, built and served on its own port and data folder, routes the page, links it from the header of every
 *   public page, and passes the SAME checks as every real page (tests/e2e/public-page-checks.ts, fed with the copy's
 *   registry): axe at 390 and 1280 px, no CSP violation, its content without JavaScript.
 *
 * It builds a second copy of the site (about 20 s on two cores), so it runs in its own project after the others
 * (playwright.config.ts: "registry"). Alone: `npx playwright test --project registry --no-deps throwaway-page`.
 */
import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE, waitForHydration } from "../helpers.ts";
import { expectAxeClean, expectContentWithoutJs, expectHeaderOf, expectNoCspViolation, type PageRegistry } from "../public-page-checks.ts";
import { copyProject, type ProjectCopy } from "./project-copy.ts";

/** What the copy gets: a route module, and the entry appended to its registry. */
const PAGE_PATH = "/throwaway";
const HEADING = "Throwaway Page";
const LABEL = "Throwaway";
const NOTE = "A page added by a test, to see the registry feed the routes, the header and the checks.";
const MODULE = `import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

export const handle = CACHEABLE_PAGE;

export function meta({ matches }: { matches: Parameters<typeof pageMeta>[0] }) {
  return pageMeta(matches, "${HEADING}", "${NOTE}");
}

export default function Throwaway() {
  return (
    <div className="page">
      <h1>${HEADING}</h1>
      <p>${NOTE}</p>
    </div>
  );
}
`;
const ENTRY = `  { path: "${PAGE_PATH}", file: "routes/public${PAGE_PATH}.tsx", link: { label: "${LABEL}" } },`;

/** The unedited specs that must cover every public page, and the title each gives a page's test. */
const COVERING_SPECS = ["a11y.spec.ts", "csp.spec.ts", "no-js.spec.ts", "public.spec.ts", "paint-first.spec.ts"].map((spec) => `tests/e2e/${spec}`);
const COVERING_TITLES = [
  `at 390 px › ${PAGE_PATH} has no axe violations of any impact`,
  `at 1280 px › ${PAGE_PATH} has no axe violations of any impact`,
  `${PAGE_PATH} runs its inline scripts and styles with no CSP violation, and hydrates`,
  `${PAGE_PATH} renders its main content`,
  `${PAGE_PATH} paints before it asks for a script, then hydrates`,
  `${PAGE_PATH} loads and hydrates without starting the browser's Intl, drawing an SVG image or taking error stacks`,
];

let copy: ProjectCopy;
let baseURL = "";
let registry: PageRegistry;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  copy = await copyProject();
  // One route module and one registry entry: nothing else changes.
  await copy.addFile(`app/routes/public${PAGE_PATH}.tsx`, MODULE);
  registry = await copy.appendEntry<PageRegistry>("app/routes/public/pages.ts", "PUBLIC_SITE", ENTRY);
  expect(registry.PUBLIC_SITE.at(-1)).toMatchObject({ path: PAGE_PATH, link: { label: LABEL } });
  expect(registry.publicPageAddresses()).toContain(PAGE_PATH);
  await copy.build();
  baseURL = await copy.serve();
});

test.afterAll(async () => {
  await copy?.remove();
});

test("the copy's tests that cover every public page, unedited, have a test of the throwaway page, and Lighthouse audits it", async () => {
  const listed = await copy.run("playwright", ["test", "--list", "--project=chromium", ...COVERING_SPECS]);
  expect(listed.code, listed.output).toBe(0);
  for (const title of COVERING_TITLES) expect(listed.output, title).toContain(title);
  // The hydration check visits every page in one test: it is listed once, and loads the registry's pages.
  expect(listed.output).toContain("the public pages hydrate without errors or warnings in the console");

  const lighthouse = await copy.run(process.execPath, ["scripts/lighthouse.ts", "--help"]);
  expect(lighthouse.code, lighthouse.output).toBe(0);
  expect(lighthouse.output).toMatch(new RegExp(`\\(default: [^)]*, ${PAGE_PATH};`));
});

test("the copy's security test, unedited, routes the throwaway page to its module and checks its headers", async () => {
  test.setTimeout(120_000);
  const security = await copy.run("vitest", ["run", "--reporter=verbose", "tests/integration/security.test.ts"]);
  expect(security.code, security.output).toBe(0);
  expect(security.output).toContain("every page of the public page registry is a route of its module at its address");
  expect(security.output).toMatch(new RegExp(`headers: \\d+ public pages, each inline script and style allowed by its hash: .* ${PAGE_PATH}\\n`));
});

test("the throwaway page is routed and linked from the header", async ({ browser }) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    // The same check as every real page's header (tests/e2e/header.spec.ts), with the copy's registry.
    await expectHeaderOf(page, registry);
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: LABEL, exact: true });
    await expect(link).toHaveAttribute("href", PAGE_PATH);
    await link.click();
    await expect(page).toHaveURL(PAGE_PATH);
    await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible();
    await expect(page).toHaveTitle(`${HEADING} · Heron Lake Association`);
    await expect(link).toHaveAttribute("aria-current", "page");
    const response = await page.request.get(PAGE_PATH);
    expect(response.status()).toBe(200);
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the throwaway page is scanned by axe at ${viewport.width} px`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ viewport });
    try {
      // The same check as every real page's (tests/e2e/a11y.spec.ts).
      await expectAxeClean(await context.newPage(), testInfo, baseURL, PAGE_PATH);
    } finally {
      await context.close();
    }
  });
}

test("the throwaway page loads and hydrates with no CSP violation", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    // The same check as every real page's (tests/e2e/csp.spec.ts).
    await expectNoCspViolation(await context.newPage(), baseURL, PAGE_PATH);
  } finally {
    await context.close();
  }
});

test("the throwaway page shows its content without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    // The same check as every real page's (tests/e2e/no-js.spec.ts).
    await expectContentWithoutJs(await context.newPage(), baseURL, PAGE_PATH, { heading: HEADING, text: NOTE });
  } finally {
    await context.close();
  }
});
