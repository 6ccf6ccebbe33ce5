/**
 * What the lab file import keeps (issue 27): the column mapping the board confirmed for a kind of file, remembered
 * by the source's fingerprint (migration 0017), and the sites a file names that the board confirmed creating.
 */
import type { Database } from "#app/platform/data/db.server.ts";
import { writeAndSignal } from "#app/platform/data/changes.server.ts";
import { isSiteIdentifier, suggestIdentifier } from "#app/beach/site-forms.ts";

/** A remembered mapping: the JSON the importer saved, and the header names it was made from. */
export interface StoredLabMapping {
  fingerprint: string;
  mapping: unknown;
  headers: string[];
  updatedAt: number;
}

/** The mapping remembered for a source, or undefined. Its JSON is parsed, not checked: the importer checks it. */
export async function getLabMapping(db: Database, fingerprint: string): Promise<StoredLabMapping | undefined> {
  const row = await db.selectFrom("lab_file_mapping").selectAll().where("fingerprint", "=", fingerprint).executeTakeFirst();
  if (!row) return undefined;
  return { fingerprint: row.fingerprint, mapping: JSON.parse(row.mapping) as unknown, headers: JSON.parse(row.headers) as string[], updatedAt: Number(row.updatedAt) };
}

/**
 * Remembers (or replaces) the mapping of a source.
 * @param mapping any JSON value (the importer's `LabMapping`)
 * @param now ms since epoch
 */
export async function saveLabMapping(db: Database, fingerprint: string, mapping: unknown, headers: readonly string[], now = Date.now()): Promise<void> {
  const values = { fingerprint, mapping: JSON.stringify(mapping), headers: JSON.stringify(headers), updatedAt: now };
  await db
    .insertInto("lab_file_mapping")
    .values(values)
    .onConflict((oc) => oc.column("fingerprint").doUpdateSet({ mapping: values.mapping, headers: values.headers, updatedAt: now }))
    .execute();
}

/**
 * Creates the sites a lab file names, as the board confirmed: beaches (the default kind; the board can change it on
 * the Sites screen), named as the file writes them, with the name's slug as identifier ("-2", "-3", … when taken),
 * after the existing sites in the board's order. Runs in the caller's transaction when given one.
 * @param names the names, as written in the file (duplicates by case and spacing are created once)
 * @returns the new sites' ids by name, as given
 */
export async function addSitesFromFile(db: Database, names: readonly string[], now = Date.now()): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  if (names.length === 0) return created;
  return writeAndSignal(db, "measurements", async (trx) => {
    const taken = new Set((await trx.selectFrom("monitoring_site").select("identifier").execute()).map((r) => r.identifier));
    const last = await trx.selectFrom("monitoring_site").select((eb) => eb.fn.max("position").as("p")).executeTakeFirst();
    let position = Number(last?.p ?? -1) + 1;
    const byKey = new Map<string, string>();
    for (const name of names) {
      const clean = name.trim().replace(/\s+/g, " ");
      const key = clean.toLowerCase();
      const existing = byKey.get(key);
      if (existing) {
        created.set(name, existing);
        continue;
      }
      // A file's site that is already an identifier (a WQP download's MonitoringLocationIdentifier) keeps it.
      const base = isSiteIdentifier(clean) ? clean : suggestIdentifier(clean);
      let identifier = base;
      for (let n = 2; taken.has(identifier); n++) identifier = `${base}-${n}`;
      taken.add(identifier);
      const id = crypto.randomUUID();
      await trx
        .insertInto("monitoring_site")
        .values({ id, name: clean, kind: "beach", identifier, latitude: null, longitude: null, position: position++, createdAt: now, updatedAt: now })
        .execute();
      byKey.set(key, id);
      created.set(name, id);
    }
    return created;
  });
}
