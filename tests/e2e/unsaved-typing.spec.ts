/**
 * Issue 26 part 2, "Nothing typed is lost": what is typed before the scripts arrive stays when they do (hydration
 * does not put the old text back, and does not add it to the new), and leaving a form with unsaved changes asks
 * first (a link, Escape, a dialog's close button, closing the tab). Nothing is saved here.
 */
import type { Page } from "@playwright/test";
import { ADMIN_SCREENS, screenUrl } from "#app/routes/admin/screens.ts";
import { expect, expectNoAxeViolations, openAdmin, PHONE, signIn, test, waitForHydration } from "./admin-helpers.ts";

/** Holds every script of the page back until `release()` is called: the page is the server's HTML alone meanwhile. */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** True once React has hydrated the page (the layout's effect has run). */
async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.style.getPropertyValue("--header-height") !== "");
}

test.describe("typing before the scripts arrive", () => {
  test("a textarea and an input keep what was typed when the scripts arrive", async ({ page }) => {
    await signIn(page, "/admin/pages");
    await expect(page).toHaveURL("/admin/pages");
    const { release } = await holdScripts(page);
    await page.goto("/admin/pages", { waitUntil: "commit" });
    const welcome = page.getByLabel("Welcome", { exact: true });
    const president = page.getByLabel("President's name", { exact: true });
    await expect(welcome).not.toHaveValue("");
    expect(await isHydrated(page)).toBe(false);
    await welcome.fill("Typed before the scripts came.");
    await president.fill("Typed Name");
    // And typing key by key at the end of a field (the way a person does).
    const caption = page.getByLabel("Map caption", { exact: true });
    await caption.fill("");
    await caption.pressSequentially("Key by key");
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    // Give React every chance to put something back.
    await page.waitForTimeout(300);
    await expect(welcome).toHaveValue("Typed before the scripts came.");
    await expect(president).toHaveValue("Typed Name");
    await expect(caption).toHaveValue("Key by key");
  });

  test("an edit dialog's fields keep what was typed when the scripts arrive", async ({ page }) => {
    await signIn(page, "/admin/news");
    await expect(page).toHaveURL("/admin/news");
    // A post with its text: the dialog opens with the old text in both fields.
    const edit = await page.getByRole("link", { name: /^Edit/ }).first().getAttribute("href");
    const { release } = await holdScripts(page);
    await page.goto(edit!, { waitUntil: "commit" });
    const title = page.getByLabel("Title", { exact: true });
    const text = page.getByLabel("Text", { exact: true });
    await expect(text).not.toHaveValue("");
    await title.fill("Dock repairs");
    await text.fill("The dock is fixed.");
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    await page.waitForTimeout(300);
    await expect(title).toHaveValue("Dock repairs");
    await expect(text).toHaveValue("The dock is fixed.");
  });

  test("a quick fill right after the page loads is kept as typed, with nothing added", async ({ page }) => {
    await signIn(page, "/admin/pages");
    await page.goto("/admin/pages", { waitUntil: "commit" });
    const welcome = page.getByLabel("Welcome", { exact: true });
    const president = page.getByLabel("President's name", { exact: true });
    await welcome.fill("Quick words.");
    await president.fill("Quick Name");
    await waitForHydration(page);
    await page.waitForTimeout(300);
    await expect(welcome).toHaveValue("Quick words.");
    await expect(president).toHaveValue("Quick Name");
  });
});

/** The confirmation asked before unsaved changes are thrown away. */
const discardDialog = (page: Page) => page.getByRole("alertdialog", { name: "Discard your changes?" });
const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test.describe("leaving unsaved changes asks first", () => {
  test("a link: Keep editing stays with the text, Discard leaves; an untouched form leaves without asking", async ({ page }) => {
    await openAdmin(page, "/admin/pages");
    // Untouched: no question.
    await adminMenu(page).getByRole("link", { name: "Board", exact: true }).click();
    await expect(page).toHaveURL("/admin/board");
    await expect(discardDialog(page)).toHaveCount(0);
    await adminMenu(page).getByRole("link", { name: "Pages", exact: true }).click();
    await expect(page).toHaveURL("/admin/pages");

    const caption = page.getByLabel("Map caption", { exact: true });
    await caption.fill("A caption not saved yet");
    await adminMenu(page).getByRole("link", { name: "News Posts", exact: true }).click();
    const dialog = discardDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/has not been saved/);
    await expect(dialog.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL("/admin/pages");
    await expect(caption).toHaveValue("A caption not saved yet");

    await adminMenu(page).getByRole("link", { name: "News Posts", exact: true }).click();
    await discardDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL("/admin/news");
  });

  test("no screen asks when nothing was typed: every admin screen, and its add dialog, is left at once", async ({ page }) => {
    test.setTimeout(90_000);
    await openAdmin(page, "/admin/news");
    for (const screen of ADMIN_SCREENS) {
      await page.goto(screenUrl(screen));
      await waitForHydration(page);
      await adminMenu(page).getByRole("link", { name: "Events", exact: true }).click();
      await expect(page, `${screen.path} is left without asking`).toHaveURL("/admin/events");
      await expect(discardDialog(page)).toHaveCount(0);
      // Its add dialog, if it has one, closes on Escape without asking.
      await page.goto(`${screenUrl(screen)}?edit=new`);
      await waitForHydration(page);
      if ((await page.getByRole("dialog").count()) === 0) continue;
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog"), `${screen.path}'s add dialog closes without asking`).toHaveCount(0);
      await expect(discardDialog(page)).toHaveCount(0);
    }
  });

  test("Escape, the close button and Cancel of an edit dialog ask; an untouched dialog closes at once", async ({ page }, testInfo) => {
    await openAdmin(page, "/admin/board?edit=new");
    const edit = page.getByRole("dialog", { name: "Add a New Board Member" });
    await expect(edit).toBeVisible();
    // Untouched: Escape closes it.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/admin/board");
    await expect(edit).toHaveCount(0);

    await page.getByRole("link", { name: "Add Board Member" }).click();
    await expect(edit).toBeVisible();
    const name = edit.getByLabel("Name", { exact: true });
    await name.click();
    await name.pressSequentially("Mary Loon");
    await page.keyboard.press("Escape");
    await expect(discardDialog(page)).toBeVisible();
    await expectNoAxeViolations(page, testInfo, "the Discard your changes? dialog");
    await page.screenshot({ path: testInfo.outputPath("discard-1280.png") });
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, testInfo, "the Discard your changes? dialog at 390 px");
    await page.screenshot({ path: testInfo.outputPath("discard-390.png") });
    await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(edit).toBeVisible();
    await expect(name).toHaveValue("Mary Loon");
    await expect(page).toHaveURL("/admin/board?edit=new");

    // Escape on the question is "Keep editing" too.
    await edit.getByRole("link", { name: "Close" }).click();
    await expect(discardDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(discardDialog(page)).toHaveCount(0);
    await expect(name).toHaveValue("Mary Loon");

    await edit.getByRole("link", { name: "Cancel" }).click();
    await discardDialog(page).getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL("/admin/board");
    await expect(edit).toHaveCount(0);
  });

  test("closing the tab with unsaved changes asks (beforeunload); untouched, it closes", async ({ page, context }) => {
    await openAdmin(page, "/admin/pages");
    const caption = page.getByLabel("Map caption", { exact: true });
    await caption.click();
    await caption.pressSequentially(" and more");
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);

    const other = await context.newPage();
    await other.goto("/admin/pages");
    await waitForHydration(other);
    await other.getByLabel("Map caption", { exact: true }).click();
    let dialogs = 0;
    other.on("dialog", (d) => {
      dialogs += 1;
      void d.accept();
    });
    await other.close({ runBeforeUnload: true });
    await expect.poll(() => other.isClosed()).toBe(true);
    expect(dialogs).toBe(0);
  });
});

test.describe("a refused save keeps every field and says what to fix beside it", () => {
  /** Refuses a board member whose name is only spaces (the browser lets it through, the server does not). */
  async function refuseBoardMember(page: Page) {
    const edit = page.getByRole("dialog", { name: "Add a New Board Member" });
    await edit.getByLabel("Name", { exact: true }).fill("   ");
    await edit.getByLabel("Title", { exact: true }).fill("Dock Captain");
    await edit.getByLabel("Describe the picture (alt text)").fill("Mary on the dock");
    await edit.getByRole("button", { name: "Add Board Member" }).click();
    return edit;
  }

  async function expectRefusedBoardMember(page: Page) {
    const edit = page.getByRole("dialog", { name: "Add a New Board Member" });
    const name = edit.getByLabel("Name", { exact: true });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please enter the board member's name");
    await expect(name).toBeFocused();
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue("Dock Captain");
    await expect(edit.getByLabel("Describe the picture (alt text)")).toHaveValue("Mary on the dock");
    return edit;
  }

  test("a list screen's dialog, with JavaScript; leaving it afterwards asks", async ({ page }) => {
    await openAdmin(page, "/admin/board?edit=new");
    await refuseBoardMember(page);
    const edit = await expectRefusedBoardMember(page);
    await edit.getByRole("link", { name: "Close" }).click();
    await expect(discardDialog(page)).toBeVisible();
    await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(edit.getByLabel("Title", { exact: true })).toHaveValue("Dock Captain");
  });

  test("the pages screen, with JavaScript", async ({ page }) => {
    await openAdmin(page, "/admin/pages");
    await page.getByLabel("Map caption", { exact: true }).fill("Kept caption");
    await page.getByLabel("Facts and figures", { exact: true }).fill("Surface area 412 acres");
    await page.getByRole("button", { name: "Save Pages" }).click();
    const facts = page.getByLabel("Facts and figures", { exact: true });
    await expect(facts).toHaveAttribute("aria-invalid", "true");
    await expect(facts).toHaveAccessibleDescription(/Write one fact per line as Label: value/);
    await expect(facts).toBeFocused();
    await expect(facts).toHaveValue("Surface area 412 acres");
    await expect(page.getByLabel("Map caption", { exact: true })).toHaveValue("Kept caption");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a list screen's dialog and the pages screen", async ({ page }) => {
      await signIn(page, "/admin/board?edit=new");
      await page.goto("/admin/board?edit=new");
      await refuseBoardMember(page);
      await expectRefusedBoardMember(page);

      await page.goto("/admin/pages");
      await page.getByLabel("Map caption", { exact: true }).fill("Kept caption");
      await page.getByLabel("Facts and figures", { exact: true }).fill("Surface area 412 acres");
      await page.getByRole("button", { name: "Save Pages" }).click();
      const facts = page.getByLabel("Facts and figures", { exact: true });
      await expect(facts).toHaveAttribute("aria-invalid", "true");
      await expect(facts).toHaveAccessibleDescription(/Write one fact per line as Label: value/);
      await expect(facts).toBeFocused();
      await expect(page.getByLabel("Map caption", { exact: true })).toHaveValue("Kept caption");
    });
  });
});
