/**
 * Document metadata (spec §3). The bytes live in the storage back end under the same id, or, once the file was
 * replaced, under its `storageKey` (issue 28: the address /documents/:id stays).
 */
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DocumentRecord } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { Storage } from "#app/platform/files/storage.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { containsText, paginate } from "#app/platform/data/paging.server.ts";

export type { DocumentRecord };

/** Every document, newest first. */
export async function listDocuments(db: Database): Promise<DocumentRecord[]> {
  return db.selectFrom("document").selectAll().orderBy("created", "desc").execute();
}

/** The orders of the admin list: newest first (the default), by name, largest first. */
export const DOCUMENT_SORTS = ["newest", "name", "largest"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** One page of documents for the admin list, sorted on the server. */
/** When a document was last added, replaced or renamed (ms since epoch), or null without documents: the sitemap's date of /more/documents. */
export async function lastDocumentChange(db: Database): Promise<number | null> {
  const row = await db.selectFrom("document").select((eb) => eb.fn.max("updated").as("at")).executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function pageDocuments(db: Database, query: ListQuery<DocumentSort>): Promise<Page<DocumentRecord, DocumentSort>> {
  // A search looks in what the list shows: the file's name.
  const base = query.q ? db.selectFrom("document").where(containsText(["displayName"], query.q)) : db.selectFrom("document");
  const all = base.selectAll();
  const rows = query.sort === "name" ? all.orderBy("displayName") : query.sort === "largest" ? all.orderBy("size", "desc") : all.orderBy("created", "desc");
  return paginate(rows.orderBy("id"), base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** One document's record, or undefined. */
export async function getDocument(db: Database, id: string): Promise<DocumentRecord | undefined> {
  return db.selectFrom("document").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Where a document's bytes are stored: its `storageKey` once replaced, else its id. */
export function storageKeyOf(record: Pick<DocumentRecord, "id" | "storageKey">): string {
  return record.storageKey ?? record.id;
}

/** An uploaded document: its bytes in memory, or a stream of them as they arrive. */
export type NewDocument = { id: string; displayName: string; contentType: string; categoryId?: string | null } & ({ bytes: Uint8Array } | { stream: Readable });

/**
 * Stores an uploaded document: the bytes first (atomically, under a server-made id), then its record; if the record
 * cannot be written the bytes are removed again, so nothing is left half-saved. A stream is stored as it arrives
 * and its size counted on the way; if it fails (the client went away, the type check refused it later on) nothing
 * is stored and its error is thrown.
 * @param file.id storage id, time stamp + extension
 */
export async function addDocument(db: Database, storage: Storage, file: NewDocument, now = Date.now()): Promise<DocumentRecord> {
  const size = await putBytes(storage, file.id, file);
  const record: DocumentRecord = { id: file.id, displayName: file.displayName, contentType: file.contentType, size, created: now, updated: now, categoryId: file.categoryId ?? null, storageKey: null };
  try {
    await writeAndSignal(db, "documents", (trx) => trx.insertInto("document").values(record).execute());
  } catch (error) {
    await storage.remove(file.id);
    throw error;
  }
  return record;
}

/** Stores bytes or a stream under `key` (atomically, by the store); returns their size in bytes. */
async function putBytes(storage: Storage, key: string, file: { bytes: Uint8Array } | { stream: Readable }): Promise<number> {
  if ("bytes" in file) {
    await storage.put(key, file.bytes);
    return file.bytes.length;
  }
  let counted = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted += chunk.length;
      done(null, chunk);
    },
  });
  // pipeline, not pipe: a failure of either side reaches the other (the upload is then aborted).
  pipeline(file.stream, counter).catch(() => undefined);
  await storage.put(key, counter);
  return counted;
}

/** A replacement file: its type, the new storage key (`newDocumentId` with the type's extension), and its bytes. */
export type NewFile = { key: string; contentType: string } & ({ bytes: Uint8Array } | { stream: Readable });

/**
 * Replaces a document's file while it keeps its id, and so its address /documents/:id (issue 28). The new bytes are
 * written under a new key first; then, in one transaction, the record points at them (type, size, time); only then
 * are the old bytes removed. If writing the new bytes or the record fails, the new bytes are removed again and the
 * document is as it was; a failure to remove the old bytes is logged by the caller and loses nothing but space.
 * @returns the previous storage key (removed, or to be removed by the caller if that failed), or undefined when
 *   there is no such document (nothing is kept then)
 * @throws what the store or the database throws (the document is unchanged)
 */
export async function replaceDocumentFile(
  db: Database,
  storage: Storage,
  id: string,
  file: NewFile,
  now = Date.now(),
): Promise<{ oldKey: string; removed: boolean; record: DocumentRecord } | undefined> {
  const size = await putBytes(storage, file.key, file);
  let previous: DocumentRecord | undefined;
  try {
    previous = await writeAndSignal(db, "documents", async (trx) => {
      const current = await trx.selectFrom("document").selectAll().where("id", "=", id).executeTakeFirst();
      if (!current) return undefined;
      await trx.updateTable("document").set({ storageKey: file.key, contentType: file.contentType, size, updated: now }).where("id", "=", id).execute();
      return current;
    });
  } catch (error) {
    await storage.remove(file.key);
    throw error;
  }
  if (!previous) {
    await storage.remove(file.key);
    return undefined;
  }
  const oldKey = storageKeyOf(previous);
  const removed = await storage.remove(oldKey).then(
    () => true,
    () => false,
  );
  return { oldKey, removed, record: { ...previous, storageKey: file.key, contentType: file.contentType, size, updated: now } };
}

/** Files these documents under a category (one that exists) in one write: an upload's documents. */
export async function setDocumentCategories(db: Database, ids: readonly string[], categoryId: string, now = Date.now()): Promise<void> {
  if (ids.length === 0) return;
  await writeAndSignal(db, "documents", (trx) => trx.updateTable("document").set({ categoryId, updated: now }).where("id", "in", ids).execute());
}

/** Files a document under a category, or under none with null; false when there is no such document or category. */
export async function setDocumentCategory(db: Database, id: string, categoryId: string | null, now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "documents", async (trx) => {
    if (categoryId && !(await trx.selectFrom("document_category").select("id").where("id", "=", categoryId).executeTakeFirst())) return false;
    const result = await trx.updateTable("document").set({ categoryId, updated: now }).where("id", "=", id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}

/** Renames a document (its displayName); returns false when there is no such document. */
export async function renameDocument(db: Database, id: string, displayName: string, now = Date.now()): Promise<boolean> {
  const result = await writeAndSignal(db, "documents", (trx) =>
    trx.updateTable("document").set({ displayName, updated: now }).where("id", "=", id).executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}

/** Deletes a document's record, then its bytes; returns false when there is no such document. */
export async function deleteDocument(db: Database, storage: Storage, id: string): Promise<boolean> {
  return (await deleteDocuments(db, storage, [id])) > 0;
}

/**
 * Deletes the documents with these ids: their records in one transaction with one change signal, then their bytes
 * (the admin list's "Delete selected"); ids no document has are skipped.
 * @returns how many were deleted
 */
export async function deleteDocuments(db: Database, storage: Storage, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await writeAndSignal(db, "documents", async (trx) => {
    const found = await trx.selectFrom("document").select(["id", "storageKey"]).where("id", "in", ids).execute();
    if (found.length > 0) await trx.deleteFrom("document").where("id", "in", found.map((d) => d.id)).execute();
    return found;
  });
  for (const document of deleted) await storage.remove(storageKeyOf(document));
  return deleted.length;
}

/**
 * A new storage id: the current time in milliseconds plus the extension (spec §3), made unique against stored ones
 * (documents' ids and the keys of replaced files) by moving forward a millisecond at a time.
 */
export async function newDocumentId(db: Database, extension: string, now = Date.now()): Promise<string> {
  for (let t = now; ; t++) {
    const id = `${t}${extension}`;
    const taken = await db.selectFrom("document").select("id").where((eb) => eb.or([eb("id", "=", id), eb("storageKey", "=", id)])).executeTakeFirst();
    if (!taken) return id;
  }
}
