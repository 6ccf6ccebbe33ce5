/**
 * Reads a lab file from disk as sheets of rows (issue 27): CSV through csv-parse, streamed row by row; Excel `.xlsx`
 * and the old `.xls` through SheetJS (`@e965/xlsx`, the maintained build of SheetJS 0.20.3, which reads both and has
 * the fix for CVE-2023-30533), one sheet or every sheet. The kind is told by the file's first bytes (a ZIP for
 * `.xlsx`, an OLE compound file for `.xls`), not its name. A workbook is held in memory while it is read (SheetJS
 * has no streaming reader), in its dense form; a CSV never is.
 */
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { CsvError, parse } from "csv-parse";
import * as XLSX from "@e965/xlsx";
import { EXCEL_ERRORS, type Cell, type SheetRow } from "./cells.ts";

/** A file that cannot be read as a lab file, with a message for the board. */
export class LabFileError extends Error {
  override name = "LabFileError";
}

/**
 * The largest workbook read, in bytes (32 MB): SheetJS holds a workbook whole, about 9 bytes of memory per byte of
 * .xlsx (a 26 MB sheet of 100,000 results peaked at 240 MB), so a larger one is refused with a word to send it as CSV.
 */
export const MAX_WORKBOOK_BYTES = 32 * 1024 * 1024;

/** The kinds of file read. */
export type LabFileKind = "csv" | "xlsx" | "xls";

/** A lab file opened for reading: its kind, its sheets (one, named "", for a CSV) and a reader of one sheet's rows. */
export interface LabFile {
  kind: LabFileKind;
  sheets: string[];
  /** The sheet's rows, in order, each with its 1-based line; blank rows are given too (their cells empty). */
  rows(sheet: string): AsyncGenerator<SheetRow>;
}

/** The file's kind from its first bytes: "PK\x03\x04" is a ZIP (xlsx), D0 CF 11 E0 an OLE2 file (xls), else CSV. */
export async function labFileKind(path: string): Promise<LabFileKind> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0x504b0304) return "xlsx";
    if (bytesRead >= 8 && head.readUInt32BE(0) === 0xd0cf11e0 && head.readUInt32BE(4) === 0xa1b11ae1) return "xls";
    return "csv";
  } finally {
    await handle.close();
  }
}

/**
 * Opens a lab file.
 * @throws LabFileError when a workbook cannot be read ("This workbook cannot be read: …") or is over
 *   `MAX_WORKBOOK_BYTES`; a CSV that cannot be parsed throws it from `rows`
 */
export async function openLabFile(path: string): Promise<LabFile> {
  const kind = await labFileKind(path);
  if (kind === "csv") return { kind, sheets: [""], rows: () => csvRows(path) };
  if ((await stat(path)).size > MAX_WORKBOOK_BYTES) {
    throw new LabFileError("This workbook is over 32 MB, more than can be read at once: save its sheet as CSV (a CSV of any size up to 64 MB is read as it streams) and upload that.");
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(await readFile(path), { dense: true, cellFormula: false, cellHTML: false, cellText: false, cellStyles: false, cellDates: false });
  } catch (error) {
    throw new LabFileError(`This workbook cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    kind,
    sheets: workbook.SheetNames.slice(),
    rows: (sheet) => sheetRows(workbook, sheet),
  };
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  // Line ends are read by csv-parse; `info` gives each record's first line, as the board's editor shows it.
  const parser = createReadStream(path).pipe(
    parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; error?: unknown } }>) {
      const breaks = record.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      yield { line: Math.max(1, info.lines - breaks), cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new LabFileError(`This file cannot be read as CSV: ${error.message}`, { cause: error });
    throw error;
  }
}

async function* sheetRows(workbook: XLSX.WorkBook, name: string): AsyncGenerator<SheetRow> {
  const sheet = workbook.Sheets[name];
  if (!sheet) return;
  const data = (sheet["!data"] ?? []) as (XLSX.CellObject | undefined)[][];
  const range = sheet["!ref"] ? XLSX.utils.decode_range(sheet["!ref"]) : undefined;
  if (!range) return;
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row = data[r] ?? [];
    const cells: Cell[] = [];
    for (let c = 0; c <= range.e.c; c++) cells.push(cellOf(row[c]));
    yield { line: r + 1, cells };
    if (r % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
  }
}

function cellOf(cell: XLSX.CellObject | undefined): Cell {
  if (!cell || cell.v === undefined || cell.v === null) return cell?.t === "e" ? { error: "#N/A" } : null;
  switch (cell.t) {
    case "n":
      return cell.v as number;
    case "b":
      return cell.v ? "TRUE" : "FALSE";
    case "e":
      return { error: EXCEL_ERRORS[cell.v as number] ?? "#ERROR" };
    case "d":
      // Not produced with cellDates: false; kept for a reader that gives them.
      return (cell.v as Date).toISOString().slice(0, 16).replace("T", " ");
    default:
      return String(cell.v);
  }
}
