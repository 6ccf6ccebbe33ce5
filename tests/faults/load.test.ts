/**
 * 200 clients at once for FAULTS_LOAD_SECONDS (default 60): most read the public pages (/, /the-lake,
 * /news-events), a few signed-in administrators add measurements and members. No answer may be a 5xx or fail, and
 * every acknowledged write must be in the database afterwards. Prints requests, statuses, latency and writes.
 */
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

const SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
const CLIENTS = 200;
const MEASUREMENT_WRITERS = 4;
const MEMBER_WRITERS = 4;
const READ_PATHS = ["/", "/the-lake", "/news-events"];
const ADMIN = { email: "chair@example.org", password: "load-password" };
const BASE = 800_000;

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-load-"));
let server: RunningServer | undefined;
afterAll(async () => {
  if (server && server.process.exitCode === null) await server.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One HTTP request to the test server (127.0.0.1 only), body read to its end. */
function send(agent: Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error("load goes to 127.0.0.1 only");
  return new Promise((resolve, reject) => {
    const req = request(target, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        if (!res.complete) reject(new Error("response cut off"));
        else resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), cookies: res.headers["set-cookie"] ?? [] });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error("timed out after 60 s")));
    req.end(options.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

describe("load", () => {
  it(`${CLIENTS} clients for ${SECONDS} s: no 5xx, no lost write`, async () => {
    server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const url = server.url;
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: url };

    const cookies: string[] = [];
    for (let i = 0; i < MEASUREMENT_WRITERS + MEMBER_WRITERS; i++) {
      const answer = await send(agent, `${url}/login`, { method: "POST", headers: form, body: new URLSearchParams({ ...ADMIN, intent: "login" }).toString() });
      expect(answer.status).toBe(302);
      cookies.push(answer.cookies.map((c) => c.split(";")[0]).join("; "));
    }

    const byStatus = new Map<string, number>();
    const latencies: number[] = [];
    const serverErrors: string[] = [];
    const failures: string[] = [];
    const ackedValues: number[] = [];
    const ackedEmails: string[] = [];
    let writesSent = 0;
    let sequence = 0;
    const deadline = performance.now() + SECONDS * 1000;

    const timed = async (label: string, run: () => Promise<Answer>): Promise<Answer | undefined> => {
      const started = performance.now();
      try {
        const answer = await run();
        latencies.push(performance.now() - started);
        byStatus.set(String(answer.status), (byStatus.get(String(answer.status)) ?? 0) + 1);
        if (answer.status >= 500) serverErrors.push(`${label}: ${answer.status}`);
        return answer;
      } catch (error) {
        byStatus.set("error", (byStatus.get("error") ?? 0) + 1);
        failures.push(`${label}: ${(error as Error).message}`);
        return undefined;
      }
    };

    const reader = async (client: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const p = READ_PATHS[(client + n) % READ_PATHS.length]!;
        const answer = await timed(`GET ${p}`, () => send(agent, `${url}${p}`));
        if (answer && answer.status === 200 && !answer.body.includes("</html>")) failures.push(`GET ${p}: incomplete page`);
      }
    };
    const measurementWriter = async (cookie: string) => {
      while (performance.now() < deadline) {
        const value = BASE + sequence++;
        writesSent++;
        const body = new URLSearchParams({ intent: "add", date: "2025-09-01", value: String(value) }).toString();
        const answer = await timed("POST measurement", () => send(agent, `${url}/admin/beach-measurements`, { method: "POST", headers: { ...form, Cookie: cookie }, body }));
        if (answer?.status === 302) ackedValues.push(value);
        else if (answer) failures.push(`POST measurement: ${answer.status}`);
      }
    };
    const memberWriter = async (cookie: string, writer: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const email = `load-${writer}-${n}@example.org`;
        writesSent++;
        const body = new URLSearchParams({ intent: "add", emails: email }).toString();
        const answer = await timed("POST member", () => send(agent, `${url}/admin/members`, { method: "POST", headers: { ...form, Cookie: cookie }, body }));
        if (answer?.status === 302) ackedEmails.push(email);
        else if (answer) failures.push(`POST member: ${answer.status}`);
      }
    };

    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: CLIENTS - MEASUREMENT_WRITERS - MEMBER_WRITERS }, (_, i) => reader(i)),
      ...Array.from({ length: MEASUREMENT_WRITERS }, (_, i) => measurementWriter(cookies[i]!)),
      ...Array.from({ length: MEMBER_WRITERS }, (_, i) => memberWriter(cookies[MEASUREMENT_WRITERS + i]!, i)),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    expect(await server.stop()).toBe(0);

    const db = new SQLite(path.join(dir, "shoreline.db"), { readonly: true, fileMustExist: true });
    const values = new Set(db.prepare("SELECT value FROM measurement WHERE value >= ?").pluck().all(BASE) as number[]);
    const emails = new Set(db.prepare("SELECT email FROM member WHERE email LIKE 'load-%'").pluck().all() as string[]);
    const integrity = String(db.pragma("integrity_check", { simple: true }));
    db.close();
    const lost = ackedValues.filter((v) => !values.has(v)).length + ackedEmails.filter((e) => !emails.has(e)).length;

    latencies.sort((a, b) => a - b);
    const requests = latencies.length + (byStatus.get("error") ?? 0);
    console.log(
      [
        `load: ${CLIENTS} clients (${MEASUREMENT_WRITERS + MEMBER_WRITERS} signed-in writers) for ${elapsed.toFixed(1)} s`,
        `  requests done: ${requests} (${(requests / elapsed).toFixed(1)}/s)`,
        `  by status: ${[...byStatus.entries()].sort().map(([s, n]) => `${s}: ${n}`).join(", ")}`,
        `  latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
        `  writes sent ${writesSent}, acknowledged ${ackedValues.length + ackedEmails.length} (${ackedValues.length} measurements, ${ackedEmails.length} members), lost ${lost}`,
        `  integrity_check: ${integrity}`,
      ].join("\n"),
    );
    expect(serverErrors).toEqual([]);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(lost).toBe(0);
    expect(integrity).toBe("ok");
    expect(ackedValues.length).toBeGreaterThan(0);
    expect(ackedEmails.length).toBeGreaterThan(0);
  });
});
