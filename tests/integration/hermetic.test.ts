/**
 * Tests are hermetic (issue 25): a deployment's shell exports Shoreline's settings, and a test run from it must not
 * hand them on. Here this test process's environment is made such a shell's: every setting `loadConfig` reads holds
 * a value that makes another install (an administrator, a PostgreSQL server and a bucket that do not answer, an
 * address this machine does not have, a DKIM key that does not exist). The server and the script the helpers start
 * must not see any of it: the new install on SQLite prints its setup link on its own address.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_NAMES } from "#app/platform/config.server.ts";
import { childEnv } from "../support/child-env.ts";
import { runScript, startServer } from "../support/server.ts";

/** A deployment's settings, one for every name `loadConfig` reads (a new setting must be given one here). */
const DEPLOYMENT: Record<(typeof SETTING_NAMES)[number], string> = {
  PORT: "1",
  HOST: "192.0.2.1",
  DATA_DIR: "/nonexistent/shoreline",
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/x",
  PUBLIC_URL: "https://deployed.example.org",
  TRUST_PROXY: "true",
  AUTH_SECRET: "a-deployment-secret-of-more-than-32-characters",
  ADMIN_EMAIL: "a@example.org",
  ADMIN_PASSWORD: "long-enough-pw",
  SMTP_URL: "smtp://127.0.0.1:1",
  MAIL_FROM: "Deployed <site@deployed.example.org>",
  DKIM_DOMAIN: "deployed.example.org",
  DKIM_SELECTOR: "shoreline",
  DKIM_PRIVATE_KEY_FILE: "/nonexistent/dkim.pem",
  STORAGE_URL: "s3://deployed-bucket/site",
  S3_ENDPOINT: "http://127.0.0.1:1",
  S3_REGION: "eu-west-1",
  S3_ACCESS_KEY_ID: "deployed-key",
  S3_SECRET_ACCESS_KEY: "deployed-secret",
  S3_FORCE_PATH_STYLE: "true",
  OUTBOX_LEASE_SECONDS: "60",
  SHUTDOWN_DRAIN_SECONDS: "30",
  SEED: "none",
  LOG_LEVEL: "silent",
  NODE_ENV: "development",
};

/** Settings of the caller's shell still in this process once vitest's setup file has run (tests/support/vitest-setup.ts). */
const inherited = SETTING_NAMES.filter((name) => name !== "NODE_ENV" && process.env[name] !== undefined);

const before: Record<string, string | undefined> = {};
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-hermetic-"));
beforeAll(() => {
  for (const [name, value] of Object.entries(DEPLOYMENT)) {
    before[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("a test run from a deployment's shell", () => {
  it("keeps none of its settings in the test process, where loadConfig() would read them", () => {
    expect(inherited).toEqual([]);
  });

  it("hands none of Shoreline's settings to a process it starts", () => {
    const env = childEnv({ DATA_DIR: dir });
    expect(SETTING_NAMES.filter((name) => name in env)).toEqual(["DATA_DIR"]);
    expect(env.PATH).toBe(process.env.PATH);
  });

  it("starts a new install on SQLite in its own data folder, which prints the setup link on its own address", async () => {
    const server = await startServer({ DATA_DIR: dir });
    try {
      await expect.poll(() => server.output()).toMatch(/\/setup\?token=/);
      expect(server.output()).toContain(`${server.url}/setup?token=`);
      expect(existsSync(path.join(dir, "shoreline.db"))).toBe(true);
      // Made because no AUTH_SECRET was given.
      expect(existsSync(path.join(dir, "auth-secret"))).toBe(true);
      // The database and the document store (local disk, not the bucket) answer.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("runs a script on that install", async () => {
    const result = await runScript("scripts/admin.ts", ["add", "chair@example.org"], { DATA_DIR: dir, ADMIN_PASSWORD: "a long enough password" });
    expect(result.code, result.output).toBe(0);
    const db = new SQLite(path.join(dir, "shoreline.db"), { readonly: true });
    try {
      expect(db.prepare("SELECT email FROM user").all()).toEqual([{ email: "chair@example.org" }]);
    } finally {
      db.close();
    }
  });
});
