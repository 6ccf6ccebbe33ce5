/**
 * Screenshots of every admin screen (and the Add Post modal) at 390 and 1280 px, full page, into
 * test-results/admin-screens/ for people to look at. Each screen must load and hydrate, and nothing on it may scroll
 * sideways, neither the page nor a table's box, with every row's actions inside the viewport (issue 26: at 390 px
 * the lists showed Edit and Delete only after scrolling the table sideways); the pictures are not compared.
 */
import path from "node:path";
import { ADMIN_SCREENS } from "#app/routes/admin/screens.ts";
import { DESKTOP, expect, PHONE, REPO_ROOT, signedInTest as test, waitForHydration } from "./admin-helpers.ts";
import { expectNoSidewaysScroll } from "./admin-screen-checks.ts";

const OUT = path.join(REPO_ROOT, "test-results", "admin-screens");

/** Every screen of the registry (app/routes/admin/screens.ts), and the Add Post modal. */
const SCREENS: { name: string; path: string; heading: string; modal?: string }[] = [
  ...ADMIN_SCREENS.map((s) => ({ name: s.path.replaceAll("/", "-"), path: `/admin/${s.path}`, heading: s.heading })),
  { name: "news-add-post", path: "/admin/news?edit=new", heading: "News Posts", modal: "Add a New Post" },
];

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`screenshots of every admin screen at ${viewport.width} px`, async ({ page }, testInfo) => {
      // Sixteen screens loaded, hydrated and photographed in one test: on a slow machine that passed 30 s (CI, 11-25).
      test.slow();
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page).toHaveURL(screen.path);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
        if (screen.modal) await expect(page.getByRole("dialog", { name: screen.modal })).toBeVisible();
        else await expectNoSidewaysScroll(page, `${screen.path} at ${viewport.width} px`);
        const file = path.join(OUT, `${screen.name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
        testInfo.annotations.push({ type: "screenshot", description: path.relative(REPO_ROOT, file) });
      }
    });
  });
}
