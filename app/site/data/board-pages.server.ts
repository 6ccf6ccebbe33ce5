/**
 * The board's own pages (issue 28 part 3, migration 0021): the rows of `board_page` and the old addresses that send
 * to them (`board_page_redirect`). Every write signals the "pages" topic in its transaction, so the public page cache
 * and the navigation (header and More) follow. The rules of an address are app/site/board-pages.ts.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { paginateRows, textsContain } from "#app/platform/data/paging.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { boardPagePath, type BoardPageInput, type Placement } from "../board-pages.ts";

/** A page of the board's own, as its screen and its public page read it. */
export interface BoardPage {
  id: string;
  /** Its address under /more ("boat-launch"). */
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  placement: Placement;
  position: number;
  /** ms since epoch */
  createdAt: number;
  updatedAt: number;
  updatedBy: string;
}

/** A link of a navigation to a board page. */
export interface BoardPageLink {
  to: string;
  label: string;
}

/** The admin list's one order: the board's own. */
export const BOARD_PAGE_SORTS = ["order"] as const;
export type BoardPageSort = (typeof BOARD_PAGE_SORTS)[number];

/** An address another page has, or had (its old address sends to it): the page is not saved. */
export class SlugTaken extends Error {
  constructor(slug: string) {
    super(`The address ${slug} is taken`);
    this.name = "SlugTaken";
  }
}

const COLUMNS = ["id", "slug", "title", "body", "placement", "position", "createdAt", "updatedAt", "updatedBy"] as const;

type Row = { id: string; slug: string; title: string; body: string; placement: string; position: number; createdAt: number; updatedAt: number; updatedBy: string };

function toPage(row: Row): BoardPage {
  return {
    ...row,
    placement: row.placement === "menu" ? "menu" : "more",
    position: Number(row.position),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** Every board page, in the board's order (a site has a handful). */
export async function listBoardPages(db: Database): Promise<BoardPage[]> {
  const rows = await db.selectFrom("board_page").select(COLUMNS).orderBy("position").orderBy("id").execute();
  return rows.map(toPage);
}

/** One page of the admin list, in order; `query.q` looks in titles and addresses. */
export async function pageBoardPages(db: Database, query: ListQuery<BoardPageSort>): Promise<Page<BoardPage, BoardPageSort>> {
  const all = await listBoardPages(db);
  const { q } = query;
  return paginateRows(q ? all.filter((p) => textsContain([p.title, p.slug], q)) : all, query);
}

/** The page with this id, or undefined. */
export async function getBoardPage(db: Database, id: string): Promise<BoardPage | undefined> {
  const row = await db.selectFrom("board_page").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row && toPage(row);
}

/**
 * What the address /more/<slug> shows: the page that has it, or the address of the page that had it before
 * (`redirect`, for a 301), or undefined (404).
 */
export async function findBoardPage(db: Database, slug: string): Promise<{ page: BoardPage } | { redirect: string } | undefined> {
  const row = await db.selectFrom("board_page").select(COLUMNS).where("slug", "=", slug).executeTakeFirst();
  if (row) return { page: toPage(row) };
  const moved = await db
    .selectFrom("board_page_redirect")
    .innerJoin("board_page", "board_page.id", "board_page_redirect.pageId")
    .select("board_page.slug")
    .where("board_page_redirect.slug", "=", slug)
    .executeTakeFirst();
  return moved ? { redirect: boardPagePath(moved.slug) } : undefined;
}

/** The links of the pages placed in `placement`, in the board's order: what the header or the More section adds. */
export async function boardPageLinks(db: Database, placement: Placement): Promise<BoardPageLink[]> {
  const rows = await db.selectFrom("board_page").select(["slug", "title"]).where("placement", "=", placement).orderBy("position").orderBy("id").execute();
  return rows.map((r) => ({ to: boardPagePath(r.slug), label: r.title }));
}

/** How many pages are in the main menu, not counting `exceptId` (the page being saved). */
export async function countMenuPages(db: Database, exceptId?: string): Promise<number> {
  let query = db.selectFrom("board_page").select((eb) => eb.fn.countAll<number>().as("n")).where("placement", "=", "menu");
  if (exceptId) query = query.where("id", "<>", exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Whether `slug` is the address of a page other than `exceptId`, or an old address sending to one. */
export async function slugTaken(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  let pages = db.selectFrom("board_page").select("id").where("slug", "=", slug);
  let moved = db.selectFrom("board_page_redirect").select("pageId as id").where("slug", "=", slug);
  if (exceptId) {
    pages = pages.where("id", "<>", exceptId);
    moved = moved.where("pageId", "<>", exceptId);
  }
  return (await pages.executeTakeFirst()) !== undefined || (await moved.executeTakeFirst()) !== undefined;
}

/**
 * Adds a page at the end of the board's order.
 * @param input its checked form, with its address (`slug`) decided
 * @throws SlugTaken when another page has or had the address (checked in the transaction)
 */
export async function createBoardPage(db: Database, input: BoardPageInput, by: string, now = Date.now()): Promise<BoardPage> {
  return writeAndSignal(db, "pages", async (trx) => {
    if (await slugTaken(trx, input.slug)) throw new SlugTaken(input.slug);
    const last = await trx.selectFrom("board_page").select((eb) => eb.fn.max("position").as("max")).executeTakeFirst();
    const page: BoardPage = { id: crypto.randomUUID(), slug: input.slug, title: input.title, body: input.body, placement: input.placement, position: Number(last?.max ?? 0) + 1, createdAt: now, updatedAt: now, updatedBy: by };
    await trx.insertInto("board_page").values(page).execute();
    return page;
  });
}

/**
 * Saves a page's form. A new address keeps the old one sending to the page (a redirect row); going back to an old
 * address takes it back from the redirects. false when the page is gone.
 * @throws SlugTaken when another page has or had the new address
 */
export async function updateBoardPage(db: Database, id: string, input: BoardPageInput, by: string, now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "pages", async (trx) => {
    const before = await trx.selectFrom("board_page").select(["slug"]).where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if (before.slug !== input.slug) {
      if (await slugTaken(trx, input.slug, id)) throw new SlugTaken(input.slug);
      await trx.deleteFrom("board_page_redirect").where("slug", "=", input.slug).execute();
      await trx.insertInto("board_page_redirect").values({ slug: before.slug, pageId: id }).execute();
    }
    await trx.updateTable("board_page").set({ slug: input.slug, title: input.title, body: input.body, placement: input.placement, updatedAt: now, updatedBy: by }).where("id", "=", id).execute();
    return true;
  });
}

/** Removes pages and their old addresses, in one transaction: each address then answers 404. @returns how many went */
export async function removeBoardPages(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return writeAndSignal(db, "pages", async (trx) => {
    await trx.deleteFrom("board_page_redirect").where("pageId", "in", ids).execute();
    const result = await trx.deleteFrom("board_page").where("id", "in", ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Swaps a page with its neighbour above ("up") or below ("down") in the board's order, in one transaction. false
 * when there is no such page; true (and nothing changes) when it is already first or last.
 */
export async function moveBoardPage(db: Database, id: string, direction: "up" | "down", by: string, now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "pages", async (trx) => {
    const page = await trx.selectFrom("board_page").select(["id", "position"]).where("id", "=", id).executeTakeFirst();
    if (!page) return false;
    const position = Number(page.position);
    const neighbour = await trx
      .selectFrom("board_page")
      .select(["id", "position"])
      .where("position", direction === "up" ? "<" : ">", position)
      .orderBy("position", direction === "up" ? "desc" : "asc")
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) return true;
    await trx.updateTable("board_page").set({ position: Number(neighbour.position), updatedBy: by, updatedAt: now }).where("id", "=", page.id).execute();
    await trx.updateTable("board_page").set({ position, updatedBy: by, updatedAt: now }).where("id", "=", neighbour.id).execute();
    return true;
  });
}

/** A published page as site search and the sitemap read it. */
export interface PublishedPage {
  /** Its address: "/more/boat-launch". */
  path: string;
  title: string;
  /** When it was last saved, ms since epoch. */
  updatedAt: number;
  /** Its Markdown text, as the board wrote it. */
  text: string;
}

/**
 * Every board page the public can read (all of them: a page has no draft state), in the board's order: its
 * address, title, last change and Markdown text. For site search and the sitemap (issue 28 parts 5 and 6).
 */
export async function listPublishedPages(db: Database): Promise<PublishedPage[]> {
  return (await listBoardPages(db)).map((p) => ({ path: boardPagePath(p.slug), title: p.title, updatedAt: p.updatedAt, text: p.body }));
}
