/**
 * The reads behind the open data (issue 27 point 7): results streamed by keyset pages for the exports, the latest
 * results of a site, which parameters each site has results of, and the span of dates the results cover. Every read
 * names its site and parameter, or says that it reads every site.
 */
import { sql } from "kysely";
import type { Measurement } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";

/** Which results a read covers: one site (by id) or every site; one parameter, some, or every one. */
export interface ResultScope {
  /** A site's id; absent for every site (results without a site included). */
  siteId?: string;
  /** Parameter ids; absent for every parameter. An empty list reads nothing. */
  parameterIds?: readonly string[];
}

/** Every result of `scope` (a query on `measurement`, narrowed to its site and parameters). */
function inScope(db: Database, scope: ResultScope) {
  const parameterIds = scope.parameterIds;
  return db
    .selectFrom("measurement")
    .selectAll()
    .$if(scope.siteId !== undefined, (q) => q.where("siteId", "=", scope.siteId!))
    .$if(parameterIds !== undefined, (q) => (parameterIds!.length > 0 ? q.where("parameterId", "in", [...parameterIds!]) : q.where(sql<boolean>`1 = 0`)));
}

/**
 * Every result of `scope`, oldest first (by timestamp, then createdAt, then id: the same rows always in the same
 * order), read `batchSize` rows at a time by keyset, so that an export of 500,000 results never holds them all in
 * memory. Results added while it runs may or may not be included.
 */
export async function* streamResults(db: Database, scope: ResultScope = {}, { batchSize = 1000 }: { batchSize?: number } = {}): AsyncGenerator<Measurement> {
  let after: Pick<Measurement, "timestamp" | "createdAt" | "id"> | undefined;
  for (;;) {
    let query = inScope(db, scope);
    if (after) {
      const { timestamp, createdAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("timestamp", ">", timestamp),
          eb.and([eb("timestamp", "=", timestamp), eb("createdAt", ">", createdAt)]),
          eb.and([eb("timestamp", "=", timestamp), eb("createdAt", "=", createdAt), eb("id", ">", id)]),
        ]),
      );
    }
    const rows = await query.orderBy("timestamp").orderBy("createdAt").orderBy("id").limit(batchSize).execute();
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1);
  }
}

/** The latest `limit` results of `scope`, newest first (by timestamp, createdAt, id). */
export async function listLatestResults(db: Database, scope: ResultScope, { limit }: { limit: number }): Promise<Measurement[]> {
  return inScope(db, scope)
    .orderBy("timestamp", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Which parameters each site has at least one result of: `{ siteId, parameterId }` pairs, in no particular order.
 * One statement with a correlated "first sample time" (`min(timestamp)`) per site and parameter, which both back
 * ends answer from the end of the (siteId, parameterId, timestamp, …) index, so that 500,000 results are not read
 * to find ten parameters. (An EXISTS, or a first id with LIMIT 1, reads every result on PostgreSQL: a semi-join, or
 * a scan it expects to stop early: 220 to 900 ms at 500,000 results.)
 */
export async function listSiteParameters(db: Database): Promise<{ siteId: string; parameterId: string }[]> {
  const rows = await db
    .selectFrom("monitoring_site")
    .innerJoin("parameter", (join) => join.onTrue())
    .select((eb) => [
      "monitoring_site.id as siteId",
      "parameter.id as parameterId",
      eb
        .selectFrom("measurement")
        .select((inner) => inner.fn.min("measurement.timestamp").as("first"))
        .whereRef("measurement.siteId", "=", "monitoring_site.id")
        .whereRef("measurement.parameterId", "=", "parameter.id")
        .as("firstResult"),
    ])
    .execute();
  return rows.filter((r) => r.firstResult !== null).map(({ siteId, parameterId }) => ({ siteId, parameterId }));
}

/**
 * The first and last sample dates ("YYYY-MM-DD") of every result, or null without results: two reads of the
 * timestamp index.
 */
export async function resultDateRange(db: Database): Promise<{ from: string; to: string } | null> {
  const [first, last] = await Promise.all([
    db.selectFrom("measurement").select("date").orderBy("timestamp").limit(1).executeTakeFirst(),
    db.selectFrom("measurement").select("date").orderBy("timestamp", "desc").limit(1).executeTakeFirst(),
  ]);
  return first && last ? { from: first.date, to: last.date } : null;
}
