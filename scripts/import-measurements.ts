/**
 * Imports beach measurements (E. coli lab results) from a CSV file into the database.
 *
 *   npm run import:measurements -- FILE.csv
 *   node scripts/import-measurements.ts FILE.csv
 *
 * The file is either the lab export (columns `sample_date` and `escherichia_coli`, e.g.
 * db/data/montrose-beach-ecoli-2013-2015.csv) or a plain `date,value` file; see `parseLabCsv`. The database is the
 * one the site uses (DATA_DIR / DATABASE_URL, see the README), migrated to the latest schema first: it holds the
 * association's time zone, which says what "today" is, and no reading may be dated after it (issue 24).
 *
 * All or nothing: when any row is wrong every problem is printed with its line number and no reading is written.
 * A reading with the same date and value as a stored one is skipped, so importing a file twice is harmless.
 * When the import changes the beach's status, one alert to the beach list is queued (issue 11).
 *
 * Exit status (scripts/lib/cli.ts): 0 imported (possibly nothing new); 1 the file has errors, the import failed, or
 * the configuration is invalid; 2 usage error or unreadable file.
 */
import { readFileSync } from "node:fs";
import { todayIn } from "#app/platform/text/dates.ts";
import { migrateToLatest, openDatabase } from "#app/platform/data/db.server.ts";
import { parseLabCsv } from "#app/beach/lab-csv.server.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { importReadings } from "#app/beach/updates.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { CliError, loadScriptConfig, parseCommandLine, runCli, UsageError } from "./lib/cli.ts";

const USAGE = "Usage: npm run import:measurements -- FILE.csv   (or: node scripts/import-measurements.ts FILE.csv)";

/** "1 reading", "258 readings". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Runs the import.
 * @param args the command line arguments after the script name: exactly one, the CSV file's path
 * @throws UsageError, CliError or ConfigError for `runCli` to report (exit statuses as above)
 */
async function main(args: string[]): Promise<void> {
  const [file = ""] = parseCommandLine(args, { positionals: { min: 1, max: 1 } }).positionals;
  if (file === "") throw new UsageError("");
  const config = loadScriptConfig();

  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new UsageError(`Cannot read ${file}: ${reason}`);
  }

  try {
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(handle);
      const { readings, errors } = parseLabCsv(text, todayIn(await getTimeZone(handle.db)));
      if (errors.length > 0) {
        for (const error of errors) console.error(error.message);
        throw new CliError(`Nothing imported: ${count(errors.length, "error")}.`);
      }
      // The alert is queued with the readings and sent by the running server's outbox worker: none runs here.
      const services = { db: handle.db, logger: createLogger("warn"), config, outbox: { kick: () => {} } };
      const { added, skipped, alerted } = await importReadings(services, readings);
      console.log(`Imported ${count(added, "reading")}, skipped ${count(skipped, "duplicate")}.`);
      if (alerted !== null) console.log(`Beach status changed: an alert is queued for ${count(alerted, "subscriber")}.`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`Import failed, nothing imported: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)));
