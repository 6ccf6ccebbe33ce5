/**
 * Which column of a lab file holds what (issue 27): the header row found under any title rows, the file's shape
 * (a row per result, a column per site, or a column per date), and a guess of each column's meaning from its name,
 * which the board can correct. Water Quality Portal downloads are read by their exact column names
 * (https://www.waterqualitydata.us/portal_userguide/, "Result" profile). Pure.
 */
import { cellText, columnLetter, isEmptyCell, type Cell } from "./cells.ts";
import { isDateHeader } from "./dates.ts";

/** What a column can hold. */
export const LAB_FIELDS = ["date", "time", "site", "parameter", "value", "unit", "qualifier", "detectionLimit", "depth"] as const;
export type LabField = (typeof LAB_FIELDS)[number];

/** The fields as the mapping form names them. */
export const FIELD_LABELS: Record<LabField, string> = {
  date: "Sample date",
  time: "Time",
  site: "Site",
  parameter: "Parameter",
  value: "Result",
  unit: "Unit",
  qualifier: "Qualifier",
  detectionLimit: "Detection limit",
  depth: "Depth (m)",
};

/**
 * A file's shapes: "long", a row per result; "site-columns", a row per date and a column per site (`Date,Calumet,
 * Rainbow,…`); "date-columns", a row per site and a column per date (the Chicago summary sheet).
 */
export const LAB_SHAPES = ["long", "site-columns", "date-columns"] as const;
export type LabShape = (typeof LAB_SHAPES)[number];

export const SHAPE_LABELS: Record<LabShape, string> = {
  long: "A row per result",
  "site-columns": "A row per date, a column per site",
  "date-columns": "A row per site, a column per date",
};

/**
 * How a file is read: its shape, the header name of each field's column (absent: the file has none), the parameter
 * of every result when no column names it ("" none chosen), and the site of every result when no column names it
 * ("" the first beach). In a wide file, `columns.date` ("site-columns") or `columns.site` ("date-columns") is the key
 * column, and every other column, but those in `ignore`, holds results.
 */
export interface LabMapping {
  shape: LabShape;
  columns: Partial<Record<LabField, string>>;
  parameterId: string;
  siteId: string;
  ignore: string[];
}

/** A parameter as the guesses know it. */
export interface KnownParameter {
  id: string;
  name: string;
  characteristicName: string;
}

/** A site as the guesses know it. */
export interface KnownSite {
  id: string;
  name: string;
  identifier: string;
}

/** Water Quality Portal columns, by their exact names; the other WQP columns (units of a limit, time zones…) mean nothing here. */
export const WQP_COLUMNS: Record<string, LabField> = {
  MonitoringLocationIdentifier: "site",
  ActivityStartDate: "date",
  "ActivityStartTime/Time": "time",
  CharacteristicName: "parameter",
  ResultMeasureValue: "value",
  "ResultMeasure/MeasureUnitCode": "unit",
  ResultDetectionConditionText: "qualifier",
  "DetectionQuantitationLimitMeasure/MeasureValue": "detectionLimit",
  "ActivityDepthHeightMeasure/MeasureValue": "depth",
};

/** Names (lower case, runs of anything but letters and digits as one space) that mean a field. */
const NAMES: Record<LabField, readonly string[]> = {
  date: ["date", "sample date", "sampling date", "collection date", "date sampled", "sampled", "date time", "datetime", "activity start date"],
  time: ["time", "sample time", "sampling time", "collection time", "sample collection time", "time sampled"],
  site: ["site", "site name", "site id", "beach", "beach name", "station", "station id", "station name", "location", "location id", "monitoring location", "client id", "sample site", "sample location", "sampling site"],
  parameter: ["parameter", "characteristic", "characteristic name", "analyte", "determinand", "test", "measure"],
  value: ["value", "result", "result value", "reading", "concentration", "measurement", "count"],
  unit: ["unit", "units", "result unit", "unit code"],
  qualifier: ["qualifier", "result qualifier", "flag", "remark", "detection condition"],
  detectionLimit: ["detection limit", "mdl", "reporting limit", "method detection limit", "dl"],
  depth: ["depth", "depth m", "sample depth", "sample depth m", "depth meters", "depth metres"],
};

/** A header name as compared: lower case, anything but letters and digits as one space, trimmed. */
export function normalName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9µ]+/g, " ")
    .trim();
}

/** A parameter name as compared: lower case letters and digits only ("E. coli" and "ecoli" are one). */
export function parameterKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** The parameter a text names (its id, name or WQX characteristic name, or "E. coli"), or undefined. */
export function findParameter<P extends KnownParameter>(parameters: readonly P[], text: string): P | undefined {
  const key = parameterKey(text);
  if (key === "") return undefined;
  return parameters.find((p) => parameterKey(p.id) === key || parameterKey(p.name) === key || parameterKey(p.characteristicName) === key);
}

/** A site name as compared: lower case, runs of white space as one, trimmed ("57th " is "57th"). */
export function siteKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The site a text names (its identifier or its name, case-insensitively), or undefined. */
export function findSite<S extends KnownSite>(sites: readonly S[], text: string): S | undefined {
  const key = siteKey(text);
  if (key === "") return undefined;
  return sites.find((s) => siteKey(s.identifier) === key) ?? sites.find((s) => siteKey(s.name) === key);
}

/** The field a header name means, or undefined. */
export function guessField(name: string): LabField | undefined {
  if (name in WQP_COLUMNS) return WQP_COLUMNS[name];
  // Other WQP-style names ("ActivityStartTime/TimeZoneCode", "ResultAnalyticalMethod/MethodName") mean nothing here.
  if (name.includes("/") && /[a-z][A-Z]/.test(name)) return undefined;
  const normal = normalName(name);
  for (const field of LAB_FIELDS) if (NAMES[field].includes(normal)) return field;
  if (/(^| )date( |$)/.test(normal)) return "date";
  if (/(^| )time( |$)/.test(normal)) return "time";
  return undefined;
}

/** The header names of a header row: its cells as text, an empty one named by its letter ("Column A"). */
export function headerNames(cells: readonly Cell[]): string[] {
  return cells.map((cell, i) => {
    const text = cellText(cell).replace(/\s+/g, " ");
    return text === "" ? `Column ${columnLetter(i)}` : text;
  });
}

/** How many rows from the top the header is looked for in. */
export const HEADER_SEARCH_ROWS = 30;

/**
 * The header row of a sheet: among its first rows, the first with at least two filled cells that names at least two
 * fields or parameters, or at least one when all its cells are text (`Date,Calumet,Rainbow`), or at least two dates
 * (a column per date). Title rows above it (one filled cell) are passed over.
 * @param rows the sheet's first rows (up to `HEADER_SEARCH_ROWS`)
 * @returns the index in `rows`, or -1 when none looks like a header
 */
export function findHeaderRow(rows: readonly (readonly Cell[])[], parameters: readonly KnownParameter[]): number {
  let fallback = -1;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const cells = rows[i]!.filter((c) => !isEmptyCell(c));
    if (cells.length < 2) continue;
    const named = cells.filter((c) => typeof c === "string" && (guessField(c.trim()) !== undefined || findParameter(parameters, c) !== undefined)).length;
    const dates = cells.filter((c) => isDateHeader(c)).length;
    const allText = cells.every((c) => typeof c === "string" && !/^[\d.,<>\s-]+$/.test(c));
    if (named >= 2 || (named >= 1 && allText) || dates >= 2) return i;
    if (fallback < 0 && allText) fallback = i;
  }
  return fallback;
}

/**
 * The guessed mapping of a header: each field's first column by name (a column named as a parameter, such as
 * "Escherichia coli", is the result column of that parameter); the shape from the names (two or more date columns:
 * a column per date; a date column and no result column: a column per site). A file without a parameter column
 * is taken as E. coli (the parameter of every reading before issue 27) until the board picks another.
 * @param header the header cells as read (dates in a wide header may be Excel serials)
 */
export function guessMapping(header: readonly Cell[], parameters: readonly KnownParameter[], defaults: { parameterId?: string; siteId?: string } = {}): LabMapping {
  const names = headerNames(header);
  const columns: Partial<Record<LabField, string>> = {};
  // A file without a parameter column is E. coli's until the board picks another: every reading was, before issue 27.
  let parameterId = defaults.parameterId ?? "ecoli";
  const dateColumns = header.filter((c) => isDateHeader(c)).length;
  const lower = new Set(names.map((n) => n.toLowerCase()));
  // The lab export the first importer read (db/data/montrose-beach-ecoli-2013-2015.csv): its results are all the
  // first beach's E. coli, whatever its client_id column says, as they always were.
  if (lower.has("sample_date") && lower.has("escherichia_coli")) {
    return { shape: "long", columns: { date: names.find((n) => n.toLowerCase() === "sample_date")!, value: names.find((n) => n.toLowerCase() === "escherichia_coli")! }, parameterId: "ecoli", siteId: defaults.siteId ?? "", ignore: [] };
  }
  if (dateColumns >= 2) {
    const site = names.find((n, i) => !isDateHeader(header[i]) && (guessField(n) === "site" || n.startsWith("Column "))) ?? names.find((_, i) => !isDateHeader(header[i]));
    if (site !== undefined) columns.site = site;
    // Named columns that are not dates (counts, totals) are left out, and said so; unnamed ones hold no date anyway.
    const ignore = names.filter((n, i) => n !== site && !isDateHeader(header[i]) && !isEmptyCell(header[i]));
    return { shape: "date-columns", columns, parameterId, siteId: defaults.siteId ?? "", ignore };
  }
  names.forEach((name, i) => {
    const field = guessField(name);
    if (field !== undefined && columns[field] === undefined) columns[field] = name;
    if (field === undefined && columns.value === undefined && typeof header[i] === "string") {
      const parameter = findParameter(parameters, name);
      if (parameter) {
        columns.value = name;
        if (columns.parameter === undefined) parameterId = parameter.id;
      }
    }
  });
  if (columns.value === undefined && columns.date !== undefined && columns.site === undefined && names.length > 1) {
    const ignore = names.filter((n) => n !== columns.date && n !== columns.time && guessField(n) !== undefined);
    return { shape: "site-columns", columns: { date: columns.date, ...(columns.time ? { time: columns.time } : {}) }, parameterId, siteId: defaults.siteId ?? "", ignore };
  }
  return { shape: "long", columns, parameterId, siteId: defaults.siteId ?? "", ignore: [] };
}

/**
 * What identifies a kind of file, for remembering its mapping: its header names, lower case, with every date
 * column standing as "(date)" (a summary sheet gains a column per day), sorted and without repeats.
 */
export function sourceKey(header: readonly Cell[]): string {
  const names = headerNames(header).map((n, i) => (isDateHeader(header[i]) ? "(date)" : n.toLowerCase()));
  return [...new Set(names)].sort().join("\u001f");
}

/**
 * What is missing for a mapping to be read: the messages the mapping form shows beside its fields, by field
 * ("shape" for the parameter of a one-parameter file, which is not a column).
 */
export function mappingProblems(mapping: LabMapping, names: readonly string[]): Partial<Record<LabField | "parameterId", string>> {
  const problems: Partial<Record<LabField | "parameterId", string>> = {};
  for (const field of LAB_FIELDS) {
    const column = mapping.columns[field];
    if (column !== undefined && !names.includes(column)) problems[field] = `This file has no column "${column}".`;
  }
  if (mapping.shape === "long") {
    if (mapping.columns.date === undefined) problems.date ??= "Choose the column of the sample dates.";
    if (mapping.columns.value === undefined) problems.value ??= "Choose the column of the results.";
  } else if (mapping.shape === "site-columns") {
    if (mapping.columns.date === undefined) problems.date ??= "Choose the column of the sample dates: every other column is a site.";
  } else if (mapping.columns.site === undefined) {
    problems.site ??= "Choose the column of the sites: every column headed by a date holds results.";
  }
  if (mapping.columns.parameter === undefined && mapping.parameterId === "") problems.parameterId = "Choose the parameter of these results: the file has no parameter column.";
  return problems;
}
