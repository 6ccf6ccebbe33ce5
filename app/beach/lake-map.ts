/**
 * The lake's map (issue 27, point 8): the outline the board uploads as GeoJSON, read and checked here, and the
 * drawing of the outline and the sites as an inline SVG, projected here. Pure: no request at run time, no map tiles.
 *
 * GeoJSON is RFC 7946 (https://www.rfc-editor.org/rfc/rfc7946): positions are [longitude, latitude] in decimal
 * degrees, WGS 84; a Polygon is an array of linear rings (the first the outline, the others holes), each closed
 * (first position = last) with at least four positions; a MultiPolygon an array of Polygons.
 */
import { z } from "zod";

/** Largest outline file accepted, in bytes (2 MB: a lake traced from OpenStreetMap is a few hundred KB). */
export const MAX_OUTLINE_BYTES = 2 * 1024 * 1024;
/** Most positions kept in an outline: beyond, the file is refused (the drawing would be no finer). */
export const MAX_OUTLINE_POSITIONS = 100_000;

/** A lake outline as stored: polygons, each a list of rings, each a list of [longitude, latitude]. */
export interface LakeOutline {
  polygons: [number, number][][][];
}

const position = z
  .array(z.number().finite())
  .min(2)
  .max(4)
  .refine(([lon, lat]) => lon! >= -180 && lon! <= 180 && lat! >= -90 && lat! <= 90, "a position is not [longitude, latitude] in degrees");
const ring = z
  .array(position)
  .min(4, "a ring has fewer than four positions")
  .refine((r) => r[0]![0] === r.at(-1)![0] && r[0]![1] === r.at(-1)![1], "a ring is not closed (its last position is not its first)");
const polygon = z.object({ type: z.literal("Polygon"), coordinates: z.array(ring).min(1, "a Polygon has no ring") });
const multiPolygon = z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(ring).min(1, "a Polygon has no ring")).min(1, "a MultiPolygon has no Polygon") });
const geometry = z.discriminatedUnion("type", [polygon, multiPolygon], "the geometry is not a Polygon or MultiPolygon");
const feature = z.object({ type: z.literal("Feature"), geometry });
const collection = z.object({ type: z.literal("FeatureCollection"), features: z.array(feature).min(1, "the FeatureCollection has no feature") });
/** What the board may upload: a Polygon or MultiPolygon, alone, as a Feature, or as a FeatureCollection of them. */
const outlineFile = z.union([polygon, multiPolygon, feature, collection]);

/** Why an outline file was refused, as the screen says it. */
export type OutlineProblem = string;

/**
 * Reads an uploaded outline: a GeoJSON Polygon or MultiPolygon, bare, in a Feature, or in a FeatureCollection whose
 * features are all Polygons or MultiPolygons; coordinates rounded to 6 decimals (about 0.1 m).
 * @returns the outline, or `{ problem }`: a sentence that says what is wrong with the file
 */
export function readLakeOutline(text: string): LakeOutline | { problem: OutlineProblem } {
  if (new TextEncoder().encode(text).length > MAX_OUTLINE_BYTES) return { problem: `That file is too large: outlines of up to ${MAX_OUTLINE_BYTES / 1024 / 1024} MB are accepted.` };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return { problem: "That file is not GeoJSON: it is not valid JSON." };
  }
  const type = typeof json === "object" && json !== null && "type" in json ? String((json as { type: unknown }).type) : "";
  if (!["Polygon", "MultiPolygon", "Feature", "FeatureCollection"].includes(type)) {
    return { problem: `That file is not a lake outline: GeoJSON of type Polygon, MultiPolygon, Feature or FeatureCollection is needed${type ? `, not ${type}` : ""}.` };
  }
  const parsed = outlineFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const detail = issue.code === "invalid_union" || issue.code === "invalid_value" ? "a geometry is not a Polygon or MultiPolygon" : issue.message;
    return { problem: `That file is not a lake outline: ${detail}${issue.path.length ? ` (at ${issue.path.join(".")})` : ""}.` };
  }
  const file = parsed.data;
  const geometries = file.type === "FeatureCollection" ? file.features.map((f) => f.geometry) : file.type === "Feature" ? [file.geometry] : [file];
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const polygons = geometries.flatMap((g) => (g.type === "Polygon" ? [g.coordinates] : g.coordinates)).map((rings) => rings.map((r) => r.map(([lon, lat]): [number, number] => [round(lon!), round(lat!)])));
  const count = polygons.flat(2).length;
  if (count > MAX_OUTLINE_POSITIONS) return { problem: `That outline has ${count} positions; at most ${MAX_OUTLINE_POSITIONS} are accepted. Simplify it first (e.g. mapshaper.org).` };
  return { polygons };
}

/** A site as the map draws it. */
export interface MapSite {
  id: string;
  name: string;
  kind: "beach" | "station";
  latitude: number | null;
  longitude: number | null;
}

/** The map as the page draws it: the SVG's box, the outline as one path, each located site's marker. */
export interface LakeMapDrawing {
  width: number;
  height: number;
  /** SVG path data of every ring ("M… Z"), "" without an outline; drawn with fill-rule evenodd (holes are islands). */
  outline: string;
  markers: { id: string; name: string; kind: "beach" | "station"; x: number; y: number }[];
}

/** The drawing's width in SVG units; its height follows the lake's shape, within the bounds below. */
export const MAP_WIDTH = 400;
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 480;
const PADDING = 24;
/** The smallest span shown, in degrees of latitude (about 1 km), so that one site alone is not a point. */
const MIN_SPAN = 0.01;

/**
 * An equirectangular projection: x = longitude × cos(φ₀), y = latitude, with φ₀ the middle latitude of what is
 * drawn, so that a degree east and a degree north have their true ratio there (Snyder, "Map Projections: A Working
 * Manual", USGS 1987, p. 90). Over a lake's few kilometres the distortion is far below a pixel.
 * @returns [x, y] in "degrees of latitude", y growing north
 */
export function equirectangular(longitude: number, latitude: number, middleLatitude: number): [number, number] {
  return [longitude * Math.cos((middleLatitude * Math.PI) / 180), latitude];
}

/**
 * The drawing of `outline` (or null) and the sites with coordinates, fitted to a box `MAP_WIDTH` wide with
 * `PADDING` around, north up; null when there is nothing to draw (no outline and no site with coordinates).
 * Points of a ring closer than half a unit to the last one kept are dropped, so that the path has at most about
 * one point per unit of the outline's length, however fine the file.
 */
export function drawLakeMap(outline: LakeOutline | null, sites: readonly MapSite[]): LakeMapDrawing | null {
  const located = sites.filter((s): s is MapSite & { latitude: number; longitude: number } => s.latitude !== null && s.longitude !== null);
  const points: [number, number][] = [...(outline?.polygons.flat(2) ?? []), ...located.map((s): [number, number] => [s.longitude, s.latitude])];
  if (points.length === 0) return null;
  let [minLon, maxLon, minLat, maxLat] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [lon, lat] of points) {
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  const middle = (minLat + maxLat) / 2;
  const cos = Math.cos((middle * Math.PI) / 180);
  // The box in projected units, at least MIN_SPAN each way around its centre.
  const cx = ((minLon + maxLon) / 2) * cos;
  const cy = (minLat + maxLat) / 2;
  const spanX = Math.max((maxLon - minLon) * cos, MIN_SPAN);
  const spanY = Math.max(maxLat - minLat, MIN_SPAN);
  const inner = MAP_WIDTH - 2 * PADDING;
  const height = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, (inner * spanY) / spanX + 2 * PADDING)));
  const scale = Math.min(inner / spanX, (height - 2 * PADDING) / spanY);
  const project = (lon: number, lat: number): [number, number] => {
    const [x, y] = equirectangular(lon, lat, middle);
    return [MAP_WIDTH / 2 + (x - cx) * scale, height / 2 - (y - cy) * scale];
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const rings: string[] = [];
  for (const polygon of outline?.polygons ?? []) {
    for (const ringPositions of polygon) {
      const kept: [number, number][] = [];
      for (const [lon, lat] of ringPositions) {
        const p = project(lon, lat);
        const last = kept.at(-1);
        if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= 0.5) kept.push(p);
      }
      if (kept.length >= 3) rings.push(`M${kept.map(([x, y]) => `${round(x)} ${round(y)}`).join("L")}Z`);
    }
  }
  return {
    width: MAP_WIDTH,
    height,
    outline: rings.join(""),
    markers: located.map((s) => {
      const [x, y] = project(s.longitude, s.latitude);
      return { id: s.id, name: s.name, kind: s.kind, x: round(x), y: round(y) };
    }),
  };
}

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

/** What /the-lake shows of the map: the image's address (with its version) and size, its description, the table's rows. */
export interface LakeMapSection {
  /** "/the-lake/map.svg?v=<version>": a new address whenever the drawing changes, so the browser may keep each. */
  src: string;
  width: number;
  height: number;
  /** What the map shows, in words: the image's text alternative and the SVG's `desc`. */
  description: string;
  sites: LakeMapSite[];
}

const KIND_WORD = { beach: "beach", station: "open-water station" } as const;

/**
 * The map in words: "The lake's outline with 2 sites: Sandbanks Beach (beach), Mid-lake station (open-water
 * station). North is up. The table below lists every site."
 */
export function mapDescription(drawing: LakeMapDrawing): string {
  const located = drawing.markers.length;
  const sites = located > 0 ? ` with ${located} ${located === 1 ? "site" : "sites"}: ${drawing.markers.map((m) => `${m.name} (${KIND_WORD[m.kind]})`).join(", ")}` : "";
  return `${drawing.outline ? "The lake's outline" : "The sites' positions"}${sites}. North is up. The table below lists every site.`;
}

/** Decimal degrees as people read them: "45.12345° N, 89.54321° W". */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(5).replace(/\.?0+$/, "")}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, "N", "S")}, ${part(longitude, "E", "W")}`;
}
