import { data } from "react-router";
import type { Route } from "./+types/site-atom";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { siteAtom } from "#app/beach/feed.server.ts";
import { siteOfAddress } from "#app/beach/open-data-sources.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { listLatestResults } from "#app/beach/data/open-data.server.ts";

/** How many of a site's latest results its feed carries. */
export const SITE_FEED_ENTRIES = 50;

/** /data/sites/:identifier/readings.atom: the site's latest 50 results of every parameter, newest first; 404 for an unknown site. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const site = await siteOfAddress(db, params.identifier);
  if (!site) throw data(null, { status: 404 });
  const [details, parameters, results] = await Promise.all([getAssociationDetails(db), listParameters(db), listLatestResults(db, { siteId: site.id }, { limit: SITE_FEED_ENTRIES })]);
  return feedResponse(siteAtom(results, site, parameters, { name: details.name, publicUrl: config.publicUrl }), "application/atom+xml; charset=utf-8");
}
