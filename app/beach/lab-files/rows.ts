/**
 * One row of a lab file made into results (issue 27), or the reasons it cannot be: the date (ISO, US or an Excel
 * serial, not after today), the site (an existing one by identifier or name, or one the board confirmed creating),
 * the parameter (by catalogue id, name or WQX characteristic name), the unit (the parameter's: a wrong unit is an
 * error, never converted), the value as labs write it (`readResultText`: "12", ">2419.6", "<10", "ND"; formula
 * errors such as `#NUM!` refused) within the parameter's range, the qualifier (WQX ResultDetectionConditionText or
 * "<", ">", "ND"), the detection limit and the depth in metres. Pure.
 */
import { unitMatches, type ParameterDefinition } from "#app/beach/parameters.ts";
import { readResultText, type Qualifier } from "#app/beach/results.ts";
import { formatNumber } from "#app/platform/text/format.ts";
import { cellText, isEmptyCell, isErrorCell, type Cell } from "./cells.ts";
import { findParameter, findSite, siteKey, type KnownSite, type LabField, type LabMapping } from "./columns.ts";
import { readDateCell, readTimeCell } from "./dates.ts";

/** A result read from a file; `siteId` is "" for the default site, `newSite` the name of a site to be created. */
export interface FileResult {
  date: string;
  time: string;
  siteId: string;
  newSite: string;
  parameterId: string;
  value: number;
  qualifier: Qualifier;
  detectionLimit: number | null;
  depth: number | null;
}

/** What reading rows needs besides the mapping. */
export interface RowContext {
  mapping: LabMapping;
  /** The header names, in column order (`headerNames`). */
  names: readonly string[];
  /** The date of each column per date ("date-columns"), by column index. */
  columnDates: ReadonlyMap<number, string>;
  parameters: readonly ParameterDefinition[];
  sites: readonly KnownSite[];
  /** Today in the association's time zone, "YYYY-MM-DD": no result may be dated after it. */
  today: string;
  /** Whether the board confirmed creating the sites the file names and Shoreline does not know. */
  createSites: boolean;
  /** Lookups already made, by the text as written (a file names the same few sites and parameters again and again). */
  memo?: { sites: Map<string, KnownSite | null>; parameters: Map<string, ParameterDefinition | null> };
}

/** A row read: its results and its problems (a problem names the column of a wide file). */
export interface RowOutcome {
  results: FileResult[];
  problems: { column?: string; message: string }[];
  /** The site names not known (and not confirmed), for the board to confirm. */
  unknownSites: string[];
}

/** WQX ResultDetectionConditionText and the short forms labs write, as qualifiers. */
const CONDITIONS: Record<string, Qualifier> = {
  "": "",
  "<": "<",
  ">": ">",
  nd: "ND",
  "not detected": "ND",
  "present below quantification limit": "<",
  "below detection": "<",
  "below reporting limit": "<",
  "between inst detect and quant limit": "<",
  "detected not quantified": "<",
  "present above quantification limit": ">",
  "above operating range": ">",
};

function columnIndex(context: RowContext, field: LabField): number {
  const name = context.mapping.columns[field];
  return name === undefined ? -1 : context.names.indexOf(name);
}

function describe(cell: Cell | undefined): string {
  return isErrorCell(cell) ? cell.error : `"${cellText(cell)}"`;
}

function readNumber(cell: Cell | undefined): number | null | "bad" {
  if (isEmptyCell(cell)) return null;
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : "bad";
  const text = cellText(cell);
  return /^(\d+(\.\d+)?|\.\d+)$/.test(text) ? Number(text) : "bad";
}

/**
 * Reads the results of one data row.
 * @param cells the row's cells, in header order
 * @returns its results (none for a blank row, or a lab sheet's row of a site not sampled that day: no date and no
 *   value) and its problems; a row with a problem yields no result of the cell concerned
 */
export function readRow(cells: readonly Cell[], context: RowContext): RowOutcome {
  const outcome: RowOutcome = { results: [], problems: [], unknownSites: [] };
  const { mapping } = context;
  const at = (field: LabField) => {
    const i = columnIndex(context, field);
    return i < 0 ? null : (cells[i] ?? null);
  };
  const problem = (message: string, column?: string) => outcome.problems.push(column === undefined ? { message } : { column, message });

  if (mapping.shape === "long") {
    const dateCell = at("date");
    const valueCell = at("value");
    if (isEmptyCell(dateCell) && isEmptyCell(valueCell) && isEmptyCell(at("qualifier"))) return outcome;
    const when = readWhen(dateCell, at("time"), context, problem);
    const site = readSite(at("site"), context, outcome, problem);
    const parameter = readParameterOf(at("parameter"), context, problem);
    const result = parameter ? readValue(valueCell, at("unit"), at("qualifier"), at("detectionLimit"), parameter, problem) : null;
    const depth = readDepth(at("depth"), problem);
    if (when && site && parameter && result && depth !== "bad") {
      outcome.results.push({ ...when, ...site, parameterId: parameter.id, ...result, depth });
    }
    return outcome;
  }

  const parameter = readParameterOf(null, context, problem);
  if (mapping.shape === "site-columns") {
    const dateIndex = columnIndex(context, "date");
    const timeIndex = columnIndex(context, "time");
    const dataColumns = context.names.map((_, i) => i).filter((i) => i !== dateIndex && i !== timeIndex && !mapping.ignore.includes(context.names[i]!));
    if (dataColumns.every((i) => isEmptyCell(cells[i]))) return outcome;
    const when = readWhen(at("date"), at("time"), context, problem);
    for (const i of dataColumns) {
      const cell = cells[i] ?? null;
      if (isEmptyCell(cell)) continue;
      const column = context.names[i]!;
      const before = outcome.problems.length;
      const site = readSite(column, context, outcome, (m) => problem(m, column));
      const result = parameter ? readValue(cell, null, null, null, parameter, (m) => problem(m, column)) : null;
      if (when && site && parameter && result && outcome.problems.length === before) {
        outcome.results.push({ ...when, ...site, parameterId: parameter.id, ...result, depth: null });
      }
    }
    return outcome;
  }

  // A row per site, a column per date.
  const siteCell = at("site");
  const dateColumns = [...context.columnDates.keys()].filter((i) => !mapping.ignore.includes(context.names[i]!));
  if (dateColumns.every((i) => isEmptyCell(cells[i]))) return outcome;
  const site = readSite(siteCell, context, outcome, problem);
  if (!site) return outcome;
  for (const i of dateColumns) {
    const cell = cells[i] ?? null;
    if (isEmptyCell(cell)) continue;
    const column = context.names[i]!;
    const date = context.columnDates.get(i)!;
    if (date > context.today) {
      problem(`date ${date} is after today (${context.today})`, column);
      continue;
    }
    const result = parameter ? readValue(cell, null, null, null, parameter, (m) => problem(m, column)) : null;
    if (parameter && result) outcome.results.push({ date, time: "", ...site, parameterId: parameter.id, ...result, depth: null });
  }
  return outcome;
}

function readWhen(dateCell: Cell, timeCell: Cell, context: RowContext, problem: (m: string) => void): { date: string; time: string } | null {
  if (isErrorCell(dateCell)) {
    problem(`date ${dateCell.error} is a formula error, not a date`);
    return null;
  }
  if (isEmptyCell(dateCell)) {
    problem("date is empty");
    return null;
  }
  const read = readDateCell(dateCell);
  if (!read) {
    problem(`date ${describe(dateCell)} is not a date such as 2026-11-16 or 11/16/2026`);
    return null;
  }
  if (read.date > context.today) {
    problem(`date "${typeof dateCell === "number" ? read.date : cellText(dateCell)}" is after today (${context.today})`);
    return null;
  }
  let time = read.time;
  if (timeCell !== null && !isEmptyCell(timeCell)) {
    const t = readTimeCell(timeCell);
    if (t === null) {
      problem(`time ${describe(timeCell)} is not a time of day such as 10:30`);
      return null;
    }
    time = t;
  }
  return { date: read.date, time };
}

function readSite(cell: Cell | string, context: RowContext, outcome: RowOutcome, problem: (m: string) => void): { siteId: string; newSite: string } | null {
  if (context.mapping.columns.site === undefined && context.mapping.shape !== "site-columns") return { siteId: context.mapping.siteId, newSite: "" };
  if (isErrorCell(cell)) {
    problem(`site ${cell.error} is a formula error, not a site`);
    return null;
  }
  const name = cellText(cell).replace(/\s+/g, " ");
  if (name === "") {
    problem("site is empty");
    return null;
  }
  let site = context.memo?.sites.get(name);
  if (site === undefined) {
    site = findSite(context.sites, name) ?? null;
    context.memo?.sites.set(name, site);
  }
  if (site) return { siteId: site.id, newSite: "" };
  if (context.createSites) return { siteId: "", newSite: name };
  if (!outcome.unknownSites.some((s) => siteKey(s) === siteKey(name))) outcome.unknownSites.push(name);
  problem(`site "${name}" is not one of the sites`);
  return null;
}

function readParameterOf(cell: Cell, context: RowContext, problem: (m: string) => void): ParameterDefinition | null {
  const { mapping, parameters } = context;
  if (mapping.columns.parameter === undefined || mapping.shape !== "long") {
    const chosen = parameters.find((p) => p.id === mapping.parameterId);
    if (!chosen) problem("no parameter is chosen for this file");
    return chosen ?? null;
  }
  const text = cellText(cell);
  if (text === "") {
    problem("parameter is empty");
    return null;
  }
  let found = context.memo?.parameters.get(text);
  if (found === undefined) {
    found = findParameter(parameters, text) ?? null;
    context.memo?.parameters.set(text, found);
  }
  if (!found) problem(`parameter "${text}" is not in the catalogue`);
  return found;
}

function readValue(
  valueCell: Cell,
  unitCell: Cell,
  qualifierCell: Cell,
  limitCell: Cell,
  parameter: ParameterDefinition,
  problem: (m: string) => void,
): { value: number; qualifier: Qualifier; detectionLimit: number | null } | null {
  let ok = true;
  const unit = cellText(unitCell);
  if (!unitMatches(parameter, unit)) {
    problem(`unit "${unit}" is not ${parameter.name}'s (${parameter.unitLabel}); results are not converted`);
    ok = false;
  }
  const conditionText = cellText(qualifierCell).toLowerCase();
  const condition = CONDITIONS[conditionText];
  if (condition === undefined) {
    problem(`qualifier "${cellText(qualifierCell)}" is not <, >, ND or a WQX detection condition`);
    ok = false;
  }
  const limit = readNumber(limitCell);
  if (limit === "bad") {
    problem(`detection limit ${describe(limitCell)} is not a number`);
    ok = false;
  }
  if (isErrorCell(valueCell)) {
    problem(`value ${valueCell.error} is a formula error, not a result`);
    return null;
  }
  let read: { value: number; qualifier: Qualifier; detectionLimit: number | null };
  if (isEmptyCell(valueCell)) {
    // Not detected, or below a limit, with the limit in its own column and no value (as WQP writes them).
    if ((condition === "ND" || condition === "<") && limit !== "bad") {
      read = { value: limit ?? 0, qualifier: condition, detectionLimit: limit };
    } else {
      problem("value is empty");
      return null;
    }
  } else if (typeof valueCell === "number") {
    if (valueCell < 0) {
      problem(`value "${valueCell}" is negative; a result is 0 or more`);
      return null;
    }
    read = { value: valueCell, qualifier: "", detectionLimit: null };
  } else {
    const text = cellText(valueCell);
    const parsed = readResultText(text);
    if ("problem" in parsed) {
      problem(parsed.problem === "negative" ? `value "${text}" is negative; a result is 0 or more` : `value "${text}" is not a result such as 12, 12.5, >2419.6, <10 or ND`);
      return null;
    }
    read = parsed;
  }
  if (condition && read.qualifier === "") read = { ...read, qualifier: condition, detectionLimit: typeof limit === "number" ? limit : read.value };
  if (typeof limit === "number" && read.qualifier !== "") read = { ...read, detectionLimit: limit };
  if (read.value < parameter.minValue || read.value > parameter.maxValue) {
    problem(`value ${read.value} is outside ${parameter.name}'s range (${formatNumber(parameter.minValue)} to ${formatNumber(parameter.maxValue)} ${parameter.unitLabel})`);
    return null;
  }
  return ok ? read : null;
}

function readDepth(cell: Cell, problem: (m: string) => void): number | null | "bad" {
  const depth = readNumber(cell);
  if (depth === "bad" || (depth !== null && depth > 1000)) {
    problem(`depth ${describe(cell)} is not a depth in metres`);
    return "bad";
  }
  return depth;
}
