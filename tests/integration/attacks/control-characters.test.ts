/**
 * Finding 5 (low): a news text containing U+0001 or U+000B made /news.atom invalid XML ("not well-formed (invalid
 * token)") and went raw into the .ics. Control characters are now dropped from every submitted field (line breaks
 * kept as LF), and the feeds clean texts stored before.
 */
import { XMLParser } from "fast-xml-parser";
import ICAL from "ical.js";
import { expect } from "vitest";
import { onBothBackEnds, type Target } from "./support.ts";

/** Characters XML 1.0 does not allow (§2.2 Char: tab, LF, CR and from U+0020 on), and the C1 controls it discourages. */
const NOT_XML = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF]/u;
/** Control characters iCalendar TEXT may not hold (RFC 5545 §3.3.11: CONTROL but HTAB; CRLF ends lines), and C1. */
const NOT_ICAL = /[^\P{Cc}\t\r\n]|\r(?!\n)|(?<!\r)\n/u;
const HOSTILE = "Lake\u0001 clean-up\u000B day\u0000\u001F\u007F\u0085";

async function post(target: Target, path: string, fields: Record<string, string>) {
  return fetch(`${target.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url, Cookie: await target.adminCookie() },
    body: new URLSearchParams(fields),
  });
}

/** Reads both feeds and checks each is well-formed for its format, with every text readable. */
async function checkFeeds(url: string, title: string) {
  const atom = await (await fetch(`${url}/news.atom`)).text();
  expect(NOT_XML.test(atom), "a character XML forbids in /news.atom").toBe(false);
  const feed = new XMLParser().parse(atom) as { feed: { entry: { title: string }[] | { title: string } } };
  const entries = ([] as { title: string }[]).concat(feed.feed.entry);
  expect(entries.map((e) => e.title)).toContain(title);
  const ics = await (await fetch(`${url}/events.ics`)).text();
  expect(NOT_ICAL.test(ics), "a control character in /events.ics").toBe(false);
  const summaries = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((e) => String(e.getFirstPropertyValue("summary")));
  expect(summaries).toContain(title);
}

onBothBackEnds("finding 5: control characters never reach what is stored or published", (attack) => {
  attack("a news post and an event typed with control characters are stored without them, and the feeds stay well-formed", async (target) => {
    const news = await post(target, "/admin/news", { title: HOSTILE, text: `First line\r\nsecond\u0001 line\rthird`, date: "", author: "" });
    expect(news.status).toBe(302);
    const event = await post(target, "/admin/events", { title: HOSTILE, date: "", startTime: "", timeDetails: "", place: "Beach\u000B house", eventDetails: "Bring\u0001 gloves", author: "" });
    expect(event.status).toBe(302);
    const stored = await target.db.db.selectFrom("news_post").select(["title", "text"]).where("title", "like", "Lake%").executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: "Lake clean-up day", text: "First line\nsecond line\nthird" });
    const storedEvent = await target.db.db.selectFrom("event").select(["title", "place", "eventDetails"]).where("title", "like", "Lake%").executeTakeFirstOrThrow();
    expect(storedEvent).toEqual({ title: "Lake clean-up day", place: "Beach house", eventDetails: "Bring gloves" });
    await checkFeeds(target.url, "Lake clean-up day");
  });

  attack("texts stored before this version with control characters in them still give well-formed feeds", async (target) => {
    const now = Date.now();
    const today = new Date(now + 86_400_000).toISOString().slice(0, 10);
    await target.db.db
      .updateTable("news_post")
      .set({ title: "Old\u0001 post", text: "Old\u000B text", updated: now })
      .where("title", "=", "Lake clean-up day")
      .execute();
    await target.db.db
      .updateTable("event")
      .set({ title: "Old\u0001 event", place: "Old\u000B place", date: today, updated: now })
      .where("title", "=", "Lake clean-up day")
      .execute();
    // The stored-page and feed caches key on the change counters: say that news and events changed.
    await target.db.db.updateTable("change_version").set((eb) => ({ version: eb("version", "+", 1) })).where("topic", "in", ["news", "events"]).execute();
    const atom = await (await fetch(`${target.url}/news.atom`)).text();
    expect(atom).toContain("Old post");
    expect(NOT_XML.test(atom)).toBe(false);
    const ics = await (await fetch(`${target.url}/events.ics`)).text();
    expect(ics).toContain("SUMMARY:Old event");
    expect(NOT_ICAL.test(ics)).toBe(false);
  });
});
