import { data } from "react-router";
import type { Route } from "./+types/lake-map-svg";
import { getServices } from "#app/web/context.server.ts";
import { lakeMapSvg } from "#app/beach/lake-map.server.tsx";

/** A year, in seconds: how long a browser may keep the map under one version's address. */
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * /the-lake/map.svg: the map of the lake and its sites as an SVG image (issue 27 point 8, decision 034). Asked for
 * under its current version (`?v=`, the address /the-lake gives), it may be kept for a year: a changed map has a new
 * address; otherwise it is checked again each time. 404 while there is nothing to draw.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const map = await lakeMapSvg(db);
  if (!map) throw data("No map: the lake has no outline and fewer than two sites with coordinates.", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === map.version;
  return new Response(map.svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": current ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : "no-cache",
      ETag: `"${map.version}"`,
      // The image has no script and needs none: opened alone, nothing in it may run or load.
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
