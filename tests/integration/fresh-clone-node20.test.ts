/**
 * The README's two commands on a fresh machine whose own Node is older than 24 (Node 20 at /usr/bin on ours): a
 * clone of the committed HEAD, `npm install` and `npm start` with that Node first on PATH, serve the site under
 * the Node 24 that `npm install` put into node_modules (the `node` package in package.json). And started directly
 * with the old Node, the server stops at once with one line naming the Node it needs.
 *
 * Slow (about 1 to 2 minutes: an install from npm's cache and a build) and needs the npm registry or its cache.
 * Skipped where there is no git checkout or no Node at OLD_NODE_DIR (default /usr/bin); the first test is skipped,
 * saying so, when that Node is 24 or newer.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { association } from "#content/association.ts";
import { childEnv } from "../support/child-env.ts";
import { freePort } from "../support/server.ts";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OLD_NODE_DIR = process.env.OLD_NODE_DIR ?? "/usr/bin";
const oldNode = path.join(OLD_NODE_DIR, "node");
const available = existsSync(oldNode) && existsSync(path.join(ROOT, ".git"));
/** A fresh login shell's PATH with the machine's own Node first: nothing of this checkout's node_modules. */
const FRESH_PATH = [OLD_NODE_DIR, "/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"].join(":");

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new shell's environment: the machine's part of this one (`childEnv`: HOME for npm's cache and settings), the fresh PATH, no npm_* variables of this run. */
function freshEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return childEnv({ PATH: FRESH_PATH, CI: "true", ...extra });
}

/** Runs a command to its end in `cwd`; resolves with its exit code and output (never rejects). */
function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** The ids of `pid`'s descendants (Linux /proc), nearest first. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const children = new Set<number>();
    try {
      for (const task of readdirSync(`/proc/${current}/task`)) {
        for (const child of readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim().split(/\s+/)) {
          if (child) children.add(Number(child));
        }
      }
    } catch {
      continue; // gone meanwhile
    }
    out.push(...children);
    queue.push(...children);
  }
  return out;
}

/** Stops a detached process group: SIGTERM, then SIGKILL after 10 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group is gone already
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(!available)(`a fresh clone with ${oldNode} first on PATH`, () => {
  it("the old Node, started on the server entry directly, stops at once with one line naming Node 24", async ({ skip }) => {
    const { stdout: version } = await run(oldNode, ["--version"]);
    // Not an old Node after all: nothing to refuse (the clone test below still checks the pinned Node).
    if (Number(version.slice(1).split(".")[0]) >= 24) skip(`${oldNode} is Node ${version.trim()}, not older than 24: nothing to refuse`);
    const result = await runToEnd(oldNode, ["server/main.js"], ROOT, freshEnv());
    expect(result.code).toBe(1);
    expect(result.output.trim().split("\n")).toHaveLength(1);
    expect(result.output).toContain("Shoreline needs Node 24 or newer");
    expect(result.output).toContain(`this is Node ${version.trim()}`);
    expect(result.output).toContain("npm install");
  });

  it(
    "npm install && npm start serve the site, under the Node 24 that npm install brought",
    async () => {
      const clone = mkdtempSync(path.join(tmpdir(), "shoreline-fresh-clone-"));
      cleanups.push(() => rmSync(clone, { recursive: true, force: true, maxRetries: 5 }));
      await run("git", ["clone", "--quiet", "--no-hardlinks", ROOT, clone], { env: freshEnv() });

      const install = await runToEnd("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], clone, freshEnv());
      expect(install.code, install.output).toBe(0);
      expect(install.output).not.toContain("install scripts not yet covered by allowScripts");

      // What npm scripts (npm start, npm test) run: node from node_modules/.bin, whatever Node runs npm.
      const exec = await runToEnd("npm", ["exec", "--offline", "--", "node", "--version"], clone, freshEnv());
      expect(exec.code, exec.output).toBe(0);
      expect(exec.output).toMatch(/^v24\./m);

      const port = await freePort();
      const dataDir = path.join(clone, "test-data");
      const env = freshEnv({ PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "fresh-clone-password", LOG_LEVEL: "warn" });
      const server = spawn("npm", ["start"], { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
      cleanups.push(() => stopGroup(server));
      let output = "";
      server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
      await Promise.race([
        new Promise<void>((resolve) => {
          const check = () => (output.includes("Shoreline is running at") ? resolve() : setTimeout(check, 100));
          check();
        }),
        exited.then((code) => {
          throw new Error(`npm start exited with ${code} before the server listened:\n${output}`);
        }),
      ]);

      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain(`<title>`);
      expect(html).toContain(association.name);

      // The server process itself: which executable it is, and that executable's version.
      const serverPid = descendants(server.pid!).find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("server/main.js");
        } catch {
          return false;
        }
      });
      expect(serverPid, `no server/main.js process under npm start:\n${output}`).toBeDefined();
      const executable = readlinkSync(`/proc/${serverPid}/exe`);
      expect(executable.startsWith(path.join(clone, "node_modules")), executable).toBe(true);
      const { stdout: serverVersion } = await run(executable, ["--version"]);
      expect(serverVersion.trim()).toMatch(/^v24\./);

      await stopGroup(server);
      expect(existsSync(path.join(dataDir, "shoreline.db"))).toBe(true);
      console.log(`fresh clone: npm install and npm start under ${FRESH_PATH.split(":")[0]}/node; server ${executable} ${serverVersion.trim()}`);
    },
    6 * 60_000,
  );
});
