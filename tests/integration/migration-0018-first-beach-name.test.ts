/**
 * Migration 0018 on both back ends: an install that renamed its beach in Settings after migration 0015 had made its
 * first site gets the name its pages showed (the setting's) on that site; an install whose names agree, or without
 * the setting, keeps its site as it was.
 */
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "#app/platform/data/db.server.ts";
import { backends, migrateBefore, type TestDatabase } from "../support/databases.ts";

describe.each(backends)("migration 0018 on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("puts the beach name the pages showed on the first beach", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0018");
    // 0015 named the site from the demo (no setting then); the board renamed the beach in Settings afterwards.
    expect((await db.selectFrom("monitoring_site").select("name").where("id", "=", "beach").executeTakeFirstOrThrow()).name).toBe("Heron Lake Public Beach");
    await db.insertInto("setting").values({ key: "association.beachName", value: "Loon Lake Swim Area" }).execute();
    await db.insertInto("monitoring_site").values({ id: "deep", name: "Deep hole", kind: "station", identifier: "DEEP", latitude: null, longitude: null, profile: "spec", position: 1, createdAt: 1, updatedAt: 1 }).execute();

    await migrateToLatest(database);

    const sites = await db.selectFrom("monitoring_site").select(["id", "name"]).orderBy("position").execute();
    expect(sites).toEqual([
      { id: "beach", name: "Loon Lake Swim Area" },
      { id: "deep", name: "Deep hole" },
    ]);
  });

  it("keeps the first beach's name without the setting", async ({ skip }) => {
    if (!(await available())) skip();
    database = await create({ migrate: false });
    const { db } = database;
    await migrateBefore(database, "0018");
    await migrateToLatest(database);
    expect((await db.selectFrom("monitoring_site").select("name").where("id", "=", "beach").executeTakeFirstOrThrow()).name).toBe("Heron Lake Public Beach");
  });
});
