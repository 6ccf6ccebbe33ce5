/**
 * Sites for tests (issue 27): a beach or a station added beside the first beach, as the board's Sites screen would
 * (that screen is built apart). Signals "measurements", as every write of sites does, so a running server's page
 * cache sees it.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { listLatestResults, listResultsSince, resultsKey, type Measurement } from "#app/beach/data/readings.server.ts";
import { FIRST_SITE_ID } from "#app/beach/data/sites.server.ts";
import { E_COLI } from "#app/beach/parameters.ts";

/** Adds a site; `identifier` defaults to the id, `position` to after the first beach's. */
export async function addTestSite(
  db: Database,
  site: { id: string; name: string; kind: "beach" | "station"; identifier?: string; profile?: string; position?: number },
  now = Date.now(),
): Promise<void> {
  await writeAndSignal(db, "measurements", (trx) =>
    trx
      .insertInto("monitoring_site")
      .values({
        id: site.id,
        name: site.name,
        kind: site.kind,
        identifier: site.identifier ?? site.id,
        latitude: null,
        longitude: null,
        profile: site.profile ?? "spec",
        position: site.position ?? 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute(),
  );
}

/**
 * A site's latest E. coli readings (the first beach's by default), oldest first: what its chart and table show, read
 * as the public pages read them (`listLatestResults`, one indexed read per site and parameter).
 */
export async function latestReadings(db: Database, limit: number, siteId: string = FIRST_SITE_ID): Promise<Measurement[]> {
  const want = { siteId, parameterId: E_COLI };
  return (await listLatestResults(db, [{ ...want, limit }])).get(resultsKey(want)) ?? [];
}

/** A site's E. coli readings sampled on `from` ("YYYY-MM-DD") or later, oldest first: a geometric mean's window. */
export async function readingsSince(db: Database, from: string, siteId: string = FIRST_SITE_ID): Promise<Measurement[]> {
  const want = { siteId, parameterId: E_COLI };
  return (await listResultsSince(db, [{ ...want, from }])).get(resultsKey(want)) ?? [];
}
