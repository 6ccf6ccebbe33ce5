/**
 * Found and shared (issue 28 part 6), on SQLite and PostgreSQL alike: /robots.txt, /sitemap.xml (valid against the
 * sitemaps.org 0.9 schema, tests/fixtures/sitemaps/), /news.json (JSON Feed 1.1) and /manifest.webmanifest, each
 * route's loader called with the router context a request gets and its answer read back with tools that share nothing
 * with the writers (xmllint's schema check, fast-xml-parser, JSON.parse).
 */
import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { validateXML } from "xmllint-wasm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext, type Services } from "#app/web/services.server.ts";
import { saveAssociationDetails } from "#app/site/data/association.server.ts";
import { createEvent, updateEvent, type EventInput } from "#app/news-events/data/events.server.ts";
import { createNewsPost, updateNewsPost } from "#app/news-events/data/news.server.ts";
import { boardMembers, businesses } from "#app/site/data/site-content.server.ts";
import { createBoardPage } from "#app/site/data/board-pages.server.ts";
import { publicPageAddresses } from "#app/routes/public/pages.ts";
import * as robotsRoute from "#app/routes/feeds/robots-txt.ts";
import * as sitemapRoute from "#app/routes/feeds/sitemap-xml.ts";
import * as jsonFeedRoute from "#app/routes/feeds/news-json.ts";
import * as manifestRoute from "#app/routes/feeds/manifest.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const PUBLIC_URL = "https://heronlake.example.org";
/** The sitemaps.org 0.9 schema as published (its source: tests/fixtures/sitemaps/README.md). */
const SITEMAP_XSD = readFileSync(new URL("../fixtures/sitemaps/sitemap.xsd", import.meta.url), "utf8");

const DRAFT = { draft: 1, publishAt: 0, live: 0, mailOnPublish: 0 };

function event(overrides: Partial<EventInput> = {}): EventInput {
  return { title: "Star night", date: "2026-10-30", startTime: "19:00", timeDetails: "", place: "The dock", eventDetails: "Bring a chair.", author: "Board", ...overrides };
}

/** Calls a route's loader as React Router would for a GET of `path`, with this test's database in the context. */
async function get(route: { loader: (args: never) => unknown }, db: TestDatabase, path: string): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db: db.db, config: { publicUrl: PUBLIC_URL } } as unknown as Services);
  return (await route.loader({ request: new Request(`http://127.0.0.1${path}`), params: {}, context } as never)) as Response;
}

/** A stored picture's id, as a post's Markdown names it (`pictureMarkdown`). */
const DOCK = "d0c".padEnd(32, "0");

const xml = new XMLParser({ isArray: (name) => name === "url" });

describe.each(backends)("found and shared on $name", ({ name, create, available }) => {
  let db: TestDatabase | undefined;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!(await available())) return;
    db = await create();
    await saveAssociationDetails(db.db, { name: "Heron Lake Association", shortName: "Heron Lake", timeZone: "America/Chicago" }, "test", Date.UTC(2026, 0, 5));
    ids.post = (await createNewsPost(db.db, { title: "Ice out", text: `The lake is **open**.\n\n![The dock](/images/${DOCK}/640.webp#640x480)`, date: "2026-04-01", author: "Pat" }, null, Date.UTC(2026, 3, 2))).id;
    await updateNewsPost(db.db, ids.post, { title: "Ice out!", text: `The lake is **open**.\n\n![The dock](/images/${DOCK}/640.webp#640x480)`, date: "2026-04-01", author: "Pat" }, Date.UTC(2026, 3, 9));
    ids.second = (await createNewsPost(db.db, { title: "Loons & herons", text: "Two pairs.", date: "2026-04-20", author: "board@heronlake.example.org" }, null, Date.UTC(2026, 3, 21))).id;
    ids.draftPost = (await createNewsPost(db.db, { title: "Secret", text: "Not yet.", date: "2026-04-22", author: "Pat" }, null, Date.UTC(2026, 3, 22), DRAFT)).id;
    ids.event = (await createEvent(db.db, event(), null, Date.UTC(2026, 5, 1))).id;
    await updateEvent(db.db, ids.event, event({ place: "The north dock" }), Date.UTC(2026, 5, 3));
    ids.draftEvent = (await createEvent(db.db, event({ title: "Draft party" }), null, Date.UTC(2026, 5, 2), DRAFT)).id;
    await boardMembers.create(db.db, { name: "Ellen", title: "President", photoId: null }, "test", Date.UTC(2026, 2, 1));
    await businesses.create(db.db, { name: "Bait shop", category: "Other", address: "", phone: "", link: "" }, "test", Date.UTC(2026, 2, 2));
    // The board's own page the registry's tests visit (/more/boat-launch), made here as the demo seed makes it.
    await createBoardPage(db.db, { title: "Boat launch", slug: "boat-launch", placement: "more", body: "Ramp hours." }, "test", Date.UTC(2026, 2, 3));
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });

  function database(skip: (note?: string) => void): TestDatabase {
    if (!db) skip(`${name} is not reachable`);
    return db!;
  }

  it("/robots.txt is plain text that keeps crawlers out of the admin and the per-visitor pages and names the sitemap", async ({ skip }) => {
    const response = await get(robotsRoute, database(skip), "/robots.txt");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/admin", "/login", "/setup", "/subscribe", "/subscriptions/", "/unsubscribe/", "/api/"]) expect(lines).toContain(`Disallow: ${path}`);
    // No public page is kept out.
    for (const address of publicPageAddresses()) {
      const blocked = lines.filter((l) => l.startsWith("Disallow: ")).some((l) => address.startsWith(l.slice("Disallow: ".length)));
      expect(blocked, address).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("/sitemap.xml is valid against the sitemaps.org 0.9 schema and lists every public page, post and event with its date", async ({ skip }) => {
    const response = await get(sitemapRoute, database(skip), "/sitemap.xml");
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const text = await response.text();
    const result = await validateXML({ xml: [{ fileName: "sitemap.xml", contents: text }], schema: [{ fileName: "sitemap.xsd", contents: SITEMAP_XSD }] });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);

    const urls: { loc: string; lastmod?: string }[] = xml.parse(text).urlset.url;
    const lastmod = new Map(urls.map((u) => [u.loc, u.lastmod]));
    expect(lastmod.size).toBe(urls.length);
    // Every public page but the search's results (an answer to a query, not a page to index).
    for (const address of publicPageAddresses().filter((a) => !a.startsWith("/search"))) expect(lastmod.has(new URL(address, PUBLIC_URL).href), address).toBe(true);
    expect([...lastmod.keys()].filter((loc) => loc.includes("/search"))).toEqual([]);
    // The board's own pages, each dated by its own change; only those the board made.
    expect(lastmod.get(`${PUBLIC_URL}/more/boat-launch`)).toBe("2026-03-03T00:00:00Z");
    expect([...lastmod.keys()].filter((loc) => /\/more\/[a-z0-9-]+$/.test(loc) && !/(meetboard|documents|localinfo)/.test(loc))).toEqual([`${PUBLIC_URL}/more/boat-launch`]);
    // Each category of Local Info, not only the page the tests visit.
    expect(lastmod.has(`${PUBLIC_URL}/more/localinfo/Waste%20Disposal`)).toBe(true);
    // A post is dated by its own last change; drafts are nowhere.
    expect(lastmod.get(`${PUBLIC_URL}/news/${ids.post}`)).toBe("2026-04-09T00:00:00Z");
    expect(lastmod.get(`${PUBLIC_URL}/news/${ids.second}`)).toBe("2026-04-21T00:00:00Z");
    expect(lastmod.get(`${PUBLIC_URL}/events/${ids.event}`)).toBe("2026-06-03T00:00:00Z");
    expect(text).not.toContain(ids.draftPost);
    expect(text).not.toContain(ids.draftEvent);
    // A page is dated by what it shows: the board's list, the businesses, the news and events.
    expect(lastmod.get(`${PUBLIC_URL}/more/meetboard`)).toBe("2026-03-01T00:00:00Z");
    expect(lastmod.get(`${PUBLIC_URL}/more/localinfo/All`)).toBe("2026-03-02T00:00:00Z");
    expect(lastmod.get(`${PUBLIC_URL}/news-events`)).toBe("2026-06-03T00:00:00Z");
    expect(lastmod.get(`${PUBLIC_URL}/contact-us`)).toBe("2026-01-05T00:00:00Z");
    for (const url of urls) expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("the schema check fails a sitemap that breaks the protocol (the check can fail)", async () => {
    const broken = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>yesterday</lastmod></url></urlset>`;
    const result = await validateXML({ xml: [{ fileName: "broken.xml", contents: broken }], schema: [{ fileName: "sitemap.xsd", contents: SITEMAP_XSD }] });
    expect(result.valid).toBe(false);
  });

  it("/news.json is a JSON Feed 1.1 of the public posts: each item its page, HTML, dates and author", async ({ skip }) => {
    const response = await get(jsonFeedRoute, database(skip), "/news.json");
    expect(response.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const feed = JSON.parse(await response.text());
    // The spec's required and recommended top-level fields (https://www.jsonfeed.org/version/1.1/).
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe("Heron Lake Association: news");
    expect(feed.home_page_url).toBe(`${PUBLIC_URL}/news-events`);
    expect(feed.feed_url).toBe(`${PUBLIC_URL}/news.json`);
    expect(feed.icon).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    expect(feed.authors).toEqual([{ name: "Heron Lake Association" }]);
    expect(Array.isArray(feed.items)).toBe(true);
    for (const item of feed.items) {
      expect(typeof item.id).toBe("string");
      expect(typeof item.content_html).toBe("string");
      expect(new URL(item.url).origin).toBe(PUBLIC_URL);
      // RFC 3339 dates.
      expect(new Date(item.date_published).toISOString()).toBe(item.date_published);
      expect(new Date(item.date_modified).toISOString()).toBe(item.date_modified);
    }
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(["Loons & herons", "Ice out!"]);
    const [second, first] = feed.items;
    expect(first).toMatchObject({
      id: `urn:uuid:${ids.post}`,
      url: `${PUBLIC_URL}/news/${ids.post}`,
      summary: "The lake is open.",
      image: `${PUBLIC_URL}/images/${DOCK}/640.webp`,
      date_published: "2026-04-01T17:00:00.000Z",
      date_modified: "2026-04-09T00:00:00.000Z",
      authors: [{ name: "Pat" }],
    });
    expect(first.content_html).toContain("<strong>open</strong>");
    // An address as author is never shown: the association stands in.
    expect(second.authors).toEqual([{ name: "Heron Lake Association" }]);
    expect(second).not.toHaveProperty("image");
    expect(JSON.stringify(feed)).not.toContain("Secret");
  });

  it("/manifest.webmanifest names the association, its colours and its home-screen icons", async ({ skip }) => {
    const response = await get(manifestRoute, database(skip), "/manifest.webmanifest");
    expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    const manifest = JSON.parse(await response.text());
    expect(manifest).toMatchObject({ name: "Heron Lake Association", short_name: "Heron Lake", start_url: "/", display: "browser", theme_color: "#0b3d5c" });
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ src: "/icon-192.png", sizes: "192x192" }), expect.objectContaining({ src: "/icon-512.png", sizes: "512x512" })]));
  });
});
