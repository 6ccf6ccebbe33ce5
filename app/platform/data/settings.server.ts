/** Settings: small key/value records kept in the database (spec §7: the email worker address). */
import type { Database } from "./db.server.ts";

export const SETTING_KEYS = {
  /** The email worker's address (spec §7, "API configuration"). */
  emailWorkerUrl: "emailWorkerUrl",
  /** Set once the demo content has been seeded, so that it is never seeded twice. */
  seededAt: "seededAt",
  /** Set once the board's lists (board, FAQ, bylaws, businesses) have been seeded, or found to need none. */
  siteContentSeededAt: "siteContentSeededAt",
} as const;

export async function getSetting(db: Database, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Database, key: string, value: string): Promise<void> {
  await db
    .insertInto("setting")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
