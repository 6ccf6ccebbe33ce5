/**
 * Sites for tests (issue 27): a beach or a station added beside the first beach, as the board's Sites screen would
 * (that screen is built apart). Signals "measurements", as every write of sites does, so a running server's page
 * cache sees it.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";

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
