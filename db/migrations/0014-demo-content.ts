/**
 * Which rows are the demo association's (issue 26, "Start clean"): one row of `demo_content` for each news post,
 * event, reading, board/FAQ/bylaws/business entry, banner, picture and page text the demo seed wrote, with the
 * version it wrote (the row's `updated`/`updatedAt`/`createdAt` as text, or a setting's value). "Remove demo
 * content" removes a marked row only while it still has that version: what the board added or edited stays
 * (decision 028).
 *
 * An install seeded before this migration gets its untouched demo rows marked here, recognised by the seed's author
 * (`board@heronlake.example.org`, never an administrator's sign-in) and, for rows without an author, the seed's time.
 * An install started with `SEED=none`, or skipped because it had content, gets no marks.
 *
 * Only adds.
 */
import { sql, type Kysely } from "kysely";

/** The author the demo seed writes as (db/seed.ts). */
const SEED_AUTHOR = "board@heronlake.example.org";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("demo_content")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("version", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("demo_content_pk", ["kind", "id"])
    .execute();

  const seeded = await sql<{ value: string }>`select value from setting where key = 'seededAt'`.execute(db);
  const seededAt = Date.parse(seeded.rows[0]?.value ?? "");
  if (!Number.isFinite(seededAt)) return;

  // News posts and events never edited since the seed wrote them.
  await sql`insert into demo_content (kind, id, version)
    select 'news_post', id, cast(updated as text) from news_post where author = ${SEED_AUTHOR} and updated = created`.execute(db);
  await sql`insert into demo_content (kind, id, version)
    select 'event', id, cast(updated as text) from event where author = ${SEED_AUTHOR} and updated = created`.execute(db);
  // Readings are not edited: those written at the seed's moment are the demo's.
  await sql`insert into demo_content (kind, id, version)
    select 'measurement', id, cast("createdAt" as text) from measurement where "createdAt" = ${seededAt}`.execute(db);
  // Board, FAQ, bylaws and businesses: an edit writes the administrator's email over the seed's.
  await sql`insert into demo_content (kind, id, version)
    select 'site_item', id, cast("updatedAt" as text) from site_item where "updatedBy" = ${SEED_AUTHOR}`.execute(db);
  await sql`insert into demo_content (kind, id, version)
    select 'banner', cast(id as text), cast("createdAt" as text) from banner where "createdBy" = ${SEED_AUTHOR}`.execute(db);
  await sql`insert into demo_content (kind, id, version)
    select 'image', id, cast("createdAt" as text) from image where "createdBy" = ${SEED_AUTHOR}`.execute(db);
  // The page texts, while the pages screen was never saved (it saves them all at once).
  await sql`insert into demo_content (kind, id, version)
    select 'setting', key, value from setting
    where key like 'page.%' and key not in ('page.updatedBy', 'page.updatedAt') and value <> ''
    and exists (select 1 from setting s where s.key = 'page.updatedBy' and s.value = ${SEED_AUTHOR})`.execute(db);
}
