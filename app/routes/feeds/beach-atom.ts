import type { Route } from "./+types/beach-atom";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { beachAtom } from "#app/beach/feed.server.ts";
import { firstBeachEColi } from "#app/beach/open-data-sources.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { listLatestResults } from "#app/beach/data/open-data.server.ts";

/** How many of the latest readings /beach.atom carries. */
export const BEACH_FEED_ENTRIES = 50;

/** /beach.atom: the first beach's latest 50 E. coli readings, newest first, one entry each with its status. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [details, scope] = await Promise.all([getAssociationDetails(db), firstBeachEColi(db)]);
  const readings = await listLatestResults(db, scope, { limit: BEACH_FEED_ENTRIES });
  const body = beachAtom(readings, { name: details.name, beachName: details.beachName, publicUrl: config.publicUrl });
  return feedResponse(body, "application/atom+xml; charset=utf-8");
}
