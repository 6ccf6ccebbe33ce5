/**
 * What /the-lake's map needs (issue 27, point 8): the outline and the sites, read, drawn and rendered to HTML on the
 * server, so that the page sends an SVG and a table and no script of its own (decision 034).
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "#app/platform/data/db.server.ts";
import { LakeMapView } from "./LakeMapView.tsx";
import { getLakeOutline } from "./data/lake-outline.server.ts";
import { getFirstBeach, listSites } from "./data/sites.server.ts";
import { drawLakeMap, formatCoordinates, type LakeMapData } from "./lake-map.ts";

/**
 * The map section's HTML (`LakeMapView` rendered on the server), or null when there is nothing to draw (no outline
 * and no site with coordinates: the page then shows no map, as before issue 27).
 */
export async function loadLakeMap(db: Database): Promise<{ html: string } | null> {
  const map = await lakeMapData(db);
  return map ? { html: renderToStaticMarkup(<LakeMapView map={map} />) } : null;
}

/** Reads the outline and the sites and draws the map; null when there is nothing to draw (no outline and fewer than two sites with coordinates). */
export async function lakeMapData(db: Database): Promise<LakeMapData | null> {
  const [outline, sites, first] = await Promise.all([getLakeOutline(db), listSites(db), getFirstBeach(db)]);
  const mapSites = sites.map((s) => ({ id: s.id, name: s.name, kind: s.kind === "station" ? ("station" as const) : ("beach" as const), latitude: s.latitude === null ? null : Number(s.latitude), longitude: s.longitude === null ? null : Number(s.longitude) }));
  // Without the lake's outline, one position is a dot on a blank box, no map: the page reads as it did before.
  if (!outline && mapSites.filter((s) => s.latitude !== null && s.longitude !== null).length < 2) return null;
  const drawing = drawLakeMap(outline, mapSites);
  if (!drawing) return null;
  return {
    drawing,
    sites: mapSites.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      coordinates: s.latitude !== null && s.longitude !== null ? formatCoordinates(s.latitude, s.longitude) : "",
      href: s.id === first?.id ? "#beach" : `#site-${sites.find((x) => x.id === s.id)!.identifier}`,
    })),
  };
}
