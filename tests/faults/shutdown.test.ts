/**
 * Graceful shutdown under load: 50 clients request /the-lake over and over (a new connection each time); SIGTERM
 * arrives mid-way. Every connection the server accepted must get its complete 200 (none cut off or reset), the
 * process must exit 0 within the 10 s grace period, and the only requests left unanswered must be connections the
 * server never accepted (still queued in the kernel when the listening socket closed, or made after).
 *
 * To tell those apart the server process is started with a small preload (NODE_OPTIONS --import, test only) that
 * counts, inside the server, accepted connections and those closed before their response was finished.
 */
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

const CLIENTS = 50;
/** SIGTERM is sent once this many requests have been answered. */
const SIGNAL_AFTER = 150;

/** Preloaded into the server: counts connections and requests as the server sees them, prints them at exit. */
const COUNTER = `
import http from "node:http";
const stats = { accepted: 0, requests: 0, answered: 0, closedUnanswered: 0 };
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "connection") {
    const socket = args[0];
    stats.accepted++;
    socket.on("close", () => { if (!socket.shorelineAnswered) stats.closedUnanswered++; });
  } else if (event === "request") {
    const [req, res] = args;
    stats.requests++;
    res.on("finish", () => { stats.answered++; req.socket.shorelineAnswered = true; });
  }
  return emit.call(this, event, ...args);
};
process.on("exit", () => process.stderr.write("CONNECTION-STATS " + JSON.stringify(stats) + "\\n"));
`;

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-shutdown-"));
let server: RunningServer | undefined;
afterAll(async () => {
  if (server && server.process.exitCode === null) await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  /** ms (performance.now) when the request was written out. */
  sentAt: number;
  /** When the response headers arrived, if they did. */
  headersAt?: number;
  status?: number;
  complete: boolean;
  error?: string;
  endedAt: number;
}

/** GET on a connection of its own; never rejects. */
function get(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sentAt: performance.now(), complete: false, endedAt: 0 };
    const finish = (error?: Error & { code?: string }) => {
      if (outcome.endedAt) return;
      outcome.endedAt = performance.now();
      if (error) outcome.error = error.code ?? error.message;
      resolve(outcome);
    };
    const req = request(url, { agent: false, headers: { Connection: "close" } }, (res) => {
      outcome.headersAt = performance.now();
      outcome.status = res.statusCode;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        outcome.complete = res.complete && body.trimEnd().endsWith("</html>");
        finish();
      });
      res.on("error", finish);
      res.on("aborted", () => finish(Object.assign(new Error("aborted"), { code: "ABORTED" })));
    });
    req.on("error", finish);
    req.setTimeout(30_000, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.end(() => (outcome.sentAt = performance.now()));
  });
}

describe("graceful shutdown", () => {
  it(`finishes every accepted request of ${CLIENTS} concurrent clients, then exits 0`, async () => {
    const preload = `--import=data:text/javascript;base64,${Buffer.from(COUNTER).toString("base64")}`;
    server = await startServer({ DATA_DIR: dir, NODE_OPTIONS: preload });
    const url = `${server.url}/the-lake`;
    const running = server;
    const outcomes: Outcome[] = [];
    let answered = 0;
    let signalAt = 0;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => running.process.once("exit", (code) => resolve({ code, at: performance.now() })));
    const closed = new Promise<void>((resolve) => running.process.once("close", () => resolve()));

    const client = async () => {
      for (;;) {
        const outcome = await get(url);
        outcomes.push(outcome);
        if (outcome.status !== undefined) answered++;
        if (!signalAt && answered >= SIGNAL_AFTER) {
          signalAt = performance.now();
          running.process.kill("SIGTERM");
        }
        // Stop once the server no longer takes connections.
        if (outcome.status === undefined && signalAt) return;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const exit = await exited;
    await closed;
    const statsLine = /CONNECTION-STATS (.*)/.exec(running.output())?.[1];
    expect(statsLine, running.output()).toBeDefined();
    const stats = JSON.parse(statsLine!) as { accepted: number; requests: number; answered: number; closedUnanswered: number };

    const answeredOk = outcomes.filter((o) => o.status === 200 && o.complete);
    const answeredBad = outcomes.filter((o) => o.headersAt !== undefined && !(o.status === 200 && o.complete));
    const unanswered = outcomes.filter((o) => o.headersAt === undefined);
    const inFlightAtSignal = outcomes.filter((o) => o.sentAt < signalAt && o.endedAt > signalAt);
    const finishedAfterSignal = inFlightAtSignal.filter((o) => o.status === 200 && o.complete);
    const errors = new Map<string, number>();
    for (const o of unanswered) errors.set(o.error ?? "?", (errors.get(o.error ?? "?") ?? 0) + 1);
    const lastAnswer = Math.max(...answeredOk.map((o) => o.endedAt));

    console.log(
      [
        `graceful shutdown: ${CLIENTS} clients on /the-lake (a connection per request), SIGTERM after ${SIGNAL_AFTER} answers`,
        `  requests sent: ${outcomes.length}; complete 200: ${answeredOk.length}; answered but cut off or not 200: ${answeredBad.length}`,
        `  in flight at SIGTERM: ${inFlightAtSignal.length}, of which finished with a complete 200 after it: ${finishedAfterSignal.length}`,
        `  server side: ${stats.accepted} connections accepted, ${stats.answered} answered, ${stats.closedUnanswered} closed before their answer`,
        `  never accepted by the server (queued in the kernel at close, or made after): ${unanswered.length} (${[...errors.entries()].map(([e, n]) => `${e}: ${n}`).join(", ") || "none"})`,
        `  last answer ${(lastAnswer - signalAt).toFixed(0)} ms after SIGTERM; exit code ${exit.code} after ${(exit.at - signalAt).toFixed(0)} ms`,
      ].join("\n"),
    );
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(10_000);
    // Every accepted connection was answered in full; what the clients saw unanswered is exactly what was never accepted.
    expect(stats.closedUnanswered).toBe(0);
    expect(stats.answered).toBe(stats.accepted);
    expect(answeredBad).toEqual([]);
    expect(answeredOk.length).toBe(stats.accepted);
    expect(unanswered.length).toBe(outcomes.length - stats.accepted);
    expect(unanswered.every((o) => o.error === "ECONNRESET" || o.error === "ECONNREFUSED")).toBe(true);
    // Requests were in flight when the signal came, and they finished.
    expect(finishedAfterSignal.length).toBeGreaterThan(0);
  });
});
