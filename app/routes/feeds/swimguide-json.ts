import { data } from "react-router";
import type { Route } from "./+types/swimguide-json";
import type { Measurement } from "#db/schema.ts";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { RECML_SUBSTANCES, SWIM_GUIDE_RECORDS, swimGuideDocument, swimGuideSites } from "#app/beach/recml.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listSites } from "#app/beach/data/sites.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { listLatestResults } from "#app/beach/data/open-data.server.ts";

/** Newest sample first, then the latest added, then by id: the order of `listLatestResults`. */
const newestFirst = (a: Measurement, b: Measurement) => b.timestamp - a.timestamp || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * /data/swimguide.json: each beach with coordinates' latest 200 results of the substances RecML names (E. coli,
 * enterococci, cyanobacteria, microcystins, cylindrospermopsin), newest first, in the Swim Drink Fish open data
 * standard (RecML 1.0.1, app/beach/recml.ts). A 404 while there is nothing to publish: the standard requires a record.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, sites, parameters] = await Promise.all([getAssociationDetails(db), listSites(db), listParameters(db)]);
  // One read per beach and substance, each an ordered walk of the (siteId, parameterId, timestamp) index; a beach's
  // latest 200 are then among them.
  const perBeach = await Promise.all(
    swimGuideSites(sites).included.map(async (site) => {
      const perSubstance = await Promise.all(Object.keys(RECML_SUBSTANCES).map((parameterId) => listLatestResults(db, { siteId: site.id, parameterIds: [parameterId] }, { limit: SWIM_GUIDE_RECORDS })));
      return perSubstance.flat().sort(newestFirst).slice(0, SWIM_GUIDE_RECORDS);
    }),
  );
  const results = perBeach.flat().sort(newestFirst);
  const document = swimGuideDocument(results, sites, parameters, { name: details.name, publicUrl: config.publicUrl, timeZone: details.timeZone });
  if (!document) throw data("Nothing to publish yet: no beach with coordinates has a result RecML names.", { status: 404 });
  return feedResponse(JSON.stringify(document, null, 2), "application/json; charset=utf-8");
}
