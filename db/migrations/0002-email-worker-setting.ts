/**
 * Points the email worker setting (spec §7) at this server's own endpoint, on installs that have no address yet.
 * Transforms data only; an address an administrator already set is kept.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO setting (key, value) SELECT 'emailWorkerUrl', '/api/email'
            WHERE NOT EXISTS (SELECT 1 FROM setting WHERE key = 'emailWorkerUrl')`.execute(db);
}
