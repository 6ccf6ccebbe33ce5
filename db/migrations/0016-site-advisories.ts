/**
 * Advisories, announced states and beach alerts per site (issue 27).
 *
 * - `site_advisory`: the advisory in force at a site, one at most: the board's ("board": Caution or Closed, with its
 *   reason; it overrides the readings) or a bloom report ("bloom": green, yellow or red, as Vermont's volunteers
 *   report them; one verdict among the site's parameters). The single `beach.advisory` setting becomes the first
 *   beach's ("beach") advisory.
 * - `site_announced`: the state last announced to subscribers, per site. The single `beach.announced` setting
 *   becomes the first beach's, so an upgrade announces nothing that was announced before.
 * - `subscriber.beachSites`: the beaches whose alerts a subscriber of the beach list gets, site ids comma-separated.
 *   Every subscription made before it gets the first beach's alerts ("beach"), as it did.
 * Only adds; the two settings are removed once moved.
 */
import { sql, type Kysely } from "kysely";

/** The first site, made by migration 0015 from an older install's one beach. */
const FIRST_SITE_ID = "beach";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_advisory")
    .addColumn("siteId", "text", (c) => c.primaryKey())
    // "board" | "bloom"
    .addColumn("kind", "text", (c) => c.notNull())
    // "Caution" | "Closed" for the board's; "" for a bloom report.
    .addColumn("status", "text", (c) => c.notNull().defaultTo(""))
    // "green" | "yellow" | "red" for a bloom report; "" for the board's.
    .addColumn("level", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("postedAt", "bigint", (c) => c.notNull())
    .addColumn("postedBy", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("site_announced")
    .addColumn("siteId", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("subscriber").addColumn("beachSites", "text", (c) => c.notNull().defaultTo("")).execute();

  const setting = async (key: string) => (await sql<{ value: string }>`SELECT value FROM setting WHERE key = ${key}`.execute(db)).rows[0]?.value;
  const advisory = await setting("beach.advisory");
  if (advisory !== undefined) {
    const parsed = readAdvisory(advisory);
    if (parsed) {
      await sql`INSERT INTO site_advisory (${sql.ref("siteId")}, kind, status, level, reason, ${sql.ref("postedAt")}, ${sql.ref("postedBy")})
        VALUES (${FIRST_SITE_ID}, 'board', ${parsed.status}, '', ${parsed.reason}, ${parsed.postedAt}, ${parsed.postedBy})`.execute(db);
    }
    await sql`DELETE FROM setting WHERE key = 'beach.advisory'`.execute(db);
  }
  const announced = await setting("beach.announced");
  if (announced !== undefined) {
    await sql`INSERT INTO site_announced (${sql.ref("siteId")}, state) VALUES (${FIRST_SITE_ID}, ${announced})`.execute(db);
    await sql`DELETE FROM setting WHERE key = 'beach.announced'`.execute(db);
  }
  await sql`UPDATE subscriber SET ${sql.ref("beachSites")} = ${FIRST_SITE_ID} WHERE (',' || lists || ',') LIKE '%,beach,%'`.execute(db);
}

/** The advisory as issue 11 stored it (JSON); null when it no longer reads as one (it then counted as none). */
function readAdvisory(value: string): { status: string; reason: string; postedAt: number; postedBy: string } | null {
  try {
    const v = JSON.parse(value) as Record<string, unknown>;
    const ok = (v.status === "Caution" || v.status === "Closed") && typeof v.reason === "string" && v.reason !== "" && typeof v.postedAt === "number" && typeof v.postedBy === "string";
    return ok ? { status: v.status as string, reason: v.reason as string, postedAt: v.postedAt as number, postedBy: v.postedBy as string } : null;
  } catch {
    return null;
  }
}
