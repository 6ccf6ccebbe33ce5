import { Link } from "react-router";
import type { Route } from "./+types/settings-backup";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { dialectOf, DIALECT_NAMES } from "#app/platform/backup/manifest.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("settings/backup");

export function meta() {
  return screenMeta(SCREEN);
}

export async function loader(args: Route.LoaderArgs) {
  const { services } = adminRequest(args);
  const config = services.config;
  return { database: DIALECT_NAMES[dialectOf(config)], bucket: config.s3 !== undefined };
}

/**
 * Settings → Backup (issue 28, Administrators only): downloads the archive `npm run backup` writes, and says how a
 * restore is done (a command, with the server stopped: it replaces the database and files under a running server
 * otherwise).
 */
export default function AdminBackup({ loaderData }: Route.ComponentProps) {
  const { database, bucket } = loaderData;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p>
        <Link to="/admin/settings">Back to Site settings</Link>
      </p>
      <section className="stack" aria-labelledby="backup-download">
        <h2 id="backup-download">Download a backup</h2>
        <p>
          One file (<code>.tar.gz</code>) with everything the site needs to come back: the {database} database, every
          document and picture{bucket ? " (from the storage bucket)" : ""}, and the site's session secret. It is the same
          archive as <code>npm run backup</code> writes on the server.
        </p>
        <p>
          The file holds member and subscriber addresses and sign-in sessions: keep it somewhere only the board can
          reach.
        </p>
        <p>
          <a className="button" href="/admin/settings/backup/download" download>
            Download backup
          </a>
        </p>
      </section>
      <section className="stack" aria-labelledby="backup-restore">
        <h2 id="backup-restore">Restore</h2>
        <p>
          A restore replaces the whole site, so it is not done from this screen. On the server, stop Shoreline, then
          run <code>npm run restore -- FILE</code> with the downloaded file, and start Shoreline again. The restore
          checks the archive first and changes nothing if anything is wrong with it.
        </p>
      </section>
    </>
  );
}
