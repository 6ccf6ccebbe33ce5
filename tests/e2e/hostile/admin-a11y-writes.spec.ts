/**
 * The admin accessibility checks that need to write: the document manage modal (it needs a document) with axe at
 * 390 and 1280 px, and a keyboard-only session (sign in, add a news post through the modal, add a measurement).
 *
 * This file lives in tests/e2e/hostile/ so that it runs in the "hostile" project, after every public test: those
 * expect no documents on /more/documents and exactly the seeded news posts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  associationToday,
  DESKTOP,
  E2E_ADMIN,
  expect,
  expectModal,
  expectNoAxeViolations,
  FIXTURES,
  PHONE,
  postForm,
  shiftDate,
  signedInTest,
  tabTo,
  test,
  unique,
  waitForHydration,
  withDatabase,
} from "../admin-helpers.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";
import { deleteMeasurement, listMeasurements } from "#app/beach/data/readings.server.ts";
import { deleteNewsPost, listNews } from "#app/news-events/data/news.server.ts";

for (const viewport of [PHONE, DESKTOP]) {
  signedInTest.describe(`document manage modal at ${viewport.width} px`, () => {
    signedInTest.use({ viewport });

    signedInTest("the rename and the delete steps have no axe violations of any impact", async ({ page }, testInfo) => {
      const name = `Axe check ${unique()}.pdf`;
      const upload = await page.request.post("/admin/documents/upload", {
        headers: { Accept: "application/json" },
        multipart: { file: { name, mimeType: "application/pdf", buffer: await readFile(path.join(FIXTURES, "admin-minutes.pdf")) } },
      });
      expect(upload.status()).toBe(200);
      expect(await upload.json()).toEqual({ uploaded: [name], errors: [] });
      const id = await withDatabase(async (db) => (await listDocuments(db)).find((d) => d.displayName === name)?.id);
      expect(id).toBeDefined();
      try {
        await page.goto(`/admin/documents?manage=${id}`);
        await waitForHydration(page);
        const modal = await expectModal(page, "Rename or delete");
        await expect(modal.getByLabel("Name", { exact: true })).toHaveValue(name);
        await expectNoAxeViolations(page, testInfo, `${viewport.width}px document manage modal`);

        await modal.getByRole("link", { name: "Delete", exact: true }).click();
        await expectModal(page, "Delete this file?");
        await expectNoAxeViolations(page, testInfo, `${viewport.width}px document delete confirmation`);
      } finally {
        await postForm(page, "/admin/documents", { intent: "delete", id: id! });
      }
    });
  });
}

test("keyboard only: sign in, add a news post through the modal and a measurement through the form", async ({ page, visitor }) => {
  test.setTimeout(60_000);
  const tag = unique();
  const title = `Keyboard post ${tag}`;
  const today = associationToday();
  // A date long ago, so that the reading never becomes the latest one; and a value no other test uses.
  const date = shiftDate(today, -(500 + Math.floor(Math.random() * 5000)));
  const value = 42.5;
  const started = Date.now();
  try {
    await page.goto("/login");
    await waitForHydration(page);
    await tabTo(page, "#email");
    await page.keyboard.type(E2E_ADMIN.email);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("password");
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/news");

    // Add Post, with the keyboard.
    await tabTo(page, 'a[href="/admin/news?edit=new"]');
    await page.keyboard.press("Enter");
    const modal = await expectModal(page, "Add a New Post");
    expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await tabTo(page, "#title");
    await page.keyboard.type(title);
    await tabTo(page, "#text");
    await page.keyboard.type("Typed with the keyboard.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second line.");
    // Past the publishing fields (issue 26) to the dialog's own submit button.
    await tabTo(page, 'dialog button[type="submit"][value="save"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add Post");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();

    // Beach Data from the admin menu, then the form.
    await tabTo(page, 'nav[aria-label="Admin"] a[href="/admin/beach-measurements"]');
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/beach-measurements");
    await tabTo(page, "#date");
    const [year, month, day] = date.split("-");
    // The date field takes month, day and year in turn (en-US), moving on by itself.
    await page.keyboard.type(`${month}${day}${year}`);
    expect(await page.locator("#date").inputValue()).toBe(date);
    await tabTo(page, "#value");
    await page.keyboard.type(String(value));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Measurement added successfully!", { exact: true })).toBeVisible();
    const row = page.locator("tbody tr").filter({ has: page.locator(`time[datetime="${date}"]`) });
    await expect(row.getByRole("cell", { name: "42.5", exact: true })).toBeVisible();

    // Both show up publicly / in the table.
    await visitor.goto("/news-events");
    const post = visitor.getByRole("region", { name: "News" }).getByRole("article").filter({ has: visitor.getByRole("heading", { name: title, exact: true }) });
    await expect(post.locator(".prose-md")).toHaveText("Typed with the keyboard.\nSecond line.");
    expect(await post.locator(".prose-md").evaluate((p) => p.textContent)).toBe("Typed with the keyboard.\nSecond line.");
  } finally {
    await withDatabase(async (db) => {
      for (const p of await listNews(db)) if (p.title.includes(tag)) await deleteNewsPost(db, p.id);
      for (const m of await listMeasurements(db)) if (m.createdAt >= started && m.date === date && m.value === value) await deleteMeasurement(db, m.id);
    });
  }
});
