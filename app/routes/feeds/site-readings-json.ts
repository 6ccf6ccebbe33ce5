import { data } from "react-router";
import type { Route } from "./+types/site-readings-json";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { siteReadingsJson } from "#app/beach/open-data.server.ts";
import { siteOfAddress } from "#app/beach/open-data-sources.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { listSiteParameters, streamResults } from "#app/beach/data/open-data.server.ts";

/** /data/sites/:identifier/readings.json: one site, the parameters it has results of, and every result, streamed; 404 for an unknown site. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const site = await siteOfAddress(db, params.identifier);
  if (!site) throw data(null, { status: 404 });
  const [parameters, measured] = await Promise.all([listParameters(db), listSiteParameters(db)]);
  const own = new Set(measured.filter((m) => m.siteId === site.id).map((m) => m.parameterId));
  return feedResponse(siteReadingsJson(streamResults(db, { siteId: site.id }), site, parameters.filter((p) => own.has(p.id))), "application/json; charset=utf-8");
}
