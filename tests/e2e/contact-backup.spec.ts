/**
 * Issue 28, points 4 and 7, in Chromium on an install of its own (its own data folder, so that its outbox and the
 * throttle's counts are this file's; TRUST_PROXY, so that each browser context can be a client address of its own):
 * - "Write to the board" on /contact-us without JavaScript: the message arrives in the Messages screen and as an
 *   .eml in $DATA_DIR/mail (the outbox) to the contact address, Reply-To the writer; errors come back with the typed
 *   text; the hidden field, a form sent under 3 s after its page and the sixth message of a client within the hour
 *   are refused, and nothing of them is stored;
 * - the Messages screen: handled, waiting, delete after confirming;
 * - Settings → Backup: an Administrator downloads the archive, which `npm run restore` accepts into a new install
 *   (the message is in it); an Editor is refused (403).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { list as listTar } from "tar";
import { freePort, runScript, startServer, type RunningServer } from "../support/server.ts";
import { parseMail } from "./admin-helpers.ts";
import { waitForHydration } from "./helpers.ts";

const ADMIN = { email: "chair@heronlake.example.org", password: "heron lake chair password" };
const EDITOR = { email: "editor@heronlake.example.org", password: "heron lake editor password", name: "Eddie Editor" };
const CONTACT = "board@heronlake.example.org";
const THANKS = "Thank you: your message was sent to the board.";
const REFUSED = "Your message could not be sent: the form was sent too quickly, or by a program.";
const THROTTLED = "Too many messages from your connection in the last hour.";

let server: RunningServer;
let dir = "";
const cleanups: string[] = [];

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  // A new install migrates and seeds before it listens (startServer waits up to 60 s).
  test.setTimeout(90_000);
  dir = mkdtempSync(path.join(tmpdir(), "shoreline-contact-"));
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: "true" });
});
test.afterAll(async () => {
  await server?.stop();
  for (const d of [dir, ...cleanups]) rmSync(d, { recursive: true, force: true });
});

let client = 0;
/** A page in a new context of its own client address (X-Forwarded-For), scripts off unless `options` says otherwise. */
async function visitor(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${++client}` }, ...options });
  return context.newPage();
}

/** A signed-in page of a new context (scripts on), at `pathname`. */
async function signedIn(browser: Browser, who: { email: string; password: string }, pathname: string): Promise<Page> {
  const page = await visitor(browser, { javaScriptEnabled: true });
  await page.goto(`/login?redirect=${encodeURIComponent(pathname)}`);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(pathname);
  await waitForHydration(page);
  return page;
}

/** Fills the contact form (`trap`: the hidden field, which no person sees). */
async function fill(page: Page, values: { name: string; email: string; message: string; trap?: string }) {
  const form = page.getByRole("region", { name: "Write to the board" });
  await form.getByLabel("Your name").fill(values.name);
  await form.getByLabel("Your email address").fill(values.email);
  await form.getByLabel("Message").fill(values.message);
  if (values.trap) await page.locator("input[name=website]").fill(values.trap, { force: true });
  return form;
}

/** The outbox's messages (the .eml files under $DATA_DIR/mail), parsed, with their raw text. */
async function outbox() {
  const mailDir = path.join(dir, "mail");
  const names = (() => {
    try {
      return readdirSync(mailDir).filter((n) => n.endsWith(".eml"));
    } catch {
      return [];
    }
  })();
  return Promise.all(names.map(async (n) => ({ raw: readFileSync(path.join(mailDir, n), "utf8"), ...(await parseMail(n, readFileSync(path.join(mailDir, n), "utf8"))) })));
}

test("a message sent without JavaScript is stored, listed for the board and mailed to the contact address, Reply-To the writer", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto("/contact-us");
  // What the spec says of the page stays.
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Email the Board" })).toHaveAttribute("href", `mailto:${CONTACT}`);
  // The hidden field is not seen, not in the tab order, and hidden from assistive technology.
  await expect(page.locator("input[name=website]")).toHaveAttribute("tabindex", "-1");
  await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  const form = await fill(page, { name: "Ada Lake\r\nBcc: everyone@example.org", email: "ada@example.org", message: "The swim dock is loose.\nCould someone look at it?" });
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText(THANKS);
  await page.context().close();

  // The mail, through the outbox worker: to the contact address, Reply-To the writer, no header smuggled in.
  let mail: Awaited<ReturnType<typeof outbox>>[number] | undefined;
  await expect.poll(async () => (mail = (await outbox()).find((m) => m.subject.startsWith("Message from Ada Lake")))?.file ?? "", { timeout: 15_000 }).not.toBe("");
  expect(mail!.subject).toBe("Message from Ada Lake Bcc: everyone@example.org via the website");
  expect(mail!.toHeaders).toEqual([CONTACT]);
  expect(mail!.raw).toMatch(/^Reply-To: ada@example\.org\r?$/m);
  expect(mail!.headerNames).not.toContain("bcc");
  expect(mail!.text).toContain("The swim dock is loose.\nCould someone look at it?");

  // The board's list.
  const admin = await signedIn(browser, ADMIN, "/admin/messages");
  await expect(admin.getByRole("heading", { level: 2, name: "1 message, 1 waiting" })).toBeVisible();
  const card = admin.getByRole("article", { name: /Ada Lake/ });
  await expect(card).toContainText("The swim dock is loose.");
  await expect(card.getByRole("link", { name: "ada@example.org" })).toHaveAttribute("href", "mailto:ada@example.org");
  await admin.context().close();
});

test("errors come back with the typed text; the hidden field and a form sent under 3 s are refused, nothing stored", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto("/contact-us");
  let form = await fill(page, { name: "Bo", email: "not an address", message: "Typed with care." });
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Send message" }).click();
  form = page.getByRole("region", { name: "Write to the board" });
  await expect(form.getByText("Please enter a valid email address, like name@example.org")).toBeVisible();
  await expect(form.getByLabel("Your email address")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Your name")).toHaveValue("Bo");
  await expect(form.getByLabel("Message")).toHaveValue("Typed with care.");

  // Sent at once after its page was made (a program, not a person). /contact-us itself is a cached copy made by the
  // first test, whose time is long past: the check is a lower bound. A query of its own makes the page anew.
  await page.goto(`/contact-us?fresh=${Date.now()}`);
  form = await fill(page, { name: "Fast Bot", email: "bot@example.org", message: "Buy now." });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toContainText(REFUSED);
  await expect(page.getByRole("region", { name: "Write to the board" }).getByLabel("Message")).toHaveValue("Buy now.");

  // The hidden field filled in, after a person's pause.
  await page.goto("/contact-us");
  form = await fill(page, { name: "Trap Bot", email: "trap@example.org", message: "Cheap pills.", trap: "https://spam.example" });
  await page.waitForTimeout(3_100);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toContainText(REFUSED);
  await page.context().close();

  const admin = await signedIn(browser, ADMIN, "/admin/messages");
  await expect(admin.getByRole("heading", { level: 2, name: "1 message, 1 waiting" })).toBeVisible();
  await expect(admin.getByText("Fast Bot")).toHaveCount(0);
  await expect(admin.getByText("Trap Bot")).toHaveCount(0);
  await admin.context().close();
  expect((await outbox()).filter((m) => m.subject.startsWith("Message from"))).toHaveLength(1);
});

test("a client's sixth message within the hour is refused (429); another client's is not", async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto("/contact-us");
  const token = await page.locator("input[name=formToken]").inputValue();
  await page.waitForTimeout(3_100);
  // Five messages from this client, posted with the page's own token (the request shares the context's address).
  for (let i = 1; i <= 5; i++) {
    const response = await page.request.post("/contact-us", {
      form: { formToken: token, website: "", name: `Neighbour ${i}`, email: `n${i}@example.org`, message: `Message ${i}` },
      headers: { Origin: server.url },
    });
    expect(response.status(), `message ${i}`).toBe(200);
  }
  const form = await fill(page, { name: "Neighbour 6", email: "n6@example.org", message: "One more." });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toContainText(THROTTLED);
  await expect(page.getByRole("region", { name: "Write to the board" }).getByLabel("Message")).toHaveValue("One more.");
  const status = await page.request.post("/contact-us", {
    form: { formToken: token, website: "", name: "Neighbour 7", email: "n7@example.org", message: "And more." },
    headers: { Origin: server.url },
  });
  expect(status.status()).toBe(429);
  await page.context().close();

  const other = await visitor(browser);
  await other.goto("/contact-us");
  const otherForm = await fill(other, { name: "Next Door", email: "next@example.org", message: "Hello from next door." });
  await other.waitForTimeout(3_100);
  await otherForm.getByRole("button", { name: "Send message" }).click();
  await expect(other.getByRole("status")).toContainText(THANKS);
  await other.context().close();
});

test("the board marks a message handled and waiting again, and deletes one after confirming", async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, "/admin/messages");
  await expect(admin.getByRole("heading", { level: 2, name: "7 messages, 7 waiting" })).toBeVisible();
  // Newest first.
  await expect(admin.getByRole("article").first()).toContainText("Next Door");
  const ada = admin.getByRole("article", { name: /Ada Lake/ });
  await ada.getByRole("button", { name: /Mark handled/ }).click();
  await expect(ada).toContainText(`marked handled by ${ADMIN.email}`);
  await expect(admin.getByRole("heading", { level: 2, name: "7 messages, 6 waiting" })).toBeVisible();
  await ada.getByRole("button", { name: /Mark as waiting/ }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "7 messages, 7 waiting" })).toBeVisible();
  await admin.getByRole("article", { name: /Neighbour 5/ }).getByRole("link", { name: /Delete/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Delete this message?" });
  await expect(dialog).toContainText("Neighbour 5");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "6 messages, 6 waiting" })).toBeVisible();
  await expect(admin.getByText("Neighbour 5")).toHaveCount(0);
  await admin.context().close();
});

test("an Administrator downloads a backup that npm run restore accepts; an Editor is refused", async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN, "/admin/settings");
  await admin.getByRole("link", { name: /Backup/ }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Backup" })).toBeVisible();
  await expect(admin.getByText("npm run restore -- FILE")).toBeVisible();
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download backup" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shoreline-\d{8}-\d{6}\.tar\.gz$/);
  const saved = path.join(dir, "..", `${path.basename(dir)}-${download.suggestedFilename()}`);
  cleanups.push(saved);
  await download.saveAs(saved);
  // A tar.gz whose first entry is the manifest; nothing left on the server after the download.
  const entries: string[] = [];
  await listTar({ file: saved, onReadEntry: (e) => entries.push(e.path) });
  expect(entries[0]).toBe("manifest.json");
  expect(entries).toContain("database/shoreline.db");
  await expect.poll(() => readdirSync(path.join(dir, "backups"))).toEqual([]);

  // Restored into a new install by the command (the server of that install is not running).
  const target = mkdtempSync(path.join(tmpdir(), "shoreline-contact-restored-"));
  cleanups.push(target);
  const restore = await runScript("scripts/restore.ts", [saved], { DATA_DIR: target, PORT: String(await freePort()) });
  expect(restore.output).toContain("Restored");
  expect(restore.code).toBe(0);
  const db = new SQLite(path.join(target, "shoreline.db"), { readonly: true });
  try {
    // The earlier tests' messages (this file runs in order): Ada's is there.
    expect(db.prepare("SELECT name FROM contact_message WHERE name = 'Ada Lake Bcc: everyone@example.org'").pluck().all()).toHaveLength(1);
  } finally {
    db.close();
  }

  // An Editor, invited from People, is refused the screen and the download.
  await admin.goto("/admin/people");
  await waitForHydration(admin);
  await admin.getByLabel("Email", { exact: true }).fill(EDITOR.email);
  await admin.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByRole("status")).toContainText(`An invitation was sent to ${EDITOR.email}`);
  let link = "";
  await expect
    .poll(async () => (link = (await outbox()).find((m) => m.toHeaders.some((h) => h.includes(EDITOR.email)))?.text.match(/https?:\/\/\S+\/invitation\?token=\S+/)?.[0] ?? ""), {
      timeout: 15_000,
    })
    .not.toBe("");
  await admin.context().close();
  const editor = await visitor(browser, { javaScriptEnabled: true });
  const url = new URL(link);
  await editor.goto(url.pathname + url.search);
  await editor.getByLabel("Your name").fill(EDITOR.name);
  await editor.getByLabel("Password", { exact: true }).fill(EDITOR.password);
  await editor.getByLabel("Repeat the password").fill(EDITOR.password);
  await editor.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(editor).toHaveURL("/admin/news");
  expect((await editor.goto("/admin/settings/backup"))?.status()).toBe(403);
  const refused = await editor.request.get("/admin/settings/backup/download", { maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(refused.headers()["content-disposition"]).toBeUndefined();
  expect((await editor.goto("/admin/messages"))?.status()).toBe(403);
  await editor.context().close();
});
