/**
 * Puts a backup made by `npm run backup` back in place:
 *   npm run restore -- FILE [--force]
 * In order, and nothing is changed before step 4:
 *   1. refuses while a server answers on the configured PORT (/healthz);
 *   2. unpacks the archive into a temporary folder inside DATA_DIR and checks it: manifest format and version, the
 *      same database kind as configured (SQLite vs PostgreSQL), no migration unknown to this version, every file's
 *      size and SHA-256, no file that the manifest does not list, and (SQLite) the copy's integrity check;
 *   3. refuses while another process has the SQLite file open, or (PostgreSQL) while the target database has other
 *      connections or is not empty;
 *   4. swaps: the current database file (with its -wal and -shm), documents/, images/ and auth-secret are moved
 *      aside, the restored ones renamed into place; PostgreSQL is then loaded in one transaction (psql
 *      --single-transaction), and if that fails the files are moved back. The old files are deleted at the end. If
 *      the process dies during this step, the previous files are in $DATA_DIR/.restore-old-* and nothing is lost.
 *      With STORAGE_URL, documents and pictures go to the bucket instead: before step 4 every file the bucket
 *      already holds under an id of the archive must have the archive's size; in step 4 the missing ones are
 *      uploaded (and removed again if the restore fails), and once it has succeeded the objects the archive does
 *      not hold are removed. An archive made on disk restores into a bucket and the other way round.
 * `--force` skips the refusals of steps 1 and 3 (a PostgreSQL database that is not empty is emptied first: its
 * tables, views and sequences are dropped in the same transaction as the load).
 * The work is done by scripts/lib/backup/ (`restoreBackup`).
 * Exit codes (scripts/lib/cli.ts): 0 restored, 1 refused or failed (nothing changed) or a bad configuration,
 * 2 usage error.
 */
import { BackupError } from "./lib/backup/manifest.ts";
import { restoreBackup, RollbackError } from "./lib/backup/restore.ts";
import { CliError, loadScriptConfig, parseCommandLine, runCli } from "./lib/cli.ts";

const USAGE = "Usage: npm run restore -- FILE [--force]";

await runCli(USAGE, async () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    options: { force: { type: "boolean" } },
    positionals: { min: 1, max: 1 },
  });
  const config = loadScriptConfig();
  try {
    await restoreBackup(config, positionals[0]!, { force: values.force === true });
  } catch (error) {
    const reason = error instanceof BackupError ? error.message : String((error as Error).stack ?? error);
    throw new CliError(`Restore refused: ${reason}${error instanceof RollbackError ? "" : "\nNothing was changed."}`);
  }
});
