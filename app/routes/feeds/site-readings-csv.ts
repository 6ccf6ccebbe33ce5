import { data } from "react-router";
import type { Route } from "./+types/site-readings-csv";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { siteReadingsCsv } from "#app/beach/open-data.server.ts";
import { siteOfAddress } from "#app/beach/open-data-sources.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";

/** /data/sites/:identifier/readings.csv: every result of one site, every parameter, oldest first; 404 for an unknown site. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const site = await siteOfAddress(db, params.identifier);
  if (!site) throw data(null, { status: 404 });
  return feedResponse(siteReadingsCsv(streamResults(db, { siteId: site.id }), await listParameters(db)), "text/csv; charset=utf-8", `${site.identifier}-readings.csv`);
}
