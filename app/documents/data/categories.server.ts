/**
 * The board's document categories (issue 28, migration 0019): named, in the board's order, each document filed under
 * one or none. Writes signal "documents", so /more/documents (which groups by category) follows them.
 */
import type { DocumentCategory } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { paginateRows, textsContain } from "#app/platform/data/paging.server.ts";

export type { DocumentCategory };

/** The orders of the Categories screen: the board's own (position), the only one. */
export const CATEGORY_SORTS = ["order"] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** A name another category already has (compared without regard to case). */
export class CategoryNameTaken extends Error {
  constructor(name: string) {
    super(`Another category is called ${name}: choose another name`);
    this.name = "CategoryNameTaken";
  }
}

/** Every category, in the board's order (position, then name). */
export async function listCategories(db: Database): Promise<DocumentCategory[]> {
  return db.selectFrom("document_category").selectAll().orderBy("position").orderBy("name").execute();
}

/** One page of the Categories screen (a search looks in the name). */
export async function pageCategories(db: Database, query: ListQuery<CategorySort>): Promise<Page<DocumentCategory, CategorySort>> {
  const all = await listCategories(db);
  return paginateRows(query.q ? all.filter((c) => textsContain([c.name], query.q!)) : all, query);
}

/** One category, or undefined. */
export async function getCategory(db: Database, id: string): Promise<DocumentCategory | undefined> {
  return db.selectFrom("document_category").selectAll().where("id", "=", id).executeTakeFirst();
}

/** How many documents each category has, by category id (categories without any are absent). */
export async function countDocumentsByCategory(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("document")
    .select(["categoryId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("categoryId", "is not", null)
    .groupBy("categoryId")
    .execute();
  return new Map(rows.map((r) => [r.categoryId!, Number(r.n)]));
}

async function refuseTakenName(trx: Database, name: string, exceptId: string | null): Promise<void> {
  const others = await trx.selectFrom("document_category").select(["id", "name"]).execute();
  if (others.some((c) => c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase())) throw new CategoryNameTaken(name);
}

/**
 * Adds a category at the end of the board's order.
 * @throws CategoryNameTaken when another category has the name
 */
export async function addCategory(db: Database, name: string, now = Date.now()): Promise<DocumentCategory> {
  return writeAndSignal(db, "documents", async (trx) => {
    await refuseTakenName(trx, name, null);
    const last = await trx.selectFrom("document_category").select((eb) => eb.fn.max("position").as("max")).executeTakeFirst();
    const row: DocumentCategory = { id: crypto.randomUUID(), name, position: Number(last?.max ?? -1) + 1, createdAt: now, updatedAt: now };
    await trx.insertInto("document_category").values(row).execute();
    return row;
  });
}

/**
 * Renames a category; its documents stay in it.
 * @returns false when no category has that id
 * @throws CategoryNameTaken when another category has the name
 */
export async function renameCategory(db: Database, id: string, name: string, now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "documents", async (trx) => {
    await refuseTakenName(trx, name, id);
    const result = await trx.updateTable("document_category").set({ name, updatedAt: now }).where("id", "=", id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}

/**
 * Removes categories; their documents stay, without a category, in the same transaction.
 * @returns how many categories were removed (ids no category has are skipped)
 */
export async function removeCategories(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return writeAndSignal(db, "documents", async (trx) => {
    await trx.updateTable("document").set({ categoryId: null }).where("categoryId", "in", ids).execute();
    const result = await trx.deleteFrom("document_category").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Removes a category (its documents stay, without a category); false when it is gone. */
export async function removeCategory(db: Database, id: string): Promise<boolean> {
  return (await removeCategories(db, [id])) > 0;
}

/** Moves a category one place up or down in the board's order; false when it is gone (true at either end). */
export async function moveCategory(db: Database, id: string, direction: "up" | "down", now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "documents", async (trx) => {
    const all = await listCategories(trx);
    const index = all.findIndex((c) => c.id === id);
    if (index < 0) return false;
    const other = index + (direction === "up" ? -1 : 1);
    if (other < 0 || other >= all.length) return true;
    // Positions are rewritten 0, 1, 2, … so that equal positions move too.
    const order = all.map((c) => c.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, categoryId] of order.entries()) {
      await trx.updateTable("document_category").set({ position, ...(categoryId === id ? { updatedAt: now } : {}) }).where("id", "=", categoryId).execute();
    }
    return true;
  });
}
