/**
 * Migration 0019 on an older install, on both back ends: the documents it had keep their rows, their bytes and their
 * address; they have no category and are stored under their own id; categories can then be added, documents filed
 * under them, and a document's file replaced.
 */
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { createDiskStorage } from "#app/platform/files/storage.server.ts";
import { addCategory, listCategories } from "#app/documents/data/categories.server.ts";
import { getDocument, listDocuments, replaceDocumentFile, setDocumentCategory, storageKeyOf } from "#app/documents/data/documents.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../../tests/support/databases.ts";

describe.each(backends)("migration 0019-document-categories ($name)", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("upgrades an install of 0018: its documents stay, without a category, under their own id", async ({ skip }) => {
    if (!(await available())) skip("PostgreSQL is not reachable");
    database = await create({ migrate: false });
    await migrateBefore(database, "0019");
    const storage = createDiskStorage(path.join(database.dir, "documents"));
    // A document as 0018's code wrote it: the row (without the new columns) and its bytes under its id.
    await storage.put("1767312000000.pdf", new TextEncoder().encode("%PDF-1.4 old minutes"));
    // (The new columns are nullable, so the insert names only the old ones.)
    await database.db
      .insertInto("document")
      .values({ id: "1767312000000.pdf", displayName: "Old minutes.pdf", contentType: "application/pdf", size: 20, created: 1_767_312_000_000, updated: 1_767_312_000_000 })
      .execute();

    expect(await migrateToLatest(database)).toContain("0019-document-categories");
    const [old] = await listDocuments(database.db);
    expect(old).toEqual({
      id: "1767312000000.pdf",
      displayName: "Old minutes.pdf",
      contentType: "application/pdf",
      size: 20,
      created: 1_767_312_000_000,
      updated: 1_767_312_000_000,
      categoryId: null,
      storageKey: null,
    });
    expect(storageKeyOf(old!)).toBe("1767312000000.pdf");
    expect(await listCategories(database.db)).toEqual([]);

    // The new columns and table work on the upgraded install.
    const minutes = await addCategory(database.db, "Minutes", 5);
    expect(await setDocumentCategory(database.db, old!.id, minutes.id)).toBe(true);
    const replaced = await replaceDocumentFile(database.db, storage, old!.id, { key: "1767312000500.pdf", contentType: "application/pdf", bytes: new TextEncoder().encode("%PDF-1.4 new") }, 9);
    expect(replaced?.removed).toBe(true);
    const after = await getDocument(database.db, old!.id);
    expect(after).toMatchObject({ categoryId: minutes.id, storageKey: "1767312000500.pdf", size: 12, updated: 9, displayName: "Old minutes.pdf" });
    expect(await text((await storage.get("1767312000500.pdf"))!.stream)).toBe("%PDF-1.4 new");
    expect(await storage.get("1767312000000.pdf")).toBeUndefined();
  });
});
