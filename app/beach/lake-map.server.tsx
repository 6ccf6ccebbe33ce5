/**
 * The map of /the-lake (issue 27, point 8): the outline and the sites, read and drawn on the server. The page gets
 * the image's address and the table of the sites (`loadLakeMap`); /the-lake/map.svg gets the drawing as an SVG
 * document (`lakeMapSvg`), so that the page sends no drawing in its HTML or hydration data and no script of its own
 * (decision 034).
 */
import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "#app/platform/data/db.server.ts";
import { LakeMapSvg } from "./LakeMapView.tsx";
import { getLakeOutline } from "./data/lake-outline.server.ts";
import { getFirstBeach, listSites } from "./data/sites.server.ts";
import { drawLakeMap, formatCoordinates, mapDescription, type LakeMapData, type LakeMapSection } from "./lake-map.ts";

/** The map's SVG document and its version (`drawingVersion`), or null with nothing to draw. */
export async function lakeMapSvg(db: Database): Promise<{ svg: string; version: string } | null> {
  const map = await lakeMapData(db);
  return map && renderSvg(map);
}

function renderSvg(map: LakeMapData): { svg: string; version: string } {
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(<LakeMapSvg drawing={map.drawing} description={mapDescription(map.drawing)} />)}`;
  return { svg, version: drawingVersion(map) };
}

/**
 * The map's version: the first 16 hex digits of the SHA-256 of the drawing (outline, markers, names), which is all the
 * image is made of. The page names it without rendering the image.
 */
function drawingVersion(map: LakeMapData): string {
  return createHash("sha256").update(JSON.stringify(map.drawing)).digest("hex").slice(0, 16);
}

/**
 * The map section of /the-lake: the image's versioned address and size, its description and the table's rows; null
 * when there is nothing to draw (no outline and fewer than two sites with coordinates: the page then shows no map,
 * as before issue 27).
 */
export async function loadLakeMap(db: Database): Promise<LakeMapSection | null> {
  const map = await lakeMapData(db);
  if (!map) return null;
  return { src: `/the-lake/map.svg?v=${drawingVersion(map)}`, width: map.drawing.width, height: map.drawing.height, description: mapDescription(map.drawing), sites: map.sites };
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
