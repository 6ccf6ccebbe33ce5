import { data } from "react-router";
import type { Route } from "./+types/wqx-results-csv";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { wqxCsv } from "#app/beach/open-data.server.ts";
import { siteOfAddress, wqxContext } from "#app/beach/open-data-sources.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";

/**
 * /data/results.csv (every site) and /data/sites/:identifier/results.csv (one site, 404 for an unknown identifier):
 * every result in the Water Quality Portal's result columns (app/beach/wqx.ts), oldest first, streamed.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const whole = params.identifier === undefined;
  const site = whole ? undefined : await siteOfAddress(db, params.identifier);
  if (!whole && !site) throw data(null, { status: 404 });
  const results = streamResults(db, site ? { siteId: site.id } : {});
  const filename = site ? `${site.identifier}-results.csv` : "results.csv";
  return feedResponse(wqxCsv(results, await wqxContext(db, config.publicUrl)), "text/csv; charset=utf-8", filename);
}
