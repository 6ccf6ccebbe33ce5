/** Documents: bytes on disk under a server-made id, metadata in the database, nothing half-saved. */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "#app/lib/storage.server.ts";
import { addDocument, deleteDocument, getDocument, listDocuments, newDocumentId, renameDocument } from "#app/models/documents.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

describe.each(backends)("documents on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("stores, renames and deletes a document; ids are time stamp + extension", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const dir = path.join(database.dir, "documents");
    const storage = createDiskStorage(dir);
    const id = await newDocumentId(database.db, ".pdf", 1_767_312_000_000);
    expect(id).toBe("1767312000000.pdf");
    await addDocument(database.db, storage, { id, displayName: "Minutes.pdf", contentType: "application/pdf", bytes: new TextEncoder().encode("%PDF-1.4 minutes") }, 5);
    expect(await newDocumentId(database.db, ".pdf", 1_767_312_000_000)).toBe("1767312000001.pdf");

    const stored = await storage.get(id);
    expect(stored?.size).toBe(16);
    expect(await text(stored!.stream)).toBe("%PDF-1.4 minutes");
    expect(readdirSync(dir)).toEqual([id]);

    expect(await renameDocument(database.db, id, "Annual meeting minutes.pdf")).toBe(true);
    expect((await getDocument(database.db, id))?.displayName).toBe("Annual meeting minutes.pdf");
    expect(await renameDocument(database.db, "1767312000999.pdf", "x")).toBe(false);

    expect(await deleteDocument(database.db, storage, id)).toBe(true);
    expect(await listDocuments(database.db)).toEqual([]);
    expect(existsSync(path.join(dir, id))).toBe(false);
    expect(await deleteDocument(database.db, storage, id)).toBe(false);
  });

  it("never overwrites a stored document, and leaves no temporary file", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const dir = path.join(database.dir, "documents");
    const storage = createDiskStorage(dir);
    await addDocument(database.db, storage, { id: "1767312000000.txt", displayName: "a.txt", contentType: "text/plain", bytes: new Uint8Array([65]) });
    await expect(
      addDocument(database.db, storage, { id: "1767312000000.txt", displayName: "b.txt", contentType: "text/plain", bytes: new Uint8Array([66, 66]) }),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(["1767312000000.txt"]);
    expect(await text((await storage.get("1767312000000.txt"))!.stream)).toBe("A");
    expect((await listDocuments(database.db)).map((d) => d.displayName)).toEqual(["a.txt"]);
  });

  it("removes the stored bytes when the record cannot be written", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    const dir = path.join(database.dir, "documents");
    const storage = createDiskStorage(dir);
    await database.db.schema.alterTable("document").renameTo("document_gone").execute();
    await expect(
      addDocument(database.db, storage, { id: "1767312000000.txt", displayName: "a.txt", contentType: "text/plain", bytes: new Uint8Array([65]) }),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
    await database.db.schema.alterTable("document_gone").renameTo("document").execute();
  });

  it("sweeps temporary files a crash left, and nothing else", async () => {
    const dir = path.join(await import("node:fs").then((fs) => fs.mkdtempSync(path.join((process.env.TMPDIR ?? "/tmp"), "shoreline-sweep-"))));
    const storage = createDiskStorage(dir);
    await storage.put("1767312000000.txt", new Uint8Array([65]));
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(dir, ".1767312000001.txt.abc.tmp"), "half");
    expect(await storage.sweep()).toBe(1);
    expect(readdirSync(dir)).toEqual(["1767312000000.txt"]);
  });

  it("refuses a storage id that could leave the folder", async () => {
    const storage = createDiskStorage("/tmp/shoreline-never");
    await expect(storage.put("../../etc/passwd", new Uint8Array([1]))).rejects.toThrow(RangeError);
    await expect(storage.get("..%2F..%2Fx")).rejects.toThrow(RangeError);
  });
});
