/**
 * Migration 0017 on an older install, on both back ends: the readings and sites it had stay as they were, and the
 * table of remembered lab file mappings starts empty and takes a mapping.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { importMeasurements, listMeasurements } from "#app/beach/data/readings.server.ts";
import { getLabMapping, saveLabMapping } from "#app/beach/data/lab-files.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../../tests/support/databases.ts";

describe.each(backends)("migration 0017-lab-file-mappings ($name)", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("upgrades an install of 0015 without touching its readings", async ({ skip }) => {
    if (!(await available())) skip("PostgreSQL is not reachable");
    database = await create({ migrate: false });
    await migrateBefore(database, "0017");
    await importMeasurements(database.db, [{ date: "2026-06-01", value: 12 }, { date: "2026-06-02", value: 300 }], Date.UTC(2026, 5, 3));
    const before = await listMeasurements(database.db);

    expect(await migrateToLatest(database)).toContain("0017-lab-file-mappings");
    expect(await listMeasurements(database.db)).toEqual(before);
    expect(await getLabMapping(database.db, "f")).toBeUndefined();
    await saveLabMapping(database.db, "f", { shape: "long" }, ["Date", "Result"], 1);
    await saveLabMapping(database.db, "f", { shape: "site-columns" }, ["Date", "Calumet"], 2);
    expect(await getLabMapping(database.db, "f")).toEqual({ fingerprint: "f", mapping: { shape: "site-columns" }, headers: ["Date", "Calumet"], updatedAt: 2 });
  });
});
