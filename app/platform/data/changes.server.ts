/**
 * Change counters: every write bumps its topic's version in the database, so that any server process on the same
 * database can tell that data changed (live event lists, page caches) without sharing memory.
 */
import { inTransaction, notifyChange, type Database, type DatabaseHandle } from "./db.server.ts";

import type { Topic } from "./topics.ts";

export { TOPICS, type Topic } from "./topics.ts";

/**
 * How many counter bumps this process has started and finished (see `watchVersions`): a reader that saw the same
 * number before and after knows that no write of this process ran in between.
 */
let localBumps = 0;

/** Increments the version of `topic`, creating its counter on first use. */
export async function bumpVersion(db: Database, topic: Topic): Promise<void> {
  localBumps++;
  await db
    .insertInto("change_version")
    .values({ topic, version: 1 })
    .onConflict((oc) => oc.column("topic").doUpdateSet((eb) => ({ version: eb("change_version.version", "+", 1) })))
    .execute();
  localBumps++;
  await notifyChange(db, topic);
}

/** The current version of every topic that has changed at least once; a topic never written is absent (0). */
export async function getVersions(db: Database): Promise<Partial<Record<Topic, number>>> {
  const rows = await db.selectFrom("change_version").select(["topic", "version"]).execute();
  return Object.fromEntries(rows.map((r) => [r.topic, Number(r.version)]));
}

/** How long a `PRAGMA data_version` that found no change from another process holds, in milliseconds. */
const DATA_VERSION_EVERY_MS = 1;

/** The change counters as the page cache compares them: `getVersions` as a string, read or known. */
export interface VersionWatch {
  /**
   * The counters as a string, when they are known to be unchanged since the last `read` without asking the
   * database; undefined when they may have changed (then `read`).
   */
  known(): string | undefined;
  /** Reads the counters from the database (JSON of `getVersions`) and remembers them for `known`. */
  read(): Promise<string>;
}

/**
 * Watches the change counters so that a cached page can be served without a query. On SQLite the counters are
 * known unchanged while no write of this process bumped them (`localBumps`) and SQLite's `PRAGMA data_version` is
 * the same: it changes when another connection (another process: the import command, a second server) commits to
 * the file (https://www.sqlite.org/pragma.html#pragma_data_version); it costs a microsecond, a query about 40.
 * The pragma is asked at most once a millisecond (`DATA_VERSION_EVERY_MS`): under load it was a twentieth of the
 * cost of a stored page, and another process's commit is then seen within a millisecond, which no visitor can tell
 * from a request that arrived just before it.
 * On PostgreSQL another instance's commit is not visible without asking, so `known` is always undefined and every
 * request reads the counters (one small query), as before.
 */
export function watchVersions(handle: Pick<DatabaseHandle, "db" | "dialect" | "driver">): VersionWatch {
  const dataVersion =
    handle.dialect === "sqlite" && "prepare" in handle.driver ? handle.driver.prepare("PRAGMA data_version").pluck() : undefined;
  let last: { value: string; bumps: number; data: unknown } | undefined;
  /** When the pragma last said the counters were unchanged (performance.now(), ms). */
  let checkedAt = -Infinity;
  return {
    known() {
      if (!dataVersion || !last || last.bumps !== localBumps) return undefined;
      const now = performance.now();
      if (now - checkedAt < DATA_VERSION_EVERY_MS) return last.value;
      try {
        if (dataVersion.get() !== last.data) return undefined;
        checkedAt = now;
        return last.value;
      } catch {
        // A closed database (shutdown): the caller reads, and gets the error there.
        return undefined;
      }
    },
    async read() {
      // What the counters are compared against is taken first: a write that lands while they are read makes
      // the next `known` ask again, never the other way round.
      const bumps = localBumps;
      const data = dataVersion?.get();
      const value = JSON.stringify(await getVersions(handle.db));
      last = { value, bumps, data };
      checkedAt = -Infinity;
      return value;
    },
  };
}

/**
 * Runs `write` and bumps `topic` in one transaction (the caller's, when `db` is one): a change and its signal are
 * saved together or not at all (on PostgreSQL the NOTIFY goes out at commit).
 */
export async function writeAndSignal<T>(db: Database, topic: Topic, write: (trx: Database) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const result = await write(trx);
    await bumpVersion(trx, topic);
    return result;
  });
}
