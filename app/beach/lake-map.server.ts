/**
 * What /the-lake's map needs (issue 27, point 8): the outline and the sites, read and drawn on the server, so that the
 * page sends an SVG and a table and no script of its own.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { getLakeOutline } from "./data/lake-outline.server.ts";
import { getFirstBeach, listSites } from "./data/sites.server.ts";
import { drawLakeMap, formatCoordinates, type LakeMapDrawing } from "./lake-map.ts";

/** A row of the map's table: the site, its kind, its coordinates as read ("" when not given), where its status is. */
export interface LakeMapSite {
  id: string;
  name: string;
  kind: "beach" | "station";
  coordinates: string;
  /** The status's place on /the-lake: "#beach" for the first beach (its section today), "#site-IDENTIFIER" for others. */
  href: string;
}

/** The map's data: the drawing and every site, or null when nothing can be drawn (no outline, no site located). */
export interface LakeMapData {
  drawing: LakeMapDrawing;
  sites: LakeMapSite[];
}

/** Reads the outline and the sites and draws the map; null when there is nothing to draw (the page then shows none). */
export async function loadLakeMap(db: Database): Promise<LakeMapData | null> {
  const [outline, sites, first] = await Promise.all([getLakeOutline(db), listSites(db), getFirstBeach(db)]);
  const mapSites = sites.map((s) => ({ id: s.id, name: s.name, kind: s.kind === "station" ? ("station" as const) : ("beach" as const), latitude: s.latitude === null ? null : Number(s.latitude), longitude: s.longitude === null ? null : Number(s.longitude) }));
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
