/**
 * A copy of this project for the registry tests (throwaway-screen.spec.ts, throwaway-page.spec.ts): its working tree
 * with node_modules linked, in a temporary folder, where a test adds a route module and one registry entry, then runs
 * the copy's own commands, builds it and serves it on its own port and data folder. Every command and the server get
 * an explicit environment (`childEnv`: the machine's part, and what they are given), not the caller's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { childEnv } from "../../support/child-env.ts";
import { freePort } from "../../support/server.ts";
import { E2E_ADMIN, REPO_ROOT } from "../helpers.ts";

/** Top-level entries of the repository that the copy leaves out (built, installed, generated or run-time files). */
const LEFT_OUT = new Set(["node_modules", "build", "data", ".git", "test-results", ".e2e", ".react-router", "playwright-report", "tmp"]);

export interface ProjectCopy {
  /** The copy's root folder. */
  root: string;
  /**
   * Writes `source` as the copy's `file` (relative to its root), a new route module.
   */
  addFile(file: string, source: string): Promise<void>;
  /**
   * Appends `entry` (one line of source) as the last element of the array `name` in the copy's `file`, which must be
   * written as `export const NAME … = [` … a line `];`.
   * @returns the copy's module, imported after the change
   */
  appendEntry<T>(file: string, name: string, entry: string): Promise<T>;
  /**
   * Runs `command` (a program in the copy's node_modules/.bin, or an absolute path) in the copy with `env` added.
   * @returns its exit code and everything it wrote
   */
  run(command: string, args: string[], env?: Record<string, string>): Promise<{ code: number | null; output: string }>;
  /** Builds the copy (`react-router build`). @throws with the build's output when it fails */
  build(): Promise<void>;
  /**
   * Starts the copy's production build on a free port with a fresh data folder, the demo content and the test
   * administrator, and waits until /healthz answers.
   * @returns its base URL ("http://127.0.0.1:PORT")
   * @throws with the server's output when it exits first
   */
  serve(): Promise<string>;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and removes the copy. */
  remove(): Promise<void>;
}

/** Copies the project into a new temporary folder. */
export async function copyProject(): Promise<ProjectCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), "shoreline-throwaway-"));
  const root = path.join(dir, "project");
  await cp(REPO_ROOT, root, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(path.relative(REPO_ROOT, source).split(path.sep)[0] ?? ""),
  });
  await symlink(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  let server: ChildProcess | undefined;

  const run: ProjectCopy["run"] = async (command, args, env = {}) => {
    const program = path.isAbsolute(command) ? command : path.join(root, "node_modules/.bin", command);
    const child = spawn(program, args, { cwd: root, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, output };
  };

  return {
    root,
    async addFile(file, source) {
      await writeFile(path.join(root, file), source);
    },
    async appendEntry<T>(file: string, name: string, entry: string) {
      const target = path.join(root, file);
      const source = await readFile(target, "utf8");
      const end = new RegExp(`(export const ${name}\\b[^=]*=\\s*\\[[\\s\\S]*?)\\n\\];`).exec(source);
      if (!end) throw new Error(`${file}: ${name} is not an array literal ending in a line \`];\``);
      const at = end.index + end[1]!.length;
      await writeFile(target, `${source.slice(0, at)}\n${entry}${source.slice(at)}`);
      return (await import(pathToFileURL(target).href)) as T;
    },
    run,
    async build() {
      const { code, output } = await run("react-router", ["build"], { NODE_ENV: "production" });
      if (code !== 0) throw new Error(`react-router build exited with ${code}:\n${output}`);
    },
    async serve() {
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const env = childEnv({
        PORT: String(port),
        DATA_DIR: path.join(dir, "data"),
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED: "demo",
        LOG_LEVEL: "warn",
      });
      const child = spawn(process.execPath, ["server/main.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
      server = child;
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`the copy's server exited with ${code}:\n${output}`))));
      const healthy = (async () => {
        for (;;) {
          if (await fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false)) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await Promise.race([healthy, exited]);
      return baseURL;
    },
    async remove() {
      if (server && server.exitCode === null && server.signalCode === null) {
        const running = server;
        const gone = new Promise((resolve) => running.on("exit", resolve));
        running.kill("SIGTERM");
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (running.exitCode === null && running.signalCode === null) running.kill("SIGKILL");
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
