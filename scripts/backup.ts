/**
 * One archive with everything an install needs to come back: a consistent copy of the database and every document.
 *   npm run backup                  writes $DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz
 *   npm run backup -- FILE          writes FILE (a .tar.gz)
 * The archive holds manifest.json (format version, time, dialect, migrations, row counts, every file with its size
 * and SHA-256), the database (SQLite: `VACUUM INTO`, one read transaction, so writers may go on meanwhile;
 * PostgreSQL: `pg_dump --format=custom` in the snapshot of our own repeatable-read transaction), `auth-secret`,
 * `documents/` and `images/` (from the bucket when STORAGE_URL is set, into the same places of the archive).
 * Never `backups/` or `mail/`. It is written under a temporary name and renamed when complete, readable
 * by its owner only (it holds sessions and member addresses). Restore with `npm run restore -- FILE`.
 * The work is done by app/platform/backup/ (`createBackup`), which Settings → Backup's download shares (decision 038).
 * Exit codes (scripts/lib/cli.ts): 0 written, 1 failed (nothing left behind) or a bad configuration, 2 usage error.
 */
import { humanSize } from "#app/platform/text/format.ts";
import { createBackup, removeBackupLeftovers } from "#app/platform/backup/create.server.ts";
import { BackupError, documentCount, imageCount } from "#app/platform/backup/manifest.server.ts";
import { CliError, loadScriptConfig, parseCommandLine, runCli } from "./lib/cli.ts";

const USAGE = "Usage: npm run backup -- [FILE]   (default $DATA_DIR/backups/shoreline-YYYYMMDD-HHMMSS.tar.gz)";

await runCli(USAGE, async () => {
  const [target] = parseCommandLine(process.argv.slice(2), { positionals: { max: 1 } }).positionals;
  const config = loadScriptConfig();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      removeBackupLeftovers();
      console.error(`Backup interrupted by ${signal}; nothing was written.`);
      process.exit(1);
    });
  }
  try {
    const { file, size, manifest } = await createBackup(config, target);
    const documents = documentCount(manifest);
    const images = imageCount(manifest);
    console.log(`Backup written: ${file}`);
    console.log(`  ${humanSize(size)} (${size} bytes); ${manifest.dialect} database, ${documents} document${documents === 1 ? "" : "s"}, ${images} picture file${images === 1 ? "" : "s"}`);
  } catch (error) {
    removeBackupLeftovers();
    throw new CliError(`Backup failed: ${error instanceof BackupError ? error.message : String((error as Error).stack ?? error)}`);
  }
});
