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
import { expect, test as base, type Locator, type Page, type TestInfo } from "@playwright/test";
import { openDatabase, type Database } from "../../app/lib/db.server.ts";
import { deleteMember, listMembers } from "../../app/models/members.server.ts";
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
  // Each function runs in the page, on its own: no shared helper.
  const arg: [string, string, string, boolean] = [selector, text.source, text.flags, true];
  const matches = ([sel, source, flags, wanted]: [string, string, string, boolean]) =>
    [...document.querySelectorAll(sel)].some((e) => new RegExp(source, flags).test(e.textContent ?? "")) === wanted;
  await page.waitForFunction(matches, arg, { timeout: options.appearWithin ?? 15_000, polling: "raf" });
  const shownAt = Date.now();
  await page.waitForFunction(matches, [selector, text.source, text.flags, false] as typeof arg, { timeout: options.goneWithin ?? 10_000, polling: "raf" });
  return Date.now() - shownAt;
}

// ---------------------------------------------------------------------------------------------------------------
// Outgoing mail: without SMTP every message is an .eml file under $DATA_DIR/mail/ (app/lib/mail.server.ts).

/** One message of the outbox, parsed enough for the tests. */
export interface OutboxMail {
  file: string;
  /** Header names in lower case; folded lines unfolded; a repeated header keeps its values joined by "\n". */
  headers: Record<string, string>;
  /** How many To headers the message has (each with its own value). */
  toHeaders: string[];
  /** The decoded body of each leaf part, by its content type ("text/plain", "text/html"). */
  parts: { contentType: string; body: string }[];
  raw: string;
}

/** Decodes quoted-printable: soft line breaks (`=` at the end of a line) removed, `=XX` octets decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function splitHeaders(block: string): { headers: Record<string, string>; all: [string, string][] } {
  const lines = block.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ").split("\n");
  const all: [string, string][] = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) all.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of all) headers[name] = headers[name] === undefined ? value : `${headers[name]}\n${value}`;
  return { headers, all };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "").toLowerCase();
  if (e === "quoted-printable") return decodeQuotedPrintable(body);
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function leafParts(headers: Record<string, string>, body: string): { contentType: string; body: string }[] {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    const parts: { contentType: string; body: string }[] = [];
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const text = section.replace(/^\r?\n/, "");
      const gap = /\r?\n\r?\n/.exec(text);
      if (!gap) continue;
      const partHeaders = splitHeaders(text.slice(0, gap.index)).headers;
      parts.push(...leafParts(partHeaders, text.slice(gap.index + gap[0].length).replace(/\r?\n$/, "")));
    }
    return parts;
  }
  return [{ contentType: type.split(";")[0]!.trim().toLowerCase(), body: decodeBody(body, headers["content-transfer-encoding"]) }];
}

/** Parses one .eml file. */
export function parseMail(file: string, raw: string): OutboxMail {
  const gap = /\r?\n\r?\n/.exec(raw);
  const headerBlock = gap ? raw.slice(0, gap.index) : raw;
  const body = gap ? raw.slice(gap.index + gap[0].length) : "";
  const { headers, all } = splitHeaders(headerBlock);
  return { file, headers, toHeaders: all.filter(([n]) => n === "to").map(([, v]) => v), parts: leafParts(headers, body), raw };
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

