import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "#app/platform/config.server.ts";
import { childEnv } from "../../tests/support/child-env.ts";
import { CliError, EXIT, loadScriptConfig, parseCommandLine, reportError, runCli, UsageError } from "./cli.ts";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** Runs a script to its end with `env` as its settings (`childEnv`); never rejects. */
async function script(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [file, ...args], { env: childEnv(env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** What console.log and console.error print while `fn` runs. */
function captured(fn: () => void): { out: string; err: string } {
  let out = "";
  let err = "";
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void (out += `${args.join(" ")}\n`));
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void (err += `${args.join(" ")}\n`));
  fn();
  return { out, err };
}

describe("parseCommandLine", () => {
  it("returns options and positional arguments", () => {
    const parsed = parseCommandLine(["--force", "a.tar.gz"], { options: { force: { type: "boolean" } }, positionals: { min: 1, max: 1 } });
    expect(parsed.values.force).toBe(true);
    expect(parsed.positionals).toEqual(["a.tar.gz"]);
  });

  it.each([
    [["--nope"], "Unknown option '--nope'"],
    [["a", "b"], "Expected at most 1 argument, got 2: a b"],
    [["--seconds"], "--seconds"],
  ])("refuses %j as a usage error", (args, message) => {
    const spec = { options: { seconds: { type: "string" } }, positionals: { max: 1 } } as const;
    expect(() => parseCommandLine(args, spec)).toThrow(UsageError);
    expect(() => parseCommandLine(args, spec)).toThrow(message);
  });

  it("a missing argument is a usage error without a message of its own (the usage says it)", () => {
    expect(() => parseCommandLine([], { positionals: { min: 1, max: 1 } })).toThrow(new UsageError(""));
  });

  it("understands --help and -h anywhere", () => {
    for (const args of [["--help"], ["-h"], ["x", "--help"]]) {
      const { out } = captured(() => {
        let error: unknown;
        try {
          parseCommandLine(args, { positionals: { max: 1 } });
        } catch (e) {
          error = e;
        }
        expect(reportError(error, "Usage: x")).toBe(EXIT.ok);
      });
      expect(out).toBe("Usage: x\n");
    }
  });
});

describe("reportError and runCli", () => {
  it.each([
    [new UsageError("Unknown option '--x'"), EXIT.usage, "Unknown option '--x'\nUsage: x\n"],
    [new UsageError(""), EXIT.usage, "Usage: x\n"],
    [new ConfigError("Invalid configuration:\n  PORT: too big"), EXIT.failed, "Invalid configuration:\n  PORT: too big\n"],
    [new CliError("Backup failed: disk full"), EXIT.failed, "Backup failed: disk full\n"],
    [new CliError("The password must have 8 to 128 characters.", EXIT.usage), EXIT.usage, "The password must have 8 to 128 characters.\n"],
  ])("%s → exit %i", (error, code, printed) => {
    const { err } = captured(() => expect(reportError(error, "Usage: x")).toBe(code));
    expect(err).toBe(printed);
  });

  it("prints an unexpected error with its stack, exit 1", () => {
    const { err } = captured(() => expect(reportError(new TypeError("boom"), "Usage: x")).toBe(EXIT.failed));
    expect(err).toMatch(/^TypeError: boom\n\s+at /);
  });

  it("sets process.exitCode from what the body returns or throws", async () => {
    await runCli("Usage: x", () => undefined);
    expect(process.exitCode).toBe(0);
    await runCli("Usage: x", async () => 3);
    expect(process.exitCode).toBe(3);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await runCli("Usage: x", async () => {
      throw new UsageError("bad");
    });
    expect(process.exitCode).toBe(2);
  });
});

describe("loadScriptConfig", () => {
  it("writes nothing to DATA_DIR and ignores a half-set ADMIN_EMAIL/ADMIN_PASSWORD pair", () => {
    const dataDir = path.join(dir, "never-made");
    const config = loadScriptConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: "chair@example.org" });
    expect(config.dataDir).toBe(dataDir);
    expect(config.admin).toBeUndefined();
    expect(config.authSecret).toBeUndefined();
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("the scripts' command lines (real processes)", () => {
  it("backup of an install with no database: exit 1, and no auth-secret (or anything else) written", async () => {
    const dataDir = mkdtempSync(path.join(dir, "empty-"));
    const result = await script("scripts/backup.ts", [], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Backup failed: There is no database at");
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("restore with an unknown option: exit 2 with the usage; --help: exit 0 with the usage on stdout", async () => {
    const bad = await script("scripts/restore.ts", ["--forse", "x.tar.gz"], { DATA_DIR: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--forse'");
    expect(bad.stderr).toContain("Usage: npm run restore -- FILE [--force]");
    const help = await script("scripts/restore.ts", ["--help"], { DATA_DIR: dir });
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("Usage: npm run restore -- FILE [--force]");
  });

  it("a bad configuration: exit 1 with the message naming the variable, as the server does", async () => {
    const result = await script("scripts/import-measurements.ts", ["db/data/montrose-beach-ecoli-2013-2015.csv"], { DATA_DIR: dir, PORT: "abc" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).not.toContain("    at ");
  });
});
