/** Shared helpers for the browser tests. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_DATA_DIR } from "../../playwright.config.ts";
import { menuOf } from "#app/routes/admin/screens.ts";

export { E2E_ADMIN };

/** The repository root (where playwright.config.ts lives, and the server's working folder). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The absolute data folder of the server under test (database, outgoing mail). */
export const DATA_DIR = path.resolve(REPO_ROOT, E2E_DATA_DIR);

/** The association's time zone (content/association.ts). */
export const TIME_ZONE = "America/Chicago";

/** Phone and desktop viewports. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Today's calendar date in the association's time zone, "YYYY-MM-DD". */
export function associationToday(now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** `date` ("YYYY-MM-DD") moved by `days` calendar days. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Waits until React has hydrated the page: the header publishes `--header-height` on the document element from an
 * effect, which only runs in the browser after hydration.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--header-height") !== "");
}

/**
 * Signs the known administrator in through the login form.
 * @param redirect the `redirect` query of /login, if any
 * Resolves once the browser has left /login (the caller asserts where it landed).
 */
export async function signIn(page: Page, redirect?: string): Promise<void> {
  await page.goto(redirect === undefined ? "/login" : `/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/**
 * The admin menu's links, in order, from the screen registry (app/routes/admin/screens.ts): the main group (spec §2:
 * News Posts, Events, Documents, Beach Data, Banner; tests/e2e/admin-menu.spec.ts checks the registry says so), then
 * the "Site" group.
 */
export const ADMIN_MENU: readonly string[] = [...menuOf("main"), ...menuOf("site")].map((item) => item.label);

/** Asserts that the admin menu is shown with its links and the Logout button. */
export async function expectAdminMenu(page: Page): Promise<void> {
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link")).toHaveText([...ADMIN_MENU]);
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** A unique suffix for titles and e-mail addresses written by a test. */
export function unique(): string {
  return `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}
