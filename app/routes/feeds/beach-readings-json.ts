import type { Route } from "./+types/beach-readings-json";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { readingsJson } from "#app/beach/open-data.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { FIRST_BEACH_ECOLI, streamMeasurements } from "#app/beach/data/readings.server.ts";

/** /data/beach-readings.json: every reading of the first beach (E. coli), oldest first, streamed as one JSON document. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const details = await getAssociationDetails(db);
  return feedResponse(readingsJson(streamMeasurements(db, FIRST_BEACH_ECOLI), { beach: details.beachName }), "application/json; charset=utf-8");
}
