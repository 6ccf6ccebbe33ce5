/**
 * The SQLite handle reuses prepared statements (app/platform/data/db.server.ts): a query run again is not prepared again,
 * results stay right after writes and inside transactions, and the cache is bounded. The page cache is SQLite's
 * 8 MB, not better-sqlite3's 16 MB (the server's memory on a large database).
 */
import type SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getVersions } from "#app/platform/data/changes.server.ts";
import { createSqliteDatabase, type TestDatabase } from "../support/databases.ts";

let database: TestDatabase;
beforeEach(async () => {
  database = await createSqliteDatabase();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await database.drop();
});

describe("SQLite page cache", () => {
  it("holds at most 8,000 KiB of pages", () => {
    const sqlite = database.driver as SQLite.Database;
    expect(sqlite.pragma("cache_size", { simple: true })).toBe(-8000);
  });
});

describe("SQLite statement cache", () => {
  it("prepares a query once however often it runs, and still reads fresh rows", async () => {
    const sqlite = database.driver as SQLite.Database;
    const prepare = vi.spyOn(sqlite, "prepare");
    const first = await getVersions(database.db);
    const preparedAfterFirst = prepare.mock.calls.length;
    expect(preparedAfterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await getVersions(database.db);
    expect(prepare.mock.calls.length).toBe(preparedAfterFirst);

    await database.db.insertInto("setting").values({ key: "cache-test", value: "1" }).execute();
    await database.db.insertInto("setting").values({ key: "cache-test-2", value: "2" }).execute();
    const rows = await database.db.selectFrom("setting").select("key").where("key", "like", "cache-test%").execute();
    expect(rows.map((r) => r.key).sort()).toEqual(["cache-test", "cache-test-2"]);
    expect(await getVersions(database.db)).toEqual(first);
  });

  it("works inside transactions, including one rolled back", async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("setting").values({ key: "kept", value: "1" }).execute();
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("setting").values({ key: "dropped", value: "1" }).execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const keys = (await database.db.selectFrom("setting").select("key").where("key", "in", ["kept", "dropped"]).execute()).map((r) => r.key);
    expect(keys).toEqual(["kept"]);
  });

  it("keeps at most 256 statements: the least recently used one is prepared again", async () => {
    const sqlite = database.driver as SQLite.Database;
    const prepare = vi.spyOn(sqlite, "prepare");
    // A literal, not a parameter, so that each n is a different SQL text.
    const query = (n: number) => database.db.selectFrom("setting").select(["key", sql.lit(n).as("n")]).execute();
    for (let n = 0; n <= 256; n++) await query(n); // 257 distinct statements: the first is dropped
    const calls = prepare.mock.calls.length;
    await query(256); // the most recent one is still kept
    expect(prepare.mock.calls.length).toBe(calls);
    await query(0); // the first one was dropped
    expect(prepare.mock.calls.length).toBe(calls + 1);
  });
});
