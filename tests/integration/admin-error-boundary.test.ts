/**
 * A failure in an admin loader (issue 9): the admin layout's error boundary answers 500 with the admin menu kept
 * (nav "Admin" with the registry's links and Logout) and a "Something went wrong" heading with an alert, so the
 * administrator can go on elsewhere; the error goes to the log as one pino JSON line ("route error", with the
 * request's method and path), never through console.error. The failure is real: the server's table is renamed
 * behind its back, as tests/integration/failure-messages.test.ts does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/platform/data/db.server.ts";
import { menuOf } from "#app/routes/admin/screens.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "boundary@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-boundary-"));
let server: RunningServer;
let cookie = "";
let handle: DatabaseHandle;

beforeAll(async () => {
  // LOG_LEVEL error: the route error is logged, nothing below it.
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "error" });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
  handle = openDatabase({ dataDir: dir });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` while the news table cannot be read (renamed away), then puts it back. */
async function whileNewsUnreadable<T>(fn: () => Promise<T>): Promise<T> {
  await sql.raw("ALTER TABLE news_post RENAME TO news_post_away").execute(handle.db);
  try {
    return await fn();
  } finally {
    await sql.raw("ALTER TABLE news_post_away RENAME TO news_post").execute(handle.db);
  }
}

/** What the server printed while `fn` ran. */
async function outputDuring<T>(fn: () => Promise<T>): Promise<{ result: T; printed: string }> {
  const before = server.output().length;
  const result = await fn();
  // A log line is written when the response is; give the stream a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { result, printed: server.output().slice(before) };
}

/** The text of the page's elements matching a tag, tags inside dropped. */
function texts(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'").trim());
}

describe("an admin screen whose loader fails", () => {
  it("answers 500 with the admin menu kept and Something went wrong", async () => {
    const { result: response } = await outputDuring(() =>
      whileNewsUnreadable(async () => {
        const r = await fetch(`${server.url}/admin/news`, { headers: { Cookie: cookie } });
        return { status: r.status, html: await r.text() };
      }),
    );
    expect(response.status).toBe(500);
    const { html } = response;
    // The menu: a nav named Admin, outside main, with the registry's links and the Logout button.
    const nav = /<nav[^>]*aria-label="Admin"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
    expect(nav, "the admin menu").toBeDefined();
    expect(texts(nav!, /<a[^>]*>([\s\S]*?)<\/a>/g)).toEqual([...menuOf("main"), ...menuOf("site")].map((m) => m.label));
    expect([...nav!.matchAll(/<a[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual([...menuOf("main"), ...menuOf("site")].map((m) => m.to));
    expect(texts(nav!, /<button[^>]*>([\s\S]*?)<\/button>/g)).toEqual(["Logout"]);
    expect(html.indexOf('aria-label="Admin"')).toBeLessThan(html.indexOf("<main"));
    // The page: its heading and an alert saying what to do, and nothing of the error itself.
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "";
    expect(texts(main, /<h1[^>]*>([\s\S]*?)<\/h1>/g)).toEqual(["Something went wrong"]);
    expect(main).toMatch(/<p[^>]*role="alert"[^>]*>[^<]*choose another screen from the menu/);
    expect(html).not.toMatch(/news_post|no such table|SqliteError/i);
  });

  it("logs the error once as a pino JSON line, route error, with the request; console.error prints nothing", async () => {
    const { printed } = await outputDuring(() =>
      whileNewsUnreadable(async () => {
        const r = await fetch(`${server.url}/admin/news?page=2`, { headers: { Cookie: cookie } });
        await r.text();
        expect(r.status).toBe(500);
      }),
    );
    const lines = printed.split("\n").filter((l) => l.trim() !== "");
    // Every line printed is JSON: no stack trace or "Error:" line from console.error.
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    const routeErrors = entries.filter((e) => e.msg === "route error");
    expect(routeErrors).toHaveLength(1);
    const [entry] = routeErrors as [{ level: number; method: string; url: string; err: { message: string; stack?: string } }];
    expect(entry.level).toBe(50);
    expect(entry.method).toBe("GET");
    expect(new URL(entry.url).pathname + new URL(entry.url).search).toBe("/admin/news?page=2");
    expect(entry.err.message).toMatch(/news_post/);
    expect(entry.err.stack).toBeTruthy();
  });

  it("answers a client-side navigation's data request for that screen with an error, logged the same way", async () => {
    const { result, printed } = await outputDuring(() =>
      whileNewsUnreadable(async () => {
        const r = await fetch(`${server.url}/admin/news.data`, { headers: { Cookie: cookie } });
        return { status: r.status, body: await r.text() };
      }),
    );
    // React Router answers a data request with its payload; the loader's error is in it, not its message.
    expect(result.status).toBeGreaterThanOrEqual(200);
    expect(result.body).not.toMatch(/no such table/i);
    const entries = printed.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as { msg?: string; url?: string });
    expect(entries.filter((e) => e.msg === "route error" && e.url?.includes("/admin/news.data"))).toHaveLength(1);
  });

  it("the screens work again once the table is back, and other screens never stopped", async () => {
    for (const pathname of ["/admin/news", "/admin/events"]) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } });
      expect(response.status, pathname).toBe(200);
      expect(await response.text()).not.toContain("Something went wrong");
    }
    const during = await whileNewsUnreadable(() => fetch(`${server.url}/admin/events`, { headers: { Cookie: cookie } }));
    expect(during.status).toBe(200);
  });
});
