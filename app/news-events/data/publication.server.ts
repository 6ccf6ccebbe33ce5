/**
 * The publication columns of news posts and events and the record of their announcements (migration 0011,
 * decision 025): which items are due to go live, the compare-and-set that makes one live exactly once, and the
 * `announcement` row whose primary key lets the database refuse a second mail for one item.
 */
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";
import type { DB } from "#db/schema.ts";

/** The two kinds of item, by table. */
export type ItemTable = "news_post" | "event";

/**
 * The one rule of what is public (issue 26, decision 025): an item that is not a draft and whose publication instant
 * has come by `now` (ms since epoch). Every public read of news posts and events filters with it: `.where(isPublicAt(now))`.
 */
export function isPublicAt(now: number) {
  return <T extends ItemTable>(eb: ExpressionBuilder<DB, T>) => eb.and([eb(sql.ref<number>("draft"), "=", 0), eb(sql.ref<number>("publishAt"), "<=", now)]);
}

/** What a save writes of an item's publication (0/1 flags, ms since epoch). */
export interface StoredPublication {
  draft: number;
  publishAt: number;
  /** 0 while the item waits for its publication instant. */
  live: number;
  /** 1 when its list is to be mailed as it goes live. */
  mailOnPublish: number;
}

/** The items whose publication instant has come by `now` and that are not live yet, oldest instant first. */
export async function listDueItems(db: Database, table: ItemTable, now: number): Promise<{ id: string }[]> {
  return db.selectFrom(table).select("id").where("live", "=", 0).where(isPublicAt(now)).orderBy("publishAt").execute();
}

/** The earliest publication instant still to come of any item not live yet (ms since epoch), or null. */
export async function nextPublication(db: Database): Promise<number | null> {
  const times = await Promise.all(
    (["news_post", "event"] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.min<number>("publishAt").as("at"))
        .where("live", "=", 0)
        .where("draft", "=", 0)
        .executeTakeFirst(),
    ),
  );
  const found = times.map((t) => (t?.at === null || t?.at === undefined ? null : Number(t.at))).filter((t): t is number => t !== null);
  return found.length ? Math.min(...found) : null;
}

/**
 * Marks an item live if it is still waiting (compare-and-set: of two processes, one wins).
 * @returns the item's mail choice when this call made it live, or null when it was live already, a draft or gone
 */
export async function markLive(db: Database, table: ItemTable, id: string, now: number): Promise<{ mailOnPublish: boolean } | null> {
  const result = await db
    .updateTable(table)
    .set({ live: 1 })
    .where("id", "=", id)
    .where("live", "=", 0)
    .where(isPublicAt(now))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return null;
  const row = await db.selectFrom(table).select("mailOnPublish").where("id", "=", id).executeTakeFirstOrThrow();
  return { mailOnPublish: row.mailOnPublish === 1 };
}

/** Forgets an item's pending mail choice (it has been mailed, or never will be). */
export async function clearMailChoice(db: Database, table: ItemTable, id: string): Promise<void> {
  await db.updateTable(table).set({ mailOnPublish: 0 }).where("id", "=", id).execute();
}

/**
 * Records that an item is being mailed to its list. The item's id is the table's primary key: a second record for
 * one item is refused by the database, and this returns false instead of throwing.
 * @returns true when this call made the record (the caller then queues the mail in the same transaction)
 */
export async function recordAnnouncement(db: Database, announcement: { itemId: string; list: "news" | "events"; messageId: string; at: number }): Promise<boolean> {
  const result = await db.insertInto("announcement").values(announcement).onConflict((oc) => oc.column("itemId").doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Sets the outbox message of an announcement made before its mail was queued. */
export async function setAnnouncementMessage(db: Database, itemId: string, messageId: string): Promise<void> {
  await db.updateTable("announcement").set({ messageId }).where("itemId", "=", itemId).execute();
}

/** Whether an item has been mailed to its list. */
export async function isAnnounced(db: Database, itemId: string): Promise<boolean> {
  return (await db.selectFrom("announcement").select("itemId").where("itemId", "=", itemId).executeTakeFirst()) !== undefined;
}
