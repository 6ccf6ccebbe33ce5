/**
 * Without JavaScript the server-rendered pages still carry everything: content (every page of the public page
 * registry, app/routes/public/pages.ts, and the sign-in page), the menu on narrow screens, native collapsible
 * articles, the chart's fallback text and a plain form POST sign-in.
 */
import { expect, test } from "@playwright/test";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import { associationToday, E2E_ADMIN, expectAdminMenu, PHONE } from "./helpers.ts";
import { expectContentWithoutJs } from "./public-page-checks.ts";

test.use({ javaScriptEnabled: false });

/** The heading and one text the demo content (db/seed.ts) shows on each page; any other page is checked for its heading. */
const DEMO: Record<string, { heading: string; text: string | RegExp }> = {
  "/": { heading: "Welcome to Heron Lake Association", text: "Board elections at the annual meeting" },
  "/the-lake": { heading: "The Lake", text: /Latest reading: .* \(Today\)\./ },
  "/news-events": { heading: "News & Events", text: "Spring cleanup day was a success" },
  "/membership": { heading: "Membership", text: "$10 per household per year, due April 1." },
  "/more/meetboard": { heading: "Meet the Board", text: "Maria Delgado" },
  "/more/localinfo/All": { heading: "Local Info", text: "Heron Lake Public Library" },
  "/more/documents": { heading: "Documents", text: "We couldn't find any Files!" },
  "/contact-us": { heading: "Contact us", text: "board@heronlake.example.org" },
  "/login": { heading: "Login", text: "Email" },
};
const PAGES = [...publicPageAddresses(), "/login"];

test("the demo texts are those of pages that are checked", () => {
  expect(PAGES).toEqual(expect.arrayContaining(Object.keys(DEMO)));
});

for (const path of PAGES) {
  test(`${path} renders its main content`, async ({ page, baseURL }) => {
    await expectContentWithoutJs(page, baseURL!, path, DEMO[path]);
  });
}

test("/news-events shows this year's events heading and 3 news posts", async ({ page }) => {
  await page.goto("/news-events");
  await expect(page.getByRole("heading", { level: 2, name: `Events in ${associationToday().slice(0, 4)}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "News" }).getByRole("article")).toHaveCount(3);
});

test("/more and /more/localinfo redirect on the server", async ({ page }) => {
  await page.goto("/more");
  await expect(page).toHaveURL("/more/meetboard");
  await page.goto("/more/localinfo");
  await expect(page).toHaveURL("/more/localinfo/All");
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Medical" }).click();
  await expect(page).toHaveURL("/more/localinfo/Medical");
  await expect(page.locator("ul.cards > li")).toHaveCount(3);
});

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  test("the menu links are shown and the toggle is hidden", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Membership", "The Lake", "News & Events", "Board & More"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: /^Facebook/ })).toBeVisible();
    await expect(page.locator(".menu-toggle")).toBeHidden();
    await nav.getByRole("link", { name: "The Lake", exact: true }).click();
    await expect(page).toHaveURL("/the-lake");
  });
});

test("bylaws articles open on click", async ({ page }) => {
  await page.goto("/more/meetboard");
  const article = page.locator("details").filter({ hasText: "Article IV: Meetings of the Members" });
  const quorum = article.getByText("A quorum for any meeting of the members is fifteen (15) members", { exact: false });
  await expect(quorum).toBeHidden();
  await article.locator("summary").click();
  await expect(article).toHaveAttribute("open");
  await expect(quorum).toBeVisible();
});

test("/the-lake says the chart is not available and keeps the readings table", async ({ page }) => {
  await page.goto("/the-lake");
  await expect(page.locator(".chart-box").getByText("Chart not available...", { exact: true })).toBeVisible();
  await expect(page.locator(".chart-box canvas")).toHaveCount(0);
  const table = page.locator("details").filter({ hasText: "Readings as a table" });
  await table.locator("summary").click();
  await expect(table.getByRole("row")).toHaveCount(11);
  const learnMore = page.locator("details").filter({ hasText: "Learn More" });
  await learnMore.locator("summary").click();
  await expect(learnMore.getByText(/^Beach water is tested for E\. coli bacteria/)).toBeVisible();
});

test("an unknown path answers 404 with Page not found", async ({ page }) => {
  const response = await page.goto("/no-such-page-without-js");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("the login form signs in with a plain form POST and lands on /admin/news", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  const [post] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/login"),
    page.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
  // A document submission, not a fetch by the router.
  expect(post.resourceType()).toBe("document");
  expect(post.postDataJSON()).toMatchObject({ email: E2E_ADMIN.email, intent: "login" });
  await expect(page).toHaveURL("/admin/news");
  await expectAdminMenu(page);

  // Logout is a plain form POST too.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/admin");
  expect(page.url()).toMatch(/\/login\?redirect=%2Fadmin$/);
});
