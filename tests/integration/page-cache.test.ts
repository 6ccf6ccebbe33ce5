/**
 * The public page cache: served again while the data is unchanged, new on the first request after a change (also a
 * change made by another process), a fresh CSP nonce in every copy, 304 for a matching ETag, never for a session.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server.ts";
import { createNewsPost } from "#app/models/news.server.ts";
import { startServer, type RunningServer, signInCookie } from "../support/server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-cache-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function nonceOf(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
}

describe("public page cache", () => {
  it("serves the same page with a new nonce each time, matching its header", async () => {
    const first = await fetch(server.url);
    const second = await fetch(server.url);
    const [a, b] = [await first.text(), await second.text()];
    expect(first.headers.get("etag")).toBeTruthy();
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(a).toContain(`nonce="${nonceOf(first)}"`);
    expect(b).toContain(`nonce="${nonceOf(second)}"`);
    expect(b).not.toContain(nonceOf(first));
    expect(b.replaceAll(nonceOf(second), "N")).toBe(a.replaceAll(nonceOf(first), "N"));
  });

  it("answers 304 to a matching ETag, without a CSP header", async () => {
    const first = await fetch(`${server.url}/the-lake`);
    await first.text();
    const again = await fetch(`${server.url}/the-lake`, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("shows a change made by another process on the next request", async () => {
    const before = await fetch(`${server.url}/news-events`);
    const beforeBody = await before.text();
    expect(beforeBody).not.toContain("Cache-busting regatta");
    const writer = openDatabase({ dataDir: dir });
    try {
      await createNewsPost(writer.db, { title: "Cache-busting regatta", text: "x", date: "2026-01-02", author: "a" }, null);
    } finally {
      await writer.close();
    }
    const after = await fetch(`${server.url}/news-events`, { headers: { "If-None-Match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Cache-busting regatta");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  it("never serves a signed-in administrator from the cache", async () => {
    const cookie = await signInCookie(server.url, "chair@example.org", "chair-password");
    const page = await fetch(server.url, { headers: { Cookie: cookie } });
    expect(page.headers.get("etag")).toBeNull();
    expect(await page.text()).toMatch(/signedIn\W+true/);
  });
});
