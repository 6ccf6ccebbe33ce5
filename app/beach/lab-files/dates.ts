/**
 * Sample dates and times as labs write them (issue 27): ISO dates ("2026-11-16", "2026-11-16T10:30"), US dates
 * ("11/16/2026", "5/27/13 10:55/11:01": month first, as US labs and the Chicago Park District write them), and
 * Excel's date serial numbers (a workbook keeps a date as the days since 1899-12-30, its time of day as the
 * fraction; Microsoft, "DATEVALUE function"). Pure.
 */
import { isErrorCell, type Cell } from "./cells.ts";

/** A date as read: "YYYY-MM-DD", and the time of day "HH:MM" when the cell had one (else ""). */
export interface ReadDate {
  date: string;
  time: string;
}

/** Excel's day 0 (1899-12-30, which makes 1900-03-01 serial 61 as Excel counts), in ms since epoch. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Serials read as dates: 1950-01-01 (18264) to 2099-12-31 (73050); a smaller number is a count, not a date. */
const FIRST_SERIAL = 18_264;
const LAST_SERIAL = 73_050;

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](.*))?$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:\s+(.*))?$/;
const TIME = /(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([ap])?\.?m?\.?/i;

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Whether year, month and day make a calendar date (2026-02-30 does not). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** An Excel serial's date and time, or null outside 1950–2099. */
export function excelSerialDate(serial: number): ReadDate | null {
  if (!Number.isFinite(serial) || serial < FIRST_SERIAL || serial >= LAST_SERIAL + 1) return null;
  const days = Math.floor(serial);
  const minutes = Math.round((serial - days) * 1440);
  const d = new Date(EXCEL_EPOCH + days * DAY_MS + (minutes >= 1440 ? DAY_MS : 0));
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = minutes === 0 || minutes >= 1440 ? "" : `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  return { date, time };
}

/**
 * Reads a sample date from a cell: an Excel serial number (1950–2099), "YYYY-MM-DD" (with "THH:MM" or " HH:MM"
 * after it), or a US "M/D/YYYY" or "M/D/YY" (a two-digit year is 2000–2069 below 70, else 1900s), with any time of
 * day after it ("5/27/13 10:55/11:01" is 2013-05-27 at 10:55).
 * @returns the date and time, or null when the cell is not such a date (empty cells included)
 */
export function readDateCell(cell: Cell | undefined): ReadDate | null {
  if (cell === null || cell === undefined || isErrorCell(cell)) return null;
  if (typeof cell === "number") return excelSerialDate(cell);
  const text = cell.trim();
  let year: number, month: number, day: number, rest: string | undefined;
  const iso = ISO.exec(text);
  const us = iso ? null : US.exec(text);
  if (iso) {
    [year, month, day, rest] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]];
  } else if (us) {
    const y = Number(us[3]);
    [year, month, day, rest] = [us[3]!.length === 2 ? (y < 70 ? 2000 + y : 1900 + y) : y, Number(us[1]), Number(us[2]), us[4]];
  } else if (/^\d+(\.\d+)?$/.test(text)) {
    // A serial number written as text (a workbook saved as CSV without its formats).
    return excelSerialDate(Number(text));
  } else {
    return null;
  }
  if (!isCalendarDate(year, month, day)) return null;
  const time = rest === undefined ? "" : (readTimeCell(rest) ?? "");
  return { date: `${year}-${pad(month)}-${pad(day)}`, time };
}

/**
 * Reads a time of day from a cell: an Excel serial's fraction (0.5 is 12:00; a whole date-time serial gives its
 * time), or the first "H:MM" of a text ("6:30/31" is 06:30, "1:05 PM" is 13:05, "10:41:00" is 10:41).
 * @returns "HH:MM", "" for an empty cell, or null when the cell holds no time of day
 */
export function readTimeCell(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return "";
  if (isErrorCell(cell)) return null;
  if (typeof cell === "number") {
    if (!Number.isFinite(cell) || cell < 0) return null;
    const minutes = Math.round((cell - Math.floor(cell)) * 1440) % 1440;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const text = cell.trim();
  if (text === "") return "";
  const match = TIME.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half !== undefined) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** Whether a header cell names a date (a wide file's column per date): a date text or an Excel date serial. */
export function isDateHeader(cell: Cell | undefined): boolean {
  return readDateCell(cell) !== null;
}
