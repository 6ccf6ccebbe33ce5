import type { Route } from "./+types/beach-readings-csv";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { readingsCsv } from "#app/beach/open-data.server.ts";
import { streamMeasurements } from "#app/beach/data/readings.server.ts";

/** /data/beach-readings.csv: every reading, oldest first (date, value, unit, status), streamed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return feedResponse(readingsCsv(streamMeasurements(db)), "text/csv; charset=utf-8", "beach-readings.csv");
}
