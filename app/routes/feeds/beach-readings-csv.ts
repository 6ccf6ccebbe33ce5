import type { Route } from "./+types/beach-readings-csv";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { readingsCsv } from "#app/beach/open-data.server.ts";
import { FIRST_BEACH_ECOLI, streamMeasurements } from "#app/beach/data/readings.server.ts";

/** /data/beach-readings.csv: every reading of the first beach (E. coli), oldest first (date, value, unit, status), streamed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return feedResponse(readingsCsv(streamMeasurements(db, FIRST_BEACH_ECOLI)), "text/csv; charset=utf-8", "beach-readings.csv");
}
