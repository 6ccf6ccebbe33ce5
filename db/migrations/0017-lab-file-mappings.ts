/**
 * Lab files as labs send them (issue 27): the column mapping the board confirmed for a kind of file, remembered for
 * the next file of the same kind.
 *
 * - `lab_file_mapping`: keyed by the source's fingerprint (a hash of the file's header names, sorted, with dates
 *   standing for the date columns of a wide file; app/beach/lab-files/columns.ts), holding the mapping as JSON text
 *   (which column is the date, the site, the value, …, the shape, the parameter of a one-parameter file), when it was
 *   last used and the header names it was made from (for the board to recognise it).
 * - an index on `measurement(date)`: an import looks up the stored results of the dates it brings, to skip
 *   duplicates; without it each batch of a 100,000-result file read the whole table.
 *
 * Only adds; an older install has no mapping and guesses, as before.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lab_file_mapping")
    .addColumn("fingerprint", "text", (c) => c.primaryKey())
    .addColumn("mapping", "text", (c) => c.notNull())
    .addColumn("headers", "text", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("measurement_date").on("measurement").column("date").execute();
}
