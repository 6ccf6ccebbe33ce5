import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "#app/platform/text/dates.ts";
import { migrateToLatest, openDatabase, type Database } from "#app/platform/data/db.server.ts";
import { parse as parseCsv } from "csv-parse/sync";
import { DEMO_DETAILS, saveAssociationDetails } from "#app/site/data/association.server.ts";
import { importMeasurements, listMeasurements } from "#app/beach/data/readings.server.ts";
import { carelessLabFile } from "../tests/support/careless-readings.ts";
import { childEnv } from "../tests/support/child-env.ts";
import { backends, type TestDatabase } from "../tests/support/databases.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCRIPT = "scripts/import-measurements.ts";
const REAL_FILE = path.join(ROOT, "db/data/montrose-beach-ecoli-2013-2015.csv");
const run = promisify(execFile);

/** Runs the real command line in a child process against the SQLite database in `dataDir`. */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], { cwd: ROOT, env: childEnv({ DATA_DIR: dataDir }), timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof e.code !== "number") throw error;
    return { code: e.code, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/** Rows in the measurement table of the SQLite database in `dataDir`. */
async function rowCount(dataDir: string): Promise<number> {
  const handle = openDatabase({ dataDir });
  try {
    const row = await handle.db
      .selectFrom("measurement")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await handle.close();
  }
}

describe("npm run import:measurements (the real command line, SQLite)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-import-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports the 258 Montrose Beach readings into an empty database", async () => {
    const result = await cli(dataDir, REAL_FILE);
    expect(result.stderr).toBe("");
    expect(result.stdout.trim()).toBe("Imported 258 readings, skipped 0 duplicates.");
    expect(result.code).toBe(0);
    // The two days with an afternoon resample have different values, so both samples of each day are kept.
    expect(await rowCount(dataDir)).toBe(258);
  });

  it("adds nothing when the same file is imported again", async () => {
    const result = await cli(dataDir, REAL_FILE);
    expect(result.stdout.trim()).toBe("Imported 0 readings, skipped 258 duplicates.");
    expect(result.code).toBe(0);
    expect(await rowCount(dataDir)).toBe(258);
  });

  it("imports only the new readings of a plain date,value file", async () => {
    const file = path.join(dataDir, "new.csv");
    // The first row repeats a stored reading (2013-05-21, 155.951916); the second is the same day with another value.
    writeFileSync(file, "\uFEFFdate,value\r\n2013-05-21,155.951916\r\n2013-05-21,12\r\n2016-06-01,1\r\n2016-06-01,1\r\n");
    const result = await cli(dataDir, file);
    // 2016-06-01 is a new latest sample (1 CFU per 100 mL, Open), so the import announces the change; nobody subscribed.
    expect(result.stdout.trim().split("\n")).toEqual([
      "Imported 2 readings, skipped 2 duplicates.",
      "Beach status changed: an alert is queued for 0 subscribers.",
    ]);
    expect(result.code).toBe(0);
    expect(await rowCount(dataDir)).toBe(260);
  });

  it("exits 1 on a file with an error, printing its line number, and writes nothing", async () => {
    const file = path.join(dataDir, "bad.csv");
    writeFileSync(file, "date,value\n2017-06-01,10\n2017-06-02,20\n2017-06-03,abc\n2017-06-04,40\n");
    const result = await cli(dataDir, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 4: value "abc" is not a result such as 12, 12.5, >2419.6, <10 or ND');
    expect(result.stderr).toContain("Nothing imported: 1 error in 1 row; --good-rows-only imports the 3 good rows.");
    expect(result.stdout).toBe("");
    expect(await rowCount(dataDir)).toBe(260);
  });

  it("prints every error of the file", async () => {
    const file = path.join(dataDir, "worse.csv");
    writeFileSync(file, "date,value\n2017-02-30,1\n2017-06-02,-5\n2017-06-03,\n");
    const result = await cli(dataDir, file);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'line 2: date "2017-02-30" is not a date such as 2026-11-16 or 11/16/2026',
      'line 3: value "-5" is negative; a result is 0 or more',
      "line 4: value is empty",
      "Nothing imported: 3 errors in 3 rows; --good-rows-only imports the 0 good rows.",
    ]);
    expect(await rowCount(dataDir)).toBe(260);
  });

  it("exits 2 with the usage when the file argument is missing", async () => {
    const result = await cli(dataDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Usage: npm run import:measurements -- FILE [options]");
  });

  it("exits 2 when the file cannot be read, and does not create a database", async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), "shoreline-import-"));
    try {
      const result = await cli(emptyDir, path.join(emptyDir, "missing.csv"));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`Cannot read ${path.join(emptyDir, "missing.csv")}: no such file`);
      expect(() => readFileSync(path.join(emptyDir, "shoreline.db"))).toThrow(/ENOENT/);
      // A file that can be read is checked against the association's calendar, which the database holds.
      writeFileSync(path.join(emptyDir, "bad.csv"), "date,value\nyesterday,1\n");
      const invalid = await cli(emptyDir, path.join(emptyDir, "bad.csv"));
      expect(invalid.code).toBe(1);
      expect(await rowCount(emptyDir)).toBe(0);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe("npm run import:measurements refuses readings from the future and numbers that are not decimal (issue 24)", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-import-future-"));
    await withDatabase(dataDir, (db) => importMeasurements(db, [{ date: "2026-01-02", value: 300 }]));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints each bad line of a careless file (9999-12-31, tomorrow, 0x10, 1e308, Infinity, -5, 2000000) and stores none of it", async () => {
    const { csv, errors } = carelessLabFile(todayIn(DEMO_DETAILS.timeZone));
    const file = path.join(dataDir, "careless.csv");
    writeFileSync(file, csv);
    const result = await cli(dataDir, file);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([...errors, "Nothing imported: 7 errors in 7 rows; --good-rows-only imports the 1 good row."]);
    expect(result.stdout).toBe("");
    expect(await storedReadings(dataDir)).toEqual(["2026-01-02 300"]);
  });

  it("takes today in the association's time zone: the same date is today at UTC+14 and the future at UTC-11", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: Kiritimati's today is always after Pago Pago's.
    const kiritimatiToday = todayIn("Pacific/Kiritimati");
    const file = path.join(dataDir, "today.csv");
    writeFileSync(file, `date,value\n${kiritimatiToday},7\n`);

    await withDatabase(dataDir, (db) => saveAssociationDetails(db, { timeZone: "Pacific/Pago_Pago" }, "test"));
    const refused = await cli(dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`line 2: date "${kiritimatiToday}" is after today (${todayIn("Pacific/Pago_Pago")})`);
    expect(await storedReadings(dataDir)).toEqual(["2026-01-02 300"]);

    await withDatabase(dataDir, (db) => saveAssociationDetails(db, { timeZone: "Pacific/Kiritimati" }, "test"));
    const taken = await cli(dataDir, file);
    expect(taken.stderr).toBe("");
    expect(taken.stdout).toContain("Imported 1 reading, skipped 0 duplicates.");
    expect(taken.code).toBe(0);
    expect(await storedReadings(dataDir)).toEqual(["2026-01-02 300", `${kiritimatiToday} 7`]);
  });
});

/** Runs `work` on the migrated SQLite database in `dataDir`. */
async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = openDatabase({ dataDir });
  try {
    await migrateToLatest(handle);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Every reading in the SQLite database in `dataDir`, as "date value", in date order. */
async function storedReadings(dataDir: string): Promise<string[]> {
  return withDatabase(dataDir, async (db) => (await listMeasurements(db)).map((m) => `${m.date} ${Number(m.value)}`).reverse());
}

describe.each(backends)("importMeasurements with the real file ($name)", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let skip = false;
  // The lab's export as it stands: its sample dates and E. coli column.
  const rows = parseCsv(readFileSync(REAL_FILE, "utf8"), { columns: true }) as { sample_date: string; escherichia_coli: string }[];
  const readings = rows.map((row) => ({ date: row.sample_date, value: Number(row.escherichia_coli) }));

  beforeAll(async () => {
    skip = !(await available());
    if (!skip) database = await create();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("adds all 258 readings, then skips all 258 on a second import", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    expect(await importMeasurements(db, readings)).toEqual({ added: 258, skipped: 0 });
    expect(await importMeasurements(db, readings)).toEqual({ added: 0, skipped: 258 });

    const stored = await listMeasurements(db);
    expect(stored).toHaveLength(258);
    const oldest = stored.at(-1)!;
    expect({ date: oldest.date, value: Number(oldest.value), name: oldest.name, unit: oldest.unit }).toEqual({
      date: "2013-05-21",
      value: 155.951916,
      name: "E. Coli",
      unit: "per 100mL",
    });
    // Both samples of a resampled day are stored, with their exact values.
    expect(stored.filter((m) => m.date === "2014-07-01").map((m) => Number(m.value)).sort((a, b) => a - b)).toEqual([
      96.37427, 840.628336,
    ]);
  });

  it("skips duplicates inside one batch and imports nothing when a row fails", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    expect(
      await importMeasurements(db, [
        { date: "2016-06-01", value: 3 },
        { date: "2016-06-01", value: 3 },
        { date: "2013-05-21", value: 155.951916 },
      ]),
    ).toEqual({ added: 1, skipped: 2 });
    // The model throws on a date that is not a calendar date, and writes none of the batch.
    await expect(
      importMeasurements(db, [
        { date: "2016-06-02", value: 4 },
        { date: "2016-02-30", value: 5 },
      ]),
    ).rejects.toThrow(RangeError);
    expect(await listMeasurements(db)).toHaveLength(259);
  });
});

describe("npm run import:measurements with lab files as labs send them (issue 27, SQLite)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-import-lab-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const fixture = (name: string) => path.join(ROOT, "tests/fixtures/lab-files", name);

  it("prints every problem of a workbook by sheet and line, and imports nothing without --good-rows-only", async () => {
    const result = await cli(dataDir, fixture("chicago-2015-lab-results-cut.xlsx"), "--create-sites");
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines[0]).toBe('Sheet "Summary" skipped: it has no column "Client ID", "Escherichia coli", "Units", "Sample Collection Time", "Date/Time".');
    expect(lines).toContain('sheet "May 18", line 23: value #NUM! is a formula error, not a result');
    expect(lines.at(-1)).toBe("Nothing imported: 44 errors in 22 rows; --good-rows-only imports the 42 good rows.");
    expect(await rowCount(dataDir)).toBe(0);
  });

  it("imports the good rows with --good-rows-only, creating the beaches with --create-sites", async () => {
    const result = await cli(dataDir, fixture("chicago-2015-lab-results-cut.xlsx"), "--create-sites", "--good-rows-only");
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual(["Created 21 sites.", "Imported 42 readings, skipped 0 duplicates."]);
    expect(await rowCount(dataDir)).toBe(42);
  });

  it("takes a corrected column and one sheet: --sheet, --column date=…", async () => {
    // The old .xls keeps each sample's date and time in "Sample Collection Time"; May 27's unsampled rows are blank.
    const result = await cli(dataDir, fixture("chicago-2013-lab-results-cut.xls"), "--sheet", "May 27", "--column", "date=Sample Collection Time", "--column", "time=", "--create-sites");
    expect(result.stderr).toBe("");
    expect(result.stdout.trim().split("\n").at(-1)).toBe("Imported 5 readings, skipped 0 duplicates.");
    expect(result.code).toBe(0);
  });

  it("refuses an unknown option value with the usage", async () => {
    const result = await cli(dataDir, fixture("chicago-dna-2015.csv"), "--column", "colour=red");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--column takes FIELD=NAME with FIELD one of date, time, site, parameter, value, unit, qualifier, detectionLimit, depth, not "colour=red"');
  });
});
