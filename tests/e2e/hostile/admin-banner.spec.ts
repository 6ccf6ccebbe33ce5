/**
 * Admin banner (spec §2: editor; §4: the button reads Create Banner or Update Banner; §5: delete asks for
 * confirmation). Every test puts the banner text back as it found it before it ends.
 *
 * This file lives in tests/e2e/hostile/ so that it runs in the "hostile" project, after every public test: those
 * check the seeded banner on /, which any change, however short, could break. Its tests run one after the other:
 * they all edit the one banner.
 */
import type { Page } from "@playwright/test";
import { expect, expectModal, expectNoModal, openAdmin, postForm, test, unique, waitForHydration } from "../admin-helpers.ts";

const BASE = "/admin/banner";

test.describe.configure({ mode: "serial" });

const textField = (page: Page) => page.getByLabel("Banner text", { exact: true });
const announcement = (page: Page) => page.getByRole("region", { name: "Announcement" });

/** The current banner text as the editor shows it, or null when there is none. */
async function currentBanner(page: Page): Promise<string | null> {
  await page.goto(BASE);
  await waitForHydration(page);
  if ((await page.getByRole("button", { name: "Create Banner" }).count()) > 0) return null;
  return textField(page).inputValue();
}

/** The banner as residents read it on / (its placeholders, such as {duesDate}, filled in), or null when there is none. */
async function shownBanner(visitor: Page): Promise<string | null> {
  await visitor.goto("/");
  return (await announcement(visitor).count()) > 0 ? announcement(visitor).innerText() : null;
}

/** Puts `text` back as the banner (or leaves it deleted when null was found), whatever the editor shows now. */
async function restoreBanner(page: Page, text: string | null): Promise<void> {
  if (text === null) {
    await postForm(page, BASE, { intent: "delete" });
    return;
  }
  const response = await postForm(page, BASE, { intent: "save", text });
  expect(response.status()).toBe(302);
}

test("the editor says Update Banner; Delete Banner asks first and Cancel keeps it", async ({ page, visitor }) => {
  await openAdmin(page, BASE);
  const original = await currentBanner(page);
  test.skip(original === null, "There is no banner to update right now.");
  const shown = await shownBanner(visitor);
  await expect(page.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();
  await expect(textField(page)).toHaveValue(original!);
  await expect(page.getByRole("button", { name: "Update Banner", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Banner" })).toHaveCount(0);
  await expect(page.getByText(/^Last set by .+ on .+\.$/)).toBeVisible();

  await page.getByRole("link", { name: "Delete Banner", exact: true }).click();
  await expect(page).toHaveURL(`${BASE}?delete`);
  const confirm = await expectModal(page, "Delete the banner?");
  await expect(confirm).toContainText("The banner will no longer show on the home page.");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expectNoModal(page);
  await expect(page).toHaveURL(BASE);
  await expect(page.getByRole("button", { name: "Update Banner", exact: true })).toBeVisible();
  await expect(textField(page)).toHaveValue(original!);

  await visitor.goto("/");
  await expect(announcement(visitor)).toHaveText(shown!);
});

test("update the text: it shows on /; the original text is put back", async ({ page, visitor }) => {
  await openAdmin(page, BASE);
  const original = await currentBanner(page);
  const shown = await shownBanner(visitor);
  const text = `Boat launch closed Saturday for repairs. (${unique()})`;
  try {
    await textField(page).fill(text);
    await page.getByRole("button", { name: /^(Update|Create) Banner$/ }).click();
    await expect(page.getByRole("status")).toHaveText("The banner was saved.");
    await expect(textField(page)).toHaveValue(text);
    await expect(page.getByText(/^Last set by admin@shoreline\.test on .+\.$/)).toBeVisible();

    await visitor.goto("/");
    await expect(announcement(visitor)).toHaveText(text);
  } finally {
    await restoreBanner(page, original);
  }
  await visitor.goto("/");
  if (shown === null) await expect(announcement(visitor)).toHaveCount(0);
  else await expect(announcement(visitor)).toHaveText(shown);
});

test("an empty banner text is refused; deleting the banner shows Create Banner and / has no banner until it is created again", async ({ page, visitor }) => {
  await openAdmin(page, BASE);
  const original = await currentBanner(page);
  test.skip(original === null, "There is no banner to delete right now.");
  const shown = await shownBanner(visitor);
  try {
    // Empty: the browser's required check stops it; white space only gets past it and the server refuses it.
    await textField(page).fill("");
    await page.getByRole("button", { name: "Update Banner", exact: true }).click();
    expect(await textField(page).evaluate((t: HTMLTextAreaElement) => t.validity.valueMissing)).toBe(true);
    await textField(page).fill("   ");
    await page.getByRole("button", { name: "Update Banner", exact: true }).click();
    await expect(page.locator("#text-error")).toHaveText("Please enter the banner text");

    await page.goto(`${BASE}?delete`);
    await waitForHydration(page);
    const confirm = await expectModal(page, "Delete the banner?");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNoModal(page);
    await expect(page.getByRole("status")).toHaveText("The banner was deleted.");
    await expect(page.getByRole("button", { name: "Create Banner", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete Banner" })).toHaveCount(0);
    await expect(textField(page)).toHaveValue("");
    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(announcement(visitor)).toHaveCount(0);

    // Create it again with its text, through the editor.
    await textField(page).fill(original!);
    await page.getByRole("button", { name: "Create Banner", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("The banner was saved.");
    await expect(page.getByRole("button", { name: "Update Banner", exact: true })).toBeVisible();
  } finally {
    await restoreBanner(page, original);
  }
  await visitor.goto("/");
  await expect(announcement(visitor)).toHaveText(shown!);
});

test("the banner is inline Markdown (issue 26): bold, italic and a link shown as such, its placeholders filled in", async ({ page, visitor }) => {
  await openAdmin(page, BASE);
  const original = await currentBanner(page);
  try {
    const saved = await postForm(page, BASE, { intent: "save", text: "**Beach closed** until _Friday_. Dues are ${duesDollars}. [Details](https://town.example/beach)" });
    expect(saved.status()).toBe(302);
    await visitor.goto("/");
    const banner = announcement(visitor);
    await expect(banner).toHaveText("Beach closed until Friday. Dues are $10. Details");
    await expect(banner.locator("strong")).toHaveText("Beach closed");
    await expect(banner.locator("em")).toHaveText("Friday");
    await expect(banner.getByRole("link", { name: "Details" })).toHaveAttribute("href", "https://town.example/beach");
    await expect(banner).not.toContainText("**");
  } finally {
    await restoreBanner(page, original);
  }
});
