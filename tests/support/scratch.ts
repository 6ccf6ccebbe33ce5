/**
 * What a test file makes outside its own database and removes when it ends: temporary folders and empty PostgreSQL
 * databases (not migrated: an install's first start migrates them), and anything else it registers. One per file:
 * `const scratch = new Scratch("backup"); afterAll(() => scratch.cleanUp());`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { databaseUrl, PG_ADMIN_URL } from "./databases.ts";

export class Scratch {
  readonly #cleanups: (() => Promise<void> | void)[] = [];
  readonly #label: string;

  /** @param label names its databases (`shoreline_<label>_<pid>_<random>`): lower-case letters and underscores */
  constructor(label: string) {
    this.#label = label;
  }

  /** Runs `cleanup` when the file ends, before what was registered earlier (the last made is the first removed). */
  onCleanUp(cleanup: () => Promise<void> | void): void {
    this.#cleanups.push(cleanup);
  }

  /** A new, empty folder under the system's temporary folder, removed with all it holds. */
  tempDir(prefix: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    this.onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** The address of a new, empty PostgreSQL database on the test server (no table), dropped with its connections. */
  async emptyPostgresDatabase(): Promise<string> {
    const name = `shoreline_${this.#label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    this.onCleanUp(async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    return databaseUrl(name);
  }

  /** Runs every registered cleanup, the last registered first; a failing one does not stop the others. */
  async cleanUp(): Promise<void> {
    const failures: unknown[] = [];
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, "cleaning up after the tests failed");
  }
}
