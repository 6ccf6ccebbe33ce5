import type { Route } from "./+types/beach-readings-csv";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { readingsCsv } from "#app/beach/open-data.server.ts";
import { firstBeachEColi } from "#app/beach/open-data-sources.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";

/** /data/beach-readings.csv: every E. coli reading of the first beach, oldest first (date, value, unit, status), streamed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return feedResponse(readingsCsv(streamResults(db, await firstBeachEColi(db))), "text/csv; charset=utf-8", "beach-readings.csv");
}
