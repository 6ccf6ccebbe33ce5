/**
 * Pictures (issue 10 part 4): board photos, the logo, the map, the treasurer image and the home-page photo. One row
 * per picture, with its text alternative and the widths of its WebP variants; the variants' bytes live in the image
 * store (`$DATA_DIR/images/`, app/platform/files/images.server.ts). Only adds.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("image")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
}
