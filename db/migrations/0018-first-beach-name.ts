/**
 * The beach name is the first beach's (issue 27, decision 034). Migration 0015 named the first site from the
 * `association.beachName` setting; until decision 034, Settings kept editing the setting alone, so an install that
 * renamed its beach after 0015 has a first site under the old name while every page showed the setting's. This puts
 * the setting's name (what the pages showed) on the first beach, once; from here on both are written together.
 * Only changes a name that differs; an install without the setting keeps the site's name.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const setting = await sql<{ value: string }>`SELECT value FROM setting WHERE key = 'association.beachName'`.execute(db);
  const name = setting.rows[0]?.value?.trim();
  if (!name) return;
  const first = await sql<{ id: string; name: string }>`SELECT id, name FROM monitoring_site WHERE kind = 'beach' ORDER BY position, name LIMIT 1`.execute(db);
  const site = first.rows[0];
  if (!site || site.name === name) return;
  await sql`UPDATE monitoring_site SET name = ${name}, ${sql.ref("updatedAt")} = ${Date.now()} WHERE id = ${site.id}`.execute(db);
}
