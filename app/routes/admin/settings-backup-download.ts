import { Readable } from "node:stream";
import type { Route } from "./+types/settings-backup-download";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { streamBackup } from "#app/platform/backup/create.server.ts";
import { BackupError } from "#app/platform/backup/manifest.server.ts";

/**
 * `/admin/settings/backup/download` (Administrators only, issue 28): the same archive as `npm run backup`, streamed
 * to the browser as it is packed (decision 038). The database copy and the files are staged on disk under
 * `$DATA_DIR/backups` first, removed once the download ends or is cancelled; nothing is kept on the server.
 * A failure before the first byte (the database unreachable, pg_dump missing) is a 500 with the reason in the log.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, user } = adminRequest(args);
  try {
    const { stream, fileName, manifest } = await streamBackup(services.config);
    services.logger.info({ by: user.email, file: fileName, files: manifest.files.length, dialect: manifest.dialect }, "backup downloaded");
    stream.once("error", (error) => services.logger.error({ err: error, file: fileName }, "backup download failed"));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    services.logger.error({ err: error }, "backup download could not start");
    const reason = error instanceof BackupError ? error.message : "an unexpected error (see the server's log)";
    return new Response(`The backup could not be made: ${reason}\n`, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
