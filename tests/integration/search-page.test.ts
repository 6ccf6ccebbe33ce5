/**
 * The /search page through the real server (issue 28, decision 039): one cached copy per query string, each new
 * once the content changes (here a post written by another process, as in page-cache.test.ts); a query's results
 * never served for another query; content's markup escaped, the matched words the only `<mark>`s; every hostile
 * query a page, the too-long one a 400 with its message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { createNewsPost } from "#app/news-events/data/news.server.ts";
import { MAX_QUERY_LENGTH } from "#app/search/query.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "shoreline-search-page-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: "chair@example.org", ADMIN_PASSWORD: "chair-password" });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function search(q: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/search?q=${encodeURIComponent(q)}`, { headers });
  return { status: response.status, etag: response.headers.get("etag"), html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** Writes a post as another process would (the import command, a second server). */
async function writePost(title: string, text: string): Promise<void> {
  const writer = openDatabase({ dataDir: dir });
  try {
    await createNewsPost(writer.db, { title, text, date: "2026-01-02", author: "a" }, null);
  } finally {
    await writer.close();
  }
}

describe("/search", () => {
  it("finds the demo's posts with the matched words marked, and links to the post", async () => {
    const { status, html } = await search("board elections");
    expect(status).toBe(200);
    expect(html).toContain("<mark>Board</mark> <mark>elections</mark> at the annual meeting");
    expect(html).toMatch(/href="\/news\/[0-9a-f-]{36}"/);
    expect(html).toContain("for “board elections”");
  });

  it("keeps one copy per query, each new after a change", async () => {
    const first = await search("kayak");
    const again = await search("kayak");
    expect(first.html).toContain("Nothing found for “kayak”");
    expect(again.etag).toBe(first.etag);
    // Another query is another page, never this one's copy.
    const other = await search("kayaks rental");
    expect(other.html).toContain("Nothing found for “kayaks rental”");
    expect(other.etag).not.toBe(first.etag);

    await writePost("Kayak rental opens", "Kayaks and paddles at the launch.");
    const after = await search("kayak", { "If-None-Match": first.etag! });
    expect(after.status).toBe(200);
    expect(after.html).toContain("<mark>Kayak</mark> rental opens");
    expect((await search("kayaks rental")).html).toContain("<mark>Kayak</mark> <mark>rental</mark> opens");
  });

  it("escapes the content's markup: only the matched words are marked", async () => {
    await writePost('<img src=x onerror="alert(1)"> Osprey nest', "Watch the <script>alert(2)</script> osprey <mark>pair</mark>.");
    const { html } = await search("osprey");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <mark>Osprey</mark> nest");
    expect(html).toContain("&lt;mark&gt;pair&lt;/mark&gt;");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main.match(/<mark>/g)).toHaveLength(2);
  });

  it("answers every query a visitor can type: hostile ones, empty ones, too long ones", async () => {
    for (const q of ['"', "AND(", "e. coli", "NEAR(a b)", "*", "-", "title:x", "'; DROP TABLE news_post; --", "%", "\\", "🙂"]) {
      const { status, html } = await search(q);
      expect(status, q).toBe(200);
      expect(html, q).toMatch(/Nothing found for|has no word to look for|result/);
    }
    expect((await search("")).html).toContain("Type a word or two above, then press Search.");
    expect((await search("the")).html).toContain("“the” has no word to look for.");
    const long = await search("a".repeat(MAX_QUERY_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.html).toContain(`That search is ${MAX_QUERY_LENGTH + 1} characters long. Please use at most ${MAX_QUERY_LENGTH}.`);
    expect((await search("a".repeat(MAX_QUERY_LENGTH))).status).toBe(200);
  });
});
