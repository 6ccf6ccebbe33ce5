/**
 * Issue 24, finding 3: three clients post 50 MB bodies to the public forms, over and over for FAULTS_BODY_SECONDS
 * (default 20), half of them announced by Content-Length and half chunked, while a visitor reads /the-lake. The
 * server's resident memory, sampled every 100 ms, must stay under 250 MB (it reached 1.6 GB before the body gate).
 * Prints the bodies sent, the answers, the highest RSS and the visitor's latency.
 */
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { procStatusKb } from "../../scripts/lib/proc.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const SECONDS = Number(process.env.FAULTS_BODY_SECONDS ?? 20);
const CLIENTS = 3;
const BODY_BYTES = 50 * 1024 * 1024;
const PATHS = ["/subscribe", "/login", "/reset-password"];
const RSS_LIMIT_MB = 250;

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-bodies-"));
let server: RunningServer | undefined;
afterAll(async () => {
  if (server && server.process.exitCode === null) await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Posts a 50 MB urlencoded body and sends all of it whatever the server answers meanwhile (as an attacker would).
 * @returns the status the server answered (once the whole body has gone, or the server has closed the connection),
 *   or "closed" when it closed the connection without an answer
 */
function postLarge(url: string, chunked: boolean): Promise<number | "closed"> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (chunked) headers["Transfer-Encoding"] = "chunked";
    else headers["Content-Length"] = BODY_BYTES;
    let status: number | "closed" = "closed";
    let answered = false;
    let sentAll = false;
    const settle = () => answered && sentAll && resolve(status);
    const req = request(url, { method: "POST", headers }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", () => {
        answered = true;
        settle();
      });
    });
    // Refused, the rest of the body is not read: the upload stalls until the server closes the connection.
    req.on("close", () => resolve(answered ? status : "closed"));
    req.on("finish", () => {
      sentAll = true;
      settle();
    });
    const chunk = Buffer.alloc(256 * 1024, "%41");
    let sent = 0;
    const write = () => {
      while (sent < BODY_BYTES && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("large bodies", () => {
  it(`keeps the server under ${RSS_LIMIT_MB} MB while ${CLIENTS} clients post 50 MB bodies to public forms`, async () => {
    server = await startServer({ DATA_DIR: dir }, { nodeArgs: ["--optimize-for-size"] });
    const { url, pid } = server;
    await fetch(`${url}/the-lake`);
    const before = procStatusKb(pid, "VmRSS")! / 1024;
    let peak = before;
    const sampler = setInterval(() => {
      const rss = procStatusKb(pid, "VmRSS");
      if (rss !== undefined) peak = Math.max(peak, rss / 1024);
    }, 100);
    const until = Date.now() + SECONDS * 1000;
    const answers = new Map<string, number>();
    let bodies = 0;
    const client = async (index: number) => {
      for (let round = 0; Date.now() < until; round++) {
        const chunked = (index + round) % 2 === 1;
        const status = await postLarge(`${url}${PATHS[(index + round) % PATHS.length]}`, chunked);
        bodies++;
        const key = `${chunked ? "chunked" : "Content-Length"} → ${status}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
    };
    const latencies: number[] = [];
    const visitor = async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await fetch(`${url}/the-lake`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), visitor()]);
    clearInterval(sampler);
    const highWater = procStatusKb(pid, "VmHWM")! / 1024;
    latencies.sort((a, b) => a - b);
    console.log(
      [
        `large bodies: ${bodies} posts of 50 MB bodies from ${CLIENTS} clients in ${SECONDS} s (${[...answers].map(([k, n]) => `${k}: ${n}`).join(", ")})`,
        `  server RSS: ${before.toFixed(1)} MB before, highest sampled ${peak.toFixed(1)} MB, VmHWM ${highWater.toFixed(1)} MB (limit ${RSS_LIMIT_MB} MB)`,
        `  /the-lake meanwhile: ${latencies.length} requests, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, highest ${latencies.at(-1)?.toFixed(0)} ms`,
      ].join("\n"),
    );
    expect(bodies).toBeGreaterThanOrEqual(CLIENTS);
    expect([...answers.keys()].every((k) => k.endsWith("413") || k.endsWith("closed"))).toBe(true);
    expect(highWater).toBeLessThan(RSS_LIMIT_MB);
  });
});
