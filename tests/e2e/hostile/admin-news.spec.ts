/**
 * Admin news posts (spec §2 admin screens, §4 forms, §7 news): add, edit and delete through the URL-driven modals,
 * and the public effect on /news-events and /.
 *
 * This file lives in tests/e2e/hostile/ so that it runs in the "hostile" project, after every public test: those
 * assert exactly the 3 seeded posts on /news-events and the seeded newest post on /, which any post added alongside
 * would break.
 */
import { associationToday, deleteAfterConfirming, E2E_ADMIN, expect, expectModal, expectNoModal, openAdmin, shiftDate, test, unique, waitForHydration, withDatabase } from "../admin-helpers.ts";
import { deleteNewsPost, listNews } from "#app/news-events/data/news.server.ts";
import type { Locator, Page } from "@playwright/test";

const BASE = "/admin/news";

/** Removes any post whose title carries `tag` (safety net when a test fails half-way). */
async function removePosts(tag: string): Promise<void> {
  await withDatabase(async (db) => {
    for (const post of await listNews(db)) if (post.title.includes(tag)) await deleteNewsPost(db, post.id);
  });
}

/** The admin table row of a post. */
const row = (page: Page, title: string) => page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
/** The public article of a post, within a region of /news-events or /. */
const article = (scope: Locator, title: string) =>
  scope.getByRole("article").filter({ has: scope.page().getByRole("heading", { name: title, exact: true }) });

test.describe("admin news posts", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removePosts(tag);
  });

  test("add, edit and delete a post; /news-events follows; the text keeps its line breaks and HTML in it is shown as text", async ({ page, visitor }) => {
    const title = `Dock repair ${tag}`;
    const text = `First line of the notice.\nSecond line with <b>bold</b> & "quotes".\n\nLast line.`;
    await openAdmin(page, BASE);

    // Add Post opens "Add a New Post", today (Chicago) and a name as the author: the administrator's display name, or
    // the association's while they have none; never their address (issue 26).
    await page.getByRole("link", { name: "Add Post", exact: true }).click();
    await expect(page).toHaveURL(`${BASE}?edit=new`);
    const add = await expectModal(page, "Add a New Post");
    await expect(add.getByLabel("Date", { exact: true })).toHaveValue(associationToday());
    await expect(add.getByLabel("Author", { exact: true })).not.toHaveValue(/@|^$/);
    const author = await add.getByLabel("Author", { exact: true }).inputValue();
    await expect(add.getByLabel("Title", { exact: true })).toHaveValue("");
    await add.getByLabel("Title", { exact: true }).fill(title);
    await add.getByLabel("Text", { exact: true }).fill(text);
    await add.getByRole("button", { name: "Add Post", exact: true }).click();
    await expectNoModal(page);
    await expect(page).toHaveURL(BASE);
    await expect(row(page, title)).toHaveCount(1);
    await expect(row(page, title).locator("time")).toHaveAttribute("datetime", associationToday());

    // Public: shown on /news-events, as text, with its line breaks.
    await visitor.goto("/news-events");
    const news = visitor.getByRole("region", { name: "News" });
    const post = article(news, title);
    await expect(post).toHaveCount(1);
    await expect(post.locator("time")).toHaveAttribute("datetime", associationToday());
    await expect(post).toContainText(author);
    await expect(post).not.toContainText("admin@shoreline.test");
    // Markdown: the single newline is a line break, the blank line starts a second paragraph; read as it was typed.
    const prose = post.locator(".prose-md");
    await expect(prose.locator("p")).toHaveCount(2);
    await expect(prose.locator("br")).toHaveCount(1);
    expect(await prose.evaluate((p: HTMLElement) => p.innerText)).toBe(text);
    await expect(post.locator("b")).toHaveCount(0);
    await expect(post.getByText('<b>bold</b> & "quotes"', { exact: false })).toBeVisible();

    // Edit shows "Edit Post" and "Save Changes", filled with the post.
    const edited = `Dock repair done ${tag}`;
    await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
    const edit = await expectModal(page, "Edit Post");
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(edit.getByLabel("Text", { exact: true })).toHaveValue(text);
    await expect(edit.getByRole("button", { name: "Add Post" })).toHaveCount(0);
    await edit.getByLabel("Title", { exact: true }).fill(edited);
    await edit.getByLabel("Text", { exact: true }).fill("The dock is fixed.\nThank you, volunteers!");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, edited)).toHaveCount(1);
    await expect(row(page, title)).toHaveCount(0);

    await visitor.goto("/news-events");
    await expect(article(news, edited)).toHaveCount(1);
    await expect(article(news, edited).locator(".prose-md")).toHaveText("The dock is fixed.\nThank you, volunteers!");
    await expect(article(news, title)).toHaveCount(0);

    // Delete asks first: Cancel keeps the post.
    await deleteAfterConfirming(page, row(page, edited), `Delete ${edited}`, "Delete this post?", `“${edited}” will be deleted from the site. This cannot be undone.`);

    await visitor.goto("/news-events");
    await expect(news.getByRole("heading", { level: 2, name: "News", exact: true })).toBeVisible();
    await expect(article(news, edited)).toHaveCount(0);
  });

  test("a post dated tomorrow is the single latest post on the home page until it is deleted", async ({ page, visitor }) => {
    // Posts sort by date, newest first: tomorrow beats any post other tests add today.
    const title = `Ice-out announcement ${tag}`;
    const tomorrow = shiftDate(associationToday(), 1);
    await openAdmin(page, BASE);
    await page.getByRole("link", { name: "Add Post", exact: true }).click();
    const add = await expectModal(page, "Add a New Post");
    await add.getByLabel("Title", { exact: true }).fill(title);
    await add.getByLabel("Date", { exact: true }).fill(tomorrow);
    await add.getByLabel("Text", { exact: true }).fill("The ice is out.");
    await add.getByRole("button", { name: "Add Post", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toHaveCount(1);

    await visitor.goto("/");
    const latest = visitor.getByRole("region", { name: "Latest news" }).getByRole("article");
    await expect(latest).toHaveCount(1);
    await expect(latest.getByRole("heading")).toHaveText(title);
    await expect(latest.locator("time")).toHaveAttribute("datetime", tomorrow);

    await row(page, title).getByRole("link", { name: `Delete ${title}` }).click();
    const confirm = await expectModal(page, "Delete this post?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(row(page, title)).toHaveCount(0);
    await visitor.goto("/");
    await expect(visitor.getByRole("region", { name: "Latest news" }).getByRole("article")).toHaveCount(1);
    await expect(visitor.getByRole("region", { name: "Latest news" }).getByRole("heading", { name: title })).toHaveCount(0);
  });

  test("Escape and the × close the modal without saving", async ({ page }) => {
    const title = `Never saved ${tag}`;
    await openAdmin(page, BASE);
    await page.getByRole("link", { name: "Add Post", exact: true }).click();
    let add = await expectModal(page, "Add a New Post");
    await add.getByLabel("Title", { exact: true }).fill(title);
    await page.keyboard.press("Escape");
    // Something was typed: Escape asks first (issue 26); Discard closes the modal.
    await page.getByRole("alertdialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
    await expectNoModal(page);
    await expect(page).toHaveURL(BASE);

    await page.getByRole("link", { name: "Add Post", exact: true }).click();
    add = await expectModal(page, "Add a New Post");
    await expect(add.getByLabel("Title", { exact: true })).toHaveValue("");
    await add.getByRole("link", { name: "Close" }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toHaveCount(0);
  });

  test("the post form's inputs carry the schema's limits; a refused date keeps every value typed and names its error", async ({ page, browser, baseURL }) => {
    // Two sessions (with and without JavaScript), each signing in.
    test.slow();
    const typed = { title: `Refused date ${tag}`, author: `Harbour master ${tag}`, text: "First line.\nSecond line, with <b>markup</b> & more." };
    /** Fills the Add Post form with `typed` and a date no calendar has, past the browser's own date checks. */
    /** The Add Post dialog: a true modal once hydrated; without JavaScript an open <dialog> in the page. */
    async function addDialog(p: Page, hydrated: boolean) {
      if (hydrated) return expectModal(p, "Add a New Post");
      const dialog = p.getByRole("dialog", { name: "Add a New Post" });
      await expect(dialog).toBeVisible();
      return dialog;
    }
    async function submitRefused(p: Page, hydrated: boolean) {
      await p.goto(`${BASE}?edit=new`);
      if (hydrated) await waitForHydration(p);
      const add = await addDialog(p, hydrated);
      // Limits from newsPostSchema: maxLength from each .max(), nothing required (spec §5).
      await expect(add.getByLabel("Title", { exact: true })).toHaveAttribute("maxlength", "300");
      await expect(add.getByLabel("Author", { exact: true })).toHaveAttribute("maxlength", "200");
      await expect(add.getByLabel("Text", { exact: true })).toHaveAttribute("maxlength", "20000");
      for (const label of ["Title", "Author", "Text", "Date"]) await expect(add.getByLabel(label, { exact: true })).not.toHaveAttribute("required", /.*/);
      await add.getByLabel("Title", { exact: true }).fill(typed.title);
      await add.getByLabel("Author", { exact: true }).fill(typed.author);
      await add.getByLabel("Text", { exact: true }).fill(typed.text);
      // A date input holds only real dates: made a text input, it sends what an old browser or a script would. All
      // in one step, since React puts type="date" back whenever it renders the field.
      await add.getByLabel("Date", { exact: true }).evaluate((input: HTMLInputElement) => {
        input.type = "text";
        input.value = "2026-02-30";
        input.form!.noValidate = true;
        input.form!.requestSubmit(input.form!.querySelector<HTMLButtonElement>('button[type="submit"]'));
      });
    }
    /** The modal is still open with every value as typed and the date's error tied to its input. */
    async function expectRefusedKept(p: Page, hydrated: boolean) {
      const add = await addDialog(p, hydrated);
      const date = add.getByLabel("Date", { exact: true });
      await expect(add.locator("#date-error")).toHaveText("Please enter a valid date");
      await expect(date).toHaveAttribute("aria-invalid", "true");
      await expect(date).toHaveAttribute("aria-describedby", /(^|\s)date-error(\s|$)/);
      await expect(date).toHaveAccessibleDescription("Please enter a valid date");
      await expect(add.getByLabel("Title", { exact: true })).toHaveValue(typed.title);
      await expect(add.getByLabel("Author", { exact: true })).toHaveValue(typed.author);
      await expect(add.getByLabel("Text", { exact: true })).toHaveValue(typed.text);
      // Only the refused field is marked.
      for (const label of ["Title", "Author", "Text"]) await expect(add.getByLabel(label, { exact: true })).not.toHaveAttribute("aria-invalid", /.*/);
    }

    await openAdmin(page, BASE);
    await submitRefused(page, true);
    await expectRefusedKept(page, true);

    // Without JavaScript the server sends the page back itself, the values and the error in it.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto("/login?redirect=%2Fadmin%2Fnews");
      await plain.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
      await plain.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
      await plain.getByRole("button", { name: "Login", exact: true }).click();
      await expect(plain).toHaveURL(BASE);
      const [response] = await Promise.all([plain.waitForResponse((r) => r.request().method() === "POST"), submitRefused(plain, false)]);
      expect(response.status()).toBe(400);
      // The refused date is sent back as typed too (a date input shows it empty, which it cannot hold).
      expect(await response.text()).toMatch(/<input(?=[^>]*name="date")(?=[^>]*value="2026-02-30")[^>]*>/);
      await expectRefusedKept(plain, false);
    } finally {
      await context.close();
    }

    // Nothing was saved.
    expect((await withDatabase((db) => listNews(db))).filter((p) => p.title.includes(tag))).toEqual([]);
  });
});
