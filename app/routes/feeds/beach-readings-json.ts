import type { Route } from "./+types/beach-readings-json";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { readingsJson } from "#app/beach/open-data.server.ts";
import { firstBeachEColi } from "#app/beach/open-data-sources.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";

/** /data/beach-readings.json: every E. coli reading of the first beach, oldest first, streamed as one JSON document. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const [details, scope] = await Promise.all([getAssociationDetails(db), firstBeachEColi(db)]);
  return feedResponse(readingsJson(streamResults(db, scope), { beach: details.beachName }), "application/json; charset=utf-8");
}
