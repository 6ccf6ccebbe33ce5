/**
 * The whole lake (issue 27): monitoring sites and a catalogue of parameters, and readings that say which of each
 * they are.
 *
 * - `monitoring_site`: a beach or an open-water station, with its WQX MonitoringLocationIdentifier, coordinates in
 *   decimal degrees (WGS 84; null until the board enters them), the rule profile that decides its status, and its
 *   place in the lists.
 * - `parameter`: the catalogue (app/beach/parameters.ts), with the built-in parameters written here; the board can add
 *   its own.
 * - `measurement` gains `siteId`, `parameterId`, `qualifier` ("" | "<" | ">" | "ND"), `detectionLimit`, `depth`
 *   (metres, null at the surface) and `time` ("HH:MM" or "").
 *
 * Every reading already there is E. coli at the install's one beach: the first site is made from the association's
 * beach name (identifier "beach", as /data/swimguide.json named it; the demo's name while the board set none, as
 * the pages showed it) and every reading is put on it. A new install gets the same first site. The built-in
 * parameters are written as the catalogue is at this migration: a later change to them needs its own migration.
 * Only adds.
 */
import { sql, type Kysely } from "kysely";

/** The demo's beach name, which the pages showed while the board had set none (content/association.ts). */
const DEMO_BEACH_NAME = "Heron Lake Public Beach";

const COUNTS = ["cfu/100ml", "cfu/100 ml", "mpn/100ml", "mpn/100 ml", "#/100ml", "per 100ml", "count/100ml", "cfu", "mpn"];
const UG_L = ["ug/l", "µg/l", "μg/l", "ppb"];

/**
 * The catalogue as it was at this migration (app/beach/parameters.ts), frozen here: id, name, WQX characteristic
 * name, WQX unit code, unit label, unit aliases, depth profile, smallest and largest value.
 */
const BUILTIN: [string, string, string, string, string, string[], boolean, number, number][] = [
  ["ecoli", "E. coli", "Escherichia coli", "cfu/100ml", "CFU per 100 mL", COUNTS, false, 0, 1_000_000],
  ["enterococci", "Enterococci", "Enterococcus", "cfu/100ml", "CFU per 100 mL", COUNTS, false, 0, 1_000_000],
  ["microcystins", "Microcystins", "Microcystins", "ug/L", "µg/L", UG_L, false, 0, 100_000],
  ["cylindrospermopsin", "Cylindrospermopsin", "Cylindrospermopsin", "ug/L", "µg/L", UG_L, false, 0, 100_000],
  ["cyanobacteria", "Cyanobacteria cell density", "Cyanobacteria", "cells/mL", "cells/mL", ["cells/ml", "cell/ml", "#/ml"], false, 0, 1_000_000_000],
  ["secchi", "Secchi depth", "Depth, Secchi disk depth", "m", "m", ["m", "meters", "metres", "meter", "metre"], false, 0, 100],
  ["temperature", "Water temperature", "Temperature, water", "deg C", "°C", ["deg c", "degc", "°c", "c", "celsius"], true, -2, 45],
  ["oxygen", "Dissolved oxygen", "Dissolved oxygen (DO)", "mg/L", "mg/L", ["mg/l", "ppm"], true, 0, 30],
  ["phosphorus", "Total phosphorus", "Phosphorus", "ug/L", "µg/L", UG_L, false, 0, 100_000],
  ["chlorophyll", "Chlorophyll-a", "Chlorophyll a", "ug/L", "µg/L", [...UG_L.slice(0, 3), "mg/m3", "mg/m³", "ppb"], false, 0, 10_000],
];

/** The id of the site made from an older install's one beach. */
export const FIRST_SITE_ID = "beach";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("monitoring_site")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    // "beach" | "station"
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("identifier", "text", (c) => c.notNull().unique())
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    // A rule profile id (app/beach/profiles.ts); "spec" is the specification's rules.
    .addColumn("profile", "text", (c) => c.notNull().defaultTo("spec"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("parameter")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("characteristicName", "text", (c) => c.notNull())
    .addColumn("unitCode", "text", (c) => c.notNull())
    .addColumn("unitLabel", "text", (c) => c.notNull())
    // JSON array of strings.
    .addColumn("unitAliases", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("depthProfile", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("minValue", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("maxValue", "double precision", (c) => c.notNull())
    .addColumn("builtin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  let position = 0;
  for (const [id, name, characteristicName, unitCode, unitLabel, aliases, depthProfile, minValue, maxValue] of BUILTIN) {
    await sql`INSERT INTO parameter (id, name, ${sql.ref("characteristicName")}, ${sql.ref("unitCode")}, ${sql.ref("unitLabel")}, ${sql.ref("unitAliases")}, ${sql.ref("depthProfile")}, ${sql.ref("minValue")}, ${sql.ref("maxValue")}, builtin, position)
      VALUES (${id}, ${name}, ${characteristicName}, ${unitCode}, ${unitLabel}, ${JSON.stringify(aliases)}, ${depthProfile ? 1 : 0}, ${minValue}, ${maxValue}, 1, ${position++})`.execute(db);
  }

  await db.schema.alterTable("measurement").addColumn("siteId", "text").execute();
  await db.schema.alterTable("measurement").addColumn("parameterId", "text", (c) => c.notNull().defaultTo("ecoli")).execute();
  await db.schema.alterTable("measurement").addColumn("qualifier", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("measurement").addColumn("detectionLimit", "double precision").execute();
  await db.schema.alterTable("measurement").addColumn("depth", "double precision").execute();
  await db.schema.alterTable("measurement").addColumn("time", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema
    .createIndex("measurement_site_parameter")
    .on("measurement")
    .columns(["siteId", "parameterId", "timestamp", "createdAt"])
    .execute();

  // The install's one beach becomes the first site, under the name the board gave it (or the demo's default).
  const setting = await sql<{ value: string }>`SELECT value FROM setting WHERE key = 'association.beachName'`.execute(db);
  const name = setting.rows[0]?.value?.trim() || DEMO_BEACH_NAME;
  const now = Date.now();
  await sql`INSERT INTO monitoring_site (id, name, kind, identifier, latitude, longitude, profile, position, ${sql.ref("createdAt")}, ${sql.ref("updatedAt")})
    VALUES (${FIRST_SITE_ID}, ${name}, 'beach', ${FIRST_SITE_ID}, NULL, NULL, 'spec', 0, ${now}, ${now})`.execute(db);
  await sql`UPDATE measurement SET ${sql.ref("siteId")} = ${FIRST_SITE_ID}`.execute(db);
}
