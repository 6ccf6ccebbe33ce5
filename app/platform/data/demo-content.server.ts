/**
 * Which rows are the demo association's (issue 26, decision 028), kept in `demo_content` (migration 0014): the seed
 * marks what it wrote, with each row's version (its updated or created instant as text; a page text's value). A marked
 * row is still demo content while it exists with that version: an edit by the board changes the version, and the row
 * is the board's from then on. The removal itself is the domains' (app/web/demo-content.server.ts).
 */
import type { Database } from "./db.server.ts";

/** The kinds of demo rows: a table's name, or "setting" for a page text (id: the setting's key). */
export const DEMO_KINDS = ["news_post", "event", "measurement", "site_item", "banner", "image", "setting", "board_page"] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/** One untouched demo row: its kind and id, and for a site_item its list ("board", "faq", "bylaws", "business"). */
export interface DemoRow {
  kind: DemoKind;
  id: string;
  list?: string;
}

/** Page texts and pictures are settings under this prefix (app/site/data/page-texts.server.ts). */
const PAGE_PREFIX = "page.";
const PAGE_META = ["page.updatedBy", "page.updatedAt"];

/**
 * Marks as demo content every row the seed wrote as `author` (board/FAQ/bylaws/business entries, the banner,
 * pictures, the board's own pages, the page texts while `author` saved them last), the news posts and events it wrote at `at` with no
 * account (or as `author`, as older seeds signed them) and the readings written at `at` (ms since epoch; readings
 * have no author). Rows already marked keep their mark.
 * @param newsIds the news posts the seed wrote, whatever their time (since issue 28 each is written at its own date)
 */
export async function markDemoContent(db: Database, author: string, at: number, newsIds: readonly string[] = []): Promise<void> {
  const rows: { kind: DemoKind; id: string; version: string }[] = [];
  const news = await db
    .selectFrom("news_post")
    .select(["id", "updated"])
    .where((eb) => eb.or([eb("author", "=", author), eb.and([eb("created", "=", at), eb("authorId", "is", null)]), ...(newsIds.length ? [eb("id", "in", newsIds)] : [])]))
    .execute();
  for (const r of news) rows.push({ kind: "news_post", id: r.id, version: String(r.updated) });
  for (const r of await db.selectFrom("event").select(["id", "updated"]).where((eb) => eb.or([eb("author", "=", author), eb.and([eb("created", "=", at), eb("authorId", "is", null)])])).execute()) rows.push({ kind: "event", id: r.id, version: String(r.updated) });
  for (const r of await db.selectFrom("measurement").select(["id", "createdAt"]).where("createdAt", "=", at).execute()) rows.push({ kind: "measurement", id: r.id, version: String(r.createdAt) });
  for (const r of await db.selectFrom("site_item").select(["id", "updatedAt"]).where("updatedBy", "=", author).execute()) rows.push({ kind: "site_item", id: r.id, version: String(r.updatedAt) });
  for (const r of await db.selectFrom("banner").select(["id", "createdAt"]).where("createdBy", "=", author).execute()) rows.push({ kind: "banner", id: String(r.id), version: String(r.createdAt) });
  for (const r of await db.selectFrom("image").select(["id", "createdAt"]).where("createdBy", "=", author).execute()) rows.push({ kind: "image", id: r.id, version: String(r.createdAt) });
  for (const r of await db.selectFrom("board_page").select(["id", "updatedAt"]).where("updatedBy", "=", author).execute()) rows.push({ kind: "board_page", id: r.id, version: String(r.updatedAt) });
  const pages = await db.selectFrom("setting").select(["key", "value"]).where("key", "like", `${PAGE_PREFIX}%`).execute();
  if (pages.some((p) => p.key === "page.updatedBy" && p.value === author)) {
    for (const p of pages) if (!PAGE_META.includes(p.key) && p.value !== "") rows.push({ kind: "setting", id: p.key, version: p.value });
  }
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto("demo_content")
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(["kind", "id"]).doNothing())
      .execute();
  }
}

/** The demo rows still as the seed wrote them, by kind (marks of rows since edited or deleted are left out). */
export async function untouchedDemoContent(db: Database): Promise<DemoRow[]> {
  const marks = await db.selectFrom("demo_content").select(["kind", "id", "version"]).execute();
  if (marks.length === 0) return [];
  const ids = (kind: DemoKind) => marks.filter((m) => m.kind === kind).map((m) => m.id);
  const current = new Map<string, { version: string; list?: string }>();
  const put = (kind: DemoKind, id: string, version: string | number, list?: string) => current.set(`${kind}\u0000${id}`, { version: String(version), list });
  const some = <T>(list: string[], read: (list: string[]) => Promise<T[]>) => (list.length ? read(list) : Promise.resolve([] as T[]));
  for (const r of await some(ids("news_post"), (l) => db.selectFrom("news_post").select(["id", "updated"]).where("id", "in", l).execute())) put("news_post", r.id, r.updated);
  for (const r of await some(ids("event"), (l) => db.selectFrom("event").select(["id", "updated"]).where("id", "in", l).execute())) put("event", r.id, r.updated);
  for (const r of await some(ids("measurement"), (l) => db.selectFrom("measurement").select(["id", "createdAt"]).where("id", "in", l).execute())) put("measurement", r.id, r.createdAt);
  for (const r of await some(ids("site_item"), (l) => db.selectFrom("site_item").select(["id", "updatedAt", "kind"]).where("id", "in", l).execute())) put("site_item", r.id, r.updatedAt, r.kind);
  for (const r of await db.selectFrom("banner").select(["id", "createdAt"]).execute()) put("banner", String(r.id), r.createdAt);
  for (const r of await some(ids("image"), (l) => db.selectFrom("image").select(["id", "createdAt"]).where("id", "in", l).execute())) put("image", r.id, r.createdAt);
  for (const r of await some(ids("board_page"), (l) => db.selectFrom("board_page").select(["id", "updatedAt"]).where("id", "in", l).execute())) put("board_page", r.id, r.updatedAt);
  for (const r of await some(ids("setting"), (l) => db.selectFrom("setting").select(["key", "value"]).where("key", "in", l).execute())) put("setting", r.key, r.value);
  const out: DemoRow[] = [];
  for (const m of marks) {
    const now = current.get(`${m.kind}\u0000${m.id}`);
    if (now && now.version === m.version) out.push(now.list === undefined ? { kind: m.kind as DemoKind, id: m.id } : { kind: m.kind as DemoKind, id: m.id, list: now.list });
  }
  return out;
}

/** Forgets every mark: after the removal, what is left is the board's. */
export async function forgetDemoContent(db: Database): Promise<void> {
  await db.deleteFrom("demo_content").execute();
}

/**
 * Deletes settings by key (the demo's page texts and page pictures: a text never saved reads as empty). Signals
 * nothing: the caller's write does.
 */
export async function deleteSettings(db: Database, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom("setting").where("key", "in", [...keys]).execute();
}

/**
 * Of `ids`, the pictures nothing names any more: no setting (the logo, a page picture) and no board/FAQ/bylaws/business
 * entry refers to them.
 */
export async function unreferencedImages(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const settings = new Set((await db.selectFrom("setting").select("value").where("value", "in", [...ids]).execute()).map((r) => r.value));
  const items = (await db.selectFrom("site_item").select("data").execute()).map((r) => r.data);
  return ids.filter((id) => !settings.has(id) && !items.some((data) => data.includes(id)));
}
