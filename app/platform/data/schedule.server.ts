/**
 * Scheduled work that must run once in a cluster, not once per server process (issue 12). Every process keeps its
 * own timer; when it fires, the process asks the database for the job's turn, and only the one whose
 * compare-and-set on the job's row succeeds runs it. A row in `setting` (`schedule.<job>` = the last run, ms since
 * epoch) works the same on SQLite and PostgreSQL, needs no lock held across the work, and a process that dies
 * mid-run costs one interval at most.
 */
import { sql } from "kysely";
import type { Database } from "./db.server.ts";

/**
 * Claims this interval's run of `job`: true for exactly one caller among any number of processes asking within
 * the same interval, false for the others.
 * A turn is given when the last run is at least `intervalMs` minus a tolerance old (a tenth of the interval, at
 * most a minute), so that timers started at different moments still run the job about once per interval.
 * @param intervalMs the job's period in milliseconds
 * @param now ms since epoch
 */
export async function takeTurn(db: Database, job: string, intervalMs: number, now = Date.now()): Promise<boolean> {
  const key = `schedule.${job}`;
  const due = now - (intervalMs - Math.min(60_000, intervalMs / 10));
  const result = await db
    .insertInto("setting")
    .values({ key, value: String(now) })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({ value: String(now) })
        .where(sql<number>`CAST(setting.value AS BIGINT)`, "<=", due),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
