/**
 * First start without a developer (issue 10, the README's contract): while no administrator exists, start-up prints
 * a one-time /setup?token=… link; /setup without that token is 404; the form creates the first administrator and the
 * association's details, signs in, and the link stops working; unused, it stops working an hour after it was printed.
 * With ADMIN_EMAIL no link is printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-setup-"));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ LOG_LEVEL: "warn", ...env });
  servers.push(server);
  // The link is printed right after the "running at" line.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return server;
}

/** The token of the last setup link the server printed, or null. */
function printedToken(server: RunningServer): string | null {
  const links = [...server.output().matchAll(/\/setup\?token=([A-Za-z0-9_-]+)/g)];
  return links.at(-1)?.[1] ?? null;
}

const MINUTE = 60_000;

const FORM = {
  email: "Chair@PineLake.example.org",
  password: "a long enough password",
  confirm: "a long enough password",
  name: "Pine Lake Owners Association",
  shortName: "Pine Lake",
  timeZone: "America/Denver",
  contactEmail: "board@pinelake.example.org",
  beachName: "North beach",
};

function post(server: RunningServer, token: string, form: Record<string, string>) {
  return fetch(`${server.url}/setup?token=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams(form),
  });
}

describe("first start without an administrator", () => {
  it("prints a setup link that creates the first administrator once", async () => {
    const dir = dataDir();
    let server = await start({ DATA_DIR: dir, SEED: "none" });
    const first = printedToken(server);
    expect(first).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(server.output()).toContain(`${server.url}/setup?token=${first}`);

    // A restart while unused prints a new link; the old one stops working.
    await server.stop();
    servers.pop();
    server = await start({ DATA_DIR: dir, SEED: "none" });
    const token = printedToken(server)!;
    expect(token).not.toBe(first);
    expect((await fetch(`${server.url}/setup?token=${first}`)).status).toBe(404);

    expect((await fetch(`${server.url}/setup`)).status).toBe(404);
    expect((await fetch(`${server.url}/setup?token=${token.slice(0, -1)}x`)).status).toBe(404);
    const page = await fetch(`${server.url}/setup?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set up your association");

    // Refused values come back with their messages; nothing is created.
    const refused = await post(server, token, { ...FORM, confirm: "something else", timeZone: "Mars/Olympus" });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("The two passwords are not the same");
    expect(refusedPage).toContain("Please choose a time zone from the list");
    expect(refusedPage).not.toContain(FORM.password);
    expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(200);

    const created = await post(server, token, FORM);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    const cookie = created.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const admin = await fetch(`${server.url}/admin/news`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(admin.status).toBe(200);

    // Used: the link is gone, and the site shows the association's own name.
    expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(404);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain("<title>Pine Lake Owners Association</title>");
    expect(home).toContain("Pine Lake</span>");

    // The next start has an administrator: no link.
    await server.stop();
    servers.pop();
    server = await start({ DATA_DIR: dir, SEED: "none" });
    expect(printedToken(server)).toBeNull();
    const signIn = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email: FORM.email, password: FORM.password, intent: "login" }),
    });
    expect(signIn.status).toBe(302);
  }, 90_000);

  it("a link works for an hour: 59 minutes after it was printed it opens the form, 61 minutes after it is refused and creates nobody", async () => {
    const dir = dataDir();
    const before = Date.now();
    const server = await start({ DATA_DIR: dir, SEED: "none" });
    const token = printedToken(server)!;
    const db = new SQLite(path.join(dir, "shoreline.db"));
    try {
      // The expiry as the server wrote it when it printed the link; time passing is written as an earlier expiry.
      const expiry = () => Number((db.prepare("SELECT value FROM setting WHERE key = 'setupTokenExpires'").get() as { value: string }).value);
      expect(expiry()).toBeGreaterThanOrEqual(before + 60 * MINUTE - MINUTE);
      expect(expiry()).toBeLessThanOrEqual(Date.now() + 60 * MINUTE + MINUTE);
      const pass = (ms: number) => db.prepare("UPDATE setting SET value = ? WHERE key = 'setupTokenExpires'").run(String(expiry() - ms));

      pass(59 * MINUTE);
      const open = await fetch(`${server.url}/setup?token=${token}`);
      expect(open.status).toBe(200);
      expect(await open.text()).toContain("Set up your association");

      pass(2 * MINUTE);
      expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(404);
      expect((await post(server, token, FORM)).status).toBe(404);
      expect((db.prepare('SELECT count(*) AS n FROM "user"').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  }, 60_000);

  it("prints no link when ADMIN_EMAIL gives the administrator", async () => {
    const server = await start({ DATA_DIR: dataDir(), SEED: "none", ADMIN_EMAIL: "admin@example.org", ADMIN_PASSWORD: "a long enough password" });
    expect(printedToken(server)).toBeNull();
    expect(server.output()).not.toContain("/setup");
  }, 60_000);
});
