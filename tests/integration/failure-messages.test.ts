/**
 * Every failure message of the admin screens (spec §8), word for word, brought about by real failures on a running
 * server: a record deleted behind the administrator's back (another admin, another tab), a database that refuses a
 * write (a SQLite trigger) or cannot be read (a renamed table), and email worker addresses that are missing, empty,
 * not an address, unreachable or refusing. The forms are posted as browsers post them without JavaScript, and the
 * message must be in the page that comes back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { freePort, signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "failures@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-failures-"));
let server: RunningServer;
let cookie = "";
let handle: DatabaseHandle;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "fatal" });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  // A second connection to the server's own database file, as another process would have.
  handle = openDatabase({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Posts a form as a browser without JavaScript does; returns the status and the page. */
async function post(pathname: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, html: await response.text() };
}

/** Runs `fn` while SQLite refuses `operation` on `table` (a trigger that raises), then lets it through again. */
async function whileRefusing<T>(table: string, operation: "INSERT" | "UPDATE" | "DELETE", fn: () => Promise<T>): Promise<T> {
  const trigger = `refuse_${table}_${operation.toLowerCase()}`;
  await sql.raw(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(FAIL, 'refused by the test'); END`).execute(handle.db);
  try {
    return await fn();
  } finally {
    await sql.raw(`DROP TRIGGER ${trigger}`).execute(handle.db);
  }
}

const GONE = "no-longer-there";

describe("a record deleted meanwhile", () => {
  it.each([
    ["/admin/news", { intent: "delete", id: GONE }, "Failed to delete post. Please try again."],
    ["/admin/news", { intent: "save", id: GONE, title: "Edited", text: "x", date: "2026-11-01", author: "a" }, "Failed to save post. Please try again."],
    ["/admin/events", { intent: "delete", id: GONE }, "Failed to delete event. Please try again."],
    ["/admin/events", { intent: "save", id: GONE, title: "Edited", date: "2026-11-30", startTime: "10:00" }, "Failed to save event. Please try again."],
    ["/admin/members", { intent: "delete", id: GONE }, "Failed to delete member. Please try again."],
    ["/admin/beach-measurements", { intent: "delete", id: GONE }, "Failed to delete measurement"],
    ["/admin/documents", { intent: "rename", id: GONE, name: "Minutes", current: "Old minutes" }, "Failed to rename file. Please try again."],
    ["/admin/documents", { intent: "delete", id: GONE }, "Failed to delete file. Please try again."],
  ])("%s %j says %j", async (pathname, fields, message) => {
    const { status, html } = await post(pathname, fields);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(html).toContain(message);
  });
});

describe("a database that refuses or cannot be read", () => {
  it("Failed to add measurement, and nothing is added", async () => {
    const before = await handle.db.selectFrom("measurement").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    const { html } = await whileRefusing("measurement", "INSERT", () => post("/admin/beach-measurements", { intent: "add", date: "2026-11-02", value: "12.5" }));
    expect(html).toContain("Failed to add measurement");
    const after = await handle.db.selectFrom("measurement").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("Failed to load measurements, while the table cannot be read", async () => {
    await sql.raw("ALTER TABLE measurement RENAME TO measurement_away").execute(handle.db);
    try {
      const response = await fetch(`${server.url}/admin/beach-measurements`, { headers: { Cookie: cookie } });
      expect(await response.text()).toContain("Failed to load measurements");
    } finally {
      await sql.raw("ALTER TABLE measurement_away RENAME TO measurement").execute(handle.db);
    }
    const again = await fetch(`${server.url}/admin/beach-measurements`, { headers: { Cookie: cookie } });
    expect(await again.text()).not.toContain("Failed to load measurements");
  });

  it("Failed to save banner. Please try again., and the banner is unchanged", async () => {
    const before = await handle.db.selectFrom("banner").selectAll().execute();
    const { html } = await whileRefusing("banner", before.length > 0 ? "UPDATE" : "INSERT", () => post("/admin/banner", { intent: "save", text: "A new banner" }));
    expect(html).toContain("Failed to save banner. Please try again.");
    expect(await handle.db.selectFrom("banner").selectAll().execute()).toEqual(before);
  });

  it("Failed to delete banner. Please try again., and the banner stays", async () => {
    const before = await handle.db.selectFrom("banner").selectAll().execute();
    expect(before.length).toBe(1);
    const { html } = await whileRefusing("banner", "DELETE", () => post("/admin/banner", { intent: "delete" }));
    expect(html).toContain("Failed to delete banner. Please try again.");
    expect(await handle.db.selectFrom("banner").selectAll().execute()).toEqual(before);
  });
});

describe("the email worker's address (spec §7)", () => {
  const send = () => post("/admin/email", { subject: "Dock repairs", message: "The dock is closed on Saturday." });
  async function setWorker(value: string | undefined) {
    await handle.db.deleteFrom("setting").where("key", "=", "emailWorkerUrl").execute();
    if (value !== undefined) await handle.db.insertInto("setting").values({ key: "emailWorkerUrl", value }).execute();
  }
  afterAll(() => setWorker("/api/email"));

  it.each([
    [undefined, "Email service configuration not found"],
    ["", "Email service is not properly configured"],
    ["http://[not an address", "Failed to initialize email service"],
  ])("%j says %j", async (address, message) => {
    await setWorker(address);
    const { html } = await send();
    expect(html).toContain(message);
    // What was typed is kept.
    expect(html).toContain("Dock repairs");
  });

  it("an unreachable worker says Failed to send email. Please try again.", async () => {
    await setWorker(`http://127.0.0.1:${await freePort()}/api/email`);
    expect((await send()).html).toContain("Failed to send email. Please try again.");
  });

  it("a worker that refuses without a message says Failed to send email (status)", async () => {
    await setWorker("/no-such-worker");
    expect((await send()).html).toMatch(/Failed to send email \(\d{3}\)/);
  });
});
