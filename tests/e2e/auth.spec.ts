/**
 * Sign-in, sign-out and the admin guard (spec §2, §5, §6, §8).
 *
 * Sign-in is throttled at 5 failed attempts per account per 15 minutes (and 20 per client address), counted in the
 * database of this run: only the tests that need the real administrator fail a sign-in with it (2 in all); the
 * others use a fresh, non-existent address each.
 */
import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "./admin-helpers.ts";
import { E2E_ADMIN, expectAdminMenu, signIn, unique } from "./helpers.ts";

const email = (page: Page) => page.getByLabel("Email", { exact: true });
const password = (page: Page) => page.getByLabel("Password", { exact: true });
const loginButton = (page: Page) => page.getByRole("button", { name: "Login", exact: true });
const resetButton = (page: Page) => page.getByRole("button", { name: "Reset Password" });

/** Fails a sign-in through the form and waits for the error. */
async function failSignIn(page: Page, account: string): Promise<void> {
  await page.goto("/login");
  await expect(resetButton(page)).toHaveCount(0);
  await email(page).fill(account);
  await password(page).fill(`wrong-${unique()}`);
  await loginButton(page).click();
  await expect(page.locator("#email-error")).toBeVisible();
}

test.describe("guard", () => {
  test("/admin as a guest redirects to /login?redirect=%2Fadmin", async ({ page }) => {
    await page.goto("/admin");
    expect(page.url()).toMatch(/\/login\?redirect=%2Fadmin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });

  test("/admin/events as a guest redirects to /login?redirect=%2Fadmin%2Fevents", async ({ page }) => {
    await page.goto("/admin/events");
    expect(page.url()).toMatch(/\/login\?redirect=%2Fadmin%2Fevents$/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });

  test("every admin child route is guarded", async ({ request }) => {
    for (const child of ["news", "events", "members", "email", "documents", "beach-measurements", "banner"]) {
      const response = await request.get(`/admin/${child}`, { maxRedirects: 0 });
      expect(response.status(), child).toBe(302);
      expect(response.headers().location, child).toBe(`/login?redirect=${encodeURIComponent(`/admin/${child}`)}`);
    }
  });
});

test.describe("sign-in", () => {
  test("the administrator signs in and lands on /admin/news with the admin menu", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL("/admin/news");
    await expectAdminMenu(page);
  });

  test("sign-in from /login?redirect=/admin/banner lands on /admin/banner", async ({ page }) => {
    await page.goto("/login?redirect=/admin/banner");
    await email(page).fill(E2E_ADMIN.email);
    await password(page).fill(E2E_ADMIN.password);
    await loginButton(page).click();
    await expect(page).toHaveURL("/admin/banner");
    await expectAdminMenu(page);
  });

  test("a guest sent to login by the guard comes back to the page asked for", async ({ page }) => {
    await page.goto("/admin/events");
    await email(page).fill(E2E_ADMIN.email);
    await password(page).fill(E2E_ADMIN.password);
    await loginButton(page).click();
    await expect(page).toHaveURL("/admin/events");
  });

  test("a failed attempt keeps the redirect query for the next one", async ({ page }) => {
    await page.goto("/login?redirect=/admin/documents");
    await email(page).fill(`nobody-${unique()}@shoreline.test`);
    await password(page).fill("wrong password");
    await loginButton(page).click();
    await expect(page.locator("#email-error")).toBeVisible();
    expect(page.url()).toMatch(/\/login\?redirect=(%2F|\/)admin(%2F|\/)documents$/);
    await email(page).fill(E2E_ADMIN.email);
    await password(page).fill(E2E_ADMIN.password);
    await loginButton(page).click();
    await expect(page).toHaveURL("/admin/documents");
  });

  test("a redirect to another origin (//evil.example) lands on /admin instead", async ({ page, baseURL }) => {
    await signIn(page, "//evil.example");
    // /admin itself redirects to /admin/news.
    await expect(page).toHaveURL("/admin/news");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });

  test("the login action never redirects to another origin", async ({ request, baseURL }) => {
    const site = new URL(baseURL!).origin;
    for (const target of ["//evil.example", "/\\evil.example", "https://evil.example/", "/..//evil.example", "/.//evil.example", "/%2e%2e//evil.example"]) {
      const response = await request.post(`/login?redirect=${encodeURIComponent(target)}`, {
        form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, intent: "login" },
        maxRedirects: 0,
      });
      expect(response.status(), target).toBe(302);
      const location = response.headers().location ?? "";
      expect(location, target).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, site).origin, target).toBe(site);
    }
    const plain = await request.post(`/login?redirect=${encodeURIComponent("//evil.example")}`, {
      form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, intent: "login" },
      maxRedirects: 0,
    });
    expect(plain.headers().location).toBe("/admin");
  });

  test("a wrong password shows an error next to the email field and reveals Reset Password", async ({ page }) => {
    await page.goto("/login");
    await expect(resetButton(page)).toHaveCount(0);
    await email(page).fill(E2E_ADMIN.email);
    await password(page).fill(`not-the-password-${unique()}`);
    await loginButton(page).click();
    const error = page.locator("#email-error");
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute("role", "alert");
    await expect(error).not.toBeEmpty();
    await expect(email(page)).toHaveAttribute("aria-describedby", "email-error");
    await expect(email(page)).toHaveAttribute("aria-invalid", "true");
    await expect(email(page)).toHaveValue(E2E_ADMIN.email);
    await expect(resetButton(page)).toBeVisible();
    await expect(page).toHaveURL("/login");
  });

  test("an unknown account shows the same kind of error", async ({ page }) => {
    await failSignIn(page, `nobody-${unique()}@shoreline.test`);
    await expect(resetButton(page)).toBeVisible();
  });

  test("Reset Password shows the notice and writes the reset mail to the outbox", async ({ page }) => {
    const before = new Set((await readOutbox()).map((m) => m.file));
    await failSignIn(page, E2E_ADMIN.email);
    await resetButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toHaveText(
      `If an account exists for ${E2E_ADMIN.email}, a link to reset its password is on its way.`,
    );
    await expect
      .poll(async () => (await readOutbox()).filter((m) => !before.has(m.file) && m.text.includes("/reset-password?token=")), { timeout: 10_000 })
      .toHaveLength(1);
    const [mail] = (await readOutbox()).filter((m) => !before.has(m.file));
    expect(mail?.toHeaders).toEqual([E2E_ADMIN.email]);
    expect(mail?.subject).toBe("Reset your password");
  });

  test("Reset Password for an unknown account shows the same notice", async ({ page }) => {
    const account = `nobody-${unique()}@shoreline.test`;
    await failSignIn(page, account);
    await resetButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toHaveText(
      `If an account exists for ${account}, a link to reset its password is on its way.`,
    );
  });

  test("empty fields are required: the browser blocks the submit", async ({ page }) => {
    await page.goto("/login");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await expect(email(page)).toHaveAttribute("required", "");
    await expect(password(page)).toHaveAttribute("required", "");
    await loginButton(page).click();
    expect(await email(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await email(page).fill(`nobody-${unique()}@shoreline.test`);
    await loginButton(page).click();
    expect(await password(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    // Give a submission, had there been one, the time to start.
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(page).toHaveURL("/login");
    await expect(page.locator(".field-error")).toHaveCount(0);
  });
});

test.describe("signed in", () => {
  test("a signed-in user visiting /login is sent to /", async ({ page }) => {
    await signIn(page);
    await page.goto("/login");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Heron Lake Association" })).toBeVisible();
  });

  test("Logout returns to /, and /admin then redirects to login again", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL("/admin/news");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/admin");
    expect(page.url()).toMatch(/\/login\?redirect=%2Fadmin$/);
    await page.goto("/login");
    await expect(page).toHaveURL("/login");
  });
});
