/**
 * The change signal goes through the database, so a write by another process (here: another connection) reaches a
 * subscriber: by LISTEN/NOTIFY on PostgreSQL, by polling the change counters on SQLite.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createChangeFeed, type ChangeFeed } from "#app/platform/data/change-feed.server.ts";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createEvent } from "#app/news-events/data/events.server.ts";
import { setBanner } from "#app/site/data/banner.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const logger = createLogger("silent");

describe.each(backends)("change feed on $name", ({ name, create, available }) => {
  let database: TestDatabase | undefined;
  let feed: ChangeFeed | undefined;
  afterEach(async () => {
    feed?.close();
    await database?.drop();
    database = undefined;
  });

  it("tells a subscriber which topic another connection changed", async ({ skip }) => {
    if (!(await available())) skip(`${name} is not reachable`);
    database = await create();
    // The feed polls slowly here, so on PostgreSQL only NOTIFY can deliver within the test's wait.
    const interval = name === "postgres" ? 60_000 : 200;
    feed = createChangeFeed(database, logger, interval);
    const seen: string[][] = [];
    feed.subscribe((topics) => seen.push(topics));
    await new Promise((r) => setTimeout(r, 500));

    const writer = name === "postgres" ? openDatabase({ databaseUrl: database.url, dataDir: database.dir }) : openDatabase({ dataDir: database.dir });
    try {
      await createEvent(writer.db, { title: "Regatta", date: "2026-07-04", startTime: "10:00", timeDetails: "", place: "", eventDetails: "", author: "a" }, null);
      await expect.poll(() => seen.flat(), { timeout: 3000 }).toContain("events");
      await setBanner(writer.db, "Boil water advisory lifted", "a");
      await expect.poll(() => seen.flat(), { timeout: 3000 }).toContain("banner");
      expect(seen.flat().filter((t) => t === "events")).toHaveLength(1);
    } finally {
      await writer.close();
    }
  });
});
