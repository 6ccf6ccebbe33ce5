/**
 * What the open-data routes read besides the results (issue 27 point 7): the association, its sites and the
 * catalogue, gathered once per request; and the first beach's E. coli, which the addresses from before issue 27
 * (/data/beach-readings.csv, .json, /beach.atom) keep publishing; and the structured data of /the-lake.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { E_COLI } from "./parameters.ts";
import { RECML_SUBSTANCES, swimGuideSites } from "./recml.ts";
import { lakeJsonLd } from "./lake-json-ld.ts";
import { organizationIdentifier } from "./wqx.ts";
import type { WqxContext } from "./open-data.server.ts";
import { getFirstBeach, getSiteByIdentifier, listSites, type MonitoringSite } from "./data/sites.server.ts";
import { listParameters } from "./data/parameters.server.ts";
import { listSiteParameters, resultDateRange, type ResultScope } from "./data/open-data.server.ts";

/**
 * The scope of the addresses from before issue 27: the first beach's E. coli readings. Without any beach, a scope
 * that reads nothing (the files are then empty, as they were without readings).
 */
export async function firstBeachEColi(db: Database): Promise<ResultScope> {
  const first = await getFirstBeach(db);
  return first ? { siteId: first.id, parameterIds: [E_COLI] } : { parameterIds: [] };
}

/** The WQX export's organization, sites and catalogue. */
export async function wqxContext(db: Database, publicUrl: string): Promise<WqxContext> {
  const [details, sites, parameters] = await Promise.all([getAssociationDetails(db), listSites(db), listParameters(db)]);
  return { organization: { identifier: organizationIdentifier(publicUrl), name: details.name, timeZone: details.timeZone }, sites, parameters };
}

/**
 * The site a per-site address names, by its WQX identifier (as the address carries it, decoded), or undefined for
 * none (the route answers 404).
 */
export async function siteOfAddress(db: Database, identifier: string | undefined): Promise<MonitoringSite | undefined> {
  return identifier ? getSiteByIdentifier(db, identifier) : undefined;
}

/**
 * The beaches that /data/swimguide.json leaves out because the board has not given their coordinates (RecML requires
 * a coordinate per location), in the board's order: what an admin screen can name.
 */
export async function listSitesLeftOutOfSwimGuide(db: Database): Promise<MonitoringSite[]> {
  return swimGuideSites(await listSites(db)).leftOut;
}

/**
 * What /the-lake says of its open data: the structured data (`lakeJsonLd`: the association, every site, the parameters
 * that have results in the catalogue's order, which sites have results, the span of sample dates) and whether
 * /data/swimguide.json has something to publish (a beach with a position and a result RecML names), which the page's
 * "Swim Guide reads" sentence depends on. Reads indexes only (no scan of the results).
 */
export async function lakeOpenDataFor(db: Database, publicUrl: string) {
  const [details, sites, parameters, measured, dateRange] = await Promise.all([getAssociationDetails(db), listSites(db), listParameters(db), listSiteParameters(db), resultDateRange(db)]);
  const measuredIds = new Set(measured.map((m) => m.parameterId));
  const sitesById = new Map(sites.map((s) => [s.id, s]));
  const included = new Set(swimGuideSites(sites).included.map((s) => s.id));
  const swimGuide = measured.some((m) => included.has(m.siteId) && m.parameterId in RECML_SUBSTANCES);
  const jsonLd = lakeJsonLd({
    publicUrl,
    associationName: details.name,
    sites,
    parameters: parameters.filter((p) => measuredIds.has(p.id)),
    sitesWithResults: new Set(measured.flatMap((m) => (sitesById.has(m.siteId) ? [sitesById.get(m.siteId)!.identifier] : []))),
    dateRange,
    swimGuide,
    firstBeach: sites.some((s) => s.kind === "beach"),
  });
  return { jsonLd, swimGuide };
}
