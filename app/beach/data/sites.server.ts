/**
 * Monitoring sites (issue 27, migration 0015): the beaches and open-water stations the association samples, in the
 * board's order. An install before issue 27 has one, its beach, with the id "beach". The lake always keeps at least
 * one beach (the spec's texts are about it), and the first beach's name is mirrored in the `association.beachName`
 * setting by every write here (decision 034).
 */
import type { MonitoringSite } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { paginateRows, textsContain } from "#app/platform/data/paging.server.ts";
import type { ListQuery, Page } from "#app/platform/http/list-query.ts";

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

/** The setting that mirrors the first beach's name (Settings → Beach name; decision 034). */
const BEACH_NAME_KEY = "association.beachName";

/**
 * Writes the first beach's name into the `association.beachName` setting, in the caller's transaction: the site row
 * is the truth and the setting its copy, so that Settings, the feeds and the alerts name the same beach (decision 034).
 */
async function mirrorBeachName(trx: Database): Promise<void> {
  const first = await getFirstBeach(trx);
  if (!first) return;
  await trx
    .insertInto("setting")
    .values({ key: BEACH_NAME_KEY, value: first.name })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: first.name }))
    .execute();
}

/** The orders of the Sites screen: the board's own (position), the only one. */
export const SITE_SORTS = ["order"] as const;
export type SiteSort = (typeof SITE_SORTS)[number];

/** A site as the Sites screen saves it (`siteFormSchema`'s output): an empty identifier is made from the name. */
export interface SiteWrite {
  name: string;
  kind: SiteKind;
  identifier: string;
  latitude: number | null;
  longitude: number | null;
  profile: string;
}

/** Why a site write was refused: its identifier is another site's, or it would leave the lake without a beach. */
export class SiteRefused extends Error {
  readonly reason: "identifier taken" | "last beach";
  constructor(reason: "identifier taken" | "last beach", message: string) {
    super(message);
    this.reason = reason;
    this.name = "SiteRefused";
  }
}

/** The identifier to save: the one given, or one made from the name, with "-2", "-3", … while another site has it. */
async function freeIdentifier(trx: Database, wanted: string, fallback: string, exceptId: string | null): Promise<string> {
  const taken = async (identifier: string) => {
    let query = trx.selectFrom("monitoring_site").select("id").where("identifier", "=", identifier);
    if (exceptId) query = query.where("id", "<>", exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  };
  if (wanted) {
    if (await taken(wanted)) throw new SiteRefused("identifier taken", `Another site has the identifier ${wanted}: choose another`);
    return wanted;
  }
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? fallback : `${fallback.slice(0, 32)}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/**
 * Adds a site at the end of the board's order.
 * @param suggested the identifier made from the name (`suggestIdentifier`), used when `site.identifier` is empty
 * @throws SiteRefused("identifier taken") when another site has the identifier given
 */
export async function addSite(db: Database, site: SiteWrite, suggested: string, now = Date.now()): Promise<MonitoringSite> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const identifier = await freeIdentifier(trx, site.identifier, suggested, null);
    const last = await trx.selectFrom("monitoring_site").select((eb) => eb.fn.max("position").as("max")).executeTakeFirst();
    const row: MonitoringSite = { id: crypto.randomUUID(), ...site, identifier, position: Number(last?.max ?? -1) + 1, createdAt: now, updatedAt: now };
    await trx.insertInto("monitoring_site").values(row).execute();
    await mirrorBeachName(trx);
    return row;
  });
}

/**
 * Changes a site. A beach may become a station only while another beach remains.
 * @returns false when no site has that id
 * @throws SiteRefused when the identifier is another site's, or the lake's last beach would become a station
 */
export async function updateSite(db: Database, id: string, site: SiteWrite, suggested: string, now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const current = await getSite(trx, id);
    if (!current) return false;
    if (current.kind === "beach" && site.kind !== "beach" && (await countBeaches(trx)) <= 1) {
      throw new SiteRefused("last beach", "This is the only beach: add another beach before making this one a station");
    }
    // A site keeps its identifier when the board clears the field (its results and open data are known by it).
    const identifier = await freeIdentifier(trx, site.identifier || current.identifier, suggested, id);
    await trx.updateTable("monitoring_site").set({ ...site, identifier, updatedAt: now }).where("id", "=", id).execute();
    await mirrorBeachName(trx);
    return true;
  });
}

async function countBeaches(trx: Database): Promise<number> {
  const row = await trx.selectFrom("monitoring_site").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "beach").executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many results a site has (the Sites screen says so before removing it). */
export async function countSiteResults(db: Database, id: string): Promise<number> {
  const row = await db.selectFrom("measurement").select((eb) => eb.fn.countAll<number>().as("n")).where("siteId", "=", id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes a site and every result taken there, in one transaction (the Sites screen asks first, saying how many
 * results go with it; decision 034).
 * @returns how many results were removed with it, or null when no site has that id
 * @throws SiteRefused("last beach") for the lake's only beach
 */
export async function removeSite(db: Database, id: string): Promise<number | null> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const site = await getSite(trx, id);
    if (!site) return null;
    if (site.kind === "beach" && (await countBeaches(trx)) <= 1) {
      throw new SiteRefused("last beach", "The lake's only beach cannot be removed: add another beach first");
    }
    const results = await trx.deleteFrom("measurement").where("siteId", "=", id).executeTakeFirst();
    await trx.deleteFrom("monitoring_site").where("id", "=", id).execute();
    await mirrorBeachName(trx);
    return Number(results.numDeletedRows);
  });
}

/** Moves a site one place up or down in the board's order; false when it is gone (true at either end). */
export async function moveSite(db: Database, id: string, direction: "up" | "down", now = Date.now()): Promise<boolean> {
  return writeAndSignal(db, "measurements", async (trx) => {
    const sites = await listSites(trx);
    const index = sites.findIndex((s) => s.id === id);
    if (index < 0) return false;
    const other = index + (direction === "up" ? -1 : 1);
    if (other < 0 || other >= sites.length) return true;
    // Positions are rewritten 0, 1, 2, … so that equal positions (sites added by other means) move too.
    const order = sites.map((s) => s.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, siteId] of order.entries()) {
      await trx.updateTable("monitoring_site").set({ position, ...(siteId === id ? { updatedAt: now } : {}) }).where("id", "=", siteId).execute();
    }
    await mirrorBeachName(trx);
    return true;
  });
}

/** One page of the Sites screen (every site, in the board's order; a search looks in name and identifier). */
export async function pageSites(db: Database, query: ListQuery<SiteSort>): Promise<Page<MonitoringSite, SiteSort>> {
  const sites = await listSites(db);
  return paginateRows(query.q ? sites.filter((s) => textsContain([s.name, s.identifier], query.q!)) : sites, query);
}

/**
 * Sets a site's position (decimal degrees, WGS 84), or clears it with null, and signals "measurements" (the public
 * pages and feeds follow).
 * @returns false when no site has that id
 * @throws RangeError for a latitude outside -90 to 90 or a longitude outside -180 to 180
 */
export async function setSiteCoordinates(db: Database, siteId: string, coordinate: { latitude: number; longitude: number } | null, now = Date.now()): Promise<boolean> {
  if (coordinate && !(Math.abs(coordinate.latitude) <= 90 && Math.abs(coordinate.longitude) <= 180)) {
    throw new RangeError(`A position is a latitude from -90 to 90 and a longitude from -180 to 180, not ${coordinate.latitude}, ${coordinate.longitude}`);
  }
  const result = await writeAndSignal(db, "measurements", (trx) =>
    trx
      .updateTable("monitoring_site")
      .set({ latitude: coordinate?.latitude ?? null, longitude: coordinate?.longitude ?? null, updatedAt: now })
      .where("id", "=", siteId)
      .executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}
