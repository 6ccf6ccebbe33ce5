import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { drawLakeMap, equirectangular, formatCoordinates, MAP_WIDTH, MAX_OUTLINE_POSITIONS, readLakeOutline, type LakeOutline } from "./lake-map.ts";

const ONTARIO = readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/lake-outline/lake-ontario.geojson"), "utf8");
/** A closed square ring, its corners rounded as the outline keeps them (6 decimals). */
const square = (lon: number, lat: number, d: number): [number, number][] =>
  [
    [lon, lat],
    [lon + d, lat],
    [lon + d, lat + d],
    [lon, lat + d],
    [lon, lat],
  ].map(([x, y]): [number, number] => [Math.round(x! * 1e6) / 1e6, Math.round(y! * 1e6) / 1e6]);

describe("equirectangular", () => {
  it("scales longitude by the cosine of the middle latitude and keeps latitude", () => {
    expect(equirectangular(10, 45, 0)).toEqual([10, 45]);
    const [x, y] = equirectangular(10, 45, 60);
    expect(x).toBeCloseTo(5, 12);
    expect(y).toBe(45);
  });

  it("gives a degree east its true length against a degree north at 45°", () => {
    // At 45° a degree of longitude is cos 45° ≈ 0.7071 of a degree of latitude (on the sphere).
    const [x0] = equirectangular(-77, 45, 45);
    const [x1] = equirectangular(-76, 45, 45);
    expect(x1 - x0).toBeCloseTo(Math.SQRT1_2, 12);
  });
});

describe("readLakeOutline", () => {
  it("takes a real FeatureCollection as GIS tools export it (Natural Earth's Lake Ontario)", () => {
    const outline = readLakeOutline(ONTARIO);
    expect("problem" in outline).toBe(false);
    const { polygons } = outline as LakeOutline;
    expect(polygons).toHaveLength(1);
    expect(polygons[0]![0]).toHaveLength(17);
    expect(polygons[0]![0]![0]).toEqual([-79.056306, 43.254104]);
  });

  it("takes a bare Polygon, a MultiPolygon and a Feature", () => {
    const ring = square(-89.5, 45.1, 0.02);
    expect(readLakeOutline(JSON.stringify({ type: "Polygon", coordinates: [ring] }))).toEqual({ polygons: [[ring]] });
    expect(readLakeOutline(JSON.stringify({ type: "MultiPolygon", coordinates: [[ring], [square(-89.4, 45.1, 0.01)]] }))).toMatchObject({ polygons: [[ring], [expect.any(Array)]] });
    expect(readLakeOutline(JSON.stringify({ type: "Feature", properties: null, geometry: { type: "Polygon", coordinates: [ring] } }))).toEqual({ polygons: [[ring]] });
  });

  it("refuses what is not a lake outline, saying why", () => {
    const problem = (text: string) => (readLakeOutline(text) as { problem: string }).problem;
    expect(problem("not json")).toBe("That file is not GeoJSON: it is not valid JSON.");
    expect(problem(JSON.stringify({ type: "Point", coordinates: [1, 2] }))).toBe(
      "That file is not a lake outline: GeoJSON of type Polygon, MultiPolygon, Feature or FeatureCollection is needed, not Point.",
    );
    expect(problem(JSON.stringify({ type: "Feature", geometry: { type: "LineString", coordinates: [[1, 2], [3, 4]] } }))).toMatch(/^That file is not a lake outline: a geometry is not a Polygon or MultiPolygon/);
    expect(problem(JSON.stringify({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }))).toMatch(/a ring is not closed/);
    expect(problem(JSON.stringify({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [0, 0]]] }))).toMatch(/a ring has fewer than four positions/);
    expect(problem(JSON.stringify({ type: "Polygon", coordinates: [square(45, 200, 1)] }))).toMatch(/a position is not \[longitude, latitude\] in degrees/);
    expect(problem(JSON.stringify({ type: "FeatureCollection", features: [] }))).toMatch(/the FeatureCollection has no feature/);
  });

  it("refuses a file over 2 MB and an outline of too many positions", () => {
    expect((readLakeOutline(" ".repeat(2 * 1024 * 1024 + 1)) as { problem: string }).problem).toBe("That file is too large: outlines of up to 2 MB are accepted.");
    // Short numbers, so that the file stays under 2 MB and the count is what is refused.
    const ring: [number, number][] = Array.from({ length: MAX_OUTLINE_POSITIONS + 1 }, (_, i) => [-89 - (i % 10) / 100, 45]);
    ring.push(ring[0]!);
    expect((readLakeOutline(JSON.stringify({ type: "Polygon", coordinates: [ring] })) as { problem: string }).problem).toMatch(/^That outline has 100002 positions; at most 100000 are accepted/);
  });
});

describe("drawLakeMap", () => {
  it("draws nothing without an outline or a located site", () => {
    expect(drawLakeMap(null, [])).toBeNull();
    expect(drawLakeMap(null, [{ id: "beach", name: "Beach", kind: "beach", latitude: null, longitude: null }])).toBeNull();
  });

  it("fits the outline to the box, north up, with the sites inside it", () => {
    const outline = readLakeOutline(ONTARIO) as LakeOutline;
    const drawing = drawLakeMap(outline, [
      { id: "b", name: "Sandbanks Beach", kind: "beach", latitude: 43.91, longitude: -77.25 },
      { id: "s", name: "Mid-lake station", kind: "station", latitude: 43.6, longitude: -77.8 },
      { id: "x", name: "Not located", kind: "beach", latitude: null, longitude: null },
    ])!;
    expect(drawing.width).toBe(MAP_WIDTH);
    const numbers = drawing.outline.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    // The lake spans the width less the padding; its height follows its shape (about 3.6° wide by 1° at 43.7°N).
    expect(Math.min(...xs)).toBeCloseTo(24, 0);
    expect(Math.max(...xs)).toBeCloseTo(MAP_WIDTH - 24, 0);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(0);
    for (const y of ys) expect(y).toBeLessThanOrEqual(drawing.height);
    const spanY = Math.max(...ys) - Math.min(...ys);
    const spanX = Math.max(...xs) - Math.min(...xs);
    const cos = Math.cos((((43.202376 + 44.208025) / 2) * Math.PI) / 180);
    expect(spanY / spanX).toBeCloseTo((44.208025 - 43.202376) / ((79.760475 - 76.179996) * cos), 2);
    expect(drawing.markers.map((m) => m.id)).toEqual(["b", "s"]);
    const [beach, station] = drawing.markers;
    // East is right and north is up: the beach is east and north of the station.
    expect(beach!.x).toBeGreaterThan(station!.x);
    expect(beach!.y).toBeLessThan(station!.y);
  });

  it("shows one site alone in a box of about a kilometre, at its centre", () => {
    const drawing = drawLakeMap(null, [{ id: "b", name: "Beach", kind: "beach", latitude: 45, longitude: -89 }])!;
    expect(drawing.outline).toBe("");
    expect(drawing.markers[0]).toMatchObject({ x: MAP_WIDTH / 2, y: drawing.height / 2 });
  });

  it("keeps a fine outline's path to about a point per unit of its length", () => {
    const ring: [number, number][] = Array.from({ length: 50_000 }, (_, i) => [-89 + Math.cos((i / 50_000) * 2 * Math.PI) / 50, 45 + Math.sin((i / 50_000) * 2 * Math.PI) / 50]);
    ring.push(ring[0]!);
    const drawing = drawLakeMap({ polygons: [[ring]] }, [])!;
    const points = drawing.outline.split("L").length;
    expect(points).toBeLessThan(2 * Math.PI * (MAP_WIDTH / 2) * 2);
  });
});

describe("formatCoordinates", () => {
  it("writes hemispheres and at most five decimals", () => {
    expect(formatCoordinates(45.123456, -89.5)).toBe("45.12346° N, 89.5° W");
    expect(formatCoordinates(-33.9, 151.25)).toBe("33.9° S, 151.25° E");
  });
});
