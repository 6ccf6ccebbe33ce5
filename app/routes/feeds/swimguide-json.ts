import type { Route } from "./+types/swimguide-json";
import { getServices } from "#app/lib/context.server.ts";
import { feedResponse } from "#app/lib/feed-response.server.ts";
import { SWIM_GUIDE_RECORDS, swimGuideDocument } from "#app/lib/open-data.server.ts";
import { getAssociationDetails } from "#app/models/association.server.ts";
import { listLatestMeasurements } from "#app/models/measurements.server.ts";

/** /data/swimguide.json: the latest 200 readings in the Swim Drink Fish open data standard (RecML 1.0.1). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, readings] = await Promise.all([getAssociationDetails(db), listLatestMeasurements(db, { limit: SWIM_GUIDE_RECORDS })]);
  const document = swimGuideDocument(readings.reverse(), {
    name: details.name,
    beachName: details.beachName,
    publicUrl: config.publicUrl,
    timeZone: details.timeZone,
  });
  return feedResponse(JSON.stringify(document, null, 2), "application/json; charset=utf-8");
}
