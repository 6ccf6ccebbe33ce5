/**
 * The lab file importer (issue 27), behind both the Measurements screen and `npm run import:measurements`: reads a
 * CSV or a workbook (`openLabFile`), finds each sheet's header row, takes the mapping remembered for the source,
 * else guesses it (`guessMapping`), reads every row (`readRow`), and then either
 *
 * - inspects the file (`inspectLabFile`): the mapping, the first results as read, every problem row named by sheet
 *   and line with its reason, the sites the file names that Shoreline does not know, and the count of good results;
 * - or imports it (`importLabFile`): all or nothing, or only the good results when the board chose so, written
 *   batch by batch in one transaction through `importResultBatches` (app/beach/updates.server.ts), so that the
 *   status alert is decided once; duplicates of stored results are skipped; the sites the board confirmed are
 *   created in the same transaction; the mapping is remembered for the next file of the same source.
 *
 * The file is read twice on import (once to count its problems and sites, once to write), a batch of results at a
 * time: a CSV is never held whole, nor are its results; a workbook is parsed once and held meanwhile.
 */
import { createHash } from "node:crypto";
import type { Database } from "#app/platform/data/db.server.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import type { ParameterDefinition } from "#app/beach/parameters.ts";
import { resultText } from "#app/beach/results.ts";
import type { ResultInput } from "#app/beach/data/readings.server.ts";
import { listParameters } from "#app/beach/data/parameters.server.ts";
import { getFirstBeach, listSites } from "#app/beach/data/sites.server.ts";
import { addSitesFromFile, getLabMapping, saveLabMapping } from "#app/beach/data/lab-files.server.ts";
import { importResultBatches, type BeachServices } from "#app/beach/updates.server.ts";
import type { Cell, SheetRow } from "./cells.ts";
import { findHeaderRow, guessMapping, HEADER_SEARCH_ROWS, headerNames, mappingProblems, siteKey, sourceKey, type KnownSite, type LabField, type LabMapping } from "./columns.ts";
import { readDateCell } from "./dates.ts";
import { readLabMapping } from "./mapping-schema.ts";
import { LabFileError, openLabFile, type LabFile, type LabFileKind } from "./read-file.server.ts";
import { readRow, type FileResult, type RowContext } from "./rows.ts";

/** One problem of a file: where (sheet, "" for a CSV; line; the column of a wide file) and why. */
export interface LabFileProblem {
  sheet: string;
  line: number;
  column?: string;
  /** The whole message: `sheet "May 18", line 2: value #NUM! is a formula error, not a result`. */
  message: string;
}

/** A result as the preview shows it. */
export interface PreviewResult {
  sheet: string;
  line: number;
  date: string;
  time: string;
  site: string;
  parameter: string;
  result: string;
  unit: string;
  depth: number | null;
}

/** Where a file's mapping came from. */
export type MappingSource = "remembered" | "guessed" | "chosen";

/** What an inspection of a file found. */
export interface Inspection {
  kind: LabFileKind;
  /** Every sheet of the workbook ([""] for a CSV). */
  sheets: string[];
  /** The sheet read, or null for every sheet. */
  sheet: string | null;
  /** The header the mapping is about: its sheet, line and names; null when no sheet has a header row. */
  header: { sheet: string; line: number; names: string[] } | null;
  mapping: LabMapping;
  mappingSource: MappingSource;
  /** The source's fingerprint (the mapping is remembered under it). */
  fingerprint: string;
  /** What the mapping lacks, by field (the form shows each beside its field); empty when it can be read. */
  mappingProblems: Partial<Record<LabField | "parameterId", string>>;
  /** The first results, as they will be imported. */
  preview: PreviewResult[];
  /** Every problem, in file order (up to `MAX_PROBLEMS_KEPT`; `problemCount` counts them all). */
  problems: LabFileProblem[];
  problemCount: number;
  /** How many rows have at least one problem. */
  problemRows: number;
  /** The results that can be imported. */
  goodCount: number;
  /** Sites the file names and Shoreline does not know, with how many rows name each (created only when confirmed). */
  unknownSites: { name: string; rows: number }[];
  /** The sites to be created, when the board confirmed it. */
  newSites: string[];
  /** Sheets not read (every-sheet mode), with why. */
  skippedSheets: { sheet: string; reason: string }[];
}

/** The options of a read. */
export interface LabFileOptions {
  /** One sheet by name; undefined or null: every sheet whose header has the mapping's columns. */
  sheet?: string | null;
  /** The board's mapping; else the one remembered for the source; else the guess. */
  mapping?: LabMapping;
  /** Whether the board confirmed creating the sites the file names and Shoreline does not know. */
  createSites?: boolean;
  /** How many results the preview shows (default 10). */
  previewSize?: number;
}

/** The most problems kept for showing (all are counted). */
export const MAX_PROBLEMS_KEPT = 5000;
/** Results per insert batch. */
const BATCH = 2000;

interface Catalogue {
  parameters: ParameterDefinition[];
  sites: KnownSite[];
  firstBeach: { id: string; name: string } | undefined;
  today: string;
}

async function catalogue(db: Database, now: number): Promise<Catalogue> {
  const [timeZone, parameters, sites, firstBeach] = await Promise.all([getTimeZone(db), listParameters(db), listSites(db), getFirstBeach(db)]);
  return { parameters, sites, firstBeach, today: todayIn(timeZone, new Date(now)) };
}

/** A sheet's header: the rows read before it (kept, to be read again), its index among them, its cells. */
interface SheetHead {
  buffered: SheetRow[];
  rest: AsyncGenerator<SheetRow>;
  headerIndex: number;
}

async function readHead(file: LabFile, sheet: string, parameters: readonly ParameterDefinition[]): Promise<SheetHead> {
  const rest = file.rows(sheet);
  const buffered: SheetRow[] = [];
  while (buffered.length < HEADER_SEARCH_ROWS) {
    const next = await rest.next();
    if (next.done) break;
    buffered.push(next.value);
  }
  return { buffered, rest, headerIndex: findHeaderRow(buffered.map((r) => r.cells), parameters) };
}

/** The fingerprint of a header: a SHA-256 of its `sourceKey`, 32 hex digits. */
export function fingerprintOf(header: readonly Cell[]): string {
  return createHash("sha256").update(sourceKey(header)).digest("hex").slice(0, 32);
}

/** The sheets a pass reads, the mapping and the header it rests on. */
interface Plan {
  kind: LabFileKind;
  sheets: string[];
  selected: string[];
  header: Inspection["header"];
  headerCells: Cell[];
  mapping: LabMapping;
  mappingSource: MappingSource;
  fingerprint: string;
  skippedSheets: { sheet: string; reason: string }[];
}

/**
 * Decides which sheets are read and with which mapping: one sheet, or (every sheet) the sheets whose header names
 * are those of the most common header among the sheets (a workbook with a sheet per day and a summary reads the
 * days, with the summary skipped and named).
 */
async function plan(db: Database, file: LabFile, options: LabFileOptions, parameters: readonly ParameterDefinition[]): Promise<Plan> {
  const wanted = options.sheet === undefined || options.sheet === null || options.sheet === "" ? file.sheets : file.sheets.filter((s) => s === options.sheet);
  if (wanted.length === 0) throw new LabFileError(`This workbook has no sheet "${options.sheet}"; its sheets are ${file.sheets.map((s) => `"${s}"`).join(", ")}.`);
  const heads: { sheet: string; cells: Cell[] | null; line: number }[] = [];
  for (const sheet of wanted) {
    const head = await readHead(file, sheet, parameters);
    await head.rest.return(undefined);
    const row = head.headerIndex >= 0 ? head.buffered[head.headerIndex]! : null;
    heads.push({ sheet, cells: row?.cells.slice() ?? null, line: row?.line ?? 0 });
  }
  const counts = new Map<string, number>();
  for (const h of heads) if (h.cells) counts.set(sourceKey(h.cells), (counts.get(sourceKey(h.cells)) ?? 0) + 1);
  const commonKey = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const base = heads.find((h) => h.cells && sourceKey(h.cells) === commonKey);
  const headerCells = base?.cells ?? [];
  const fingerprint = fingerprintOf(headerCells);
  let mapping = options.mapping;
  let mappingSource: MappingSource = "chosen";
  if (!mapping) {
    const remembered = base ? await getLabMapping(db, fingerprint) : undefined;
    mapping = remembered ? readLabMapping(remembered.mapping) : undefined;
    mappingSource = mapping ? "remembered" : "guessed";
    mapping ??= guessMapping(headerCells, parameters);
  }
  const needed = Object.values(mapping.columns);
  const selected: string[] = [];
  const skippedSheets: Plan["skippedSheets"] = [];
  for (const h of heads) {
    if (!h.cells) {
      skippedSheets.push({ sheet: h.sheet, reason: "no header row was found in its first rows" });
      continue;
    }
    const names = headerNames(h.cells);
    const missing = needed.filter((n) => !names.includes(n));
    if (wanted.length > 1 && missing.length > 0) {
      skippedSheets.push({ sheet: h.sheet, reason: `it has no column ${missing.map((m) => `"${m}"`).join(", ")}` });
      continue;
    }
    selected.push(h.sheet);
  }
  return {
    kind: file.kind,
    sheets: file.sheets,
    selected,
    header: base ? { sheet: base.sheet, line: base.line, names: headerNames(headerCells) } : null,
    headerCells,
    mapping,
    mappingSource,
    fingerprint,
    skippedSheets,
  };
}

function where(sheet: string, line: number, column?: string): string {
  return `${sheet === "" ? "" : `sheet "${sheet}", `}line ${line}${column === undefined ? "" : `, column "${column}"`}`;
}

/** One row's outcome, with where it is. */
interface RowRead {
  sheet: string;
  line: number;
  results: FileResult[];
  problems: LabFileProblem[];
  unknownSites: string[];
}

/** Reads every selected sheet once, yielding each data row's results and problems. */
async function* readRows(file: LabFile, p: Plan, cat: Catalogue, createSites: boolean): AsyncGenerator<RowRead> {
  for (const sheet of p.selected) {
    const head = await readHead(file, sheet, cat.parameters);
    if (head.headerIndex < 0) continue;
    const headerCells = head.buffered[head.headerIndex]!.cells;
    const names = headerNames(headerCells);
    const columnDates = new Map<number, string>();
    if (p.mapping.shape === "date-columns") {
      headerCells.forEach((cell, i) => {
        const read = readDateCell(cell);
        if (read && names[i] !== p.mapping.columns.site) columnDates.set(i, read.date);
      });
    }
    const context: RowContext = { mapping: p.mapping, names, columnDates, parameters: cat.parameters, sites: cat.sites, today: cat.today, createSites, memo: { sites: new Map(), parameters: new Map() } };
    const read = (row: SheetRow): RowRead => {
      const outcome = readRow(row.cells, context);
      const problems = outcome.problems.map((problem) => ({
        sheet,
        line: row.line,
        ...(problem.column === undefined ? {} : { column: problem.column }),
        message: `${where(sheet, row.line, problem.column)}: ${problem.message}`,
      }));
      return { sheet, line: row.line, results: outcome.results, problems, unknownSites: outcome.unknownSites };
    };
    for (const row of head.buffered.slice(head.headerIndex + 1)) yield read(row);
    for await (const row of head.rest) yield read(row);
  }
}

/**
 * Reads a lab file and reports what an import would do, writing nothing.
 * @param path the file on disk (CSV, `.xlsx` or `.xls`, told by its bytes)
 * @param now ms since epoch: "today" in the association's time zone, after which no result may be dated
 * @throws LabFileError with a message for the board when the file cannot be read or the workbook has no such sheet
 */
export async function inspectLabFile(db: Database, path: string, options: LabFileOptions = {}, now = Date.now()): Promise<Inspection> {
  return inspectOpened(db, await openLabFile(path), options, now);
}

/** `inspectLabFile` of a file already opened (a workbook is parsed once for the inspection and the write). */
async function inspectOpened(db: Database, file: LabFile, options: LabFileOptions, now: number): Promise<Inspection> {
  const cat = await catalogue(db, now);
  const p = await plan(db, file, options, cat.parameters);
  const names = p.header?.names ?? [];
  const missing = mappingProblems(p.mapping, names);
  const inspection: Inspection = {
    kind: p.kind,
    sheets: p.sheets,
    sheet: options.sheet ? options.sheet : null,
    header: p.header,
    mapping: p.mapping,
    mappingSource: p.mappingSource,
    fingerprint: p.fingerprint,
    mappingProblems: missing,
    preview: [],
    problems: [],
    problemCount: 0,
    problemRows: 0,
    goodCount: 0,
    unknownSites: [],
    newSites: [],
    skippedSheets: p.skippedSheets,
  };
  if (!p.header || Object.keys(missing).length > 0) return inspection;
  const siteName = new Map(cat.sites.map((s) => [s.id, s.name]));
  const parameterOf = new Map(cat.parameters.map((x) => [x.id, x]));
  const unknown = new Map<string, { name: string; rows: number }>();
  const newSites = new Map<string, string>();
  const previewSize = options.previewSize ?? 10;
  for await (const row of readRows(file, p, cat, options.createSites === true)) {
    for (const name of row.unknownSites) {
      const key = siteKey(name);
      const entry = unknown.get(key) ?? { name, rows: 0 };
      entry.rows++;
      unknown.set(key, entry);
    }
    if (row.problems.length > 0) inspection.problemRows++;
    for (const problem of row.problems) {
      inspection.problemCount++;
      if (inspection.problems.length < MAX_PROBLEMS_KEPT) inspection.problems.push(problem);
    }
    for (const r of row.results) {
      inspection.goodCount++;
      if (r.newSite !== "") newSites.set(siteKey(r.newSite), r.newSite);
      if (inspection.preview.length < previewSize) {
        const parameter = parameterOf.get(r.parameterId)!;
        inspection.preview.push({
          sheet: row.sheet,
          line: row.line,
          date: r.date,
          time: r.time,
          site: r.newSite !== "" ? `${r.newSite} (new)` : (siteName.get(r.siteId || (cat.firstBeach?.id ?? "")) ?? ""),
          parameter: parameter.name,
          result: resultText(r),
          unit: parameter.unitLabel,
          depth: r.depth,
        });
      }
    }
  }
  inspection.unknownSites = [...unknown.values()];
  inspection.newSites = [...newSites.values()];
  return inspection;
}

/** What an import did. */
export interface LabFileImport {
  inspection: Inspection;
  /** False when nothing was written: the file has problems and the board did not choose its good rows only, or the mapping cannot be read. */
  imported: boolean;
  added: number;
  skipped: number;
  sitesCreated: number;
  /** The status alert's recipients, or null when the status did not change. */
  alerted: number | null;
}

/**
 * Imports a lab file: inspects it first; writes nothing when the mapping cannot be read, when nothing is good, or
 * when it has problems and `goodRowsOnly` is not set; else writes every good result (and creates the sites the board
 * confirmed) in one transaction, batch by batch, and remembers the mapping for the source.
 * @param now ms since epoch (the results' createdAt and "today")
 * @throws as `inspectLabFile`; RangeError from the write (nothing written then)
 */
export async function importLabFile(
  services: BeachServices,
  path: string,
  options: LabFileOptions & { goodRowsOnly?: boolean },
  now = Date.now(),
): Promise<LabFileImport> {
  const { db } = services;
  const file = await openLabFile(path);
  const inspection = await inspectOpened(db, file, { ...options, previewSize: 0 }, now);
  const refused = { inspection, imported: false, added: 0, skipped: 0, sitesCreated: 0, alerted: null };
  if (!inspection.header || Object.keys(inspection.mappingProblems).length > 0) return refused;
  if (inspection.problemCount > 0 && !options.goodRowsOnly) return refused;
  const mapping = inspection.mapping;
  const cat = await catalogue(db, now);
  const p = await plan(db, file, { ...options, mapping }, cat.parameters);
  let sitesCreated = 0;
  const { added, skipped, alerted } = await importResultBatches(
    services,
    async function* batches(trx) {
      const created = await addSitesFromFile(trx, inspection.newSites, now);
      sitesCreated = created.size;
      const createdByKey = new Map([...created].map(([name, id]) => [siteKey(name), id]));
      let batch: ResultInput[] = [];
      for await (const row of readRows(file, p, cat, options.createSites === true)) {
        for (const r of row.results) {
          const siteId = r.newSite !== "" ? createdByKey.get(siteKey(r.newSite)) : r.siteId || undefined;
          batch.push({ date: r.date, value: r.value, time: r.time, parameterId: r.parameterId, qualifier: r.qualifier, detectionLimit: r.detectionLimit, depth: r.depth, ...(siteId ? { siteId } : {}) });
        }
        if (batch.length >= BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    now,
  );
  await saveLabMapping(db, inspection.fingerprint, mapping, inspection.header.names, now);
  return { inspection, imported: true, added, skipped, sitesCreated, alerted };
}
