/** The banner (spec §3): a single record, set or removed by an administrator. */
import type { Banner } from "#db/schema.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";

export type { Banner };

const BANNER_ID = 1;

/** The banner, or undefined when there is none. */
export async function getBanner(db: Database): Promise<Banner | undefined> {
  return db.selectFrom("banner").selectAll().where("id", "=", BANNER_ID).executeTakeFirst();
}

/** Creates or replaces the banner. */
export async function setBanner(db: Database, text: string, createdBy: string, now = Date.now()): Promise<void> {
  await writeAndSignal(db, "banner", (trx) =>
    trx
    .insertInto("banner")
    .values({ id: BANNER_ID, text, createdBy, createdAt: now })
    .onConflict((oc) => oc.column("id").doUpdateSet({ text, createdBy, createdAt: now }))
    .execute(),
  );
}

/** Removes the banner; nothing happens when there is none. */
export async function deleteBanner(db: Database): Promise<void> {
  await writeAndSignal(db, "banner", (trx) =>
    trx.deleteFrom("banner").where("id", "=", BANNER_ID).execute(),
  );
}
