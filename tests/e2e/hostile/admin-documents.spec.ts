/**
 * Admin documents (spec §2 admin screens, §3 document, §5 upload and rename rules, §7 storage): upload through the
 * file picker with progress, download from /more/documents byte for byte, refusal of a disguised file, rename and
 * delete through the manage modal, and the plain form upload without JavaScript.
 *
 * This file lives in tests/e2e/hostile/ so that it runs in the "hostile" project, after every public test: those
 * assert that /more/documents says "We couldn't find any Files!" on the fresh install.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, expect, expectModal, expectNoModal, FIXTURES, openAdmin, postForm, test, unique, withDatabase } from "../admin-helpers.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";

const BASE = "/admin/documents";
// Issue 28 supersedes spec §5's "… a text file, a CSV file, a PDF or a JPEG picture." (decision 035).
const UNSUPPORTED =
  "This file type is not supported. Please upload a PDF, a Word, Excel or PowerPoint file, an OpenDocument text, spreadsheet or presentation, a text or CSV file, or a JPEG, PNG or WebP picture.";
const PDF = path.join(FIXTURES, "admin-minutes.pdf");

/** Deletes, through the admin action, every document whose name carries `tag`. */
async function removeDocuments(page: Page, tag: string): Promise<void> {
  const ids = await withDatabase(async (db) => (await listDocuments(db)).filter((d) => d.displayName.includes(tag)).map((d) => d.id));
  for (const id of ids) await postForm(page, BASE, { intent: "delete", id });
}

/** The admin list entry of a document. */
const entry = (page: Page, name: string) => page.locator("ul.item-list > li").filter({ has: page.getByRole("link", { name, exact: true }) });
/** The public list entry of a document on /more/documents. */
const publicLink = (page: Page, name: string) => page.getByRole("main").getByRole("link", { name, exact: true });

/** Picks files with the file picker of the drop zone (the chooser the click opens). */
async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByLabel("Files to upload").click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

test.describe("admin documents", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async ({ page }) => {
    await removeDocuments(page, tag);
  });

  test("upload a PDF with the file picker; it is listed and downloads byte for byte from /more/documents", async ({ page, visitor }) => {
    const name = `Minutes ${tag}.pdf`;
    const bytes = await readFile(PDF);
    await openAdmin(page, BASE);
    await expect(page.getByLabel("Files to upload")).toHaveAttribute("accept", /application\/pdf/);

    // Hold the upload back a moment so that the progress can be seen.
    await page.route(`**${BASE}/upload`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await pickFiles(page, [{ name, mimeType: "application/pdf", buffer: bytes }]);
    const progress = page.getByRole("status").filter({ hasText: `Uploading ${name}:` });
    await expect(progress).toBeVisible();
    await expect(progress.getByRole("progressbar")).toBeVisible();
    await expect(page.getByText(`Uploaded: ${name}`, { exact: true })).toBeVisible();
    await expect(progress).toHaveCount(0);
    await page.unroute(`**${BASE}/upload`);

    // Listed on the admin screen (the widget reloads the list) with its size.
    await expect(entry(page, name)).toContainText(`${bytes.length} bytes`);

    // Listed on /more/documents; the download is the same bytes, as an attachment under its name.
    await visitor.goto("/more/documents");
    const link = publicLink(visitor, name);
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("download", "");
    const [download] = await Promise.all([visitor.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = await readFile(await download.path());
    expect(saved.equals(bytes)).toBe(true);

    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/documents\/\d+\.pdf$/);
    const response = await visitor.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${name.replace(/[.]/g, "\\.")}"`));
    expect((await response.body()).equals(bytes)).toBe(true);
  });

  test("an HTML file named .pdf is refused with an alert and not stored", async ({ page, visitor }) => {
    const name = `Not a pdf ${tag}.pdf`;
    await openAdmin(page, BASE);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await pickFiles(page, [{ name, mimeType: "application/pdf", buffer: Buffer.from("<html><body><script>alert('x')</script></body></html>") }]);
    await expect.poll(() => alerts).toEqual([`alert: ${name}: ${UNSUPPORTED}`]);
    await expect(page.locator(".dropper .alert")).toHaveText(`${name}: ${UNSUPPORTED}`);
    await expect(entry(page, name)).toHaveCount(0);
    await visitor.goto("/more/documents");
    await expect(visitor.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
    await expect(publicLink(visitor, name)).toHaveCount(0);
    expect(await withDatabase(async (db) => (await listDocuments(db)).filter((d) => d.displayName === name))).toEqual([]);
  });

  test("an upload cut off by the network says to check the connection, and nothing is stored", async ({ page }) => {
    const name = `Cut off ${tag}.pdf`;
    await openAdmin(page, BASE);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    // The one failure that cannot be made for real here: the connection dropping mid-upload.
    await page.route(`**${BASE}/upload`, (route) => route.abort("connectionreset"));
    await pickFiles(page, [{ name, mimeType: "application/pdf", buffer: await readFile(PDF) }]);
    const message = `${name}: Failed to upload file. Please check the connection and try again.`;
    await expect.poll(() => alerts).toEqual([message]);
    await expect(page.locator(".dropper .alert")).toHaveText(message);
    await page.unroute(`**${BASE}/upload`);
    await expect(entry(page, name)).toHaveCount(0);
    expect(await withDatabase(async (db) => (await listDocuments(db)).filter((d) => d.displayName === name))).toEqual([]);
  });

  test("rename through the modal: an empty name is refused, an unchanged one just closes, a new one shows publicly", async ({ page, visitor }) => {
    const name = `Bylaws draft ${tag}.txt`;
    const renamed = `Bylaws final ${tag}.txt`;
    await openAdmin(page, BASE);
    await pickFiles(page, [{ name, mimeType: "text/plain", buffer: Buffer.from("Article I. Name.\n") }]);
    await expect(entry(page, name)).toHaveCount(1);

    await entry(page, name).getByRole("link", { name: `Rename or delete ${name}` }).click();
    let modal = await expectModal(page, "Rename or delete");
    const field = modal.getByLabel("Name", { exact: true });
    await expect(field).toHaveValue(name);

    // Empty: the browser's required check stops it; white space only gets past it and the server says why.
    await field.fill("");
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await field.fill("   ");
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expect(modal.locator("#name-error")).toHaveText("Please enter a name");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(entry(page, name)).toHaveCount(1);

    // Unchanged: the modal just closes.
    await field.fill(name);
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expectNoModal(page);
    await expect(page).toHaveURL(BASE);
    await expect(entry(page, name)).toHaveCount(1);

    // A new name.
    await entry(page, name).getByRole("link", { name: `Rename or delete ${name}` }).click();
    modal = await expectModal(page, "Rename or delete");
    await modal.getByLabel("Name", { exact: true }).fill(renamed);
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expectNoModal(page);
    await expect(entry(page, renamed)).toHaveCount(1);
    await expect(entry(page, name)).toHaveCount(0);

    await visitor.goto("/more/documents");
    await expect(publicLink(visitor, renamed)).toBeVisible();
    await expect(publicLink(visitor, name)).toHaveCount(0);
    const response = await visitor.request.get((await publicLink(visitor, renamed).getAttribute("href"))!);
    expect(response.headers()["content-disposition"]).toContain(`filename="${renamed}"`);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  });

  test("delete through the modal asks first; the file is gone from /more/documents and its address", async ({ page, visitor }) => {
    const name = `Old report ${tag}.csv`;
    await openAdmin(page, BASE);
    await pickFiles(page, [{ name, mimeType: "text/csv", buffer: Buffer.from("date,value\n2020-01-01,1\n") }]);
    await expect(entry(page, name)).toHaveCount(1);
    await visitor.goto("/more/documents");
    const href = (await publicLink(visitor, name).getAttribute("href"))!;
    expect(href).toMatch(/^\/documents\/\d+\.csv$/);

    await entry(page, name).getByRole("link", { name: `Rename or delete ${name}` }).click();
    let modal = await expectModal(page, "Rename or delete");
    await modal.getByRole("link", { name: "Delete", exact: true }).click();
    modal = await expectModal(page, "Delete this file?");
    await expect(modal).toContainText(`“${name}” will be deleted for good.`);
    // Cancel goes back to the rename form; the file stays.
    await modal.getByRole("link", { name: "Cancel" }).click();
    modal = await expectModal(page, "Rename or delete");
    await expect(modal.getByLabel("Name", { exact: true })).toHaveValue(name);
    await modal.getByRole("link", { name: "Delete", exact: true }).click();
    modal = await expectModal(page, "Delete this file?");
    await modal.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNoModal(page);
    await expect(page).toHaveURL(BASE);
    await expect(entry(page, name)).toHaveCount(0);

    await visitor.goto("/more/documents");
    await expect(visitor.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
    await expect(publicLink(visitor, name)).toHaveCount(0);
    expect((await visitor.request.get(href)).status()).toBe(404);
  });
});

test.describe("admin documents without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form uploads with its Upload button, and the manage modal deletes", async ({ page }) => {
    const tag = unique();
    const name = `Newsletter ${tag}.pdf`;
    try {
      await page.goto(`/login?redirect=${encodeURIComponent(BASE)}`);
      await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(BASE);

      await page.getByLabel("Files to upload").setInputFiles({ name, mimeType: "application/pdf", buffer: await readFile(PDF) });
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await expect(page).toHaveURL(`${BASE}?uploaded=1`);
      await expect(page.getByText("1 file uploaded.", { exact: true })).toBeVisible();
      await expect(entry(page, name)).toHaveCount(1);

      // The modal works as a plain page state: links open it, a form post confirms.
      await entry(page, name).getByRole("link", { name: `Rename or delete ${name}` }).click();
      await expect(page.getByRole("dialog", { name: "Rename or delete" })).toBeVisible();
      await page.getByRole("dialog").getByRole("link", { name: "Delete", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this file?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page).toHaveURL(BASE);
      await expect(entry(page, name)).toHaveCount(0);
    } finally {
      await removeDocuments(page, tag);
    }
  });

  test("without JavaScript a refused file comes back as a message on the page", async ({ page }) => {
    const tag = unique();
    const name = `Page ${tag}.pdf`;
    await page.goto(`/login?redirect=${encodeURIComponent(BASE)}`);
    await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(BASE);
    await page.getByLabel("Files to upload").setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><html><body>x</body></html>") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(`${name}: ${UNSUPPORTED}`);
    await expect(entry(page, name)).toHaveCount(0);
  });
});

test("with JavaScript the drop zone names the accepted types and the size limit, and the noscript Upload button stays hidden", async ({ page }) => {
  await openAdmin(page, BASE);
  await expect(page.locator(".dropper")).toContainText("PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV, JPEG, PNG and WebP files of up to 20 MB each");
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
});
