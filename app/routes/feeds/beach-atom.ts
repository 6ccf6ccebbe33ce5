import type { Route } from "./+types/beach-atom";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { beachAtom } from "#app/beach/feed.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listLatestMeasurements } from "#app/beach/data/readings.server.ts";

/** How many of the latest readings /beach.atom carries. */
export const BEACH_FEED_ENTRIES = 50;

/** /beach.atom: the latest 50 E. coli readings, newest first, one entry each with its status. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, readings] = await Promise.all([getAssociationDetails(db), listLatestMeasurements(db, { limit: BEACH_FEED_ENTRIES })]);
  const body = beachAtom(readings.reverse(), { name: details.name, beachName: details.beachName, publicUrl: config.publicUrl });
  return feedResponse(body, "application/atom+xml; charset=utf-8");
}
