/**
 * Runs the production build (`node server/main.js`) as a child process on a free port, for the integration tests,
 * the fault tests, `npm run bench` and `npm run lighthouse`. Needs `npm run build` first (npm test builds before
 * running vitest).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { ownUrl } from "#app/platform/http/server-url.ts";
import { childEnv } from "./child-env.ts";

/** The repository's root, where the server runs (its default DATA_DIR, ./data, is relative to it). */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The server's entry, relative to the repository's root. */
export const SERVER_ENTRY = "server/main.js";

/** The AUTH_SECRET tests give a server on PostgreSQL, which refuses to start without one (issue 12). */
export const TEST_AUTH_SECRET = "test-secret-for-every-instance-0123456789";
/** How long `startServer` waits for the "running at" line by default, in milliseconds. */
const START_TIMEOUT_MS = 60_000;

export interface RunningServer {
  /** The URL this machine reaches the server at, e.g. "http://127.0.0.1:41234". */
  url: string;
  process: ChildProcess;
  pid: number;
  /** Milliseconds from spawn to the "Shoreline is running at" line (migration and seed of a new database included). */
  startMs: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  /**
   * Sends `signal` (default SIGTERM) and resolves with the exit code once the process has exited; with
   * `killAfterMs`, sends SIGKILL when it is still running that many milliseconds later.
   */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<number | null>;
}

export interface StartOptions {
  /** Node flags before the entry, e.g. ["--optimize-for-size"] as `npm start` passes. */
  nodeArgs?: string[];
  /** A command that runs Node, e.g. ["taskset", "-c", "1"] to pin the server to a core. */
  prefix?: string[];
  /** How long to wait for the "running at" line, in milliseconds (default 60 s). */
  timeoutMs?: number;
}

/**
 * A GET whose body is kept as sent (fetch would decode Brotli and gzip), with its status and headers.
 * @throws the connection's error
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Spawns `command` and collects what it writes to stdout and stderr; `exited` resolves with its exit code (null
 * after a signal, or when it could not be spawned at all: the reason is added to the output).
 * @param options.env the child's whole environment (default `childEnv()`: the machine's part of this one only)
 */
export function spawnCollected(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? childEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (error) => {
      output += `\n${error.message}`;
      resolve(null);
    });
  });
  return { child, exited, output: () => output };
}

/** Spawns the server and collects its output (`spawnCollected`). */
function spawnServer(env: NodeJS.ProcessEnv, options: StartOptions = {}) {
  const [command = process.execPath, ...prefixArgs] = options.prefix ?? [];
  const args = [...(options.prefix ? [...prefixArgs, process.execPath] : []), ...(options.nodeArgs ?? []), SERVER_ENTRY];
  return spawnCollected(command, args, { env });
}

/**
 * Runs a Node script (e.g. "scripts/restore.ts") to its end with `env` as its settings (`childEnv(env)`: nothing of
 * this process's environment but the machine's part).
 * @returns its exit code (-1 after a signal or when it could not start) and everything it wrote; never rejects
 */
export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const { exited, output } = spawnCollected(process.execPath, [script, ...args], { env: childEnv(env) });
  const code = await exited;
  return { code: code ?? -1, output: output() };
}

/**
 * Starts the server with `env` as its settings (LOG_LEVEL=warn unless given; nothing of this process's environment
 * but the machine's part, `childEnv`: a setting the test does not give has its default, e.g. SQLite without
 * DATABASE_URL) and waits for its "running at" line.
 * @throws when it exits before listening, or does not listen within `options.timeoutMs`; it is killed then
 */
export async function startServer(env: Record<string, string | undefined>, options: StartOptions = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const spawnedAt = performance.now();
  const { child, exited, output } = spawnServer(childEnv({ LOG_LEVEL: "warn", ...env, PORT: String(port) }), options);
  const timeoutMs = options.timeoutMs ?? START_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => {
        const check = () => (output().includes("Shoreline is running at ") ? resolve() : (poll = setTimeout(check, 10)));
        check();
      }),
      exited.then((code) => {
        throw new Error(`server exited with ${code} before listening:\n${output()}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`server did not listen within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
    clearTimeout(poll);
  }
  const startMs = performance.now() - spawnedAt;
  return {
    url: ownUrl(env.HOST ?? "127.0.0.1", port),
    process: child,
    pid: child.pid!,
    startMs,
    output,
    exited,
    stop: async (signal = "SIGTERM", killAfterMs) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      if (killAfterMs === undefined) return exited;
      const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Runs the server with `env` as its settings (`childEnv`), expecting it to exit by itself; resolves with its exit code and output. */
export async function runServerToExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const { exited, output } = spawnServer(childEnv(env));
  const code = await exited;
  return { code, output: output() };
}

/**
 * Signs in through the real /login form post (as a browser would, with its Origin) and returns the Cookie header
 * to send with later requests. @throws when the sign-in is not answered with a redirect
 */
export async function signInCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, password, intent: "login" }),
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
