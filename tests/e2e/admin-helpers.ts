/**
 * Helpers for the admin panel's browser tests (tests/e2e/admin-*.spec.ts and tests/e2e/hostile/admin-*.spec.ts).
 *
 * The admin tests share ONE server and database with the public tests, two workers at a time: every record they
 * write carries a unique tag (see `unique()`), they never count rows, and they remove what they add. The database
 * of the server under test is opened here only to find the ids of a test's own records for the clean-up.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { simpleParser } from "mailparser";
import { expect, test as base, type Locator, type Page, type TestInfo } from "@playwright/test";
import { openDatabase, type Database } from "#app/platform/data/db.server.ts";
import { deleteMember, listMembers } from "#app/mail/data/members.server.ts";
import { ADMIN_MENU, DATA_DIR, signIn, waitForHydration } from "./helpers.ts";

export { associationToday, DATA_DIR, DESKTOP, E2E_ADMIN, PHONE, REPO_ROOT, shiftDate, signIn, unique, waitForHydration } from "./helpers.ts";

/** The fixtures folder. */
export const FIXTURES = path.resolve(import.meta.dirname, "fixtures");

/** `test` with a `visitor`: a page of a second, anonymous browser context (no session cookie), for public checks. */
export const test = base.extend<{ visitor: Page }>({
  visitor: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});
export { expect };

type StorageState = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;

/**
 * `test` whose `page` is already signed in as the administrator: one sign-in per worker, its cookies reused by every
 * test of the worker (for files that visit many screens and do not test signing in).
 */
export const signedInTest = test.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await signIn(page);
      await expect(page).toHaveURL("/admin/news");
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],
  storageState: ({ adminState }, use) => use(adminState),
});

/** Signs the administrator in, lands on `path` (an admin screen) and waits for hydration. */
export async function openAdmin(page: Page, path: string): Promise<void> {
  await signIn(page, path);
  await expect(page).toHaveURL(path);
  await waitForHydration(page);
}

/** Runs `fn` on the database of the server under test (for clean-up lookups only). */
export async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = openDatabase({ dataDir: DATA_DIR });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Posts a form to an admin action with the page's session (as a browser form post would), without following the
 * redirect. Used for clean-ups only; the tests themselves go through the screens.
 */
export async function postForm(page: Page, url: string, form: Record<string, string>) {
  return page.request.post(url, { form, maxRedirects: 0 });
}

/** The open modal dialog with this title; asserts that it is a true modal (`showModal`) once hydrated. */
export async function expectModal(page: Page, title: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(title);
  await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  return dialog;
}

/** Asserts that no dialog is open. */
export async function expectNoModal(page: Page): Promise<void> {
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/**
 * Waits for an element matching `selector` whose text matches `text` to appear, then for it to go, both checked on
 * every animation frame in the page (so the times are not blurred by the test runner's polling).
 * @returns how long it was shown, in milliseconds
 */
export async function timeShown(page: Page, selector: string, text: RegExp, options: { appearWithin?: number; goneWithin?: number } = {}): Promise<number> {
  // Timed in the page by a MutationObserver, from the DOM change that inserts the message to the one that removes it.
  // A clock in the test process starts late by a round trip, and one sampled per animation frame starts at the first
  // frame the busy main thread paints: on a loaded CI machine each took up to 0.3 s off a 3 s message.
  const arg: [string, string, string, number, number] = [selector, text.source, text.flags, options.appearWithin ?? 15_000, options.goneWithin ?? 10_000];
  return page.evaluate(
    ([sel, source, flags, appearWithin, goneWithin]) =>
      new Promise<number>((resolve, reject) => {
        const pattern = new RegExp(source, flags);
        const shown = () => [...document.querySelectorAll(sel)].some((e) => pattern.test(e.textContent ?? ""));
        let shownAt: number | null = null;
        const finish = (outcome: () => void) => {
          observer.disconnect();
          clearTimeout(timer);
          outcome();
        };
        const check = () => {
          const now = performance.now();
          if (shownAt === null && shown()) {
            shownAt = now;
            clearTimeout(timer);
            timer = setTimeout(() => finish(() => reject(new Error(`${sel} ${source} was still shown after ${goneWithin} ms`))), goneWithin);
          } else if (shownAt !== null && !shown()) finish(() => resolve(now - shownAt!));
        };
        const observer = new MutationObserver(check);
        let timer = setTimeout(() => finish(() => reject(new Error(`${sel} ${source} did not appear within ${appearWithin} ms`))), appearWithin);
        observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
        check();
      }),
    arg,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Outgoing mail: without SMTP every message is an .eml file under $DATA_DIR/mail/ (app/platform/mail/mailer.server.ts).

/** One message of the outbox, parsed by mailparser. */
export interface OutboxMail {
  file: string;
  /** The decoded Subject. */
  subject: string;
  /** The value of each To header, as written (a message meant for one member has exactly one, with one address). */
  toHeaders: string[];
  /** Header names of the message, in lower case. */
  headerNames: string[];
  /** The text/html part, decoded ("" when there is none). */
  html: string;
  /** The text/plain part, decoded ("" when there is none). */
  text: string;
}

/** Parses one .eml file. */
export async function parseMail(file: string, raw: string): Promise<OutboxMail> {
  const mail = await simpleParser(raw);
  return {
    file,
    subject: mail.subject ?? "",
    toHeaders: mail.headerLines.filter((h) => h.key === "to").map((h) => h.line.slice(h.line.indexOf(":") + 1).trim()),
    headerNames: mail.headerLines.map((h) => h.key),
    html: mail.html || "",
    text: mail.text ?? "",
  };
}

/** Every message in the outbox now. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = path.join(DATA_DIR, "mail");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml"));
  return Promise.all(names.map(async (n) => parseMail(n, await readFile(path.join(dir, n), "utf8"))));
}

// ---------------------------------------------------------------------------------------------------------------
// Accessibility

/** The axe rule sets checked (as tests/e2e/a11y.spec.ts): WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe-core (WCAG 2.0, 2.1 and 2.2, A and AA rules) on the page as it is and fails on any violation, whatever
 * its impact (issue 5: WCAG 2.2 AA, 0 violations). The violations are attached to the report as JSON.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  if (results.violations.length > 0) {
    await testInfo.attach("axe-violations.json", { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  }
  expect(results.passes.length, "axe ran its rules").toBeGreaterThan(0);
  expect(
    results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/**
 * Presses Tab until the focused element matches `selector` (keyboard only).
 * @param max how many Tabs to try before failing
 */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${selector} never got the focus after ${max} Tabs`);
}

/** Deletes, as a test that writes cleans up, every member whose address contains `tag` (case-insensitive). */
export async function removeMembers(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const m of await listMembers(db)) if (m.email.toLowerCase().includes(tag.toLowerCase())) await deleteMember(db, m.id);
  });
}

/** Opens an admin screen that has a route but no entry in the admin menu (spec §2: members, email) and checks both. */
export async function expectOffMenuScreen(page: Page, path: string, heading: string): Promise<void> {
  await openAdmin(page, path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link")).toHaveText([...ADMIN_MENU]);
  await expect(menu.locator(`a[href="${path}"]`)).toHaveCount(0);
}

/**
 * Deletes `target` (a row or list item) through its confirmation, as the spec wants every destructive action to
 * ask first: the link named `linkName` opens the modal titled `title` saying `warning`; Cancel keeps the item, then
 * Delete removes it.
 */
export async function deleteAfterConfirming(page: Page, target: Locator, linkName: string, title: string, warning: string): Promise<void> {
  await target.getByRole("link", { name: linkName }).click();
  let confirm = await expectModal(page, title);
  await expect(confirm).toContainText(warning);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expectNoModal(page);
  await expect(target).toHaveCount(1);
  await target.getByRole("link", { name: linkName }).click();
  confirm = await expectModal(page, title);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectNoModal(page);
  await expect(target).toHaveCount(0);
}

