/**
 * Documents as boards keep them (issue 28), in the browser: a document of each accepted type uploaded with the file
 * picker, listed on /more/documents and downloaded as itself (pictures without their metadata); disguised files
 * refused with the message; a file replaced through the "Rename or delete" window at the same address; the board's
 * categories made, ordered and picked, and /more/documents showing them as groups.
 *
 * In tests/e2e/hostile/ (the "hostile" project, after the public tests, which expect an empty /more/documents).
 * The fixtures are small real files made by tests/fixtures/documents/make-fixtures.ts (see its README).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectModal, expectNoModal, openAdmin, postForm, test, unique, waitForHydration, withDatabase } from "../admin-helpers.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";
import { listCategories, removeCategories } from "#app/documents/data/categories.server.ts";

const BASE = "/admin/documents";
const CATEGORIES = "/admin/documents/categories";
const DOCUMENT_FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/documents");
// Issue 28's list, superseding spec §5's "… a text file, a CSV file, a PDF or a JPEG picture." (decision 035).
const UNSUPPORTED =
  "This file type is not supported. Please upload a PDF, a Word, Excel or PowerPoint file, an OpenDocument text, spreadsheet or presentation, a text or CSV file, or a JPEG, PNG or WebP picture.";

/** Every accepted kind: the fixture, and the type it is served as. */
const KINDS: [string, string][] = [
  ["bylaws.pdf", "application/pdf"],
  ["minutes.doc", "application/msword"],
  ["minutes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["readings.xls", "application/vnd.ms-excel"],
  ["readings.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["slides.ppt", "application/vnd.ms-powerpoint"],
  ["slides.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  ["newsletter.odt", "application/vnd.oasis.opendocument.text"],
  ["readings.ods", "application/vnd.oasis.opendocument.spreadsheet"],
  ["slides.odp", "application/vnd.oasis.opendocument.presentation"],
  ["agenda.txt", "text/plain"],
  ["readings.csv", "text/csv"],
  ["dock.jpg", "image/jpeg"],
  ["dock.png", "image/png"],
  ["dock.webp", "image/webp"],
];

const fixture = (name: string) => readFile(path.join(DOCUMENT_FIXTURES, name));

/** Deletes, through the admin action, every document whose name carries `tag`, and the categories named with it. */
async function removeTagged(page: Page, tag: string): Promise<void> {
  const ids = await withDatabase(async (db) => (await listDocuments(db)).filter((d) => d.displayName.includes(tag)).map((d) => d.id));
  for (const id of ids) await postForm(page, BASE, { intent: "delete", id });
  await withDatabase(async (db) => removeCategories(db, (await listCategories(db)).filter((c) => c.name.includes(tag)).map((c) => c.id)));
}

const entry = (page: Page, name: string) => page.locator("ul.item-list > li").filter({ has: page.getByRole("link", { name, exact: true }) });
const publicLink = (page: Page, name: string) => page.getByRole("main").getByRole("link", { name, exact: true });

async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByLabel("Files to upload").click()]);
  await chooser.setFiles(files);
}

test.describe("documents as boards keep them", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async ({ page }) => {
    await removeTagged(page, tag);
  });

  test("a document of each accepted type is uploaded, listed on /more/documents and downloaded as itself", async ({ page, visitor }) => {
    test.setTimeout(90_000);
    await openAdmin(page, BASE);
    // The screen states the size limit, from the upload limit the server enforces.
    await expect(page.locator(".dropper")).toContainText("of up to 20 MB each");
    const files = await Promise.all(KINDS.map(async ([file]) => ({ name: `${tag} ${file}`, mimeType: "application/octet-stream", buffer: await fixture(file) })));
    // The picker's own filter offers each kind (the server judges the content itself).
    const accept = (await page.getByLabel("Files to upload").getAttribute("accept")) ?? "";
    for (const [file] of KINDS) expect(accept.split(","), file).toContain(path.extname(file));
    await pickFiles(page, files);
    await expect(page.getByText(`Uploaded: ${files.map((f) => f.name).join(", ")}`, { exact: true })).toBeVisible({ timeout: 60_000 });
    for (const file of files) await expect(entry(page, file.name)).toHaveCount(1);

    await visitor.goto("/more/documents");
    for (const [index, [, type]] of KINDS.entries()) {
      const name = files[index]!.name;
      const link = publicLink(visitor, name);
      await expect(link, name).toBeVisible();
      const response = await visitor.request.get((await link.getAttribute("href"))!);
      expect(response.headers()["content-type"]?.split(";")[0], name).toBe(type);
      expect(response.headers()["content-disposition"], name).toMatch(/^attachment;/);
      const body = await response.body();
      if (type.startsWith("image/")) {
        // Stored without metadata: the fixture's camera and GPS position are gone; the picture keeps its format.
        const meta = await sharp(body).metadata();
        expect(meta.exif, name).toBeUndefined();
        expect(`image/${meta.format}`, name).toBe(type);
        expect(body.includes(Buffer.from("LakeCam")), name).toBe(false);
        expect(files[index]!.buffer.includes(Buffer.from("LakeCam")), name).toBe(true);
      } else expect(body.equals(files[index]!.buffer), name).toBe(true);
    }
    // A real download in the browser, saved under its name.
    const word = `${tag} minutes.docx`;
    const [download] = await Promise.all([visitor.waitForEvent("download"), publicLink(visitor, word).click()]);
    expect(download.suggestedFilename()).toBe(word);
    expect((await readFile(await download.path())).equals(await fixture("minutes.docx"))).toBe(true);
  });

  test("disguised files are refused with the message: HTML and a program named .docx, a plain zip named .xlsx", async ({ page }) => {
    await openAdmin(page, BASE);
    page.on("dialog", (dialog) => void dialog.accept());
    const disguised = [
      { name: `${tag} minutes.docx`, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.from("<!doctype html><html><body>Minutes</body></html>") },
      { name: `${tag} setup.docx`, mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(60)]) },
      { name: `${tag} budget.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await fixture("archive.zip") },
    ];
    await pickFiles(page, disguised);
    const alert = page.locator(".dropper .alert");
    for (const file of disguised) await expect(alert).toContainText(`${file.name}: ${UNSUPPORTED}`);
    for (const file of disguised) await expect(entry(page, file.name)).toHaveCount(0);
    expect(await withDatabase(async (db) => (await listDocuments(db)).filter((d) => d.displayName.includes(tag)))).toEqual([]);
  });

  test("replacing a document's file keeps its address; a refused replacement changes nothing", async ({ page, visitor }) => {
    test.setTimeout(60_000);
    const name = `${tag} Dues form.txt`;
    await openAdmin(page, BASE);
    await pickFiles(page, [{ name, mimeType: "text/plain", buffer: Buffer.from("Dues form, 2026\n") }]);
    await expect(entry(page, name)).toHaveCount(1);
    await visitor.goto("/more/documents");
    const address = (await publicLink(visitor, name).getAttribute("href"))!;
    expect(await (await visitor.request.get(address)).text()).toBe("Dues form, 2026\n");

    // A disguised replacement: refused in the window, the old file still served.
    await entry(page, name).getByRole("link", { name: `Rename or delete ${name}` }).click();
    let modal = await expectModal(page, "Rename or delete");
    await expect(modal).toContainText("The document keeps its name and address");
    await modal.getByLabel("New file").setInputFiles({ name: "dues.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><body>not a pdf</body></html>") });
    await modal.getByRole("button", { name: "Replace file" }).click();
    modal = await expectModal(page, "Rename or delete");
    await expect(modal.getByRole("alert")).toHaveText(UNSUPPORTED);
    expect(await (await visitor.request.get(address)).text()).toBe("Dues form, 2026\n");

    // A PDF in its place: same address, new content and type, the name kept.
    const pdf = await fixture("bylaws.pdf");
    await modal.getByLabel("New file").setInputFiles({ name: "Dues form 2027.pdf", mimeType: "application/pdf", buffer: pdf });
    await modal.getByRole("button", { name: "Replace file" }).click();
    await expectNoModal(page);
    await expect(page.getByRole("status").filter({ hasText: `The file of “${name}” was replaced; its address stays the same.` })).toBeVisible();
    await expect(entry(page, name)).toContainText(`${pdf.length} bytes`);

    await visitor.goto("/more/documents");
    await expect(publicLink(visitor, name)).toHaveAttribute("href", address);
    const replaced = await visitor.request.get(address);
    expect(replaced.headers()["content-type"]).toBe("application/pdf");
    expect((await replaced.body()).equals(pdf)).toBe(true);
  });

  test("the board's categories: added, ordered, picked per document, and shown as groups on /more/documents", async ({ page, visitor }) => {
    test.setTimeout(90_000);
    const minutes = `Minutes ${tag}`;
    const forms = `Forms ${tag}`;
    await openAdmin(page, BASE);
    await page.getByRole("link", { name: "Document categories" }).first().click();
    await expect(page).toHaveURL(CATEGORIES);
    await expect(page.getByRole("heading", { level: 1, name: "Document Categories" })).toBeVisible();
    for (const category of [forms, minutes]) {
      await page.getByRole("link", { name: "Add Category" }).click();
      const modal = await expectModal(page, "Add a New Category");
      await modal.getByLabel("Name", { exact: true }).fill(category);
      await modal.getByRole("button", { name: "Add Category" }).click();
      await expectNoModal(page);
      await expect(page.getByRole("link", { name: `Edit ${category}` })).toBeVisible();
    }
    // The same name twice is refused beside the field.
    await page.getByRole("link", { name: "Add Category" }).click();
    const again = await expectModal(page, "Add a New Category");
    await again.getByLabel("Name", { exact: true }).fill(minutes.toUpperCase());
    await again.getByRole("button", { name: "Add Category" }).click();
    await expect(again).toContainText(`Another category is called ${minutes.toUpperCase()}: choose another name`);
    await page.goto(CATEGORIES);
    // Minutes first.
    await page.getByRole("button", { name: `Move up ${minutes}` }).click();
    await expect(page.getByRole("button", { name: `Move down ${minutes}` })).toBeVisible();

    // Upload into a category, and file another document from the "Rename or delete" window.
    await page.goto(BASE);
    await waitForHydration(page);
    await page.getByLabel("Category", { exact: true }).selectOption({ label: forms });
    await pickFiles(page, [{ name: `${tag} Dock permit.pdf`, mimeType: "application/pdf", buffer: await fixture("bylaws.pdf") }]);
    await expect(entry(page, `${tag} Dock permit.pdf`)).toContainText(forms);
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "No category" });
    await pickFiles(page, [
      { name: `${tag} May minutes.docx`, mimeType: "application/octet-stream", buffer: await fixture("minutes.docx") },
      { name: `${tag} Loose note.txt`, mimeType: "text/plain", buffer: Buffer.from("A note\n") },
    ]);
    await expect(entry(page, `${tag} Loose note.txt`)).toHaveCount(1);
    await entry(page, `${tag} May minutes.docx`).getByRole("link", { name: `Rename or delete ${tag} May minutes.docx` }).click();
    const modal = await expectModal(page, "Rename or delete");
    await modal.getByLabel("Category", { exact: true }).selectOption({ label: minutes });
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expectNoModal(page);
    await expect(entry(page, `${tag} May minutes.docx`)).toContainText(minutes);

    // /more/documents: the board's categories in its order, each with its documents, the others last.
    await visitor.goto("/more/documents");
    const main = visitor.getByRole("main");
    const group = (heading: string) => main.getByRole("region", { name: heading });
    await expect(group(minutes).getByRole("link", { name: `${tag} May minutes.docx` })).toBeVisible();
    await expect(group(forms).getByRole("link", { name: `${tag} Dock permit.pdf` })).toBeVisible();
    await expect(group("Other documents").getByRole("link", { name: `${tag} Loose note.txt` })).toBeVisible();
    const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf(minutes)).toBeLessThan(headings.indexOf(forms));
    expect(headings.at(-1)).toBe("Other documents");
  });
});
