import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS, parseLabCsv } from "./lab-csv.server.ts";

const SHARED_FILE = new URL("../../db/data/montrose-beach-ecoli-2013-2015.csv", import.meta.url);
/** The association's today in these tests, after every sample date of their files. */
const TODAY = "2026-11-27";
const NOT_DECIMAL = "is not a plain decimal number such as 12 or 12.5";

describe("parseLabCsv: the real Montrose Beach file", () => {
  const { readings, errors } = parseLabCsv(readFileSync(SHARED_FILE, "utf8"), TODAY);

  it("reads all 258 readings without errors", () => {
    expect(errors).toEqual([]);
    expect(readings).toHaveLength(258);
  });

  it("takes sample_date and escherichia_coli, in file order", () => {
    expect(readings[0]).toEqual({ date: "2013-05-21", value: 155.951916 });
    expect(readings[1]).toEqual({ date: "2013-05-22", value: 1355.802345 });
    expect(readings.at(-1)?.date).toBe("2015-09-18");
  });

  it("keeps both samples of the two days with an afternoon resample", () => {
    expect(readings.filter((r) => r.date === "2014-07-01")).toEqual([
      { date: "2014-07-01", value: 840.628336 },
      { date: "2014-07-01", value: 96.37427 },
    ]);
    expect(readings.filter((r) => r.date === "2015-06-16")).toHaveLength(2);
  });

  it("matches the data README's threshold counts", () => {
    expect(readings.filter((r) => r.value < 235)).toHaveLength(184);
    expect(readings.filter((r) => r.value >= 235 && r.value < 1000)).toHaveLength(49);
    expect(readings.filter((r) => r.value >= 1000)).toHaveLength(25);
  });
});

describe("parseLabCsv: accepted layouts and encodings", () => {
  it("reads a plain date,value file", () => {
    expect(parseLabCsv("date,value\n2024-06-01,12\n2024-06-02,0\n2024-06-03,2419.6\n", TODAY)).toEqual({
      readings: [
        { date: "2024-06-01", value: 12 },
        { date: "2024-06-02", value: 0 },
        { date: "2024-06-03", value: 2419.6 },
      ],
      errors: [],
    });
  });

  it("matches header names trimmed and case-insensitively, in any column order, ignoring other columns", () => {
    expect(parseLabCsv(" Value , DATE ,note\n5.5,2024-06-01,calm\n", TODAY).readings).toEqual([{ date: "2024-06-01", value: 5.5 }]);
    expect(parseLabCsv("Sample_Date,units,Escherichia_Coli\n2024-06-01,MPN/100ML,77\n", TODAY).readings).toEqual([
      { date: "2024-06-01", value: 77 },
    ]);
  });

  it("accepts a UTF-8 byte order mark and CRLF line ends", () => {
    const result = parseLabCsv("\uFEFFdate,value\r\n2024-06-01,12.5\r\n2024-06-02,3\r\n", TODAY);
    expect(result).toEqual({
      readings: [
        { date: "2024-06-01", value: 12.5 },
        { date: "2024-06-02", value: 3 },
      ],
      errors: [],
    });
  });

  it("accepts the real file with a BOM and CRLF", () => {
    const text = "\uFEFF" + readFileSync(SHARED_FILE, "utf8").replace(/\n/g, "\r\n");
    const { readings, errors } = parseLabCsv(text, TODAY);
    expect(errors).toEqual([]);
    expect(readings).toHaveLength(258);
    expect(readings[0]).toEqual({ date: "2013-05-21", value: 155.951916 });
  });

  it("accepts quoted fields, spaces around values, a missing final newline and blank lines", () => {
    const result = parseLabCsv('date,value\n"2024-06-01", " 7 "\n\n  2024-06-02 ,8', TODAY);
    expect(result).toEqual({
      readings: [
        { date: "2024-06-01", value: 7 },
        { date: "2024-06-02", value: 8 },
      ],
      errors: [],
    });
  });

  it("skips rows whose fields are all empty, as spreadsheets export them", () => {
    expect(parseLabCsv("date,value\n2024-06-01,1\n,\n , \n", TODAY).readings).toEqual([{ date: "2024-06-01", value: 1 }]);
  });
});

describe("parseLabCsv: errors carry the line number", () => {
  it("reports a value that is not a number", () => {
    const text = ["date,value", "2024-06-01,1", "2024-06-02,2", "2024-06-03,3", "2024-06-04,4", "2024-06-05,5", "2024-06-06,abc"].join("\n");
    expect(parseLabCsv(text, TODAY).errors).toEqual([{ line: 7, message: `line 7: value "abc" ${NOT_DECIMAL}` }]);
  });

  it("reports a date that is not a calendar date", () => {
    const text = "date,value\n2024-02-28,1\n2024-02-30,2\n";
    expect(parseLabCsv(text, TODAY).errors).toEqual([
      { line: 3, message: 'line 3: date "2024-02-30" is not a valid date (YYYY-MM-DD)' },
    ]);
  });

  it.each([
    ["06/01/2024", 'date "06/01/2024" is not a valid date (YYYY-MM-DD)'],
    ["2024-6-1", 'date "2024-6-1" is not a valid date (YYYY-MM-DD)'],
    ["2023-02-29", 'date "2023-02-29" is not a valid date (YYYY-MM-DD)'],
    ["", "date is empty"],
  ])("rejects the date %j", (date, problem) => {
    expect(parseLabCsv(`date,value\n${date},5\n`, TODAY).errors).toEqual([{ line: 2, message: `line 2: ${problem}` }]);
  });

  it.each([
    ["", "value is empty"],
    ["-3", 'value "-3" is negative; a reading is 0 or more'],
    ["-0", 'value "-0" is negative; a reading is 0 or more'],
    ["12abc", `value "12abc" ${NOT_DECIMAL}`],
    [">2419.6", `value ">2419.6" ${NOT_DECIMAL}`],
    ["0x10", `value "0x10" ${NOT_DECIMAL}`],
    ["0b1", `value "0b1" ${NOT_DECIMAL}`],
    ["Infinity", `value "Infinity" ${NOT_DECIMAL}`],
    ["NaN", `value "NaN" ${NOT_DECIMAL}`],
    ["1e308", `value "1e308" ${NOT_DECIMAL}`],
    ["1e3", `value "1e3" ${NOT_DECIMAL}`],
    ["1E-2", `value "1E-2" ${NOT_DECIMAL}`],
    ["+5", `value "+5" ${NOT_DECIMAL}`],
    ["12.", `value "12." ${NOT_DECIMAL}`],
    ["1 000", `value "1 000" ${NOT_DECIMAL}`],
    ["1000000.01", 'value "1000000.01" is over 1,000,000, the largest reading accepted'],
    ["1" + "0".repeat(400), `value "1${"0".repeat(400)}" is over 1,000,000, the largest reading accepted`],
  ])("rejects the value %j", (value, problem) => {
    expect(parseLabCsv(`date,value\n2024-06-01,${value}\n`, TODAY).errors).toEqual([{ line: 2, message: `line 2: ${problem}` }]);
  });

  it("refuses a date after today (in the association's time zone, given as `today`), and takes today itself", () => {
    const text = `date,value\n${TODAY},12\n2026-11-28,12\n9999-12-31,12\n2027-01-01,1e3\n`;
    const { readings, errors } = parseLabCsv(text, TODAY);
    expect(errors.map((e) => e.message)).toEqual([
      'line 3: date "2026-11-28" is after today (2026-11-27)',
      'line 4: date "9999-12-31" is after today (2026-11-27)',
      'line 5: date "2027-01-01" is after today (2026-11-27)',
      `line 5: value "1e3" ${NOT_DECIMAL}`,
    ]);
    expect(readings).toEqual([{ date: TODAY, value: 12 }]);
    // The same file a day later: tomorrow has come.
    expect(parseLabCsv(text, "2026-11-28").readings).toEqual([
      { date: TODAY, value: 12 },
      { date: "2026-11-28", value: 12 },
    ]);
  });

  it("takes plain decimal numbers from 0 to 1,000,000, white space around them ignored", () => {
    const values = ["0", "0.0", "12", "012", "12.5", ".5", "155.951916", "2419.6", "1000000", "1000000.00", " 7 ", "\t8"];
    const text = ["date,value", ...values.map((v) => `2024-06-01,"${v}"`)].join("\n");
    expect(parseLabCsv(text, TODAY)).toEqual({
      readings: [0, 0, 12, 12, 12.5, 0.5, 155.951916, 2419.6, 1_000_000, 1_000_000, 7, 8].map((value) => ({ date: "2024-06-01", value })),
      errors: [],
    });
  });

  it("reports both problems of a row, and every bad row, in line order", () => {
    const { errors } = parseLabCsv("date,value\nsoon,lots\n2024-06-01,1\n2024-13-01,2\n", TODAY);
    expect(errors.map((e) => e.message)).toEqual([
      'line 2: date "soon" is not a valid date (YYYY-MM-DD)',
      `line 2: value "lots" ${NOT_DECIMAL}`,
      'line 4: date "2024-13-01" is not a valid date (YYYY-MM-DD)',
    ]);
  });

  it("counts lines across blank lines, CRLF and quoted fields that span lines", () => {
    // Line 2 is blank; the row starting on line 3 has a quoted field ending on line 5; the next row is line 6.
    const text = 'date,value\r\n\r\n2024-06-00,"1\r\n\r\n"\r\n2024-06-02,x\r\n';
    expect(parseLabCsv(text, TODAY).errors.map((e) => e.line)).toEqual([3, 6]);
    expect(parseLabCsv(text.replace(/\r\n/g, "\n"), TODAY).errors.map((e) => e.line)).toEqual([3, 6]);
    expect(parseLabCsv(text.replace(/\r\n/g, "\r"), TODAY).errors.map((e) => e.line)).toEqual([3, 6]);
  });

  it("reports a row with the wrong number of fields", () => {
    expect(parseLabCsv("date,value\n2024-06-01\n2024-06-02,1,extra\n", TODAY).errors).toEqual([
      { line: 2, message: "line 2: expected 2 fields as in the header, found 1" },
      { line: 3, message: "line 3: expected 2 fields as in the header, found 3" },
    ]);
  });

  it("reports a header without the needed columns once, on line 1, naming the columns expected", () => {
    const result = parseLabCsv("day,ecoli\n2024-06-01,1\n2024-06-02,2\n", TODAY);
    expect(result.readings).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 1,
        message:
          'line 1: the header must name the columns "sample_date" and "escherichia_coli", or "date" and "value"; found "day", "ecoli"',
      },
    ]);
  });

  it("does not take a data row for a header", () => {
    expect(parseLabCsv("2024-06-01,1\n", TODAY).errors).toHaveLength(1);
    expect(parseLabCsv("2024-06-01,1\n", TODAY).errors[0]?.line).toBe(1);
  });

  it.each([
    ["an empty file", ""],
    ["a file of blank lines", "\n\r\n\n"],
    ["a byte order mark alone", "\uFEFF"],
    ["a header alone", "date,value\n"],
    ["a header and empty rows", "date,value\n,\n\n"],
  ])("reports that %s has no readings", (_, text) => {
    expect(parseLabCsv(text, TODAY)).toEqual({ readings: [], errors: [{ line: 1, message: "line 1: the file has no readings" }] });
  });

  it("reports malformed CSV (an unclosed quote) at the line csv-parse gives, without throwing", () => {
    const result = parseLabCsv('date,value\n2024-06-01,1\n2024-06-02,"2\n2024-06-03,3\n', TODAY);
    expect(result.readings).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(4);
    expect(result.errors[0]?.message).toMatch(/^line 4: the file is not valid CSV: Quote Not Closed/);
  });

  it("reports a stray quote inside a field", () => {
    const result = parseLabCsv('date,value\n2024-06-01,"1"x\n', TODAY);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(2);
    expect(result.errors[0]?.message).toMatch(/^line 2: the file is not valid CSV: Invalid Closing Quote/);
  });

  it(`accepts ${MAX_IMPORT_ROWS} rows and refuses one more`, () => {
    expect(MAX_IMPORT_ROWS).toBe(100_000);
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `2024-06-01,${i}`);
    const full = parseLabCsv(["date,value", ...rows].join("\n"), TODAY);
    expect(full.errors).toEqual([]);
    expect(full.readings).toHaveLength(MAX_IMPORT_ROWS);

    const over = parseLabCsv(["date,value", ...rows, "2024-06-02,1", "2024-06-03,1"].join("\n"), TODAY);
    expect(over.readings).toEqual([]);
    expect(over.errors).toEqual([
      {
        line: MAX_IMPORT_ROWS + 2,
        message: `line ${MAX_IMPORT_ROWS + 2}: the file has more than 100000 readings; split it into smaller files`,
      },
    ]);
  });
});

describe("parseLabCsv: all or nothing", () => {
  it("reports the one bad row among good ones, so that the caller imports nothing", () => {
    const text = "date,value\n2024-06-01,10\n2024-06-02,20\n2024-06-03,twenty\n2024-06-04,40\n";
    const { readings, errors } = parseLabCsv(text, TODAY);
    expect(errors).toEqual([{ line: 4, message: `line 4: value "twenty" ${NOT_DECIMAL}` }]);
    // The good rows are there for a preview only; the rule for every caller is: any error, import nothing.
    expect(readings.map((r) => r.date)).toEqual(["2024-06-01", "2024-06-02", "2024-06-04"]);
    const toImport = errors.length > 0 ? [] : readings;
    expect(toImport).toEqual([]);
  });
});
