/**
 * The upgrade to Markdown texts (issue 10 part 3, migration 0004) as a visitor sees it: a database of the release
 * before, holding plain news texts and event details that look like Markdown, HTML or script links, is opened by the
 * new server, on SQLite and on PostgreSQL, and its public pages show every text as the old release did — the same
 * characters on the same lines, with no formatting, link or markup made from them.
 *
 * The old release showed a text as `<p class="prose">{text}</p>` (CSS `white-space: pre-line`): the characters as
 * typed, each newline a line break, runs of spaces as one. The new one shows `renderMarkdown`'s HTML, where a line
 * break is `<br>` and a blank line starts a new paragraph.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { migrations } from "#db/migrations/index.ts";
import { PG_ADMIN_URL, postgresAvailable } from "../support/databases.ts";
import { startServer, TEST_AUTH_SECRET, type RunningServer } from "../support/server.ts";

/** Plain texts saved before 0004: each would be formatting, markup or a link if it were read as Markdown. */
const OLD_TEXTS = {
  stars: "Come see the *stars* from the dock, and _all_ the __planets__ too.\n**Bring** a blanket.",
  heading: "# not a heading\n## nor this\nSetext?\n===",
  list: "1. not a list\n2) nor this\n- no bullets\n+ none\n* at all",
  tags: "<b>tags</b> stay <i>as typed</i> & so does &amp; and &#169;.\n<script>alert(1)</script>",
  links: "[x](javascript:alert(1)) and [y][1] and <https://lake.example> and `code`\n\n[1]: https://lake.example",
  breaks: "First line.\nSecond line.\n\nA new paragraph after a blank line.\n> not a quote\n---\n| not | a table |",
};

/** The old release's visible text: the characters as typed, line by line, runs of spaces as one. */
function shownBefore(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n");
}

/**
 * The visible text of one rendered Markdown text (the inner HTML of its `<div class="prose-md">`), as a reader sees
 * it: `<br>` a line break, a new paragraph a blank line. @throws when the HTML holds any other element than `<p>`
 * and `<br>`: then the text was read as formatting or markup.
 */
function shownAfter(html: string): string {
  const other = /<(?!\/?p>|br>)[^>]*>/.exec(html);
  if (other) throw new Error(`formatting made from a plain text: ${other[0]} in ${html}`);
  const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&" };
  return html
    .replace(/<br>\n?/g, "\n")
    .replace(/<\/p>\n?<p>/g, "\n\n")
    .replace(/<\/?p>/g, "")
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity]!)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n");
}

/** The rendered text inside the card (`<article … aria-labelledby="ID">`) of one post or event on a page. */
function cardText(page: string, labelledBy: string): string {
  const card = new RegExp(`<article class="card" aria-labelledby="${labelledBy}">([\\s\\S]*?)</article>`).exec(page);
  if (!card) throw new Error(`no card ${labelledBy} on the page`);
  const text = /<div class="prose-md"(?: data-md="[^"]*")?>([\s\S]*?)<\/div>/.exec(card[1]!);
  if (!text) throw new Error(`card ${labelledBy} shows no text`);
  return shownAfter(text[1]!);
}

/** A database with nothing in it yet: a SQLite file in a new folder, or a new PostgreSQL database. */
interface OldInstall {
  dir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

function sqliteInstall(): OldInstall {
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-md-upgrade-"));
  return { dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresInstall(): Promise<OldInstall> {
  const name = `shoreline_md_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), "shoreline-md-upgrade-"));
  return {
    dir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates the install to the release before 0004 and saves the old texts there, as that release did. */
async function fillAsOldRelease(install: OldInstall): Promise<void> {
  const handle = openDatabase({ dataDir: install.dir, databaseUrl: install.databaseUrl });
  try {
    const { Migrator } = await import("kysely/migration");
    const released = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "0004"));
    const result = await new Migrator({ db: handle.db, provider: { getMigrations: async () => released } }).migrateToLatest();
    expect(result.error).toBeUndefined();
    const year = new Date().getUTCFullYear();
    const row = { author: "Old release", authorId: null, created: 1, updated: 1, timestamp: Date.UTC(year, 6, 1, 16), timezoneOffset: 300 };
    const entries = Object.entries(OLD_TEXTS);
    await handle.db
      .insertInto("news_post")
      .values(entries.map(([key, text], i) => ({ ...row, id: `old-${key}`, title: `Old ${key}`, text, date: `${year}-07-0${i + 1}` })))
      .execute();
    await handle.db
      .insertInto("event")
      .values(entries.map(([key, text], i) => ({ ...row, id: `old-event-${key}`, title: `Old event ${key}`, date: `${year}-07-0${i + 1}`, startTime: "", timeDetails: "", place: "", eventDetails: text })))
      .execute();
  } finally {
    await handle.close();
  }
}

const installs = [
  { name: "sqlite", create: async () => sqliteInstall(), available: async () => true },
  { name: "postgres", create: postgresInstall, available: postgresAvailable },
] as const;

describe.each(installs)("upgrading plain texts to Markdown on $name", ({ create, available }) => {
  let install: OldInstall | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    if (!(await available())) return;
    install = await create();
    await fillAsOldRelease(install);
    server = await startServer({ DATA_DIR: install.dir, DATABASE_URL: install.databaseUrl, AUTH_SECRET: TEST_AUTH_SECRET, SEED: "none" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await install?.drop();
  });

  it("/news-events shows every old news text and event detail as the old release did", async ({ skip }) => {
    if (!server) return skip();
    const response = await fetch(`${server.url}/news-events`);
    expect(response.status).toBe(200);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    for (const [key, text] of Object.entries(OLD_TEXTS)) {
      expect(cardText(page, `news-old-${key}`), `news ${key}`).toBe(shownBefore(text));
      expect(cardText(page, `event-old-event-${key}`), `event ${key}`).toBe(shownBefore(text));
    }
    // Nothing in the old texts became a link, script or picture anywhere on the page.
    expect(page).not.toContain('href="javascript:');
    expect(page).not.toContain("<script>alert(1)");
    expect(page).not.toContain('href="https://lake.example"');
  });

  it("the home page's latest news show the old texts as before too", async ({ skip }) => {
    if (!server) return skip();
    const page = (await (await fetch(`${server.url}/`)).text()).replaceAll("<!-- -->", "");
    const shown = Object.entries(OLD_TEXTS).filter(([key]) => page.includes(`aria-labelledby="news-old-${key}"`));
    expect(shown.length).toBeGreaterThan(0);
    for (const [key, text] of shown) expect(cardText(page, `news-old-${key}`), `news ${key}`).toBe(shownBefore(text));
  });
});
