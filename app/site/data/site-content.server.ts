/**
 * The board's ordered lists (issue 10): board members, FAQ, bylaws articles and local businesses. Each entry is a row
 * of `site_item` with its fields as JSON, checked by its kind's zod schema on the way in and on the way out (a row a
 * later version cannot read is skipped and logged, never shown half). Every write records who made it and when and
 * bumps the "site" change topic, so the public pages' cache follows at once.
 */
import { z } from "zod";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { BUSINESS_CATEGORIES } from "../business-categories.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { paginate, paginateRows, textsContain } from "#app/platform/data/paging.server.ts";

/** An entry of a list, with its place and who changed it last. */
export interface SiteItem<T> {
  id: string;
  position: number;
  updatedBy: string;
  /** ms since epoch */
  updatedAt: number;
  data: T;
}

/** The one order of an ordered list: the board's own. */
export const ORDER_SORTS = ["order"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** A board member: name, title, and the photo (an image id, app/platform/files/images.server.ts), if any. */
export const boardMemberData = z.object({ name: z.string(), title: z.string(), photoId: z.string().nullable().default(null) });
export type BoardMemberData = z.infer<typeof boardMemberData>;

/** A question residents ask, and its answer in Markdown. */
export const questionData = z.object({ question: z.string(), answer: z.string() });
export type QuestionData = z.infer<typeof questionData>;

/**
 * A bylaws article: "Article I", its title, and its sections in Markdown. `{quorum}`, `{noticeDays}`, `{boardSize}`,
 * `{termYears}`, `{duesDollars}` and `{duesDate}` in the text stand for the association's numbers (`fillNumbers` in governance.server.ts).
 */
export const bylawsArticleData = z.object({ number: z.string(), title: z.string(), sections: z.string() });
export type BylawsArticleData = z.infer<typeof bylawsArticleData>;

/** A local business in one of the spec's five categories (§3), with its phone and web page (both may be empty). */
export const businessData = z.object({ name: z.string(), category: z.enum(BUSINESS_CATEGORIES), address: z.string(), phone: z.string(), link: z.string() });
export type BusinessData = z.infer<typeof businessData>;

/** The model of one kind of list. Functions may throw what the database throws. */
export interface SiteList<T> {
  kind: string;
  /** Every entry, in order (public pages: these lists are short). */
  all(db: Database): Promise<SiteItem<T>[]>;
  /** One page of entries in order, for the admin list. */
  page(db: Database, query: ListQuery<OrderSort>): Promise<Page<SiteItem<T>, OrderSort>>;
  get(db: Database, id: string): Promise<SiteItem<T> | undefined>;
  /** Adds an entry at the end of the list. */
  create(db: Database, data: T, by: string, now?: number): Promise<SiteItem<T>>;
  /** Replaces an entry's fields; false when it is gone. */
  update(db: Database, id: string, data: T, by: string, now?: number): Promise<boolean>;
  /** false when it was gone already. */
  remove(db: Database, id: string): Promise<boolean>;
  /**
   * Removes the entries with these ids in one transaction with one change signal; ids not in this list are skipped.
   * @returns the entries removed, as they were (a board member's photo is then deleted by the caller)
   */
  removeMany(db: Database, ids: readonly string[]): Promise<SiteItem<T>[]>;
  /**
   * Swaps an entry with its neighbour above ("up") or below ("down"), in one transaction. false when there is no such
   * entry; true (and nothing changes) when it is already first or last.
   */
  move(db: Database, id: string, direction: "up" | "down", by: string, now?: number): Promise<boolean>;
}

type Row = { id: string; position: number; data: string; updatedBy: string; updatedAt: number };

/**
 * @param shown the texts of an entry the admin list shows (what its search looks in)
 */
function siteList<T>(kind: string, schema: z.ZodType<T>, shown: (data: T) => string[]): SiteList<T> {
  const read = (row: Row): SiteItem<T> | undefined => {
    const parsed = schema.safeParse(JSON.parse(row.data));
    if (!parsed.success) return undefined;
    return { id: row.id, position: Number(row.position), updatedBy: row.updatedBy, updatedAt: Number(row.updatedAt), data: parsed.data };
  };
  const readAll = (rows: Row[]) => rows.map(read).filter((item): item is SiteItem<T> => item !== undefined);
  const ofKind = (db: Database) => db.selectFrom("site_item").where("kind", "=", kind);
  const columns = ["id", "position", "data", "updatedBy", "updatedAt"] as const;

  return {
    kind,
    async all(db) {
      return readAll(await ofKind(db).select(columns).orderBy("position").orderBy("id").execute());
    },
    async page(db, query) {
      const { q } = query;
      // These lists are short (a board, a few dozen questions): a search reads the list and looks in what it shows.
      if (q) return paginateRows(readAll(await ofKind(db).select(columns).orderBy("position").orderBy("id").execute()).filter((item) => textsContain(shown(item.data), q)), query);
      const rows = ofKind(db).select(columns).orderBy("position").orderBy("id");
      const page = await paginate(rows, ofKind(db).select((eb) => eb.fn.countAll<number>().as("n")), query);
      return { ...page, rows: readAll(page.rows) };
    },
    async get(db, id) {
      const row = await ofKind(db).select(columns).where("id", "=", id).executeTakeFirst();
      return row && read(row);
    },
    async create(db, data, by, now = Date.now()) {
      const checked = schema.parse(data);
      return writeAndSignal(db, "site", async (trx) => {
        const last = await ofKind(trx).select((eb) => eb.fn.max("position").as("max")).executeTakeFirst();
        const item = { id: crypto.randomUUID(), position: Number(last?.max ?? 0) + 1, updatedBy: by, updatedAt: now, data: checked };
        await trx.insertInto("site_item").values({ ...item, kind, data: JSON.stringify(checked) }).execute();
        return item;
      });
    },
    async update(db, id, data, by, now = Date.now()) {
      const checked = schema.parse(data);
      return writeAndSignal(db, "site", async (trx) => {
        const result = await trx
          .updateTable("site_item")
          .set({ data: JSON.stringify(checked), updatedBy: by, updatedAt: now })
          .where("kind", "=", kind)
          .where("id", "=", id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },
    async remove(db, id) {
      return writeAndSignal(db, "site", async (trx) => {
        const result = await trx.deleteFrom("site_item").where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async removeMany(db, ids) {
      if (ids.length === 0) return [];
      return writeAndSignal(db, "site", async (trx) => {
        const rows = await ofKind(trx).select(columns).where("id", "in", ids).execute();
        if (rows.length > 0) await trx.deleteFrom("site_item").where("kind", "=", kind).where("id", "in", rows.map((r) => r.id)).execute();
        return readAll(rows);
      });
    },
    async move(db, id, direction, by, now = Date.now()) {
      return writeAndSignal(db, "site", async (trx) => {
        const item = await ofKind(trx).select(["id", "position"]).where("id", "=", id).executeTakeFirst();
        if (!item) return false;
        const position = Number(item.position);
        const neighbour = await ofKind(trx)
          .select(["id", "position"])
          .where("position", direction === "up" ? "<" : ">", position)
          .orderBy("position", direction === "up" ? "desc" : "asc")
          .limit(1)
          .executeTakeFirst();
        if (!neighbour) return true;
        await trx.updateTable("site_item").set({ position: Number(neighbour.position), updatedBy: by, updatedAt: now }).where("id", "=", item.id).execute();
        await trx.updateTable("site_item").set({ position, updatedBy: by, updatedAt: now }).where("id", "=", neighbour.id).execute();
        return true;
      });
    },
  };
}

/**
 * When each kind of list ("board", "faq", "bylaws", "business") last had an entry saved (ms since epoch): the
 * sitemap's dates of the pages that show them. A kind without entries is absent.
 */
export async function lastSiteItemChanges(db: Database): Promise<Map<string, number>> {
  const rows = await db.selectFrom("site_item").select((eb) => ["kind", eb.fn.max("updatedAt").as("at")]).groupBy("kind").execute();
  return new Map(rows.map((r) => [r.kind, Number(r.at)]));
}

export const boardMembers = siteList("board", boardMemberData, (m) => [m.name, m.title]);
export const questions = siteList("faq", questionData, (q) => [q.question]);
export const bylawsArticles = siteList("bylaws", bylawsArticleData, (a) => [a.number, a.title]);
export const businesses = siteList("business", businessData, (b) => [b.name, b.category]);
