/**
 * The messages written to the board on /contact-us (issue 28, migration 0022): stored with the mail that carries
 * each to the association's contact address, counted per client address for the throttle, and listed, marked
 * handled and deleted on the admin's Messages screen. Newest first.
 */
import type { ContactMessage } from "#db/schema.ts";
import { inTransaction, type Database } from "#app/platform/data/db.server.ts";
import { paginate } from "#app/platform/data/paging.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { queueNotice, type QueuedMail } from "./outbox.server.ts";

export type { ContactMessage };

/** The Messages screen's one order: newest first. */
export const CONTACT_MESSAGE_SORTS = ["newest"] as const;
export type ContactMessageSort = (typeof CONTACT_MESSAGE_SORTS)[number];

/** A message as the form gave it, with the client's address. */
export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  ip: string;
}

/**
 * Stores a message and queues its mail to `to` (the contact address) in one transaction: both or neither. A
 * suppressed contact address (it refused mail for good) gets no mail; the message is stored all the same.
 * @param now ms since epoch
 * @returns the stored message's id, and whether a mail was queued
 */
export async function storeContactMessage(db: Database, input: NewContactMessage, to: string, mail: QueuedMail, now = Date.now()): Promise<{ id: string; mailed: boolean }> {
  const id = crypto.randomUUID();
  return inTransaction(db, async (trx) => {
    await trx.insertInto("contact_message").values({ id, ...input, createdAt: now, handledAt: null, handledBy: null }).execute();
    const queued = await queueNotice(trx, to, mail, now);
    return { id, mailed: queued !== null };
  });
}

/**
 * How many messages came from the client address `ip` after `since` (ms since epoch, excluded): the throttle's count.
 */
export async function countRecentContactMessages(db: Database, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom("contact_message")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ip", "=", ip)
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of messages, newest first. */
export async function pageContactMessages(db: Database, query: ListQuery<ContactMessageSort>): Promise<Page<ContactMessage, ContactMessageSort>> {
  const base = db.selectFrom("contact_message");
  return paginate(base.selectAll().orderBy("createdAt", "desc").orderBy("id"), base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** How many messages nobody has marked handled yet. */
export async function countUnhandledContactMessages(db: Database): Promise<number> {
  const row = await db.selectFrom("contact_message").select((eb) => eb.fn.countAll<number>().as("n")).where("handledAt", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A message by id, or undefined. */
export async function getContactMessage(db: Database, id: string): Promise<ContactMessage | undefined> {
  return db.selectFrom("contact_message").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Marks a message handled by `by` (an administrator's address) at `now`, or, with `handled` false, waiting again.
 * @returns false when there is no message with that id
 */
export async function setContactMessageHandled(db: Database, id: string, handled: boolean, by: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("contact_message")
    .set(handled ? { handledAt: now, handledBy: by } : { handledAt: null, handledBy: null })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a message; false when there is none with that id. Its mail, once sent, is the board's own. */
export async function deleteContactMessage(db: Database, id: string): Promise<boolean> {
  return (await db.deleteFrom("contact_message").where("id", "=", id).executeTakeFirst()).numDeletedRows > 0n;
}

/** Deletes the messages with these ids in one statement; ids no message has are skipped. @returns how many went */
export async function deleteContactMessages(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return Number((await db.deleteFrom("contact_message").where("id", "in", ids).executeTakeFirst()).numDeletedRows);
}
