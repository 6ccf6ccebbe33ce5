/**
 * A lab file's cells as the importer reads them (issue 27), whatever the file: a CSV field is text, a workbook cell
 * is text, a number (dates and times are Excel serial numbers: days since 1899-12-30, the fraction the time of day),
 * or a formula error such as `#NUM!` (the Chicago Park District's 2013–2015 workbooks hold `=GEOMEAN(C2:D2)` over
 * empty readings, which Excel shows as `#NUM!`). Pure.
 */

/** A formula error cell of a workbook: `{ error: "#NUM!" }`. */
export interface ErrorCell {
  error: string;
}

/** One cell: text, a number, a formula error, or null (empty). */
export type Cell = string | number | ErrorCell | null;

/** One row of a sheet as read: its 1-based line (the row number a spreadsheet shows, or the CSV line) and cells. */
export interface SheetRow {
  line: number;
  cells: Cell[];
}

/** Whether a cell is a formula error. */
export function isErrorCell(cell: Cell | undefined): cell is ErrorCell {
  return typeof cell === "object" && cell !== null;
}

/** A cell as text: "" for empty, the number in JavaScript's shortest form, the error's text ("#NUM!"); trimmed. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "string") return cell.trim();
  return cell.error;
}

/** Whether a cell is empty (null, or text of only white space). */
export function isEmptyCell(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

/** A column's letter as spreadsheets name it: 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Excel's error codes (SheetJS keeps the code of a formula error cell), by their text. */
export const EXCEL_ERRORS: Record<number, string> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
  0x2b: "#GETTING_DATA",
};
