/**
 * Adding an admin screen is one route module plus one registry entry (issue 9), and the tests follow by themselves.
 * Proof: a copy of this project (its working tree, node_modules linked) gets a throwaway screen, one small module
 * and ONE entry appended to ADMIN_SCREENS in the "site" menu group, and nothing else. The copy is built and served
 * on its own port and data folder, and the SAME checks that every real screen gets (tests/e2e/admin-screen-checks.ts),
 * fed with the copy's registry, must pass: a guest is refused (sent to /login?redirect=/admin/throwaway), the screen
 * is linked under "Site" in the admin menu of a signed-in administrator, and axe finds nothing at 390 and 1280 px.
 *
 * It builds a second copy of the site (about 20 s on two cores), so it runs in its own project after the others
 * (playwright.config.ts: "registry"). Alone: `npx playwright test --project registry --no-deps`.
 */
import { expect, test, type BrowserContext } from "@playwright/test";
import { DESKTOP, PHONE, signIn } from "../admin-helpers.ts";
import { expectGuestRefusedEverywhere, expectMenuOf, expectScreenAccessible, openScreen, type ScreenRegistry } from "../admin-screen-checks.ts";
import { copyProject, type ProjectCopy } from "./project-copy.ts";

/** What the copy gets: a route module, and the entry appended to its registry. */
const SCREEN_PATH = "throwaway";
const HEADING = "Throwaway Screen";
const MODULE = `import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "#app/web/context.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("${SCREEN_PATH}");

export function meta() {
  return screenMeta(SCREEN);
}

export function loader({ context, request }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return { note: "A screen added by a test, to see the registry feed the routes, the menu and the checks." };
}

export default function Throwaway({ loaderData }: { loaderData: { note: string } }) {
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p>{loaderData.note}</p>
    </>
  );
}
`;
const ENTRY = `  { path: "${SCREEN_PATH}", file: "routes/admin/${SCREEN_PATH}.tsx", heading: "${HEADING}", menu: { group: "site" } },`;

let copy: ProjectCopy;
let baseURL = "";
let registry: ScreenRegistry;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  copy = await copyProject();
  // One route module and one registry entry: nothing else changes.
  await copy.addFile(`app/routes/admin/${SCREEN_PATH}.tsx`, MODULE);
  registry = await copy.appendEntry<ScreenRegistry>("app/routes/admin/screens.ts", "ADMIN_SCREENS", ENTRY);
  expect(registry.ADMIN_SCREENS.at(-1)).toMatchObject({ path: SCREEN_PATH, heading: HEADING, menu: { group: "site" } });
  await copy.build();
  baseURL = await copy.serve();
});

test.afterAll(async () => {
  await copy?.remove();
});

/** A browser context on the copy's server, signed in as its administrator. */
async function signedIn(newContext: (options: { baseURL: string; viewport?: { width: number; height: number } }) => Promise<BrowserContext>, viewport = DESKTOP) {
  const context = await newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL("/admin/news");
  return { context, page };
}

const throwaway = () => registry.ADMIN_SCREENS.find((s) => s.path === SCREEN_PATH)!;

test("the throwaway screen is guarded: a guest is sent to /login?redirect=/admin/throwaway", async ({ playwright }) => {
  const guest = await playwright.request.newContext();
  try {
    const page = await guest.get(`${baseURL}/admin/${SCREEN_PATH}`, { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers().location).toBe(`/login?redirect=${encodeURIComponent(`/admin/${SCREEN_PATH}`)}`);
    // The same check as every real screen's (tests/e2e/admin-guard.spec.ts), over the copy's whole registry.
    const refused = await expectGuestRefusedEverywhere(guest, baseURL, registry);
    expect(refused).toBe(2 * (1 + registry.ADMIN_SCREENS.length + registry.ADMIN_ENDPOINTS.length));
  } finally {
    await guest.dispose();
  }
});

test("the throwaway screen is in the admin menu, under Site, for a signed-in administrator", async ({ browser }) => {
  const { context, page } = await signedIn((o) => browser.newContext(o));
  try {
    // The menu of a real screen now has the Site group too.
    await expectMenuOf(page, registry);
    const link = page.getByRole("navigation", { name: "Admin" }).getByRole("list", { name: "Site" }).getByRole("link", { name: HEADING, exact: true });
    await expect(link).toHaveAttribute("href", `/admin/${SCREEN_PATH}`);
    await link.click();
    await expect(page).toHaveURL(`/admin/${SCREEN_PATH}`);
    await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible();
    await expect(page).toHaveTitle(`${HEADING} · Admin`);
    // The same check as every real screen's (tests/e2e/admin-menu.spec.ts).
    await openScreen(page, baseURL, throwaway(), registry);
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the throwaway screen is scanned by axe at ${viewport.width} px`, async ({ browser }, testInfo) => {
    const { context, page } = await signedIn((o) => browser.newContext(o), viewport);
    try {
      // The same check as every real screen's (tests/e2e/admin-a11y.spec.ts).
      await expectScreenAccessible(page, testInfo, baseURL, throwaway(), registry);
    } finally {
      await context.close();
    }
  });
}
