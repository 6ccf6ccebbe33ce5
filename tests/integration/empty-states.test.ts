/**
 * The empty-state texts of spec §8, word for word, on a site with no content (SEED=none): public pages, and every
 * admin screen of the screen registry that names one (`emptyText`, app/routes/admin/screens.ts). Then one past event of this year: the events list is no longer empty, but nothing is upcoming.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { association } from "#content/association.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { openDatabase } from "#app/platform/data/db.server.ts";
import { createEvent } from "#app/news-events/data/events.server.ts";
import { ADMIN_SCREENS, screenUrl } from "#app/routes/admin/screens.ts";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "empty@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-empty-"));
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, SEED: "none", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's visible text, as a reader gets it: tags dropped, entities decoded. */
async function textOf(pathname: string, signedIn = false): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`, { headers: signedIn ? { Cookie: cookie } : {} });
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

describe("with no content", () => {
  it.each([
    ["/", ["We couldn't find any News Posts!", "There aren't any more events this year."]],
    ["/news-events", ["We couldn't find any News Posts!", "We couldn't find any Events!"]],
    ["/the-lake", ["No measurements found"]],
    ["/more/documents", ["We couldn't find any Files!"]],
  ])("%s says %j", async (pathname, texts) => {
    const text = await textOf(pathname);
    for (const t of texts) expect(text).toContain(t);
  });

  // Every admin screen of the registry that names an empty-state text says it, word for word.
  const emptyScreens = ADMIN_SCREENS.filter((s) => s.emptyText !== undefined).map((s) => [screenUrl(s), s.emptyText!] as const);

  it("the registry names the empty-state texts of spec §8 for the admin lists", () => {
    expect(Object.fromEntries(emptyScreens)).toMatchObject({
      "/admin/news": "We couldn't find any News Posts!",
      "/admin/events": "We couldn't find any Events!",
      "/admin/documents": "We couldn't find any Files!",
      "/admin/beach-measurements": "No measurements found",
      "/admin/members": "There are no members yet.",
    });
  });

  it.each(emptyScreens)("%s says %j", async (pathname, expected) => {
    expect(await textOf(pathname, true)).toContain(expected);
  });
});

describe("with only a past event this year", () => {
  it("lists it and says There aren't any more events this year.", async () => {
    const today = todayIn(association.timeZone);
    const firstOfYear = `${today.slice(0, 4)}-01-01`;
    // On 1 January an event of the year cannot be in the past yet.
    if (today === firstOfYear) return;
    const handle = openDatabase({ dataDir: dir });
    try {
      await createEvent(handle.db, { title: "New Year swim", date: firstOfYear, startTime: "12:00", timeDetails: "", place: "Public beach", eventDetails: "", author: "Anonymous" }, null);
    } finally {
      await handle.close();
    }
    const page = await textOf("/news-events");
    expect(page).toContain("New Year swim");
    expect(page).toContain("There aren't any more events this year.");
    expect(page).not.toContain("We couldn't find any Events!");
    expect(await textOf("/")).toContain("There aren't any more events this year.");
  });

  it("lists next year's events after it, each date of a repeating one, still saying There aren't any more events this year.", async () => {
    const today = todayIn(association.timeZone);
    const nextYear = Number(today.slice(0, 4)) + 1;
    const handle = openDatabase({ dataDir: dir });
    try {
      const base = { startTime: "19:00", timeDetails: "", place: "Public beach", eventDetails: "", author: "Anonymous" };
      await createEvent(handle.db, { ...base, title: "Ice-out party", date: `${nextYear}-03-20` }, null);
      await createEvent(handle.db, { ...base, title: "Spring paddle", date: `${nextYear}-04-06`, repeat: "weekly", repeatCount: 2 }, null);
    } finally {
      await handle.close();
    }
    const page = (await textOf("/news-events")).replace(/\s+/g, " ");
    const order = ["There aren't any more events this year.", `In ${nextYear}`, "Ice-out party", "Spring paddle", "Spring paddle", "Earlier this year"];
    const at = order.map((text, i) => page.indexOf(text, i > 0 ? page.indexOf(order[i - 1]!) + order[i - 1]!.length : 0));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(page.match(/Spring paddle/g)).toHaveLength(2);
    expect(page).toContain("Every week, 2 times");
    // The home page keeps this year's events (spec §9's two), and says so.
    expect(await textOf("/")).toContain("There aren't any more events this year.");
  });
});
