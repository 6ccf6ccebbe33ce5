/**
 * Change counters: every write bumps its topic's version in the database, so that any server process on the same
 * database can tell that data changed (live event lists, page caches) without sharing memory.
 */
import { notifyChange, type Database } from "#app/lib/db.server.ts";

export const TOPICS = ["news", "events", "banner", "measurements", "documents", "members", "settings", "site"] as const;
export type Topic = (typeof TOPICS)[number];

/** Increments the version of `topic`, creating its counter on first use. */
export async function bumpVersion(db: Database, topic: Topic): Promise<void> {
  await db
    .insertInto("change_version")
    .values({ topic, version: 1 })
    .onConflict((oc) => oc.column("topic").doUpdateSet((eb) => ({ version: eb("change_version.version", "+", 1) })))
    .execute();
  await notifyChange(db, topic);
}

/** The current version of every topic that has changed at least once; a topic never written is absent (0). */
export async function getVersions(db: Database): Promise<Partial<Record<Topic, number>>> {
  const rows = await db.selectFrom("change_version").select(["topic", "version"]).execute();
  return Object.fromEntries(rows.map((r) => [r.topic, Number(r.version)]));
}

/**
 * Runs `write` and bumps `topic` in one transaction: a change and its signal are saved together or not at all (on
 * PostgreSQL the NOTIFY goes out at commit).
 */
export async function writeAndSignal<T>(db: Database, topic: Topic, write: (trx: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await bumpVersion(trx, topic);
    return result;
  });
}
