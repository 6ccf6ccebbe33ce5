/**
 * Imports beach measurements (E. coli lab results) from a CSV file into the database.
 *
 *   npm run import:measurements -- FILE.csv
 *   node scripts/import-measurements.ts FILE.csv
 *
 * The file is either the lab export (columns `sample_date` and `escherichia_coli`, e.g.
 * db/data/montrose-beach-ecoli-2013-2015.csv) or a plain `date,value` file; see `parseLabCsv`. The database is the
 * one the site uses (DATA_DIR / DATABASE_URL, see the README), migrated to the latest schema first.
 *
 * All or nothing: when any row is wrong every problem is printed with its line number and nothing is written.
 * A reading with the same date and value as a stored one is skipped, so importing a file twice is harmless.
 *
 * Exit status: 0 imported (possibly nothing new); 1 the file has errors, or the import failed; 2 usage error,
 * unreadable file or invalid configuration.
 */
import { readFileSync } from "node:fs";
import { ConfigError, loadConfig } from "#app/lib/config.server.ts";
import { migrateToLatest, openDatabase } from "#app/lib/db.server.ts";
import { parseLabCsv } from "#app/lib/lab-csv.server.ts";
import { importMeasurements } from "#app/models/measurements.server.ts";

const USAGE = "Usage: npm run import:measurements -- FILE.csv   (or: node scripts/import-measurements.ts FILE.csv)";

/** "1 reading", "258 readings". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * Runs the import.
 * @param args the command line arguments after the script name: exactly one, the CSV file's path
 * @returns the exit status (0, 1 or 2, as above)
 */
async function main(args: string[]): Promise<number> {
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    console.log(USAGE);
    return 0;
  }
  const [file] = args;
  if (args.length !== 1 || file === undefined || file === "") {
    console.error(USAGE);
    return 2;
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }

  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    console.error(`Cannot read ${file}: ${reason}`);
    console.error(USAGE);
    return 2;
  }

  // Parse before touching the database: a bad file leaves no trace at all.
  const { readings, errors } = parseLabCsv(text);
  if (errors.length > 0) {
    for (const error of errors) console.error(error.message);
    console.error(`Nothing imported: ${count(errors.length, "error")}.`);
    return 1;
  }

  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle);
    const { added, skipped } = await importMeasurements(handle.db, readings);
    console.log(`Imported ${count(added, "reading")}, skipped ${count(skipped, "duplicate")}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Import failed, nothing imported: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
