/**
 * The lake's schema.org structured data: the types and links it is made of, and text that cannot end its script
 * element.
 */
import { describe, expect, it } from "vitest";
import { jsonLdText } from "#app/platform/http/json-ld.ts";
import { lakeJsonLd, lakeName, siteDatasetJsonLd, type LakeJsonLdInput } from "./lake-json-ld.ts";

const INPUT: LakeJsonLdInput = {
  publicUrl: "https://heronlake.example.org",
  associationName: "Heron Lake Association",
  sites: [
    { identifier: "beach", name: "Heron Lake Public Beach", kind: "beach", latitude: 45.9183, longitude: -89.2437 },
    { identifier: "HERON DEEP/1", name: "Deep hole", kind: "station", latitude: null, longitude: null },
  ],
  parameters: [
    { name: "E. coli", characteristicName: "Escherichia coli", unitLabel: "CFU per 100 mL" },
    { name: "Secchi depth", characteristicName: "Depth, Secchi disk depth", unitLabel: "m" },
  ],
  sitesWithResults: new Set(["beach", "HERON DEEP/1"]),
  dateRange: { from: "2013-06-01", to: "2026-07-01" },
  swimGuide: true,
  firstBeach: true,
};

type Node = Record<string, unknown> & { "@type": string };
const graph = (input: LakeJsonLdInput) => lakeJsonLd(input)["@graph"] as Node[];

describe("lakeJsonLd", () => {
  it("is the lake, a Beach with its position, a station as a Place without one, and the Dataset", () => {
    const [lake, beach, station, dataset] = graph(INPUT);
    expect(lake).toMatchObject({ "@type": "LakeBodyOfWater", "@id": "https://heronlake.example.org/the-lake#lake", name: "Heron Lake" });
    expect(lake!.containsPlace).toEqual([{ "@id": beach!["@id"] }, { "@id": station!["@id"] }]);
    expect(beach).toMatchObject({ "@type": "Beach", name: "Heron Lake Public Beach", geo: { "@type": "GeoCoordinates", latitude: 45.9183, longitude: -89.2437 }, containedInPlace: { "@id": lake!["@id"] } });
    expect(station).toMatchObject({ "@type": "Place", identifier: "HERON DEEP/1" });
    expect(station).not.toHaveProperty("geo");
    expect(dataset).toMatchObject({ "@type": "Dataset", temporalCoverage: "2013-06-01/2026-07-01", isAccessibleForFree: true });
    expect(dataset!.variableMeasured).toEqual([
      { "@type": "PropertyValue", name: "E. coli", alternateName: "Escherichia coli", unitText: "CFU per 100 mL" },
      { "@type": "PropertyValue", name: "Secchi depth", alternateName: "Depth, Secchi disk depth", unitText: "m" },
    ]);
    expect(String(dataset!.description).length).toBeGreaterThanOrEqual(50);
  });

  it("lists the lake-wide files as DataDownloads with their format, and names each site's own dataset as a part", () => {
    const dataset = graph(INPUT)[3]!;
    const files = dataset.distribution as { "@type": string; encodingFormat: string; contentUrl: string }[];
    expect(files.every((f) => f["@type"] === "DataDownload")).toBe(true);
    expect(files.map((f) => [f.contentUrl.replace("https://heronlake.example.org", ""), f.encodingFormat])).toEqual([
      ["/data/results.csv", "text/csv"],
      ["/data/swimguide.json", "application/json"],
      ["/data/beach-readings.csv", "text/csv"],
      ["/data/beach-readings.json", "application/json"],
      ["/beach.atom", "application/atom+xml"],
    ]);
    expect(dataset.hasPart).toEqual([
      { "@id": "https://heronlake.example.org/the-lake/sites/beach#open-data" },
      { "@id": "https://heronlake.example.org/the-lake/sites/HERON%20DEEP%2F1#open-data" },
    ]);
  });

  it("leaves out what has nothing to publish: the Swim Guide file, the first beach's, a site without results, the dates", () => {
    const dataset = graph({ ...INPUT, swimGuide: false, firstBeach: false, sitesWithResults: new Set(), dateRange: null, parameters: [] })[3]!;
    expect((dataset.distribution as { contentUrl: string }[]).map((f) => f.contentUrl)).toEqual(["https://heronlake.example.org/data/results.csv"]);
    expect(dataset).not.toHaveProperty("temporalCoverage");
    expect(dataset).not.toHaveProperty("hasPart");
  });
});

describe("siteDatasetJsonLd", () => {
  const site = INPUT.sites[1]!;
  const input = { publicUrl: INPUT.publicUrl, associationName: INPUT.associationName, site, parameters: INPUT.parameters.slice(1), dateRange: { from: "2016-06", to: "2026-09" } };

  it("is the site's results as a Dataset, part of the lake's, with the site's own files under its encoded identifier", () => {
    const dataset = siteDatasetJsonLd(input);
    expect(dataset).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      "@id": "https://heronlake.example.org/the-lake/sites/HERON%20DEEP%2F1#open-data",
      isPartOf: { "@id": "https://heronlake.example.org/the-lake#open-data" },
      spatialCoverage: { "@type": "Place", "@id": "https://heronlake.example.org/the-lake#site-HERON%20DEEP%2F1", name: "Deep hole" },
      temporalCoverage: "2016-06/2026-09",
      variableMeasured: [{ "@type": "PropertyValue", name: "Secchi depth", alternateName: "Depth, Secchi disk depth", unitText: "m" }],
    });
    expect(dataset.spatialCoverage).not.toHaveProperty("geo");
    expect(dataset.distribution.map((f) => [f.contentUrl.replace("https://heronlake.example.org", ""), f.encodingFormat])).toEqual([
      ["/data/sites/HERON%20DEEP%2F1/readings.csv", "text/csv"],
      ["/data/sites/HERON%20DEEP%2F1/readings.json", "application/json"],
      ["/data/sites/HERON%20DEEP%2F1/readings.atom", "application/atom+xml"],
      ["/data/sites/HERON%20DEEP%2F1/results.csv", "text/csv"],
    ]);
    // The lake's Dataset names this one by the same @id.
    expect(graph(INPUT)[3]!.hasPart).toContainEqual({ "@id": dataset["@id"] });
  });

  it("gives a beach's position and leaves out an unknown span", () => {
    const dataset = siteDatasetJsonLd({ ...input, site: INPUT.sites[0]!, dateRange: null });
    expect(dataset.spatialCoverage).toMatchObject({ "@type": "Beach", geo: { "@type": "GeoCoordinates", latitude: 45.9183, longitude: -89.2437 } });
    expect(dataset).not.toHaveProperty("temporalCoverage");
  });
});

describe("lakeName", () => {
  it("is the association's name without Association, or the association's lake", () => {
    expect(lakeName("Heron Lake Association")).toBe("Heron Lake");
    expect(lakeName("Big Pine Lake Property Owners Association")).toBe("Big Pine Lake");
    expect(lakeName("Friends of Loon Pond")).toBe("The lake of the Friends of Loon Pond");
    expect(lakeName("Association")).toBe("The lake of the Association");
  });
});

describe("jsonLdText", () => {
  it("cannot end its script element, and reads back as the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
