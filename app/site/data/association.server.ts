/**
 * The association's own details (name, short name, time zone, contact email, beach name), as the board set them in
 * the browser (/setup, later the settings screen), kept in the `setting` table. What is not set yet comes from the
 * demo content in `content/association.ts`.
 */
import { association as demo } from "#content/association.ts";
import type { Association } from "#content/types.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { bumpVersion, writeAndSignal } from "#app/platform/data/changes.server.ts";

/** The details the board edits (see `Association` in content/types.ts for what each means). */
export type AssociationDetails = Pick<Association, "name" | "shortName" | "timeZone" | "contactEmail" | "socialUrl" | "socialLabel" | "beachName">;

/** Who last changed the details, and when (ms since epoch); absent while they are the demo's. */
export interface AssociationChange {
  updatedBy?: string;
  updatedAt?: number;
}

const KEYS: Record<keyof AssociationDetails, string> = {
  name: "association.name",
  shortName: "association.shortName",
  timeZone: "association.timeZone",
  contactEmail: "association.contactEmail",
  socialUrl: "association.socialUrl",
  socialLabel: "association.socialLabel",
  beachName: "association.beachName",
};

/** The demo association's details: what a new install shows until the board sets its own. */
export const DEMO_DETAILS: AssociationDetails = {
  name: demo.name,
  shortName: demo.shortName,
  timeZone: demo.timeZone,
  contactEmail: demo.contactEmail,
  socialUrl: demo.socialUrl,
  socialLabel: demo.socialLabel,
  beachName: demo.beachName,
};

/**
 * The association's time zone (IANA): the calendar of news, events and readings, and what "today" is. One small
 * query; the demo's zone until the board sets one.
 */
export async function getTimeZone(db: Database): Promise<string> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", KEYS.timeZone).executeTakeFirst();
  return row?.value || DEMO_DETAILS.timeZone;
}

const UPDATED_BY = "association.updatedBy";
const UPDATED_AT = "association.updatedAt";

/**
 * The association's details: those saved in the database over the demo content's (a saved empty social link
 * stays empty: it means none), with who changed them last and when.
 */
export async function getAssociationDetails(db: Database): Promise<AssociationDetails & AssociationChange> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", [...Object.values(KEYS), UPDATED_BY, UPDATED_AT]).execute();
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const out: AssociationDetails & AssociationChange = { ...DEMO_DETAILS };
  for (const [field, key] of Object.entries(KEYS) as [keyof AssociationDetails, string][]) {
    const value = saved.get(key);
    if (value !== undefined && (value !== "" || field === "socialUrl" || field === "socialLabel")) out[field] = value;
  }
  if (saved.has(UPDATED_BY)) out.updatedBy = saved.get(UPDATED_BY);
  if (saved.has(UPDATED_AT)) out.updatedAt = Number(saved.get(UPDATED_AT));
  return out;
}

/**
 * Saves the association's details in one transaction, with who saved them and when, and signals the change
 * (public pages follow at once). Fields left out keep their saved value.
 */
export async function saveAssociationDetails(db: Database, details: Partial<AssociationDetails>, by: string, now = Date.now()): Promise<void> {
  const values: [string, string][] = [
    ...(Object.entries(details) as [keyof AssociationDetails, string][]).map(([field, value]): [string, string] => [KEYS[field], value]),
    [UPDATED_BY, by],
    [UPDATED_AT, String(now)],
  ];
  await writeAndSignal(db, "settings", async (trx) => {
    for (const [key, value] of values) {
      await trx.insertInto("setting").values({ key, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    }
    if (details.beachName !== undefined) await renameFirstBeach(trx, details.beachName, now);
  });
}

/**
 * The beach name is the first beach's (issue 27, decision 034): the `monitoring_site` row is the truth, this setting
 * its copy (app/beach/data/sites.server.ts writes the copy when the Sites screen renames or reorders the beaches),
 * and saving the name here renames that site in the same transaction. Its topic ("measurements") moves with it.
 */
async function renameFirstBeach(trx: Database, name: string, now: number): Promise<void> {
  const first = await trx.selectFrom("monitoring_site").select("id").where("kind", "=", "beach").orderBy("position").orderBy("name").limit(1).executeTakeFirst();
  if (!first) return;
  await trx.updateTable("monitoring_site").set({ name, updatedAt: now }).where("id", "=", first.id).execute();
  await bumpVersion(trx, "measurements");
}

/** The setting that names the association's own logo (an image id, app/platform/files/images.server.ts). */
export const LOGO_KEY = "association.logoImageId";

/** The image id of the logo the board uploaded, or null while the bundled logo (content/images/logo.svg) is shown. */
export async function getLogoImageId(db: Database): Promise<string | null> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", LOGO_KEY).executeTakeFirst();
  return row?.value || null;
}

/** Sets the logo's image id (null: back to the bundled logo) and signals the change, so every page follows. */
export async function saveLogoImageId(db: Database, id: string | null, by: string, now = Date.now()): Promise<void> {
  await writeAndSignal(db, "settings", async (trx) => {
    for (const [key, value] of [[LOGO_KEY, id ?? ""], [UPDATED_BY, by], [UPDATED_AT, String(now)]] as const) {
      await trx.insertInto("setting").values({ key, value }).onConflict((oc) => oc.column("key").doUpdateSet({ value })).execute();
    }
  });
}
