/** Members (spec §3): an email address under an id. */
import type { Member } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { bumpVersion, writeAndSignal } from "#app/platform/data/changes.server.ts";
import { containsText, paginate } from "#app/platform/data/paging.server.ts";

export type { Member };

/** Every member, by email. */
export async function listMembers(db: Database): Promise<Member[]> {
  return db.selectFrom("member").selectAll().orderBy("email").execute();
}

/** The orders of the admin list: by email (the default), newest first. */
export const MEMBER_SORTS = ["email", "newest"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** One page of members for the admin list, sorted on the server. */
export async function pageMembers(db: Database, query: ListQuery<MemberSort>): Promise<Page<Member, MemberSort>> {
  const base = query.q ? db.selectFrom("member").where(containsText(["email"], query.q)) : db.selectFrom("member");
  const rows = query.sort === "newest" ? base.selectAll().orderBy("createdAt", "desc") : base.selectAll().orderBy("email");
  return paginate(rows.orderBy("id"), base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** How many members there are. */
export async function countMembers(db: Database): Promise<number> {
  const row = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One member, or undefined. */
export async function getMember(db: Database, id: string): Promise<Member | undefined> {
  return db.selectFrom("member").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Adds members from a comma-separated list (spec §5: trimmed, not validated). Empty entries and addresses already
 * on the list (compared without case) are skipped.
 * @returns the members added
 */
export async function addMembers(db: Database, commaSeparated: string, now = Date.now()): Promise<Member[]> {
  const emails = commaSeparated.split(",").map((e) => e.trim()).filter((e) => e !== "");
  return db.transaction().execute(async (trx) => {
    const existing = new Set((await trx.selectFrom("member").select("email").execute()).map((m) => m.email.toLowerCase()));
    const rows: Member[] = [];
    for (const email of emails) {
      if (existing.has(email.toLowerCase())) continue;
      existing.add(email.toLowerCase());
      rows.push({ id: crypto.randomUUID(), email, createdAt: now, unsubscribedAt: null });
    }
    if (rows.length > 0) {
      await trx.insertInto("member").values(rows).execute();
      await bumpVersion(trx, "members");
    }
    return rows;
  });
}

/**
 * Stops member email to a member (their unsubscribe link); idempotent: a second time, or an unknown id, changes
 * nothing. The member stays on the board's list, marked, and the Email Members screen leaves them out.
 */
export async function unsubscribeMember(db: Database, id: string, now = Date.now()): Promise<void> {
  await writeAndSignal(db, "members", (trx) =>
    trx.updateTable("member").set({ unsubscribedAt: now }).where("id", "=", id).where("unsubscribedAt", "is", null).execute(),
  );
}

/** How many members get member email (not unsubscribed). */
export async function countMailableMembers(db: Database): Promise<number> {
  const row = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("unsubscribedAt", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes the members with these ids in one transaction with one change signal; ids no member has are skipped.
 * @returns how many were removed
 */
export async function deleteMembers(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await writeAndSignal(db, "members", (trx) => trx.deleteFrom("member").where("id", "in", ids).executeTakeFirst());
  return Number(result.numDeletedRows);
}

/** Removes a member; returns false when no member has that id. */
export async function deleteMember(db: Database, id: string): Promise<boolean> {
  const result = await writeAndSignal(db, "members", (trx) =>
    trx.deleteFrom("member").where("id", "=", id).executeTakeFirst(),
  );
  return result.numDeletedRows > 0n;
}
