/**
 * RecML 1.0.1 as Swim Guide reads it: what `swimGuideDocument` writes is validated against the official draft-04
 * schema (tests/fixtures/recml/, from swimdrinkfish/opendata) with ajv; the standard's own examples pass the same
 * validator and a document without coordinates fails it, as /data/swimguide.json did before issue 27 (18 errors,
 * "'coordinate' is a required property").
 */
import { describe, expect, it } from "vitest";
import { recmlErrors as errorsOf, recmlFixture as fixture } from "../../tests/support/recml.ts";
import { BUILTIN_PARAMETERS } from "./parameters.ts";
import { guidPrefix, RECML_SCHEMA, swimGuideDocument, swimGuideSites, type RecmlResult, type RecmlSite } from "./recml.ts";

const PUBLISHER = { name: "Heron Lake Association", publicUrl: "https://heronlake.example.org", timeZone: "America/Chicago" };
const SITES: RecmlSite[] = [
  { id: "beach", kind: "beach", identifier: "beach", name: "Heron Lake Public Beach", latitude: 45.9183, longitude: -89.2437 },
  { id: "north", kind: "beach", identifier: "HERON-NORTH", name: "North Beach", latitude: null, longitude: null },
  { id: "deep", kind: "station", identifier: "HERON-DEEP1", name: "Deep hole", latitude: 45.92, longitude: -89.25 },
];
const PARAMETERS = BUILTIN_PARAMETERS.map((p) => ({ id: p.id, name: p.name, unitLabel: p.unitLabel }));

let n = 0;
function result(overrides: Partial<RecmlResult>): RecmlResult {
  n += 1;
  return { id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, siteId: "beach", parameterId: "ecoli", date: "2026-07-01", time: "", value: 12, qualifier: "", detectionLimit: null, createdAt: Date.parse("2026-07-02T15:00:00Z"), ...overrides };
}

describe("the RecML validator", () => {
  it("accepts the standard's own examples", () => {
    expect(errorsOf(fixture("example.json"))).toEqual([]);
    expect(errorsOf(fixture("revocation.json"))).toEqual([]);
  });

  it("refuses a location without a coordinate, as the old /data/swimguide.json had", () => {
    const example = fixture("example.json") as { records: { location: { coordinate?: unknown } }[] };
    delete example.records[0]!.location.coordinate;
    expect(errorsOf(example)).toContain("/records/0/location must have required property 'coordinate'");
  });
});

describe("swimGuideDocument", () => {
  const results = [
    result({ value: 2419.6, qualifier: ">", detectionLimit: 2419.6, time: "09:45" }),
    result({ value: 10, qualifier: "<", detectionLimit: 10 }),
    result({ value: 0, qualifier: "ND", detectionLimit: null }),
    result({ value: 1001 }),
    result({ parameterId: "enterococci", value: 104 }),
    result({ parameterId: "microcystins", value: 9.5 }),
    result({ parameterId: "cylindrospermopsin", value: 0.3, qualifier: "<", detectionLimit: 0.3 }),
    result({ parameterId: "cyanobacteria", value: 20_000 }),
    result({ parameterId: "secchi", value: 2.5 }),
    result({ siteId: "north", value: 300 }),
    result({ siteId: "deep", parameterId: "microcystins", value: 1 }),
    result({ siteId: null, value: 5 }),
  ];
  const doc = swimGuideDocument(results, SITES, PARAMETERS, PUBLISHER, Date.parse("2026-07-03T17:00:00Z"))!;

  it("is valid RecML 1.0.1", () => {
    expect(doc.$schema).toBe(RECML_SCHEMA);
    expect(errorsOf(doc)).toEqual([]);
  });

  it("has a record per result of a beach with coordinates and a substance RecML names, located by the site's identifier", () => {
    expect(doc.records).toHaveLength(8);
    for (const r of doc.records) {
      expect(r.location).toEqual({ id: "beach", name: "Heron Lake Public Beach", coordinate: { latitude: 45.9183, longitude: -89.2437 } });
      expect(r.sample.location).toEqual(r.location);
    }
    expect(doc.records.map((r) => [r.sample.substance, r.sample.units])).toEqual([
      ["ecoli", "cfu"],
      ["ecoli", "cfu"],
      ["ecoli", "cfu"],
      ["ecoli", "cfu"],
      ["enterococcus", "cfu"],
      ["microcystin", "micro"],
      ["cylindrospermopsin", "micro"],
      ["cyanobacteria", "cells"],
    ]);
  });

  it("writes a qualified result as a number RecML allows, and says it as the lab wrote it", () => {
    const [above, below, notDetected, closed] = doc.records;
    expect(above!.sample.result).toBe(2419.6);
    expect(above!.advisory).toEqual({ issued: true, description: "Closed: >2,419.6 E. coli CFU per 100 mL, at or above the US EPA Beach Action Value of 235." });
    expect(above!.sample.collectionTime).toBe("2026-07-01T09:45:00-05:00");
    expect(below!.sample.result).toBe(10);
    expect(below!.advisory).toEqual({ issued: false, description: "Open: <10 E. coli CFU per 100 mL." });
    expect(below!.sample.collectionTime).toBe("2026-07-01T12:00:00-05:00");
    expect(notDetected!.sample.result).toBe(0);
    expect(notDetected!.advisory).toEqual({ issued: false, description: "Open: E. coli not detected." });
    expect(closed!.advisory).toEqual({ issued: true, description: "Closed: 1,001 E. coli CFU per 100 mL, at or above the US EPA Beach Action Value of 235." });
  });

  it("issues an advisory from each substance's own level", () => {
    const [, , , , enterococci, microcystins, cylindrospermopsin, cyanobacteria] = doc.records;
    expect(enterococci!.advisory.issued).toBe(true);
    expect(microcystins!.advisory).toEqual({ issued: true, description: "9.5 Microcystins µg/L, at or above the US EPA 2019 recommended swimming value of 8 µg/L." });
    expect(cylindrospermopsin!.advisory).toEqual({ issued: false, description: "<0.3 Cylindrospermopsin µg/L." });
    expect(cyanobacteria!.advisory).toEqual({ issued: false });
  });

  it("is null when nothing can be published: the schema requires a record", () => {
    expect(swimGuideDocument([result({ siteId: "north" })], SITES, PARAMETERS, PUBLISHER)).toBeNull();
    expect(errorsOf({ $schema: RECML_SCHEMA, documentTime: "2026-07-03T12:00:00-05:00", records: [] })).toContain("/records must NOT have fewer than 1 items");
  });
});

describe("swimGuideSites", () => {
  it("includes the beaches with coordinates and names those left out; stations are neither", () => {
    const { included, leftOut } = swimGuideSites(SITES);
    expect(included.map((s) => s.identifier)).toEqual(["beach"]);
    expect(leftOut.map((s) => s.identifier)).toEqual(["HERON-NORTH"]);
  });
});

describe("guidPrefix", () => {
  it("reverses the public host, or stands in for one that is not a domain name", () => {
    expect(guidPrefix("https://heronlake.example.org")).toBe("org.example.heronlake");
    expect(guidPrefix("http://127.0.0.1:3000")).toBe("local.shoreline");
    expect(guidPrefix("http://localhost:3000")).toBe("local.shoreline");
  });
});
