/**
 * Monitoring sites (issue 27, migration 0015): the beaches and open-water stations the association samples, in the
 * board's order. An install before issue 27 has one, its beach, with the id "beach".
 */
import type { MonitoringSite } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";

export type { MonitoringSite };

/** What a site is: a beach people swim at, or an open-water (deep-hole) station. */
export const SITE_KINDS = ["beach", "station"] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** The id of the site an older install's readings were put on (migration 0015). */
export const FIRST_SITE_ID = "beach";

/** Every site, in the board's order (position, then name). */
export async function listSites(db: Database): Promise<MonitoringSite[]> {
  return db.selectFrom("monitoring_site").selectAll().orderBy("position").orderBy("name").execute();
}

/** The beaches only, in the board's order. */
export async function listBeaches(db: Database): Promise<MonitoringSite[]> {
  return db.selectFrom("monitoring_site").selectAll().where("kind", "=", "beach").orderBy("position").orderBy("name").execute();
}

/** One site by id, or undefined. */
export async function getSite(db: Database, id: string): Promise<MonitoringSite | undefined> {
  return db.selectFrom("monitoring_site").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One site by its WQX MonitoringLocationIdentifier, or undefined. */
export async function getSiteByIdentifier(db: Database, identifier: string): Promise<MonitoringSite | undefined> {
  return db.selectFrom("monitoring_site").selectAll().where("identifier", "=", identifier).executeTakeFirst();
}

/**
 * The first beach in the board's order: the site the spec's single-beach texts, a reading without a site and the
 * alerts of subscriptions made before issue 27 are about. Undefined only when the board has removed every beach.
 */
export async function getFirstBeach(db: Database): Promise<MonitoringSite | undefined> {
  return db.selectFrom("monitoring_site").selectAll().where("kind", "=", "beach").orderBy("position").orderBy("name").limit(1).executeTakeFirst();
}
