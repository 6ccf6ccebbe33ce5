/**
 * Puts a backup made by `npm run backup` back in place:
 *   npm run restore -- FILE [--force]
 * In order, and nothing is changed before step 4 (the copy of step 3 aside):
 *   1. refuses while a server answers on the configured PORT (/healthz);
 *   2. reads the whole archive, refusing any entry a backup never has (a link, a device, a path outside the known
 *      ones, a document or picture file not named by its storage id, such as "data/documents/."), then unpacks it
 *      into a temporary folder inside DATA_DIR and checks it: manifest format and version, the same database kind as
 *      configured (SQLite vs PostgreSQL), no migration unknown to this version, every file's size and SHA-256, no
 *      file that the manifest does not list, and (SQLite) the copy's integrity check;
 *   3. refuses while another process has the SQLite file open, or (PostgreSQL) while the target database has other
 *      connections; and refuses an install that is not empty, by one rule on both back ends: its database has a
 *      table, view or sequence of its own, or a document or picture is stored (on disk or in the bucket). The
 *      message says what is there. With --force, a copy of that install is written first, by `npm run backup`'s
 *      own code, to $DATA_DIR/backups/shoreline-before-restore-YYYYMMDD-HHMMSS.tar.gz (mode 0600), and its path is
 *      printed; if it cannot be written, nothing is restored;
 *   4. swaps: the current database file (with its -wal and -shm), documents/, images/ and auth-secret are moved
 *      aside, the restored ones renamed into place; PostgreSQL is then loaded in one transaction (psql
 *      --single-transaction), and if that fails the files are moved back. The old files are deleted at the end. If
 *      the process dies during this step, the previous files are in $DATA_DIR/.restore-old-* and nothing is lost.
 *      With STORAGE_URL, documents and pictures go to the bucket instead: before step 4 every file the bucket
 *      already holds under an id of the archive must have the archive's size; in step 4 the missing ones are
 *      uploaded (and removed again if the restore fails), and once it has succeeded the objects the archive does
 *      not hold are removed. An archive made on disk restores into a bucket and the other way round.
 * `--force` skips the refusals of steps 1 and 3, once the copy of step 3 is written (a PostgreSQL database that is
 * not empty is emptied first: its tables, views and sequences are dropped in the same transaction as the load). A
 * restore that fails after the copy was written puts everything back and removes the copy again.
 * The work is done by scripts/lib/backup/restore.ts (`restoreBackup`), over the archive code of app/platform/backup/.
 * Exit codes (scripts/lib/cli.ts): 0 restored, 1 refused or failed (nothing changed) or a bad configuration,
 * 2 usage error.
 */
import { BackupError } from "#app/platform/backup/manifest.server.ts";
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
