/**
 * Documents as boards keep them (issue 28), on both back ends: the board's categories (named, ordered, renamed,
 * removed without losing a document), and a document's file replaced under the same id, the new bytes written before
 * the old are removed, nothing lost when a replacement fails; then through the production server: every accepted
 * type uploaded and served as itself, pictures without their metadata, a disguised file refused, a replacement at
 * the same address with a new ETag, and /more/documents in groups.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage, type Storage } from "#app/platform/files/storage.server.ts";
import { addCategory, CategoryNameTaken, listCategories, moveCategory, removeCategory, renameCategory } from "#app/documents/data/categories.server.ts";
import { addDocument, deleteDocument, getDocument, newDocumentId, replaceDocumentFile, setDocumentCategory } from "#app/documents/data/documents.server.ts";
import { UNSUPPORTED_MESSAGE } from "#app/documents/file-types.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { onBothBackEnds, type Target } from "./attacks/support.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const FIXTURES = path.join(import.meta.dirname, "../fixtures/documents");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

describe.each(backends)("document categories and replaced files on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("adds, renames, orders and removes categories; a removed category's documents stay, uncategorised", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const { db } = database;
    const storage = createDiskStorage(path.join(database.dir, "documents"));
    const minutes = await addCategory(db, "Minutes");
    const forms = await addCategory(db, "Forms");
    const letters = await addCategory(db, "Newsletters");
    await expect(addCategory(db, "minutes")).rejects.toBeInstanceOf(CategoryNameTaken);
    await expect(renameCategory(db, forms.id, "NEWSLETTERS")).rejects.toBeInstanceOf(CategoryNameTaken);
    expect(await renameCategory(db, forms.id, "Forms and applications")).toBe(true);
    expect(await renameCategory(db, forms.id, "Forms and applications")).toBe(true);
    expect(await moveCategory(db, letters.id, "up")).toBe(true);
    expect(await moveCategory(db, minutes.id, "up")).toBe(true);
    expect((await listCategories(db)).map((c) => c.name)).toEqual(["Minutes", "Newsletters", "Forms and applications"]);

    await addDocument(db, storage, { id: "1767312000000.txt", displayName: "June.txt", contentType: "text/plain", bytes: enc("June") });
    expect(await setDocumentCategory(db, "1767312000000.txt", minutes.id)).toBe(true);
    expect(await setDocumentCategory(db, "1767312000000.txt", "no-such-category")).toBe(false);
    expect(await setDocumentCategory(db, "1767312000999.txt", minutes.id)).toBe(false);
    expect((await getDocument(db, "1767312000000.txt"))?.categoryId).toBe(minutes.id);

    expect(await removeCategory(db, minutes.id)).toBe(true);
    expect(await removeCategory(db, minutes.id)).toBe(false);
    expect((await getDocument(db, "1767312000000.txt"))?.categoryId).toBeNull();
    expect((await listCategories(db)).map((c) => c.name)).toEqual(["Newsletters", "Forms and applications"]);
  });

  it("replaces a file under the same id: new bytes first, then the record, then the old bytes go", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const { db } = database;
    const dir = path.join(database.dir, "documents");
    const storage = createDiskStorage(dir);
    await addDocument(db, storage, { id: "1767312000000.pdf", displayName: "Bylaws.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4 old") }, 1);
    // A new key is never one a document or a replaced file has.
    const key = await newDocumentId(db, ".docx", 1_767_312_000_000);
    expect(key).toBe("1767312000000.docx");
    const replaced = await replaceDocumentFile(db, storage, "1767312000000.pdf", { key, contentType: "application/msword", bytes: fixture("minutes.doc") }, 2);
    expect(replaced).toMatchObject({ oldKey: "1767312000000.pdf", removed: true });
    expect(await getDocument(db, "1767312000000.pdf")).toMatchObject({ displayName: "Bylaws.pdf", contentType: "application/msword", storageKey: key, size: fixture("minutes.doc").length, created: 1, updated: 2 });
    expect(readdirSync(dir)).toEqual([key]);
    expect(await newDocumentId(db, ".docx", 1_767_312_000_000)).toBe("1767312000001.docx");
    // A document gone: nothing is kept of the new file.
    expect(await replaceDocumentFile(db, storage, "1767312000999.pdf", { key: "1767312000002.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4") })).toBeUndefined();
    expect(readdirSync(dir)).toEqual([key]);
    // Deleting the document removes the bytes where they now are.
    expect(await deleteDocument(db, storage, "1767312000000.pdf")).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a replacement that fails loses nothing: the old file and record stay, the new bytes are removed", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const { db } = database;
    const dir = path.join(database.dir, "documents");
    const storage = createDiskStorage(dir);
    await addDocument(db, storage, { id: "1767312000000.pdf", displayName: "Bylaws.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4 old") }, 1);
    const before = await getDocument(db, "1767312000000.pdf");

    // The record cannot be written (the table is away): the new bytes go again.
    await db.schema.alterTable("document").renameTo("document_gone").execute();
    await expect(replaceDocumentFile(db, storage, "1767312000000.pdf", { key: "1767312000500.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4 new") })).rejects.toThrow();
    await db.schema.alterTable("document_gone").renameTo("document").execute();
    expect(readdirSync(dir)).toEqual(["1767312000000.pdf"]);

    // The store cannot write the new bytes: the record is not touched.
    const failing: Storage = { ...storage, put: () => Promise.reject(new Error("disk full")) };
    await expect(replaceDocumentFile(db, failing, "1767312000000.pdf", { key: "1767312000600.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4 new") })).rejects.toThrow("disk full");

    // The old bytes cannot be removed: the replacement stands, and says so.
    const sticky: Storage = { ...storage, remove: () => Promise.reject(new Error("busy")) };
    expect(await getDocument(db, "1767312000000.pdf")).toEqual(before);
    expect(await text((await storage.get("1767312000000.pdf"))!.stream)).toBe("%PDF-1.4 old");
    const result = await replaceDocumentFile(db, sticky, "1767312000000.pdf", { key: "1767312000700.pdf", contentType: "application/pdf", bytes: enc("%PDF-1.4 new") });
    expect(result).toMatchObject({ oldKey: "1767312000000.pdf", removed: false });
    expect((await getDocument(db, "1767312000000.pdf"))?.storageKey).toBe("1767312000700.pdf");
  });
});

/** The accepted fixtures and the type each is served as. */
const TYPES: [string, string][] = [
  ["bylaws.pdf", "application/pdf"],
  ["agenda.txt", "text/plain"],
  ["readings.csv", "text/csv"],
  ["dock.jpg", "image/jpeg"],
  ["dock.png", "image/png"],
  ["dock.webp", "image/webp"],
  ["minutes.doc", "application/msword"],
  ["readings.xls", "application/vnd.ms-excel"],
  ["slides.ppt", "application/vnd.ms-powerpoint"],
  ["minutes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["readings.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["slides.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  ["newsletter.odt", "application/vnd.oasis.opendocument.text"],
  ["readings.ods", "application/vnd.oasis.opendocument.spreadsheet"],
  ["slides.odp", "application/vnd.oasis.opendocument.presentation"],
];

async function post(target: Target, address: string, files: { name: string; bytes: Uint8Array }[]): Promise<Response> {
  const form = new FormData();
  // The browser's claim is the opposite of the truth: the server must not read it.
  for (const file of files) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: "application/octet-stream" }));
  return fetch(`${target.url}${address}`, { method: "POST", headers: { Cookie: await target.adminCookie(), Accept: "application/json", Origin: target.url }, body: form });
}

/** The id of the stored document named `displayName`. */
async function idOf(target: Target, displayName: string): Promise<string> {
  const row = await target.db.db.selectFrom("document").select("id").where("displayName", "=", displayName).executeTakeFirstOrThrow();
  return row.id;
}

onBothBackEnds("documents of every kind through the server", (test) => {
  test("each accepted type is stored as itself and served back; pictures lose their GPS position; disguised files are refused", async (target) => {
    const uploaded = await post(target, "/admin/documents/upload", TYPES.slice(0, 10).map(([name]) => ({ name, bytes: fixture(name) })));
    expect(await uploaded.json()).toEqual({ uploaded: TYPES.slice(0, 10).map(([name]) => name), errors: [] });
    const more = await post(target, "/admin/documents/upload", TYPES.slice(10).map(([name]) => ({ name, bytes: fixture(name) })));
    expect(await more.json()).toEqual({ uploaded: TYPES.slice(10).map(([name]) => name), errors: [] });

    for (const [name, type] of TYPES) {
      const id = await idOf(target, name);
      const response = await fetch(`${target.url}/documents/${id}`);
      expect(response.headers.get("content-type")?.split(";")[0], name).toBe(type);
      expect(response.headers.get("content-disposition"), name).toMatch(new RegExp(`^attachment; filename="?${name.replace(".", "\\.")}"?(;|$)`));
      const body = new Uint8Array(await response.arrayBuffer());
      if (type.startsWith("image/")) {
        const meta = await sharp(body).metadata();
        expect(meta.exif, name).toBeUndefined();
        expect(Buffer.from(body).includes(Buffer.from("LakeCam")), name).toBe(false);
        expect(Buffer.from(fixture(name)).includes(Buffer.from("LakeCam")), name).toBe(true);
      } else expect(body, name).toEqual(fixture(name));
    }

    const before = readdirSync(path.join(target.dataDir, "documents")).length;
    const disguised = await post(target, "/admin/documents/upload", [
      { name: "minutes.docx", bytes: enc("<!doctype html><html><body><script>alert(1)</script></body></html>") },
      { name: "setup.docx", bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Uint8Array(60)]) },
      { name: "readings.xlsx", bytes: fixture("archive.zip") },
      { name: "minutes.doc", bytes: fixture("other.cfb") },
    ]);
    expect(disguised.status).toBe(400);
    expect(await disguised.json()).toEqual({ uploaded: [], errors: ["minutes.docx", "setup.docx", "readings.xlsx", "minutes.doc"].map((n) => ({ name: n, message: UNSUPPORTED_MESSAGE })) });
    expect(readdirSync(path.join(target.dataDir, "documents"))).toHaveLength(before);
  }, 60_000);

  test("a replaced file keeps its address, with a new ETag; a refused replacement changes nothing", async (target) => {
    await post(target, "/admin/documents/upload", [{ name: "Agenda.txt", bytes: enc("First agenda\n") }]);
    const id = await idOf(target, "Agenda.txt");
    const first = await fetch(`${target.url}/documents/${id}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(await first.text()).toBe("First agenda\n");
    const again = await fetch(`${target.url}/documents/${id}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);

    const refused = await post(target, `/admin/documents/replace?id=${id}`, [{ name: "agenda.docx", bytes: enc("<html><body>x</body></html>") }]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: UNSUPPORTED_MESSAGE });
    expect(await (await fetch(`${target.url}/documents/${id}`)).text()).toBe("First agenda\n");

    const replaced = await post(target, `/admin/documents/replace?id=${id}`, [{ name: "whatever.pdf", bytes: fixture("bylaws.pdf") }]);
    expect(await replaced.json()).toEqual({ replaced: "Agenda.txt" });
    const now = await fetch(`${target.url}/documents/${id}`, { headers: { "If-None-Match": etag } });
    expect(now.status).toBe(200);
    expect(now.headers.get("etag")).not.toBe(etag);
    expect(now.headers.get("content-type")).toBe("application/pdf");
    // The name keeps the board's words, with the extension of what is served now.
    expect(now.headers.get("content-disposition")).toMatch(/^attachment; filename="?Agenda\.pdf"?(;|$)/);
    expect(new Uint8Array(await now.arrayBuffer())).toEqual(fixture("bylaws.pdf"));
    const files = readdirSync(path.join(target.dataDir, "documents"));
    expect(files).not.toContain(id);
    expect(files.filter((f) => f.endsWith(".pdf")).length).toBeGreaterThan(0);
    // The page links the same address.
    expect(await (await fetch(`${target.url}/more/documents`)).text()).toContain(`href="/documents/${id}"`);
    expect(existsSync(path.join(target.dataDir, "documents", id))).toBe(false);
  });

  test("/more/documents groups documents by the board's categories, in its order, the others last", async (target) => {
    const { db } = target.db;
    const minutes = await addCategory(db, "Minutes");
    const forms = await addCategory(db, "Forms");
    await post(target, `/admin/documents/upload?category=${forms.id}`, [{ name: "Dock permit.txt", bytes: enc("Permit\n") }]);
    await post(target, `/admin/documents/upload?category=${minutes.id}`, [{ name: "May minutes.txt", bytes: enc("May\n") }]);
    expect((await getDocument(db, await idOf(target, "Dock permit.txt")))?.categoryId).toBe(forms.id);
    await post(target, "/admin/documents/upload", [{ name: "Loose note.txt", bytes: enc("Note\n") }]);
    const page = await (await fetch(`${target.url}/more/documents`)).text();
    const at = (s: string) => page.indexOf(s);
    expect(at(">Minutes</h2>")).toBeGreaterThan(0);
    expect(at(">Minutes</h2>")).toBeLessThan(at("May minutes.txt"));
    expect(at("May minutes.txt")).toBeLessThan(at(">Forms</h2>"));
    expect(at(">Forms</h2>")).toBeLessThan(at("Dock permit.txt"));
    expect(at("Dock permit.txt")).toBeLessThan(at(">Other documents</h2>"));
    expect(at(">Other documents</h2>")).toBeLessThan(at("Loose note.txt"));
  });
});
