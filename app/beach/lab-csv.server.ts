/**
 * The first lab CSV reader (issue 24): the demo seed (db/seed.ts) reads the Montrose CSV through `parseLabCsv`. The
 * Measurements screen and `npm run import:measurements` read lab files as labs send them through
 * app/beach/lab-files/ (issue 27, decision 031). CSV syntax is csv-parse's job; this module only finds the columns
 * and validates each row, reporting every problem with its line number.
 */
import { CsvError, parse } from "csv-parse/sync";
import type { MeasurementInput } from "#app/beach/data/readings.server.ts";
import { isAfterToday, MAX_READING, readReadingValue, type ReadingValueProblem } from "./status.ts";
import { isIsoDate } from "#app/platform/text/dates.ts";
import { formatNumber } from "#app/platform/text/format.ts";

/** The most data rows (readings) one file may hold; a larger file is refused with an error. */
export const MAX_IMPORT_ROWS = 100_000;

/** One problem found in a file. */
export interface LabCsvError {
  /** 1-based line number in the file; the header is line 1. A row spanning several lines gives its first line. */
  line: number;
  /** The whole message, starting with "line N: ", e.g. `line 4: date "2026-12-01" is after today (2026-11-27)`. */
  message: string;
}

export interface LabCsvResult {
  /** The rows that passed validation, in file order (duplicates kept; `importMeasurements` skips them). */
  readings: MeasurementInput[];
  /** Every problem found, in line order; empty when the whole file is good. */
  errors: LabCsvError[];
}

/**
 * The column layouts understood, by header name (compared trimmed and case-insensitively), most specific first.
 * Other columns are ignored.
 */
const LAYOUTS = [
  // The Chicago Park District lab results export (db/data/montrose-beach-ecoli-2013-2015.csv).
  { date: "sample_date", value: "escherichia_coli" },
  // A plain two-column file.
  { date: "date", value: "value" },
] as const;

/** What a line says of a value that `readReadingValue` refused. */
const VALUE_PROBLEMS: Record<Exclude<ReadingValueProblem, "empty">, string> = {
  negative: "is negative; a reading is 0 or more",
  "not decimal": "is not a plain decimal number such as 12 or 12.5",
  "too large": `is over ${formatNumber(MAX_READING)}, the largest reading accepted`,
};

/** A record as csv-parse gives it with `info: true`; `info.lines` is the line the record ends on. */
interface CsvRow {
  record: string[];
  info: { lines: number };
}

/**
 * Parses and validates a lab results CSV file.
 *
 * Two layouts are accepted, found by the header row (line 1, names trimmed and case-insensitive, other columns
 * ignored): the lab export with `sample_date` and `escherichia_coli`, or a plain file with `date` and `value`.
 * A UTF-8 byte order mark, CRLF or LF line ends, quoted fields and blank lines (or rows whose fields are all empty)
 * are fine. Each data row must have as many fields as the header, a `date` that is a real calendar date written
 * "YYYY-MM-DD" and not after `today` (issue 24: a future reading would become the beach's status), and a `value`
 * (E. coli per 100 mL) that `readReadingValue` takes: a plain decimal number from 0 to `MAX_READING`, as the
 * measurement form takes it.
 *
 * Never throws on bad input: every problem becomes an entry of `errors`, e.g.
 * `line 7: value "abc" is not a plain decimal number such as 12 or 12.5`,
 * `line 9: date "2024-02-30" is not a valid date (YYYY-MM-DD)`, `line 4: date "2026-12-01" is after today (2026-11-27)`.
 * A header without the needed columns, an empty file, a file over `MAX_IMPORT_ROWS` rows and malformed CSV
 * (e.g. an unclosed quote, at the line csv-parse reports) each give a single error and no readings.
 *
 * The import is all or nothing: when `errors` is not empty the caller must import nothing, not even `readings`
 * (which then holds only the rows that passed, for a preview).
 *
 * @param text the file's content, decoded as UTF-8
 * @param today today in the association's time zone (`todayIn(await getTimeZone(db))`), "YYYY-MM-DD"
 */
export function parseLabCsv(text: string, today: string): LabCsvResult {
  let rows: CsvRow[];
  try {
    // Line ends become "\n" first: csv-parse 7 counts a CRLF inside a quoted field as two lines, which would shift
    // every later line number. Only the date and value fields are read, so their own line ends do not matter.
    // With `info: true` each record comes as { record, info }; csv-parse's types do not follow that option.
    rows = parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      info: true,
      trim: true, // spaces around a quoted field, as in `2024-06-01, "12"`
      relax_column_count: true, // a row of the wrong width is reported below, with the rest of the file's problems
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      to: MAX_IMPORT_ROWS + 2, // the header, the allowed rows and one more to know that the file is too long
    }) as unknown as CsvRow[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === "number" && error.lines > 0 ? error.lines : 1;
      return { readings: [], errors: [failure(line, `the file is not valid CSV: ${error.message}`)] };
    }
    throw error;
  }

  const [header, ...data] = rows;
  if (header === undefined) return { readings: [], errors: [failure(1, "the file has no readings")] };
  const headerLine = firstLine(header);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const columns = findColumns(names);
  if (columns === undefined) {
    const expected = LAYOUTS.map((l) => `"${l.date}" and "${l.value}"`).join(", or ");
    const found = names.filter((n) => n !== "").map((n) => `"${n}"`).join(", ") || "nothing";
    return { readings: [], errors: [failure(headerLine, `the header must name the columns ${expected}; found ${found}`)] };
  }
  if (data.length === 0) return { readings: [], errors: [failure(headerLine, "the file has no readings")] };
  if (data.length > MAX_IMPORT_ROWS) {
    const line = firstLine(data[MAX_IMPORT_ROWS]!);
    return {
      readings: [],
      errors: [failure(line, `the file has more than ${MAX_IMPORT_ROWS} readings; split it into smaller files`)],
    };
  }

  const readings: MeasurementInput[] = [];
  const errors: LabCsvError[] = [];
  for (const row of data) {
    const line = firstLine(row);
    if (row.record.length !== names.length) {
      errors.push(failure(line, `expected ${names.length} fields as in the header, found ${row.record.length}`));
      continue;
    }
    const date = (row.record[columns.date] ?? "").trim();
    const rawValue = (row.record[columns.value] ?? "").trim();
    const problems: string[] = [];
    if (date === "") problems.push("date is empty");
    else if (!isIsoDate(date)) problems.push(`date "${date}" is not a valid date (YYYY-MM-DD)`);
    else if (isAfterToday(date, today)) problems.push(`date "${date}" is after today (${today})`);
    const read = readReadingValue(rawValue);
    if ("problem" in read) problems.push(read.problem === "empty" ? "value is empty" : `value "${rawValue}" ${VALUE_PROBLEMS[read.problem]}`);
    for (const problem of problems) errors.push(failure(line, problem));
    if (problems.length === 0 && "value" in read) readings.push({ date, value: read.value });
  }
  return { readings, errors };
}

/** Indexes of the date and value columns in the first layout the header matches. */
function findColumns(names: string[]): { date: number; value: number } | undefined {
  for (const layout of LAYOUTS) {
    const date = names.indexOf(layout.date);
    const value = names.indexOf(layout.value);
    if (date >= 0 && value >= 0) return { date, value };
  }
  return undefined;
}

/**
 * The line a record starts on. csv-parse reports the line it ends on, so subtract the line breaks inside its
 * (quoted) fields, all "\n" by then.
 */
function firstLine(row: CsvRow): number {
  let breaks = 0;
  for (const field of row.record) breaks += field.split("\n").length - 1;
  return Math.max(1, row.info.lines - breaks);
}

function failure(line: number, problem: string): LabCsvError {
  return { line, message: `line ${line}: ${problem}` };
}
