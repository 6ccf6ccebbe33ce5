/**
 * Runs the production build (`node server/main.ts`) as a child process on a free port, for integration tests.
 * Needs `npm run build` first (npm test builds before running vitest).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
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

/** Starts the server with `env` added to this environment and waits for its "running at" line. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    new Promise<void>((resolve) => {
      const check = () => (output.includes(`Shoreline is running at ${url}`) ? resolve() : setTimeout(check, 25));
      check();
    }),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before listening:\n${output}`);
    }),
  ]);
  return {
    url,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs the server expecting it to exit by itself; resolves with its exit code and output. */
export async function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server/main.ts"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { code, output };
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
