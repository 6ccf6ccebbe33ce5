/**
 * A Shoreline cluster on this machine, all on loopback, for the cluster test (scripts/cluster-test.ts) and the
 * bench (`npm run bench -- --only cluster`):
 *   - a new database on the PostgreSQL server of this machine (PG_TEST_URL, as the test suite uses), dropped at stop;
 *   - an S3-compatible server (s3rver, scripts/lib/s3-server.ts, its own process) with one bucket;
 *   - N instances of the production build (`node server/main.js`), each with its own DATA_DIR and port, and the same
 *     DATABASE_URL, AUTH_SECRET, PUBLIC_URL (nginx's address), STORAGE_URL and S3 settings, TRUST_PROXY=true;
 *   - Debian's nginx (/usr/sbin/nginx) as the load balancer, round robin, with the committed configuration:
 *     the upstream block of deploy/nginx/shoreline-cluster.conf (addresses replaced by the instances' ports) and
 *     deploy/nginx/shoreline-proxy.conf included as is, over plain HTTP. Its access log names the instance that
 *     answered each request (`readAccessLog`).
 * Needs `npm run build` first. `stop()` ends every process it started (by its pid) and removes every temporary file.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { PG_ADMIN_URL } from "../../tests/support/databases.ts";
import { freePort, spawnCollected, startServer, type RunningServer } from "../../tests/support/server.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The committed nginx configuration the cluster runs (docs/deploy.md). */
export const NGINX_CLUSTER_CONF = path.join(ROOT, "deploy/nginx/shoreline-cluster.conf");
export const NGINX_PROXY_CONF = path.join(ROOT, "deploy/nginx/shoreline-proxy.conf");
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const BUCKET = "shoreline-cluster";
const START_TIMEOUT_MS = 60_000;
/** Fields of the test's access log line, in order (see `nginxConfig`). */
/** How long nginx may hold access log lines before writing them, in ms (`flush=` of its access_log). */
export const ACCESS_LOG_FLUSH_MS = 1000;
const LOG_FORMAT = "$msec $http_x_test_id $status $request_method $upstream_addr $upstream_status $request_time";

export interface ClusterOptions {
  /** How many instances (default 3). */
  instances?: number;
  /** SEED of the new database (default "demo"). */
  seed?: "demo" | "none";
  /** The administrator every instance is started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin?: { email: string; password: string };
  /** LOG_LEVEL of the instances (default "warn"). */
  logLevel?: string;
  /** nginx worker processes (default "auto", one per core, as Debian's own nginx.conf has it). */
  nginxWorkers?: number | "auto";
}

export interface Instance {
  /** 0-based position in the upstream block. */
  index: number;
  port: number;
  /** The instance's own address, bypassing nginx, e.g. "http://127.0.0.1:41234". */
  url: string;
  /** "127.0.0.1:PORT", as nginx's $upstream_addr names it. */
  address: string;
  dataDir: string;
  /** The running process (replaced by `restart`). */
  server: RunningServer;
  /** Whether the process is running. */
  running(): boolean;
  /** kill -9; resolves once the process is gone, with the time it was (performance.now()). */
  kill(): Promise<number>;
  /** Starts the instance again with the same environment and port; resolves once it listens. */
  restart(): Promise<RunningServer>;
}

export interface Cluster {
  /** nginx's address: the site's public address (PUBLIC_URL of every instance). */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  /** The environment every instance shares (without PORT and DATA_DIR). */
  sharedEnv: Record<string, string>;
  /** The S3 server's address and bucket. */
  s3: { endpoint: string; bucket: string };
  /** Where nginx writes its access log (see `readAccessLog`). */
  accessLog: string;
  /** SIGTERM to every instance (SIGKILL after 10 s), nginx and s3rver; drops the database; removes the files. */
  stop(): Promise<void>;
}

/** One line of the cluster's access log. */
export interface AccessLogEntry {
  /** Seconds since the epoch, when nginx finished the request. */
  at: number;
  /** The X-Test-Id header the client sent ("-" when none). */
  testId: string;
  status: number;
  method: string;
  /** Every instance nginx tried, in order ("127.0.0.1:PORT"); empty when none was tried. */
  upstreams: string[];
  upstreamStatuses: string[];
  seconds: number;
}

/**
 * Reads the cluster's access log (one entry per request nginx finished). nginx writes its lines in batches, at
 * least once a second (`ACCESS_LOG_FLUSH_MS`): read it that long after the requests of interest.
 */
export function readAccessLog(file: string): AccessLogEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      // $upstream_addr separates the servers tried with ", " (and groups with " : "): rejoin them first.
      const [at = "0", testId = "-", status = "0", method = "", ...rest] = line.replace(/, /g, ",").replace(/ : /g, ",").split(" ");
      const [upstreams = "-", upstreamStatuses = "-", seconds = "0"] = rest;
      return {
        at: Number(at),
        testId,
        status: Number(status),
        method,
        upstreams: upstreams === "-" ? [] : upstreams.split(","),
        upstreamStatuses: upstreamStatuses === "-" ? [] : upstreamStatuses.split(","),
        seconds: Number(seconds),
      };
    });
}

/**
 * The upstream block of the committed cluster configuration with its servers replaced by `addresses` (each keeps the
 * parameters of the committed first server line, e.g. max_fails and fail_timeout).
 * @throws when the committed file has no `upstream shoreline { }` block with a server line
 */
export function upstreamBlock(addresses: string[], conf = readFileSync(NGINX_CLUSTER_CONF, "utf8")): string {
  const block = /^upstream shoreline \{[\s\S]*?^\}/m.exec(conf)?.[0];
  const serverLine = block && /^(\s*)server\s+\S+(.*;)\s*$/m.exec(block);
  if (!block || !serverLine) throw new Error(`${NGINX_CLUSTER_CONF} has no "upstream shoreline { server ...; }" block`);
  const [, indent = "    ", parameters = ";"] = serverLine;
  const servers = addresses.map((address) => `${indent}server ${address}${parameters}`).join("\n");
  const lines = block.split("\n");
  const first = lines.findIndex((l) => /^\s*server\s/.test(l));
  const kept = lines.filter((l) => !/^\s*server\s/.test(l));
  kept.splice(first, 0, servers);
  return kept.join("\n");
}

/** The nginx main configuration of the cluster: temporary paths, the committed upstream and proxy files. */
function nginxConfig(dir: string, port: number, addresses: string[], workers: number | "auto"): string {
  return `# Written by scripts/lib/cluster.ts for one run of the cluster (see docs/deploy.md).
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    log_format cluster '${LOG_FORMAT}';
    access_log ${dir}/access.log cluster buffer=256k flush=${ACCESS_LOG_FLUSH_MS / 1000}s;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    keepalive_requests 100000;

    # From ${path.relative(ROOT, NGINX_CLUSTER_CONF)}, with loopback addresses:
${upstreamBlock(addresses)}

    server {
        listen 127.0.0.1:${port};
        server_name _;
        include ${NGINX_PROXY_CONF};
    }
}
`;
}

/** Resolves once something accepts TCP connections on the port. @throws after `timeoutMs` */
async function waitForPort(port: number, timeoutMs: number, exited?: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited?.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(gone ? `the process for port ${port} exited` : `nothing listens on port ${port} after ${timeoutMs} ms`);
}

/**
 * Every process a cluster of this process started (instances, nginx, s3rver), with the signal that ends it at once.
 * When this process ends without `stop()` (an uncaught error), they are signalled from its "exit" handler, so that
 * none is left running (the database, `shoreline_cluster_*`, and the temporary folder then stay behind). nginx gets SIGTERM, not SIGKILL: killed, its master would leave its workers behind.
 */
const started = new Map<ChildProcess, NodeJS.Signals>();
process.on("exit", () => {
  for (const [child, signal] of started) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
});

/** A child process whose output is kept (`spawnCollected`), signalled when this process exits. */
function spawnKept(command: string, args: string[]) {
  const kept = spawnCollected(command, args);
  started.set(kept.child, command === NGINX ? "SIGTERM" : "SIGKILL");
  return kept;
}

/** Sends `signal` to a child that is still running and waits for it, SIGKILL after `graceMs`. */
async function endChild(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Creates a new, empty database on this machine's PostgreSQL server; `drop` removes it (WITH (FORCE)). */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shoreline_cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts the cluster: database, S3 server, every instance at once on the new database (they take turns to migrate
 * and seed it), then nginx. On any failure what was started is stopped again before the error is thrown.
 * @throws when nginx is missing, PostgreSQL does not answer, or a process does not start within 60 s
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install -y nginx)`);
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("The site is not built: run `npm run build` first.");
  const dir = mkdtempSync(path.join(os.tmpdir(), "shoreline-cluster-"));
  // nginx's workers run as nobody when nginx is started by root: they must reach their temporary folders.
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cluster clean-up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  try {
    const database = await createDatabase();
    cleanups.push(() => database.drop());

    const s3 = spawnKept(process.execPath, [path.join(ROOT, "scripts/lib/s3-server.ts"), BUCKET]);
    cleanups.push(() => endChild(s3.child, s3.exited));
    const s3Port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${s3.output()}`)), START_TIMEOUT_MS);
      const check = () => {
        const match = /s3rver listening on (\d+)/.exec(s3.output());
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        } else if (s3.child.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`s3rver exited:\n${s3.output()}`));
        } else setTimeout(check, 20);
      };
      check();
    });
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const sharedEnv: Record<string, string> = {
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_URL: url,
      TRUST_PROXY: "true",
      SEED: options.seed ?? "demo",
      LOG_LEVEL: options.logLevel ?? "warn",
      STORAGE_URL: `s3://${BUCKET}/heronlake`,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
    };
    const startOptions = { nodeArgs: ["--optimize-for-size"], timeoutMs: START_TIMEOUT_MS };
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      let port = await freePort();
      while (port === nginxPort || ports.includes(port)) port = await freePort();
      ports.push(port);
    }
    const instances: Instance[] = [];
    const startInstanceServer = async (env: Record<string, string | undefined>) => {
      const server = await startServer(env, startOptions);
      started.set(server.process, "SIGKILL");
      return server;
    };
    const makeInstance = async (index: number): Promise<Instance> => {
      const port = ports[index]!;
      const dataDir = path.join(dir, `instance-${index + 1}`);
      // No SMTP_URL: each instance writes its mail as files into its own DATA_DIR.
      const env = { ...sharedEnv, PORT: String(port), DATA_DIR: dataDir };
      const instance: Instance = {
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        address: `127.0.0.1:${port}`,
        dataDir,
        server: await startInstanceServer(env),
        running: () => instance.server.process.exitCode === null && instance.server.process.signalCode === null,
        async kill() {
          instance.server.process.kill("SIGKILL");
          await instance.server.exited;
          return performance.now();
        },
        async restart() {
          if (instance.running()) throw new Error(`instance ${index + 1} is still running`);
          instance.server = await startInstanceServer(env);
          return instance.server;
        },
      };
      return instance;
    };
    cleanups.push(async () => {
      await Promise.all(instances.map((i) => i.server.stop("SIGTERM", 10_000)));
    });
    // All at once, as a service manager starts them: on the new database they take turns to migrate and seed.
    const starting = await Promise.allSettled(Array.from({ length: count }, (_, i) => makeInstance(i)));
    for (const result of starting) if (result.status === "fulfilled") instances.push(result.value);
    const failed = starting.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;

    const nginxDir = path.join(dir, "nginx");
    mkdirSync(nginxDir);
    chmodSync(nginxDir, 0o755);
    const confFile = path.join(nginxDir, "nginx.conf");
    writeFileSync(confFile, nginxConfig(nginxDir, nginxPort, instances.map((i) => i.address), options.nginxWorkers ?? "auto"));
    const nginx = spawnKept(NGINX, ["-p", nginxDir, "-e", path.join(nginxDir, "error.log"), "-c", confFile, "-g", "daemon off;"]);
    // SIGQUIT: nginx's graceful stop (lets requests finish); SIGTERM would be its fast one.
    cleanups.push(() => endChild(nginx.child, nginx.exited, "SIGQUIT", 5_000));
    try {
      await waitForPort(nginxPort, 10_000, nginx.exited);
    } catch (error) {
      const log = existsSync(path.join(nginxDir, "error.log")) ? readFileSync(path.join(nginxDir, "error.log"), "utf8") : "";
      throw new Error(`nginx did not start (${(error as Error).message}):\n${nginx.output()}${log}`);
    }

    return {
      url,
      instances,
      databaseUrl: database.url,
      sharedEnv,
      s3: { endpoint: s3Endpoint, bucket: BUCKET },
      accessLog: path.join(nginxDir, "access.log"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
