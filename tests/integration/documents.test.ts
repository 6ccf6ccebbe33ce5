/**
 * Documents: bytes on disk under a server-made id, metadata in the database, nothing half-saved; and the upload
 * route's limits (20 MB a document, 10 documents an upload) at their edges.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "#app/platform/files/storage.server.ts";
import { addDocument, deleteDocument, getDocument, listDocuments, newDocumentId, renameDocument } from "#app/documents/data/documents.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";
import { onBothBackEnds, type Target } from "./attacks/support.ts";

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

/** A PDF of exactly `size` bytes: its header, a comment to fill, its end marker. */
function pdfOf(size: number, label: string): Uint8Array {
  const head = `%PDF-1.4\n% ${label}\n`;
  const tail = "\n%%EOF\n";
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode(head));
  bytes.set(new TextEncoder().encode(tail), size - tail.length);
  return bytes;
}

interface UploadAnswer {
  status: number;
  body: { uploaded: string[]; errors: { name: string; message: string }[] };
}

/** The administrator's upload of `files` in one request, as the documents screen's upload widget posts them. */
async function upload(target: Target, files: { name: string; bytes: Uint8Array }[]): Promise<UploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: "application/pdf" }));
  const response = await fetch(`${target.url}/admin/documents/upload`, {
    method: "POST",
    headers: { Cookie: await target.adminCookie(), Accept: "application/json", Origin: target.url },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer["body"] };
}

/** What is kept: each document row's name and size, and the files of DATA_DIR/documents. */
async function keptDocuments(target: Target): Promise<{ rows: [string, number][]; files: string[] }> {
  const rows = await target.db.db.selectFrom("document").select(["displayName", "size"]).orderBy("displayName").execute();
  const dir = path.join(target.dataDir, "documents");
  return { rows: rows.map((r) => [r.displayName, Number(r.size)]), files: existsSync(dir) ? readdirSync(dir).toSorted() : [] };
}

const MB = 1024 * 1024;

// docs/security.md "Uploads": 20 MB a document and 10 documents an upload, through the upload route of the
// production build, a byte or a file either side of each edge.
onBothBackEnds("document uploads at their limits", (edge) => {
  edge(
    "a document of exactly 20 MB is kept; one of 20 MB and a byte is refused with its message and nothing of it is kept",
    async (target) => {
      const taken = await upload(target, [{ name: "Exactly 20 MB.pdf", bytes: pdfOf(20 * MB, "exactly") }]);
      expect(taken).toEqual({ status: 200, body: { uploaded: ["Exactly 20 MB.pdf"], errors: [] } });
      const before = await keptDocuments(target);
      expect(before.rows).toEqual([["Exactly 20 MB.pdf", 20 * MB]]);

      const refused = await upload(target, [{ name: "A byte over.pdf", bytes: pdfOf(20 * MB + 1, "over") }]);
      expect(refused).toEqual({ status: 413, body: { uploaded: [], errors: [{ name: "upload", message: "That file is too large: documents of up to 20 MB are accepted." }] } });
      expect(await keptDocuments(target)).toEqual(before);
    },
    60_000,
  );

  edge("10 documents in one upload are kept; 11 are refused with the message and none of them is kept", async (target) => {
    const files = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${String(i + 1).padStart(2, "0")}.pdf`, bytes: pdfOf(2_000, `${prefix} ${i}`) }));
    const before = await keptDocuments(target);
    const ten = await upload(target, files(10, "Ten"));
    expect(ten.status).toBe(200);
    expect(ten.body.uploaded).toHaveLength(10);
    const after = await keptDocuments(target);
    expect(after.rows.filter(([name]) => name.startsWith("Ten "))).toHaveLength(10);
    expect(after.files).toHaveLength(before.files.length + 10);

    const eleven = await upload(target, files(11, "Eleven"));
    expect(eleven).toEqual({ status: 400, body: { uploaded: [], errors: [{ name: "upload", message: "Upload at most 10 files at a time." }] } });
    expect(await keptDocuments(target)).toEqual(after);
  });
});
