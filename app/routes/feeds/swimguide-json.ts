import type { Route } from "./+types/swimguide-json";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { SWIM_GUIDE_RECORDS, swimGuideDocument } from "#app/beach/open-data.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listLatestMeasurements } from "#app/beach/data/readings.server.ts";

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
