/**
 * The lake, its sites and its readings as schema.org structured data (JSON-LD, issue 27 point 7), for search engines
 * and data catalogues (Google Dataset Search reads `Dataset`): the lake as a `LakeBodyOfWater`, each beach as a
 * `Beach` and each open-water station as a `Place`, with `geo` (`GeoCoordinates`, WGS 84) where the board gave a
 * position, and the results as a `Dataset` whose `distribution` is the lake-wide open-data files (`DataDownload` with
 * its `encodingFormat`), whose `variableMeasured` comes from the catalogue, whose `temporalCoverage` is the span of
 * sample dates and whose `hasPart` names each site's own Dataset, described with its files on the site's page
 * (`siteDatasetJsonLd`). Vocabulary: https://schema.org/LakeBodyOfWater, https://schema.org/Beach, https://schema.org/Dataset,
 * https://schema.org/DataDownload. Pure: built on the server, written into the pages' heads by the server (`addJsonLd`, app/platform/http/head-extras.server.ts).
 */

/** A site as the structured data names it. */
export interface JsonLdSite {
  identifier: string;
  name: string;
  kind: string;
  latitude: number | null;
  longitude: number | null;
}

/** A measured parameter as `variableMeasured` names it. */
export interface JsonLdParameter {
  name: string;
  /** WQX CharacteristicName. */
  characteristicName: string;
  unitLabel: string;
}

export interface LakeJsonLdInput {
  /** The site's public address without a trailing slash: every URL is absolute. */
  publicUrl: string;
  /** The association's name. */
  associationName: string;
  /** Every site, in the board's order. */
  sites: readonly JsonLdSite[];
  /** The parameters that have results, in the catalogue's order. */
  parameters: readonly JsonLdParameter[];
  /** The identifiers of the sites that have results (their datasets are named in `hasPart`). */
  sitesWithResults: ReadonlySet<string>;
  /** The first and last sample dates, or null without results. */
  dateRange: { from: string; to: string } | null;
  /** Whether /data/swimguide.json has a record to publish (it answers 404 otherwise). */
  swimGuide: boolean;
  /** Whether there is a first beach, whose E. coli /data/beach-readings.* and /beach.atom publish. */
  firstBeach: boolean;
}

/**
 * The lake's name from the association's: "Heron Lake Association" → "Heron Lake"; a name without "Association" at
 * its end is the association's lake ("The lake of the Friends of Loon Pond").
 */
export function lakeName(associationName: string): string {
  const stripped = associationName.replace(/\s+(Property Owners\s+|Protective\s+|Improvement\s+)?Association$/i, "").trim();
  return stripped !== associationName && stripped !== "" ? stripped : `The lake of the ${associationName}`;
}

/** A site's own address segment: its identifier, encoded for a path. */
const sitePath = (identifier: string) => `/data/sites/${encodeURIComponent(identifier)}`;

/** The encodingFormat of each kind of file. */
const FORMATS = { csv: "text/csv", json: "application/json", atom: "application/atom+xml" } as const;

/** A file as a `DataDownload` with its absolute URL. */
function download(publicUrl: string, path: string, format: keyof typeof FORMATS, name: string, description: string) {
  return { "@type": "DataDownload", name, description, encodingFormat: FORMATS[format], contentUrl: `${publicUrl}${path}` };
}

/**
 * The lake-wide open-data files, as `DataDownload`s: every result in WQX columns, the Swim Guide file while it has a
 * record, and the first beach's E. coli files from before issue 27. Each site's own files are on its page
 * (`siteDatasetJsonLd`), so that /the-lake stays the same size however many sites the lake has.
 */
function distribution(input: LakeJsonLdInput) {
  const { publicUrl } = input;
  const files = [download(publicUrl, "/data/results.csv", "csv", "Every result (WQX)", "Every result of every site in the Water Quality Portal's (WQX) result columns.")];
  if (input.swimGuide) files.push(download(publicUrl, "/data/swimguide.json", "json", "Swim Guide (RecML 1.0.1)", "The beaches' latest results in the Swim Drink Fish open data standard (RecML 1.0.1), which Swim Guide reads."));
  if (input.firstBeach) {
    files.push(
      download(publicUrl, "/data/beach-readings.csv", "csv", "Beach E. coli readings (CSV)", "The beach's E. coli readings with their date, value, unit and status."),
      download(publicUrl, "/data/beach-readings.json", "json", "Beach E. coli readings (JSON)", "The beach's E. coli readings with their date, value, unit and status."),
      download(publicUrl, "/beach.atom", "atom", "Beach E. coli readings (Atom)", "A feed of the beach's latest E. coli readings."),
    );
  }
  return files;
}

/** A site's own open-data files: its results as CSV, JSON and Atom, and in WQX result columns (paths from the site's root). */
export function siteFiles(identifier: string) {
  const path = sitePath(identifier);
  return { csv: `${path}/readings.csv`, json: `${path}/readings.json`, atom: `${path}/readings.atom`, wqx: `${path}/results.csv` };
}

/** The address of a site's page, and of its dataset there. */
const sitePage = (publicUrl: string, identifier: string) => `${publicUrl}/the-lake/sites/${encodeURIComponent(identifier)}`;

/**
 * The structured data of /the-lake: one JSON-LD document with a `@graph` of the lake, its sites and the dataset,
 * tied together by `@id`s under the page's address.
 */
export function lakeJsonLd(input: LakeJsonLdInput) {
  const page = `${input.publicUrl}/the-lake`;
  const lakeId = `${page}#lake`;
  const siteId = (identifier: string) => `${page}#site-${encodeURIComponent(identifier)}`;
  const organization = { "@type": "Organization", name: input.associationName, url: input.publicUrl };
  const name = lakeName(input.associationName);
  const places = input.sites.map((site) => ({
    "@type": site.kind === "beach" ? "Beach" : "Place",
    "@id": siteId(site.identifier),
    name: site.name,
    identifier: site.identifier,
    ...(site.latitude !== null && site.longitude !== null ? { geo: { "@type": "GeoCoordinates", latitude: site.latitude, longitude: site.longitude } } : {}),
    containedInPlace: { "@id": lakeId },
  }));
  const parameterNames = input.parameters.map((p) => p.name);
  const dataset = {
    "@type": "Dataset",
    "@id": `${page}#open-data`,
    name: `${name}: water-quality results`,
    description: `Water-quality results sampled by the ${input.associationName} at ${name}${parameterNames.length ? ` (${parameterNames.join(", ")})` : ""}: each result with its site, sample date, parameter, unit and the lab's qualifier.`,
    url: `${page}#open-data`,
    isAccessibleForFree: true,
    creator: organization,
    publisher: organization,
    spatialCoverage: { "@id": lakeId },
    ...(input.dateRange ? { temporalCoverage: `${input.dateRange.from}/${input.dateRange.to}` } : {}),
    variableMeasured: input.parameters.map((p) => ({ "@type": "PropertyValue", name: p.name, alternateName: p.characteristicName, unitText: p.unitLabel })),
    distribution: distribution(input),
    // Each site's results are a dataset of their own, described on the site's page with its files.
    ...(input.sitesWithResults.size > 0
      ? { hasPart: input.sites.filter((s) => input.sitesWithResults.has(s.identifier)).map((s) => ({ "@id": `${sitePage(input.publicUrl, s.identifier)}#open-data` })) }
      : {}),
  };
  return {
    "@context": "https://schema.org",
    "@graph": [{ "@type": "LakeBodyOfWater", "@id": lakeId, name, url: page, containsPlace: places.map((p) => ({ "@id": p["@id"] })) }, ...places, dataset],
  };
}

/** What a site's page says of its own results (`siteDatasetJsonLd`). */
export interface SiteDatasetInput {
  publicUrl: string;
  associationName: string;
  site: JsonLdSite;
  /** The site's parameters that have results, in the catalogue's order. */
  parameters: readonly JsonLdParameter[];
  /** The first and last sample periods (ISO 8601 dates or months), or null without results. */
  dateRange: { from: string; to: string } | null;
}

/**
 * The structured data of a site's page (/the-lake/sites/<identifier>): its results as a `Dataset`, part of the lake's
 * (`isPartOf` the Dataset of /the-lake), with the site's own files as its `distribution`.
 */
export function siteDatasetJsonLd(input: SiteDatasetInput) {
  const { publicUrl, site } = input;
  const page = sitePage(publicUrl, site.identifier);
  const organization = { "@type": "Organization", name: input.associationName, url: publicUrl };
  const names = input.parameters.map((p) => p.name);
  const paths = siteFiles(site.identifier);
  const every = `Every result at ${site.name}, every parameter with its unit and the lab's qualifier.`;
  const files = [
    download(publicUrl, paths.csv, "csv", `${site.name}: results (CSV)`, every),
    download(publicUrl, paths.json, "json", `${site.name}: results (JSON)`, every),
    download(publicUrl, paths.atom, "atom", `${site.name}: results (Atom)`, `A feed of the latest results at ${site.name}.`),
    download(publicUrl, paths.wqx, "csv", `${site.name}: results (WQX)`, `Every result at ${site.name} in the Water Quality Portal's (WQX) result columns.`),
  ];
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    "@id": `${page}#open-data`,
    name: `${site.name}: water-quality results`,
    description: `Water-quality results sampled by the ${input.associationName} at ${site.name}${names.length ? ` (${names.join(", ")})` : ""}: each result with its sample date, parameter, unit and the lab's qualifier.`,
    url: `${page}#open-data`,
    isAccessibleForFree: true,
    creator: organization,
    publisher: organization,
    isPartOf: { "@id": `${publicUrl}/the-lake#open-data` },
    spatialCoverage: {
      "@type": site.kind === "beach" ? "Beach" : "Place",
      "@id": `${publicUrl}/the-lake#site-${encodeURIComponent(site.identifier)}`,
      name: site.name,
      ...(site.latitude !== null && site.longitude !== null ? { geo: { "@type": "GeoCoordinates", latitude: site.latitude, longitude: site.longitude } } : {}),
    },
    ...(input.dateRange ? { temporalCoverage: `${input.dateRange.from}/${input.dateRange.to}` } : {}),
    variableMeasured: input.parameters.map((p) => ({ "@type": "PropertyValue", name: p.name, alternateName: p.characteristicName, unitText: p.unitLabel })),
    distribution: files,
  };
}
