/**
 * Subscribers (issue 11): residents who asked for beach alerts, news or events by email. Double opt-in: a row is
 * made unconfirmed, and only the link in its confirmation mail confirms it; an unconfirmed row is forgotten after
 * 7 days. Requests are throttled per address and per client, in the database (so across restarts and processes).
 */
import { sql } from "kysely";
import type { Subscriber } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";
import { SUBSCRIBER_LISTS, type SubscriberList } from "#app/mail/mail-tokens.server.ts";
import { paginate } from "#app/platform/data/paging.server.ts";

export type { Subscriber };

/** An unconfirmed subscription is forgotten after this long, in milliseconds (7 days). */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The window over which subscription requests are counted, in milliseconds (1 hour). */
export const SUBSCRIBE_WINDOW_MS = 60 * 60 * 1000;
/** Requests for one address within the window: each may send a mail to it, so few. */
export const MAX_SUBSCRIBES_PER_ADDRESS = 3;
/** Requests from one client address within the window. */
export const MAX_SUBSCRIBES_PER_CLIENT = 10;

/** An address as stored: trimmed and lower-cased (one row per mailbox). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The stored form of a set of lists: known ones only, sorted, comma-separated ("beach,news"). */
export function formatLists(lists: Iterable<string>): string {
  const wanted = new Set(lists);
  return SUBSCRIBER_LISTS.filter((l) => wanted.has(l)).join(",");
}

/** The lists of a stored row. */
export function parseLists(stored: string): SubscriberList[] {
  const set = new Set(stored.split(","));
  return SUBSCRIBER_LISTS.filter((l) => set.has(l));
}

/**
 * Whether a new request for `email` or from `ip` must be refused now (more than 3 per address or 10 per client
 * within the hour). Counts every request, answered or not.
 */
export async function isSubscribeThrottled(db: Database, email: string, ip: string, now = Date.now()): Promise<boolean> {
  const since = now - SUBSCRIBE_WINDOW_MS;
  const count = (column: "email" | "ip", value: string) =>
    db
      .selectFrom("subscribe_attempt")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", value)
      .where("at", ">", since)
      .executeTakeFirstOrThrow();
  const [byAddress, byClient] = await Promise.all([count("email", email), count("ip", ip)]);
  return Number(byAddress.n) >= MAX_SUBSCRIBES_PER_ADDRESS || Number(byClient.n) >= MAX_SUBSCRIBES_PER_CLIENT;
}

/** Records a subscription request for the throttle. */
export async function recordSubscribeAttempt(db: Database, email: string, ip: string, now = Date.now()): Promise<void> {
  await db.insertInto("subscribe_attempt").values({ id: crypto.randomUUID(), email, ip, at: now }).execute();
}

/**
 * Takes a subscription request. A new address gets an unconfirmed row; an unconfirmed one gets the lists asked for
 * now; a confirmed one is left as it is (a stranger cannot change another's lists: its owner is mailed a manage link).
 * @param email already normalized (`normalizeEmail`)
 * @param input.beachSites the beaches (site ids) whose alerts the beach list brings; none given (or an empty list)
 *   means the first beach's, as subscriptions made before issue 27 (`queueListMail`)
 * @returns the row and what it was before: "new", "pending" (unconfirmed) or "confirmed"
 */
export async function requestSubscription(
  db: Database,
  input: { email: string; lists: SubscriberList[]; ip: string; beachSites?: readonly string[] },
  now = Date.now(),
): Promise<{ subscriber: Subscriber; was: "new" | "pending" | "confirmed" }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("subscriber").selectAll().where("email", "=", input.email).executeTakeFirst();
    const lists = formatLists(input.lists);
    const beachSites = input.lists.includes("beach") ? [...new Set(input.beachSites ?? [])].join(",") : "";
    if (!existing || (existing.confirmedAt === null && existing.createdAt < now - UNCONFIRMED_TTL_MS)) {
      if (existing) await trx.deleteFrom("subscriber").where("id", "=", existing.id).execute();
      const row: Subscriber = { id: crypto.randomUUID(), email: input.email, lists, createdAt: now, confirmedAt: null, consentIp: input.ip, updatedAt: now, beachSites };
      await trx.insertInto("subscriber").values(row).execute();
      return { subscriber: row, was: "new" as const };
    }
    if (existing.confirmedAt !== null) return { subscriber: existing, was: "confirmed" as const };
    await trx.updateTable("subscriber").set({ lists, consentIp: input.ip, updatedAt: now, beachSites }).where("id", "=", existing.id).execute();
    return { subscriber: { ...existing, lists, consentIp: input.ip, updatedAt: now, beachSites }, was: "pending" as const };
  });
}

/** One subscriber, or undefined; an unconfirmed one older than 7 days counts as gone. */
export async function getSubscriber(db: Database, id: string, now = Date.now()): Promise<Subscriber | undefined> {
  const row = await db.selectFrom("subscriber").selectAll().where("id", "=", id).executeTakeFirst();
  if (row && row.confirmedAt === null && row.createdAt < now - UNCONFIRMED_TTL_MS) return undefined;
  return row;
}

/**
 * Confirms a subscription (the link in the confirmation mail). Idempotent: a confirmed row keeps its first time.
 * @returns the confirmed row, or undefined when there is none (never made, removed, or forgotten after 7 days)
 */
export async function confirmSubscriber(db: Database, id: string, now = Date.now()): Promise<Subscriber | undefined> {
  const row = await getSubscriber(db, id, now);
  if (!row) return undefined;
  if (row.confirmedAt !== null) return row;
  await db.updateTable("subscriber").set({ confirmedAt: now, updatedAt: now }).where("id", "=", id).where("confirmedAt", "is", null).execute();
  return { ...row, confirmedAt: now, updatedAt: now };
}

/**
 * Sets a subscriber's lists (the manage page); no list at all removes the subscriber, so that nothing is kept about
 * someone who wants nothing. With `beachSites` (issue 27, several beaches), also whose beach alerts they get.
 * @returns false when there is no such subscriber
 */
export async function setSubscriberLists(db: Database, id: string, lists: SubscriberList[], now = Date.now(), beachSites?: readonly string[]): Promise<boolean> {
  const stored = formatLists(lists);
  if (stored === "") return (await db.deleteFrom("subscriber").where("id", "=", id).executeTakeFirst()).numDeletedRows > 0n;
  const sites = beachSites === undefined ? {} : { beachSites: lists.includes("beach") ? [...new Set(beachSites)].join(",") : "" };
  const result = await db.updateTable("subscriber").set({ lists: stored, updatedAt: now, ...sites }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes one list, or every list ("all"), off a subscriber at once (the one-click unsubscribe, RFC 8058).
 * Idempotent: unsubscribing twice, or a subscriber already gone, changes nothing and is not an error.
 */
export async function unsubscribeSubscriber(db: Database, id: string, list: SubscriberList | "all", now = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("subscriber").select("lists").where("id", "=", id).executeTakeFirst();
    if (!row) return;
    const left = list === "all" ? [] : parseLists(row.lists).filter((l) => l !== list);
    if (left.length === 0) await trx.deleteFrom("subscriber").where("id", "=", id).execute();
    else await trx.updateTable("subscriber").set({ lists: formatLists(left), updatedAt: now }).where("id", "=", id).execute();
  });
}

/**
 * Forgets what is no longer needed: unconfirmed subscriptions older than 7 days, and throttle records older than a day.
 * @returns how many subscriptions were forgotten
 */
export async function forgetUnconfirmed(db: Database, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("subscriber").where("confirmedAt", "is", null).where("createdAt", "<", now - UNCONFIRMED_TTL_MS).executeTakeFirst();
  await db.deleteFrom("subscribe_attempt").where("at", "<", now - 24 * 60 * 60 * 1000).execute();
  return Number(result.numDeletedRows);
}

/** The confirmed subscribers of each list, and how many await confirmation. */
export async function subscriberCounts(db: Database): Promise<Record<SubscriberList, number> & { confirmed: number; pending: number }> {
  const rows = await db
    .selectFrom("subscriber")
    .select(["lists", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb("confirmedAt", "is", null).as("pending")])
    .groupBy(["lists", "pending"])
    .execute();
  const counts = { beach: 0, news: 0, events: 0, confirmed: 0, pending: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.pending === true || Number(row.pending) === 1) {
      counts.pending += n;
      continue;
    }
    counts.confirmed += n;
    for (const list of parseLists(row.lists)) counts[list] += n;
  }
  return counts;
}

/** The orders of the admin list: by address (the default), newest first. */
export const SUBSCRIBER_SORTS = ["email", "newest"] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

/**
 * One page of subscribers for the admin list, sorted on the server.
 * @param search a part of the address to look for (case does not matter); empty for all
 */
export async function pageSubscribers(db: Database, query: ListQuery<SubscriberSort>, search = ""): Promise<Page<Subscriber, SubscriberSort>> {
  const term = normalizeEmail(search);
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Stored addresses are lower-case; the ESCAPE clause reads the same on SQLite and PostgreSQL.
  const base = term === "" ? db.selectFrom("subscriber") : db.selectFrom("subscriber").where(sql<boolean>`email like ${pattern} escape '\\'`);
  const rows = query.sort === "newest" ? base.selectAll().orderBy("createdAt", "desc") : base.selectAll().orderBy("email");
  return paginate(rows.orderBy("id"), base.select((eb) => eb.fn.countAll<number>().as("n")), query);
}

/** Removes a subscriber (the admin screen); false when there is none with that id. */
export async function deleteSubscriber(db: Database, id: string): Promise<boolean> {
  return (await db.deleteFrom("subscriber").where("id", "=", id).executeTakeFirst()).numDeletedRows > 0n;
}

/**
 * Removes the subscribers with these ids in one statement (the admin screen's "Delete selected"); ids no
 * subscriber has are skipped.
 * @returns how many were removed
 */
export async function deleteSubscribers(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return Number((await db.deleteFrom("subscriber").where("id", "in", ids).executeTakeFirst()).numDeletedRows);
}

/** Every confirmed subscriber, by address (the admin export). */
export async function listConfirmedSubscribers(db: Database): Promise<Subscriber[]> {
  return db.selectFrom("subscriber").selectAll().where("confirmedAt", "is not", null).orderBy("email").execute();
}

/**
 * How many confirmed subscribers get `list`.
 * @param beachSite for the beach list (issue 27): only those who get that site's alerts (with `first`, also those who
 *   chose no beach), as `queueListMail` sends them
 */
export async function countMailableSubscribers(db: Database, list: SubscriberList, beachSite?: { id: string; first: boolean }): Promise<number> {
  const row = await db
    .selectFrom("subscriber")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("confirmedAt", "is not", null)
    .where(sql<boolean>`(',' || lists || ',') like ${`%,${list},%`}`)
    .$if(beachSite !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb(sql<string>`(',' || ${sql.ref("beachSites")} || ',')`, "like", `%,${beachSite!.id.replace(/[\\%_]/g, "")},%`),
          ...(beachSite!.first ? [eb("beachSites", "=", "")] : []),
        ]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
