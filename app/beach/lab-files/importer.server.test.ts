/**
 * The lab file importer end to end on real public files (tests/fixtures/lab-files/README.md names their sources),
 * into a real database on both back ends: a Chicago Park District lab workbook of 2015 (.xlsx) and of 2013 (the old
 * .xls), their wide DNA file, a Water Quality Portal result download, and the Montrose CSV the first importer read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { listSites } from "#app/beach/data/sites.server.ts";
import { getLabMapping } from "#app/beach/data/lab-files.server.ts";
import { backends, type TestDatabase } from "../../../tests/support/databases.ts";
import { importLabFile, inspectLabFile } from "./importer.server.ts";

const FIXTURES = path.resolve("tests/fixtures/lab-files");
const XLSX_2015 = path.join(FIXTURES, "chicago-2015-lab-results-cut.xlsx");
const XLS_2013 = path.join(FIXTURES, "chicago-2013-lab-results-cut.xls");
const DNA_2015 = path.join(FIXTURES, "chicago-dna-2015.csv");
const WQP = path.join(FIXTURES, "wqp-narrowresult-cut.csv");
const MONTROSE = path.resolve("db/data/montrose-beach-ecoli-2013-2015.csv");
// A day after every fixture's samples and before the tests' own dates.
const NOW = Date.UTC(2026, 5, 1, 12);


async function stored(db: Database) {
  const sites = new Map((await listSites(db)).map((s) => [s.id, s.name]));
  const rows = await db.selectFrom("measurement").selectAll().orderBy("date").orderBy("time").execute();
  return rows.map((m) => ({ site: sites.get(m.siteId ?? "") ?? "", parameter: m.parameterId, date: m.date, time: m.time, value: Number(m.value), qualifier: m.qualifier, detectionLimit: m.detectionLimit === null ? null : Number(m.detectionLimit), depth: m.depth }));
}

describe.each(backends)("importing real lab files ($name)", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let skip = false;
  let dir: string;
  const services = () => ({ db: database!.db, logger: createLogger("silent"), config: { publicUrl: "https://heronlake.example.org" }, outbox: { kick: () => {} } });

  beforeAll(async () => {
    skip = !(await available());
    if (!skip) database = await create();
    dir = mkdtempSync(path.join(tmpdir(), "shoreline-lab-files-"));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the Chicago 2015 workbook (.xlsx): every sheet per day read, the summary skipped and named, #NUM! rows named by sheet and line; nothing imported until the board chooses", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const inspection = await inspectLabFile(db, XLSX_2015, { createSites: true }, NOW);
    expect(inspection.kind).toBe("xlsx");
    expect(inspection.mappingSource).toBe("guessed");
    expect(inspection.mapping.columns).toEqual({ site: "Client ID", value: "Escherichia coli", unit: "Units", time: "Sample Collection Time", date: "Date/Time" });
    expect(inspection.skippedSheets.map((s) => s.sheet)).toEqual(["Summary"]);
    // May 18: no sample taken; the lab's =GEOMEAN(C2:D2) over empty readings is #NUM! on every one of its 22 rows.
    expect(inspection.problems).toContainEqual({ sheet: "May 18", line: 2, message: 'sheet "May 18", line 2: value #NUM! is a formula error, not a result' });
    expect(new Set(inspection.problems.map((p) => p.sheet))).toEqual(new Set(["May 18"]));
    expect(inspection.problemRows).toBe(22);
    expect(inspection.goodCount).toBe(42);
    expect(inspection.newSites).toHaveLength(21);
    expect(inspection.preview[0]).toEqual({ sheet: "May 26", line: 2, date: "2015-05-26", time: "06:30", site: "Calumet (new)", parameter: "E. coli", result: "255.9804680048851", unit: "CFU per 100 mL", depth: null });

    const refused = await importLabFile(services(), XLSX_2015, { createSites: true }, NOW);
    expect(refused.imported).toBe(false);
    expect(await stored(db)).toEqual([]);
    expect(await listSites(db)).toHaveLength(1);

    const done = await importLabFile(services(), XLSX_2015, { createSites: true, goodRowsOnly: true }, NOW);
    expect({ imported: done.imported, added: done.added, skipped: done.skipped, sitesCreated: done.sitesCreated }).toEqual({ imported: true, added: 42, skipped: 0, sitesCreated: 21 });
    const rows = await stored(db);
    expect(rows).toHaveLength(42);
    expect(rows).toContainEqual({ site: "Calumet", parameter: "ecoli", date: "2015-05-26", time: "06:30", value: 255.9804680048851, qualifier: "", detectionLimit: null, depth: null });
    const calumet = (await listSites(db)).find((s) => s.name === "Calumet")!;
    expect({ kind: calumet.kind, identifier: calumet.identifier }).toEqual({ kind: "beach", identifier: "Calumet" });
    expect((await listSites(db)).find((s) => s.name === "Jackson/63rd")?.identifier).toBe("JACKSON-63RD");

    // The mapping is remembered for the source; the same file again adds nothing.
    expect(await getLabMapping(db, inspection.fingerprint)).toMatchObject({ mapping: inspection.mapping });
    const again = await importLabFile(services(), XLSX_2015, { goodRowsOnly: true }, NOW);
    expect(again.inspection.mappingSource).toBe("remembered");
    expect({ added: again.added, skipped: again.skipped, sitesCreated: again.sitesCreated }).toEqual({ added: 0, skipped: 42, sitesCreated: 0 });
  });

  it("the 2015 summary sheet, one sheet chosen: a row per beach and a column per date, its count columns left out", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    // The beaches of the daily sheets exist now (the test above); "31st(Burroughs)" is how the summary names "31st".
    const inspection = await inspectLabFile(db, XLSX_2015, { sheet: "Summary" }, NOW);
    expect(inspection.mapping).toMatchObject({ shape: "date-columns", columns: { site: "Column A" }, ignore: ["SWIM ADVISORIES", "SWIM BANS"] });
    expect(inspection.unknownSites).toEqual([{ name: "31st(Burroughs)", rows: 1 }]);
    expect(inspection.problems).toEqual([{ sheet: "Summary", line: 8, message: 'sheet "Summary", line 8: site "31st(Burroughs)" is not one of the sites' }]);
    // Calumet's first column (serial 42142, 2015-05-18) is empty; 2015-05-21 (42145) is 287.
    expect(inspection.preview.slice(0, 2).map((p) => `${p.site} ${p.date} ${p.result}`)).toEqual(["Calumet 2015-05-19 376.81295094516054", "Calumet 2015-05-20 563"]);
    expect(inspection.goodCount).toBeGreaterThan(500);
  });

  it("the Chicago 2013 workbook (the old .xls): its dates are in 'Sample Collection Time'; once the board says so, the sampled rows import and the rest are named", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const guessed = await inspectLabFile(db, XLS_2013, {}, NOW);
    expect(guessed.kind).toBe("xls");
    expect(guessed.mappingProblems).toEqual({ date: "Choose the column of the sample dates." });
    const mapping = { ...guessed.mapping, columns: { ...guessed.mapping.columns, date: "Sample Collection Time" } };
    delete mapping.columns.time;
    const inspection = await inspectLabFile(db, XLS_2013, { mapping, createSites: true }, NOW);
    expect(inspection.mappingProblems).toEqual({});
    // Rows whose collection time was typed without the date cannot be dated.
    expect(inspection.problems).toContainEqual({ sheet: "May 28", line: 22, message: 'sheet "May 28", line 22: date "9:45/45" is not a date such as 2026-11-16 or 11/16/2026' });
    expect(inspection.problems).toContainEqual({ sheet: "May 18", line: 2, message: 'sheet "May 18", line 2: value #NUM! is a formula error, not a result' });
    const done = await importLabFile(services(), XLS_2013, { mapping, goodRowsOnly: true, createSites: true }, NOW);
    expect(done.added).toBe(inspection.goodCount);
    expect(done.added).toBeGreaterThan(0);
    const rows = (await stored(db)).filter((r) => r.date.startsWith("2013"));
    // 57th Street, 2013-05-27 at 09:56 (serial 41421.41388888889): readings 43.7 and 48, geometric mean 45.7995…
    expect(rows).toContainEqual({ site: "57th", parameter: "ecoli", date: "2013-05-27", time: "09:56", value: 45.799563316695505, qualifier: "", detectionLimit: null, depth: null });
    expect(rows).toContainEqual(expect.objectContaining({ site: "31st", date: "2013-05-27", time: "10:55", value: 68.93997389033449 }));
  });

  it("the wide DNA file (a column per beach, US dates): the unknown beach is named until the board confirms it", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const inspection = await inspectLabFile(db, DNA_2015, {}, NOW);
    expect(inspection.mapping).toMatchObject({ shape: "site-columns", columns: { date: "Date" }, parameterId: "ecoli" });
    expect(inspection.unknownSites).toEqual([{ name: "63rd Street", rows: 54 }]);
    expect(inspection.problems[0]).toEqual({ sheet: "", line: 2, column: "63rd Street", message: 'line 2, column "63rd Street": site "63rd Street" is not one of the sites' });
    expect(inspection.goodCount).toBe(216);
    const done = await importLabFile(services(), DNA_2015, { createSites: true }, NOW);
    expect({ added: done.added, sitesCreated: done.sitesCreated }).toEqual({ added: 270, sitesCreated: 1 });
    const rows = await stored(db);
    expect(rows).toContainEqual({ site: "Calumet", parameter: "ecoli", date: "2015-05-26", time: "", value: 435, qualifier: "", detectionLimit: null, depth: null });
    expect(rows).toContainEqual({ site: "63rd Street", parameter: "ecoli", date: "2015-05-27", time: "", value: 264, qualifier: "", detectionLimit: null, depth: null });
  });

  it("a Water Quality Portal download: read by its WQP column names; parameters outside the catalogue are named", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const inspection = await inspectLabFile(db, WQP, { createSites: true }, NOW);
    expect(inspection.mapping).toEqual({
      shape: "long",
      columns: {
        date: "ActivityStartDate",
        time: "ActivityStartTime/Time",
        site: "MonitoringLocationIdentifier",
        qualifier: "ResultDetectionConditionText",
        parameter: "CharacteristicName",
        value: "ResultMeasureValue",
        unit: "ResultMeasure/MeasureUnitCode",
      },
      parameterId: "ecoli",
      siteId: "",
      ignore: [],
    });
    expect(inspection.problems).toContainEqual({ sheet: "", line: 2, message: 'line 2: parameter "Barium" is not in the catalogue' });
    const done = await importLabFile(services(), WQP, { createSites: true, goodRowsOnly: true }, NOW);
    expect(done.added).toBe(inspection.goodCount);
    const rows = (await stored(db)).filter((r) => r.date.startsWith("2024"));
    expect(rows).toHaveLength(inspection.goodCount);
    // Line 7: ORSANCO's E. coli at OR503.5BACT on 2024-06-04, 41 MPN (no time given).
    expect(rows).toContainEqual({ site: "31ORWUNT_WQX-OR503.5BACT", parameter: "ecoli", date: "2024-06-04", time: "", value: 41, qualifier: "", detectionLimit: null, depth: null });
    // Dissolved oxygen (DO), 7.96 mg/L at OR4495M on 2024-05-23 13:30.
    expect(rows).toContainEqual({ site: "31ORWUNT_WQX-OR4495M", parameter: "oxygen", date: "2024-05-23", time: "13:30", value: 7.96, qualifier: "", detectionLimit: null, depth: null });
    const site = (await listSites(db)).find((s) => s.name === "31ORWUNT_WQX-OR503.5BACT")!;
    // A WQP identifier is kept as the Portal wrote it, so that an export names the same site.
    expect(site.identifier).toBe("31ORWUNT_WQX-OR503.5BACT");
  });

  it("the Montrose CSV keeps importing: 258 readings of the first beach, then 258 duplicates", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const first = await importLabFile(services(), MONTROSE, {}, NOW);
    expect({ added: first.added, skipped: first.skipped }).toEqual({ added: 258, skipped: 0 });
    const again = await importLabFile(services(), MONTROSE, {}, NOW);
    expect({ added: again.added, skipped: again.skipped }).toEqual({ added: 0, skipped: 258 });
    const beach = (await stored(db)).filter((r) => r.date.startsWith("2013-05-21"));
    expect(beach).toEqual([{ site: "Heron Lake Public Beach", parameter: "ecoli", date: "2013-05-21", time: "", value: 155.951916, qualifier: "", detectionLimit: null, depth: null }]);
  });

  it("a lab's own CSV: title rows, US dates, >2419.6 and <10, a wrong unit refused on its row, all or nothing", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const db = database!.db;
    const file = path.join(dir, "lab.csv");
    writeFileSync(
      file,
      [
        "Heron Lake Lab — E. coli report,,,",
        "Printed 2026-05-30,,,",
        ",,,",
        "Sample Date,Beach,Result,Units",
        "05/20/2026,Calumet,>2419.6,MPN/100mL",
        "05/21/2026,calumet,<10,MPN/100mL",
        "05/22/2026,Calumet,12,mg/L",
        "2026-05-23,Rainbow,ND,MPN/100mL",
        "06/02/2026,Rainbow,5,MPN/100mL",
      ].join("\r\n"),
    );
    const inspection = await inspectLabFile(db, file, {}, NOW);
    expect(inspection.header).toEqual({ sheet: "", line: 4, names: ["Sample Date", "Beach", "Result", "Units"] });
    expect(inspection.problems.map((p) => p.message)).toEqual([
      `line 7: unit "mg/L" is not E. coli's (CFU per 100 mL); results are not converted`,
      `line 9: date "06/02/2026" is after today (2026-06-01)`,
    ]);
    expect(inspection.preview.map((p) => `${p.date} ${p.site} ${p.result}`)).toEqual(["2026-05-20 Calumet >2419.6", "2026-05-21 Calumet <10", "2026-05-23 Rainbow not detected"]);
    const before = (await stored(db)).length;
    expect((await importLabFile(services(), file, {}, NOW)).imported).toBe(false);
    expect(await stored(db)).toHaveLength(before);
    const done = await importLabFile(services(), file, { goodRowsOnly: true }, NOW);
    expect(done.added).toBe(3);
    expect((await stored(db)).filter((r) => r.date >= "2026-05-20")).toEqual([
      { site: "Calumet", parameter: "ecoli", date: "2026-05-20", time: "", value: 2419.6, qualifier: ">", detectionLimit: 2419.6, depth: null },
      { site: "Calumet", parameter: "ecoli", date: "2026-05-21", time: "", value: 10, qualifier: "<", detectionLimit: 10, depth: null },
      { site: "Rainbow", parameter: "ecoli", date: "2026-05-23", time: "", value: 0, qualifier: "ND", detectionLimit: null, depth: null },
    ]);
  });
});
