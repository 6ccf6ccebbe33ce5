/**
 * Open data by the standards (issue 27): what Shoreline exports in the Water Quality Portal's result columns, a
 * Shoreline reads back with identical results. A real WQP download is imported into one install, beside results
 * with every kind of qualifier, depth and time; its WQX export is imported into a second install; the second's export
 * is the first's, row for row (but for each result's ActivityIdentifier, its own id). Both back ends.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import type { Database } from "#app/platform/data/db.server.ts";
import { importMeasurements } from "#app/beach/data/readings.server.ts";
import { streamResults } from "#app/beach/data/open-data.server.ts";
import { wqxCsv } from "#app/beach/open-data.server.ts";
import { wqxContext } from "#app/beach/open-data-sources.server.ts";
import { importLabFile } from "#app/beach/lab-files/importer.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const PUBLIC_URL = "https://heronlake.example.org";
const WQP = path.resolve("tests/fixtures/lab-files/wqp-narrowresult-cut.csv");
const NOW = Date.UTC(2026, 5, 30, 12);

/** The install's results in the WQX columns, as `/data/results.csv` writes them. */
async function exportOf(db: Database): Promise<string> {
  return new Response(wqxCsv(streamResults(db), await wqxContext(db, PUBLIC_URL))).text();
}

/** The rows of an export without what names a stored row rather than a result (its id), sorted. */
function results(csv: string): string[] {
  const rows = parseCsv(csv, { columns: true }) as Record<string, string>[];
  return rows.map(({ ActivityIdentifier: _id, ...rest }) => JSON.stringify(rest)).sort();
}

describe.each(backends)("a WQX export read back ($name)", ({ create, available }) => {
  let from: TestDatabase | undefined;
  let to: TestDatabase | undefined;
  let skip = false;
  let dir: string;
  const services = (db: Database) => ({ db, logger: createLogger("silent"), config: { publicUrl: PUBLIC_URL }, outbox: { kick: () => {} } });

  beforeAll(async () => {
    skip = !(await available());
    if (skip) return;
    from = await create();
    to = await create();
    dir = mkdtempSync(path.join(tmpdir(), "shoreline-wqx-"));
  });
  afterAll(async () => {
    await from?.drop();
    await to?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("gives identical results: values, qualifiers, detection limits, depths, times, sites and parameters", async ({ skip: skipTest }) => {
    if (skip) skipTest("PostgreSQL is not reachable");
    const source = from!.db;
    const downloaded = await importLabFile(services(source), WQP, { createSites: true, goodRowsOnly: true }, NOW);
    expect(downloaded.added).toBeGreaterThan(10);
    await source.insertInto("monitoring_site").values({ id: "deep", name: "Deep hole", kind: "station", identifier: "HERON-DEEP-1", latitude: 45.925, longitude: -89.245, position: 90, createdAt: NOW, updatedAt: NOW }).execute();
    await importMeasurements(
      source,
      [
        { date: "2026-06-08", time: "09:45", value: 2419.6, qualifier: ">", detectionLimit: 2419.6 },
        { date: "2026-06-09", value: 12.5 },
        { date: "2026-06-09", parameterId: "enterococci", value: 0, qualifier: "ND", detectionLimit: 1 },
        { siteId: "deep", date: "2026-06-11", time: "10:00", parameterId: "temperature", depth: 0.5, value: 21.5 },
        { siteId: "deep", date: "2026-06-11", time: "10:00", parameterId: "temperature", depth: 8, value: 12.25 },
        { siteId: "deep", date: "2026-06-11", time: "10:05", parameterId: "secchi", value: 3.2 },
        { siteId: "deep", date: "2026-06-11", parameterId: "phosphorus", value: 10, qualifier: "<", detectionLimit: 10 },
        { siteId: "deep", date: "2026-06-12", parameterId: "microcystins", value: 0.3, qualifier: "<", detectionLimit: 0.3 },
      ],
      NOW,
    );
    const exported = await exportOf(source);
    const file = path.join(dir, "results.csv");
    writeFileSync(file, exported);

    const reread = await importLabFile(services(to!.db), file, { createSites: true }, NOW);
    expect(reread.inspection.problems).toEqual([]);
    expect(reread.imported).toBe(true);
    const stored = await source.selectFrom("measurement").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(reread.added).toBe(Number(stored.n));

    const again = await exportOf(to!.db);
    // The names of sites the download made are their identifiers in both; the station's name is not in a result.
    const withoutNames = (rows: string[]) => rows.map((r) => JSON.stringify({ ...JSON.parse(r), MonitoringLocationName: "" })).sort();
    expect(withoutNames(results(again))).toEqual(withoutNames(results(exported)));
    expect(results(again)).toHaveLength(Number(stored.n));

    // Imported again, nothing changes: every result is a duplicate.
    const twice = await importLabFile(services(to!.db), file, { createSites: true }, NOW);
    expect({ added: twice.added, skipped: twice.skipped }).toEqual({ added: 0, skipped: Number(stored.n) });
  });
});
