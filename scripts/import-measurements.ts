/**
 * Imports lab results from a file into the database (issue 27): a CSV, or an Excel workbook (`.xlsx` or the old
 * `.xls`), long or wide, one sheet or every sheet, through the same importer as the Measurements screen
 * (app/beach/lab-files/importer.server.ts).
 *
 *   npm run import:measurements -- FILE [--sheet NAME] [--good-rows-only] [--create-sites] [--parameter ID]
 *                                       [--site ID] [--shape long|site-columns|date-columns] [--column FIELD=NAME …]
 *
 * The columns are those the board last confirmed for a file of the same source (the same header names), else
 * guessed from their names; `--column date="Sample Collection Time"` (repeatable; an empty NAME for none) and
 * `--shape` correct them, `--parameter` names the parameter of a file without a parameter column (a catalogue id:
 * ecoli, secchi, …) and `--site` the site of a file without a site column (default: the first beach). The
 * database is the one the site uses (DATA_DIR / DATABASE_URL, see the README), migrated first: it holds the
 * association's time zone, which says what "today" is, and no result may be dated after it (issue 24).
 *
 * All or nothing: when any row is wrong every problem is printed with its sheet and line and nothing is written,
 * unless `--good-rows-only` is given, which imports the good rows and still prints the problems. Sites the file
 * names that Shoreline does not know are problems unless `--create-sites` creates them (as beaches). A result of
 * the same site, parameter, date, time, depth, qualifier and value as a stored one is skipped, so importing a file
 * twice is harmless. When the import changes a beach's status, one alert is queued (issue 11).
 *
 * Exit status (scripts/lib/cli.ts): 0 imported (possibly nothing new); 1 the file has errors, the import failed, or
 * the configuration is invalid; 2 usage error or unreadable file.
 */
import { accessSync, constants } from "node:fs";
import { migrateToLatest, openDatabase } from "#app/platform/data/db.server.ts";
import { importLabFile } from "#app/beach/lab-files/importer.server.ts";
import { inspectLabFile } from "#app/beach/lab-files/importer.server.ts";
import { LAB_FIELDS, LAB_SHAPES, type LabField, type LabMapping } from "#app/beach/lab-files/columns.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { CliError, loadScriptConfig, parseCommandLine, runCli, UsageError } from "./lib/cli.ts";

const USAGE = `Usage: npm run import:measurements -- FILE [options]   (or: node scripts/import-measurements.ts FILE [options])
  FILE                a lab file: CSV, .xlsx or .xls
  --sheet NAME        read this sheet only (default: every sheet with the same columns)
  --good-rows-only    import the good rows of a file with problems (default: import nothing)
  --create-sites      create the sites the file names that are not known (as beaches)
  --parameter ID      the parameter of a file without a parameter column (ecoli, enterococci, secchi, …)
  --site ID           the site of a file without a site column (default: the first beach)
  --shape SHAPE       long, site-columns (a column per site) or date-columns (a column per date)
  --column FIELD=NAME the column of a field (${LAB_FIELDS.join(", ")}); repeatable; NAME empty for none`;

/** "1 reading", "258 readings". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Runs the import.
 * @param args the command line arguments after the script name: the file's path and the options above
 * @throws UsageError, CliError or ConfigError for `runCli` to report (exit statuses as above)
 */
async function main(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, {
    options: {
      sheet: { type: "string" },
      "good-rows-only": { type: "boolean" },
      "create-sites": { type: "boolean" },
      parameter: { type: "string" },
      site: { type: "string" },
      shape: { type: "string" },
      column: { type: "string", multiple: true },
    },
    positionals: { min: 1, max: 1 },
  });
  const [file = ""] = positionals;
  if (file === "") throw new UsageError("");
  if (values.shape !== undefined && !(LAB_SHAPES as readonly string[]).includes(values.shape)) throw new UsageError(`--shape must be one of ${LAB_SHAPES.join(", ")}`);
  const corrections: Partial<Record<LabField, string>> = {};
  for (const pair of values.column ?? []) {
    const [field, ...rest] = pair.split("=");
    if (!(LAB_FIELDS as readonly string[]).includes(field ?? "") || rest.length === 0) throw new UsageError(`--column takes FIELD=NAME with FIELD one of ${LAB_FIELDS.join(", ")}, not "${pair}"`);
    corrections[field as LabField] = rest.join("=");
  }
  const config = loadScriptConfig();
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new UsageError(`Cannot read ${file}: ${reason}`);
  }

  try {
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(handle);
      const sheet = values.sheet ?? null;
      let mapping: LabMapping | undefined;
      if (Object.keys(corrections).length > 0 || values.parameter !== undefined || values.site !== undefined || values.shape !== undefined) {
        // The remembered or guessed mapping, corrected as the command line says.
        const base = (await inspectLabFile(handle.db, file, { sheet, previewSize: 0 })).mapping;
        const columns = { ...base.columns };
        for (const [field, name] of Object.entries(corrections) as [LabField, string][]) {
          if (name === "") delete columns[field];
          else columns[field] = name;
        }
        mapping = { ...base, columns, shape: (values.shape as LabMapping["shape"] | undefined) ?? base.shape, parameterId: values.parameter ?? base.parameterId, siteId: values.site ?? base.siteId };
      }
      // The alert is queued with the results and sent by the running server's outbox worker: none runs here.
      const services = { db: handle.db, logger: createLogger("warn"), config, outbox: { kick: () => {} } };
      const outcome = await importLabFile(services, file, { sheet, ...(mapping ? { mapping } : {}), createSites: values["create-sites"] === true, goodRowsOnly: values["good-rows-only"] === true });
      const { inspection } = outcome;
      for (const skipped of inspection.skippedSheets) if (skipped.sheet !== "") console.error(`Sheet "${skipped.sheet}" skipped: ${skipped.reason}.`);
      const missing = Object.values(inspection.mappingProblems);
      if (!inspection.header) throw new CliError("Nothing imported: no row of the file's first 30 looks like a header (the columns' names).");
      if (missing.length > 0) {
        console.error(`Columns: ${inspection.header.names.map((n) => `"${n}"`).join(", ")}`);
        for (const problem of missing) console.error(problem);
        throw new CliError("Nothing imported: the columns are not all known; name them with --column FIELD=NAME or --parameter ID.");
      }
      for (const problem of inspection.problems) console.error(problem.message);
      if (inspection.problemCount > inspection.problems.length) console.error(`… and ${inspection.problemCount - inspection.problems.length} more problems.`);
      if (inspection.unknownSites.length > 0 && values["create-sites"] !== true) {
        console.error(`Sites not known: ${inspection.unknownSites.map((s) => `"${s.name}"`).join(", ")} (--create-sites creates them).`);
      }
      if (!outcome.imported) {
        throw new CliError(
          inspection.problemCount > 0
            ? `Nothing imported: ${count(inspection.problemCount, "error")} in ${count(inspection.problemRows, "row")}; --good-rows-only imports the ${count(inspection.goodCount, "good row")}.`
            : "Nothing imported.",
        );
      }
      if (outcome.sitesCreated > 0) console.log(`Created ${count(outcome.sitesCreated, "site")}.`);
      console.log(`Imported ${count(outcome.added, "reading")}, skipped ${count(outcome.skipped, "duplicate")}.`);
      if (outcome.alerted !== null) console.log(`Beach status changed: an alert is queued for ${count(outcome.alerted, "subscriber")}.`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Import failed, nothing imported: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)));
