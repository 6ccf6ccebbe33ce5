/**
 * kill -9 in the middle of a stream of writes: 1,000 writes (measurements through the admin form, and a document
 * upload every 50th), 8 at a time; the server is killed at a random moment after 300 to 700 were acknowledged.
 * After a restart on the same DATA_DIR every acknowledged write must be there, the database must pass its integrity
 * check, and no partial or temporary file may be left among the documents.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer, signInCookie } from "../support/server.ts";

const ADMIN = { email: "chair@example.org", password: "kill9-password" };
const TOTAL = 1000;
const CONCURRENCY = 8;
const BASE = 500_000;
const UPLOAD_EVERY = 50;

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-kill9-"));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function signIn(url: string): Promise<string> {
  return signInCookie(url, ADMIN.email, ADMIN.password);
}

/** Opens the database file read-only (the server is not running) and runs `fn` on it. */
function readDatabase<T>(fn: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(dir, "shoreline.db"), { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe("kill -9 during writes", () => {
  it("loses no acknowledged write and leaves no partial file", async () => {
    const server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    servers.push(server);
    const cookie = await signIn(server.url);
    const killAfter = randomInt(300, 701);

    const ackedValues: number[] = [];
    const ackedUploads: { name: string; bytes: Buffer }[] = [];
    const unexpected: string[] = [];
    let acknowledged = 0;
    let failedAfterKill = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;
    let killed = false;
    let next = 0;

    const write = async (i: number): Promise<boolean> => {
      if (i % UPLOAD_EVERY === UPLOAD_EVERY - 1) {
        const name = `kill9-${i}.txt`;
        const bytes = Buffer.from(`Upload ${i}\n${randomBytes(3000).toString("base64")}\n`);
        const form = new FormData();
        form.append("file", new File([bytes], name, { type: "text/plain" }));
        const response = await fetch(`${server.url}/admin/documents/upload`, {
          method: "POST",
          headers: { Cookie: cookie, Accept: "application/json", Origin: server.url },
          body: form,
        });
        const body = (await response.json()) as { uploaded?: string[] };
        if (response.status !== 200 || !body.uploaded?.includes(name)) {
          unexpected.push(`upload ${i}: ${response.status}`);
          return false;
        }
        ackedUploads.push({ name, bytes });
        return true;
      }
      const response = await fetch(`${server.url}/admin/beach-measurements`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: server.url },
        body: new URLSearchParams({ intent: "add", date: "2025-08-01", value: String(BASE + i) }),
      });
      await response.body?.cancel();
      if (response.status !== 302) {
        unexpected.push(`measurement ${i}: ${response.status}`);
        return false;
      }
      ackedValues.push(BASE + i);
      return true;
    };

    const started = performance.now();
    const worker = async () => {
      while (!killed && next < TOTAL) {
        const i = next++;
        inFlight++;
        try {
          if (await write(i)) acknowledged++;
        } catch (error) {
          // Only a killed server may fail to answer.
          if (!killed) throw error;
          failedAfterKill++;
        } finally {
          inFlight--;
        }
        if (!killed && acknowledged >= killAfter) {
          killed = true;
          inFlightAtKill = inFlight;
          server.process.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
      server.process.exitCode !== null || server.process.signalCode !== null ? resolve(server.process.signalCode) : server.process.once("exit", (_c, s) => resolve(s)),
    );
    const streamSeconds = (performance.now() - started) / 1000;
    expect(exit).toBe("SIGKILL");
    expect(unexpected).toEqual([]);

    // Right after the crash: the file as the kill left it (with its write-ahead log).
    const walLeft = readdirSync(dir).includes("shoreline.db-wal");
    const afterCrash = readDatabase((db) => ({
      integrity: String(db.pragma("integrity_check", { simple: true })),
      values: new Set(db.prepare("SELECT value FROM measurement WHERE value >= ?").pluck().all(BASE) as number[]),
    }));
    expect(afterCrash.integrity).toBe("ok");
    expect(ackedValues.filter((v) => !afterCrash.values.has(v))).toEqual([]);

    // Restart on the same folder: it comes up, serves the data, and shuts down cleanly.
    const again = await startServer({ DATA_DIR: dir });
    servers.push(again);
    expect(await (await fetch(`${again.url}/healthz`)).text()).toBe("ok");
    const page = await fetch(`${again.url}/admin/beach-measurements`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(String(ackedValues.at(-1)));
    const extra = await fetch(`${again.url}/admin/beach-measurements`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: again.url },
      body: new URLSearchParams({ intent: "add", date: "2025-08-02", value: "1" }),
    });
    expect(extra.status).toBe(302);
    expect(await again.stop()).toBe(0);

    const after = readDatabase((db) => ({
      integrity: String(db.pragma("integrity_check", { simple: true })),
      values: new Set(db.prepare("SELECT value FROM measurement WHERE value >= ?").pluck().all(BASE) as number[]),
      documents: db.prepare("SELECT id, displayName, size FROM document").all() as { id: string; displayName: string; size: number }[],
    }));
    expect(after.integrity).toBe("ok");
    const lost = ackedValues.filter((v) => !after.values.has(v));
    const uploadRecords = after.documents.filter((d) => d.displayName.startsWith("kill9-")).length;
    const committedUnacknowledged = after.values.size - ackedValues.length + uploadRecords - ackedUploads.length;

    // Documents: every acknowledged upload whole; every record's file present with its size; no temporary file.
    const files = readdirSync(path.join(dir, "documents"));
    const temporary = files.filter((f) => f.startsWith(".") || f.endsWith(".tmp"));
    const byName = new Map(after.documents.map((d) => [d.displayName, d]));
    const lostUploads = ackedUploads.filter((u) => {
      const record = byName.get(u.name);
      return !record || !files.includes(record.id) || Buffer.compare(readFileSync(path.join(dir, "documents", record.id)), u.bytes) !== 0;
    });
    const badRecords = after.documents.filter((d) => !files.includes(d.id) || statSync(path.join(dir, "documents", d.id)).size !== d.size);
    const orphans = files.filter((f) => !temporary.includes(f) && !after.documents.some((d) => d.id === f));

    console.log(
      [
        "kill -9 during writes:",
        `  writes sent: ${next} of ${TOTAL} (concurrency ${CONCURRENCY}) in ${streamSeconds.toFixed(1)} s; killed after ${killAfter} acknowledged`,
        `  writes acknowledged: ${acknowledged} (${ackedValues.length} measurements, ${ackedUploads.length} uploads)`,
        `  in flight at the kill: ${inFlightAtKill}; failed without answer: ${failedAfterKill}; committed but never acknowledged: ${committedUnacknowledged}`,
        `  write-ahead log left by the kill: ${walLeft ? "yes" : "no"}; integrity_check after the kill: ${afterCrash.integrity}, after restart: ${after.integrity}`,
        `  lost acknowledged writes: ${lost.length + lostUploads.length}`,
        `  documents: ${after.documents.length} records, ${badRecords.length} without their whole file, ${orphans.length} orphan files, ${temporary.length} temporary files`,
      ].join("\n"),
    );
    expect(lost).toEqual([]);
    expect(lostUploads.map((u) => u.name)).toEqual([]);
    expect(badRecords).toEqual([]);
    expect(temporary).toEqual([]);
    expect(acknowledged).toBeGreaterThanOrEqual(killAfter);
  });
});
