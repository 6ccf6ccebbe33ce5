/**
 * Migration 0015 on an install from before issue 27, on both back ends: every reading is kept, put on the first site
 * (the install's one beach, named as the board named it) as E. coli with no qualifier, and the catalogue holds the
 * built-in parameters. A reading written afterwards without a site or parameter lands on the same beach as E. coli.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { addMeasurement } from "#app/beach/data/readings.server.ts";
import { toDefinition } from "#app/beach/data/parameters.server.ts";
import { BUILTIN_PARAMETERS } from "#app/beach/parameters.ts";
import { backends, createSqliteDatabase, migrateBefore, type TestDatabase } from "../support/databases.ts";

describe.each(backends)("migration 0015 on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("keeps every reading, on the first beach as E. coli", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0015");
    await db.insertInto("setting").values({ key: "association.beachName", value: "Loon Lake Swim Area" }).execute();
    const old = [
      { id: "r1", date: "2026-06-01", value: 12, name: "E. Coli", unit: "per 100mL", timestamp: 1780333200000, createdAt: 1780340000000 },
      { id: "r2", date: "2026-06-08", value: 2419.6, name: "E. Coli", unit: "per 100mL", timestamp: 1780938000000, createdAt: 1780940000000 },
    ];
    // The columns the table had before 0015 only.
    await (db as unknown as import("kysely").Kysely<{ measurement: (typeof old)[number] }>).insertInto("measurement").values(old).execute();

    await migrateToLatest(database);

    const sites = await db.selectFrom("monitoring_site").selectAll().execute();
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ id: "beach", name: "Loon Lake Swim Area", kind: "beach", identifier: "beach", profile: "spec", latitude: null, longitude: null });
    const readings = await db.selectFrom("measurement").selectAll().orderBy("date").execute();
    expect(readings.map((r) => ({ ...r, value: Number(r.value), timestamp: Number(r.timestamp), createdAt: Number(r.createdAt) }))).toEqual(
      old.map((r) => ({ ...r, siteId: "beach", parameterId: "ecoli", qualifier: "", detectionLimit: null, depth: null, time: "" })),
    );
    const ecoli = await db.selectFrom("parameter").selectAll().where("id", "=", "ecoli").executeTakeFirstOrThrow();
    expect(ecoli).toMatchObject({ name: "E. coli", characteristicName: "Escherichia coli", unitCode: "cfu/100ml", builtin: 1 });

    const added = await addMeasurement(db, { date: "2026-06-09", value: 40 }, Date.parse("2026-06-10T12:00:00Z"));
    expect(added).toMatchObject({ siteId: "beach", parameterId: "ecoli", name: "E. Coli", unit: "per 100mL" });
  });
});

describe("migration 0015's frozen catalogue", () => {
  it("is the catalogue of app/beach/parameters.ts, as a new install gets it", async () => {
    const database = await createSqliteDatabase();
    try {
      const rows = await database.db.selectFrom("parameter").selectAll().orderBy("position").execute();
      expect(rows.map(toDefinition).map(({ builtin: _b, position: _p, ...p }) => p)).toEqual(BUILTIN_PARAMETERS.map((p) => ({ ...p, unitAliases: [...p.unitAliases] })));
    } finally {
      await database.drop();
    }
  });
});
