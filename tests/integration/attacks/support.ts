/**
 * The attack suite's common ground: each file in this folder is one finding of an outside attacker (issue 24),
 * written as the attacker's own requests against the production build, on SQLite and on PostgreSQL.
 *
 * `onBothBackEnds(title, (attack) => { attack("what the attacker tries", async (target) => { … }) })` starts one
 * server per back end (a new DATA_DIR, and on PostgreSQL a new database), with a known administrator, and runs each
 * `attack` against it as a test. PostgreSQL's tests are skipped with a message when it does not answer outside CI
 * (`postgresAvailable`); under CI that is a failure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createPostgresDatabase, postgresAvailable, type TestDatabase } from "../../support/databases.ts";
import { signInCookie, startServer, TEST_AUTH_SECRET, type RunningServer } from "../../support/server.ts";

/** The administrator every attack target has. */
export const ADMIN = { email: "chair@example.org", password: "attack-suite-password" };

export interface Target {
  /** "sqlite" or "postgres" */
  backEnd: "sqlite" | "postgres";
  /** The server's address, e.g. "http://127.0.0.1:41234". */
  url: string;
  server: RunningServer;
  /** The server's DATA_DIR (mail files under `mail/`). */
  dataDir: string;
  /** A direct handle on the server's database, for checking what a request left behind. */
  db: TestDatabase;
  /** Signs the administrator in through /login and returns the Cookie header. */
  adminCookie(): Promise<string>;
}

/** Declares one test against the target server; `timeoutMs` defaults to 30 s. */
export type Attack = (name: string, run: (target: Target) => Promise<void>, timeoutMs?: number) => void;

/**
 * Declares `describe(title (<back end>))` twice, each with a running server of its own.
 * @param env extra environment for the servers (e.g. `{ TRUST_PROXY: "true" }`; a key set to undefined is removed,
 *   e.g. `{ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }` for a new install without an administrator)
 */
export function onBothBackEnds(title: string, body: (attack: Attack) => void, env: Record<string, string | undefined> = {}): void {
  for (const backEnd of ["sqlite", "postgres"] as const) {
    describe(`${title} (${backEnd})`, () => {
      let target: Target | undefined;
      let skipped = false;
      beforeAll(async () => {
        if (backEnd === "postgres" && !(await postgresAvailable())) {
          skipped = true;
          return;
        }
        const dataDir = mkdtempSync(path.join(tmpdir(), `shoreline-attack-${backEnd}-`));
        let db: TestDatabase;
        let serverEnv: Record<string, string | undefined>;
        if (backEnd === "postgres") {
          db = await createPostgresDatabase();
          serverEnv = { DATABASE_URL: db.url, AUTH_SECRET: TEST_AUTH_SECRET };
        } else {
          // The server migrates its own file; the test opens it once the server is up.
          serverEnv = {};
          db = undefined as unknown as TestDatabase;
        }
        const server = await startServer({ ...serverEnv, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env });
        if (backEnd === "sqlite") {
          const { openDatabase } = await import("#app/platform/data/db.server.ts");
          const handle = openDatabase({ dataDir });
          db = { ...handle, dir: dataDir, drop: () => handle.close() };
        }
        target = {
          backEnd,
          url: server.url,
          server,
          dataDir,
          db,
          adminCookie: () => signInCookie(server.url, ADMIN.email, ADMIN.password),
        };
      }, 90_000);
      afterAll(async () => {
        if (!target) return;
        await target.server.stop("SIGTERM", 5_000);
        await target.db.drop();
        rmSync(target.dataDir, { recursive: true, force: true });
      });
      body((name, run, timeoutMs = 30_000) =>
        it(
          name,
          async (context) => {
            if (skipped) return context.skip("PostgreSQL is not available here");
            if (!target) throw new Error("the target server did not start");
            await run(target);
          },
          timeoutMs,
        ),
      );
    });
  }
}
