/**
 * The association's own details (name, short name, time zone, contact email, beach name), as the board set them in
 * the browser (/setup, later the settings screen), kept in the `setting` table. What is not set yet comes from the
 * demo content in `content/association.ts`.
 */
import { association as demo } from "#content/association.ts";
import { beachInfo } from "#content/lake.ts";
import type { Database } from "#app/lib/db.server.ts";
import { writeAndSignal } from "./changes.server.ts";

export interface AssociationDetails {
  name: string;
  shortName: string;
  /** IANA time zone, e.g. "America/Chicago". */
  timeZone: string;
  contactEmail: string;
  beachName: string;
}

const KEYS: Record<keyof AssociationDetails, string> = {
  name: "association.name",
  shortName: "association.shortName",
  timeZone: "association.timeZone",
  contactEmail: "association.contactEmail",
  beachName: "association.beachName",
};

/** The demo association's details: what a new install shows until the board sets its own. */
export const DEMO_DETAILS: AssociationDetails = {
  name: demo.name,
  shortName: demo.shortName,
  timeZone: demo.timeZone,
  contactEmail: demo.contactEmail,
  beachName: beachInfo.name,
};

/** The association's details: those saved in the database over the demo content's. */
export async function getAssociationDetails(db: Database): Promise<AssociationDetails> {
  const rows = await db.selectFrom("setting").select(["key", "value"]).where("key", "in", Object.values(KEYS)).execute();
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const out = { ...DEMO_DETAILS };
  for (const [field, key] of Object.entries(KEYS) as [keyof AssociationDetails, string][]) {
    const value = saved.get(key);
    if (value) out[field] = value;
  }
  return out;
}

/** Saves the association's details in one transaction and signals the change (public pages follow at once). */
export async function saveAssociationDetails(db: Database, details: AssociationDetails): Promise<void> {
  await writeAndSignal(db, "settings", async (trx) => {
    for (const [field, key] of Object.entries(KEYS) as [keyof AssociationDetails, string][]) {
      await trx
        .insertInto("setting")
        .values({ key, value: details[field] })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: details[field] }))
        .execute();
    }
  });
}
