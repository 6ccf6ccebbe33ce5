/**
 * The public page cache: served again while the data is unchanged, new on the first request after a change (also a
 * change made by another process), one byte-identical copy per page version and encoding (issue 13) with a strong
 * ETag each, 304 for a matching ETag, never for a session.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { createNewsPost } from "#app/news-events/data/news.server.ts";
import { rawGet, startServer, type RunningServer, signInCookie } from "../support/server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-cache-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("public page cache", () => {
  it("gives two visitors byte-identical bodies and the same headers for the same page version, in each encoding", async () => {
    for (const [accept, encoding] of [["br, gzip, deflate", "br"], ["gzip", "gzip"], ["identity", undefined]] as const) {
      const a = await rawGet(server.url, { "Accept-Encoding": accept });
      const b = await rawGet(server.url, { "Accept-Encoding": accept });
      expect(a.status).toBe(200);
      expect(a.headers["content-encoding"], accept).toBe(encoding);
      expect(a.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Buffer.compare(a.body, b.body), accept).toBe(0);
      expect(Number(a.headers["content-length"])).toBe(a.body.length);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(a.headers.etag, "a strong ETag").toMatch(/^"[^"]+"$/);
      expect(b.headers["content-security-policy"]).toBe(a.headers["content-security-policy"]);
      const html = (encoding === "br" ? brotliDecompressSync(a.body) : encoding === "gzip" ? gunzipSync(a.body) : a.body).toString("utf8");
      expect(html).toContain("<!DOCTYPE html>");
    }
    // A client that sends no Accept-Encoding (curl, autocannon, some bots) gets the plain body.
    expect((await rawGet(server.url, {})).headers["content-encoding"]).toBeUndefined();
    // Different bytes, different tags: one per encoding.
    const tags = await Promise.all(["br", "gzip", "identity"].map(async (e) => (await rawGet(server.url, { "Accept-Encoding": e })).headers.etag));
    expect(new Set(tags).size).toBe(3);
  });

  it("serves a stored page again with every header it was rendered with, whichever path answers it", async () => {
    // The first request renders (Express, the security middleware, React Router); the next are answered from the
    // stored copy before Express (serveStored); all must carry the same headers, the security headers included.
    for (const accept of ["br, gzip, deflate", "gzip", ""]) {
      const responses = [];
      for (let i = 0; i < 4; i++) responses.push(await rawGet(`${server.url}/membership`, accept ? { "Accept-Encoding": accept } : {}));
      const headers = responses.map(({ headers: { date: _date, ...rest } }) => rest);
      for (const later of headers.slice(1)) expect(later, accept).toEqual(headers[0]);
      expect(headers[0]!["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(headers[0]!["x-frame-options"]).toBe("DENY");
      expect(headers[0]!["permissions-policy"]).toContain("camera=()");
      for (const later of responses.slice(1)) expect(Buffer.compare(later.body, responses[0]!.body), accept).toBe(0);
    }
  });

  it("answers 304 to a matching ETag, in any of its encodings, with the version's policy", async () => {
    const first = await fetch(`${server.url}/the-lake`);
    await first.text();
    for (const tag of [first.headers.get("etag")!, first.headers.get("etag")!.replace(/-(br|gz)"$/, '"'), `W/${first.headers.get("etag")}`]) {
      const again = await fetch(`${server.url}/the-lake`, { headers: { "If-None-Match": tag } });
      expect(again.status, tag).toBe(304);
      expect(again.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    }
  });

  it("shows a change made by another process on the next request", async () => {
    // Asked twice, so that the page is stored and has been sent from the store once (the path that asks no query).
    await (await fetch(`${server.url}/news-events`)).text();
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
    // A visitor without an ETag (the stored path) sees it too, in every encoding.
    for (const accept of ["br", "gzip", "identity"]) {
      const page = await rawGet(`${server.url}/news-events`, { "Accept-Encoding": accept });
      const html = (accept === "br" ? brotliDecompressSync(page.body) : accept === "gzip" ? gunzipSync(page.body) : page.body).toString("utf8");
      expect(html, accept).toContain("Cache-busting regatta");
    }
  });

  it("shows a change made through this server on the next request", async () => {
    const cookie = await signInCookie(server.url, "chair@example.org", "chair-password");
    for (let i = 0; i < 2; i++) expect((await rawGet(server.url, {})).body.toString("utf8")).not.toContain("Ice-out party on Saturday");
    const saved = await fetch(`${server.url}/admin/banner`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ intent: "save", text: "Ice-out party on Saturday" }),
      redirect: "manual",
    });
    expect(saved.status).toBeLessThan(400);
    expect((await rawGet(server.url, {})).body.toString("utf8")).toContain("Ice-out party on Saturday");
  });

  it("never serves a signed-in administrator from the cache", async () => {
    const cookie = await signInCookie(server.url, "chair@example.org", "chair-password");
    const page = await fetch(server.url, { headers: { Cookie: cookie } });
    expect(page.headers.get("etag")).toBeNull();
    expect(await page.text()).toMatch(/signedIn\W+true/);
  });
});
