/**
 * The Site settings screen (issue 10): the association's details are edited in the browser, a bad link gets a clear
 * message and changes nothing, and a saved change shows on the public pages at once, with who made it and when.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "settings@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-settings-"));
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const SETTINGS = {
  name: "Loon Lake Property Owners",
  shortName: "Loon Lake",
  timeZone: "America/New_York",
  contactEmail: "board@loonlake.example.org",
  socialUrl: "https://www.instagram.com/loonlake",
  socialLabel: "Instagram",
  beachName: "Loon Lake Town Beach",
};

function save(form: Record<string, string>) {
  return fetch(`${server.url}/admin/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(form),
  });
}

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("site settings", () => {
  it("refuses a social link that is not https, and keeps the public pages as they were", async () => {
    const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, "");
    const before = withoutNonce(await page("/"));
    const refused = await save({ ...SETTINGS, socialUrl: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a full https:// address, or leave it empty");
    expect(withoutNonce(await page("/"))).toBe(before);
  });

  it("shows a saved change on every public page at once", async () => {
    // Fill the page cache first, so that the change must go through the change counters.
    await page("/");
    await page("/contact-us");
    const saved = await save(SETTINGS);
    expect(saved.status).toBe(302);
    const home = await page("/");
    expect(home).toContain(`<title>${SETTINGS.name}</title>`);
    expect(home).toContain(`${SETTINGS.shortName}</span>`);
    expect(home).toContain(`href="${SETTINGS.socialUrl}"`);
    expect(home).toContain(SETTINGS.beachName);
    expect(await page("/contact-us")).toContain(SETTINGS.contactEmail);
    expect(await page("/the-lake")).toContain(`Beach conditions: <!-- -->${SETTINGS.beachName}`);
    const screen = await (await fetch(`${server.url}/admin/settings`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain(`Last changed by ${ADMIN.email} on`);
  });

  it("an empty social link removes it from the header", async () => {
    expect((await save({ ...SETTINGS, socialUrl: "", socialLabel: "" })).status).toBe(302);
    expect(await page("/")).not.toContain("instagram.com");
  });

  it("the time zone decides what today is: a new post's date follows it", async () => {
    const newPostDate = async () => {
      const html = await (await fetch(`${server.url}/admin/news?edit=new`, { headers: { Cookie: cookie } })).text();
      return /id="date"[^>]*value="(\d{4}-\d{2}-\d{2})"|value="(\d{4}-\d{2}-\d{2})"[^>]*id="date"/.exec(html)?.slice(1).find(Boolean);
    };
    // UTC+14 and UTC-11 are never on the same calendar day.
    expect((await save({ ...SETTINGS, timeZone: "Pacific/Kiritimati" })).status).toBe(302);
    const east = await newPostDate();
    expect((await save({ ...SETTINGS, timeZone: "Pacific/Pago_Pago" })).status).toBe(302);
    const west = await newPostDate();
    expect(east).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(west).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(east!) - Date.parse(west!)).toBeGreaterThanOrEqual(86_400_000);
  });
});
