/**
 * The board's own lists (issue 10): board members, bylaws (and the numbers they name), FAQ and local businesses are
 * edited on their admin screens through the real server, each change shows on the public page at once (through the
 * page cache's change counters) with who made it, a bad phone or link gets a clear message and saves nothing, and
 * Move up / Move down reorder the public page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "lists@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-lists-"));
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

function post(screen: string, form: Record<string, string>) {
  return fetch(`${server.url}/admin/${screen}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(form),
  });
}

async function page(pathname: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`, { headers });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** The id of the row whose Edit link names `title` on the admin screen. */
async function idOf(screen: string, title: string): Promise<string> {
  const html = await page(`/admin/${screen}`, { Cookie: cookie });
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`edit=([0-9a-f-]{36})"[^>]*>Edit<span class="visually-hidden"> ${escaped}<`).exec(html);
  if (!match) throw new Error(`no row named ${title} on /admin/${screen}`);
  return match[1]!;
}

describe("FAQ", () => {
  it("a new question shows on /the-lake at once, and moving it up puts it before the one above", async () => {
    await page("/the-lake"); // fill the page cache first
    expect((await post("faq", { question: "Can I bring my dog to the beach?", answer: "Dogs are welcome on a leash before 9 a.m." })).status).toBe(302);
    let lake = await page("/the-lake");
    expect(lake).toContain("Can I bring my dog to the beach?");
    expect(lake).toContain("Dogs are welcome on a leash before 9 a.m.");
    const before = lake.indexOf("Do I need a fishing license?");
    expect(before).toBeGreaterThan(0);
    expect(lake.indexOf("Can I bring my dog to the beach?")).toBeGreaterThan(before);

    const id = await idOf("faq", "Can I bring my dog to the beach?");
    // Up to the first place: one click per question above it.
    for (let i = 0; i < 20; i++) expect((await post("faq", { intent: "up", id })).status).toBe(302);
    lake = await page("/the-lake");
    expect(lake.indexOf("Can I bring my dog to the beach?")).toBeLessThan(lake.indexOf("Is it safe to swim at the public beach?"));
    const screen = await page("/admin/faq", { Cookie: cookie });
    expect(screen).toContain(`by ${ADMIN.email}`);
    // The first row offers no Move up, the others do.
    expect(screen).not.toMatch(/Move up<span class="visually-hidden"> Can I bring my dog/);
    expect(screen).toMatch(/Move down<span class="visually-hidden"> Can I bring my dog/);
  });

  it("an answer is required, and a refused question keeps what was typed", async () => {
    const refused = await post("faq?edit=new", { question: "Half a question", answer: " " });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Please enter the answer");
    expect(html).toContain('value="Half a question"');
    expect(await page("/the-lake")).not.toContain("Half a question");
  });

  it("an edited answer replaces the old one, and a deleted question is gone", async () => {
    const id = await idOf("faq", "Do I need a fishing license?");
    expect((await post("faq", { id, question: "Do I need a fishing license?", answer: "Yes, from age 16." })).status).toBe(302);
    expect(await page("/the-lake")).toContain("Yes, from age 16.");
    expect((await post("faq", { intent: "delete", id })).status).toBe(302);
    expect(await page("/the-lake")).not.toContain("Do I need a fishing license?");
  });
});

describe("local businesses", () => {
  const CLINIC = { name: "Lakeside Walk-in Clinic", category: "Medical", address: "12 Pine Road", phone: "(608) 555-0199", link: "https://clinic.example.org" };

  it("a bad phone number or link gets a clear message and nothing is saved", async () => {
    for (const [field, value, message] of [
      ["phone", "call us", "Please enter a phone number such as (608) 555-0112, or leave it empty"],
      ["phone", "12", "Please enter a phone number such as (608) 555-0112, or leave it empty"],
      ["link", "javascript:alert(1)", "Please enter a full web address starting with https://, or leave it empty"],
      ["link", "clinic", "Please enter a full web address starting with https://, or leave it empty"],
    ] as const) {
      const refused = await post("businesses", { ...CLINIC, [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    const refused = await post("businesses", { ...CLINIC, category: "Casinos" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose one of the categories");
    expect(await page("/more/localinfo/All")).not.toContain(CLINIC.name);
  });

  it("a saved business shows under its category and All, with its phone and link", async () => {
    await page("/more/localinfo/Medical");
    expect((await post("businesses", CLINIC)).status).toBe(302);
    const medical = await page("/more/localinfo/Medical");
    expect(medical).toContain(CLINIC.name);
    expect(medical).toContain('href="tel:6085550199"');
    expect(medical).toContain(`href="${CLINIC.link}"`);
    expect(await page("/more/localinfo/All")).toContain(CLINIC.name);
    expect(await page("/more/localinfo/Restaurants")).not.toContain(CLINIC.name);
  });
});

describe("board and bylaws", () => {
  it("a new board member shows on /more/meetboard", async () => {
    await page("/more/meetboard");
    expect((await post("board", { name: "Priya Natarajan", title: "Secretary" })).status).toBe(302);
    expect(await page("/more/meetboard")).toContain("Priya Natarajan");
  });

  it("the quorum set on the bylaws screen is the one the bylaws text names", async () => {
    expect(await page("/more/meetboard")).toContain("quorum for any meeting of the members is fifteen (15) members");
    const refused = await post("bylaws", { intent: "numbers", quorum: "0", noticeDays: "5", boardSize: "5", termYears: "2" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a whole number from 1 to 10000");
    expect((await post("bylaws", { intent: "numbers", quorum: "20", noticeDays: "10", boardSize: "7", termYears: "3" })).status).toBe(302);
    const board = await page("/more/meetboard");
    expect(board).toContain("quorum for any meeting of the members is twenty (20) members");
    expect(board).toContain("The Board consists of seven (7) directors");
  });

  it("a new article goes last; moving it down from last changes nothing", async () => {
    expect((await post("bylaws", { number: "Article XII", title: "Docks", sections: "Each lot may have one dock." })).status).toBe(302);
    const id = await idOf("bylaws", "Article XII: Docks");
    expect((await post("bylaws", { intent: "down", id })).status).toBe(302);
    const board = await page("/more/meetboard");
    expect(board.indexOf("Article XII: Docks")).toBeGreaterThan(board.indexOf("Article I: Name and Purpose"));
    expect(board).toContain("Each lot may have one dock.");
  });
});

describe("page texts", () => {
  it("the dues, the welcome and the lake facts saved on /admin/pages show on their pages; a bad dues amount saves nothing", async () => {
    const html = await page("/admin/pages", { Cookie: cookie });
    const form: Record<string, string> = {};
    for (const [, name, value] of html.matchAll(/<(?:input|textarea)[^>]*name="(\w+)"[^>]*?(?:value="([^"]*)")?[^>]*>/g)) form[name!] = value ?? "";
    for (const [, name, value] of html.matchAll(/<textarea[^>]*name="(\w+)"[^>]*>([^<]*)<\/textarea>/g)) form[name!] = value!.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(Object.keys(form)).toEqual(expect.arrayContaining(["welcome", "duesDollars", "duesDate", "lakeFacts"]));

    const refused = await post("pages", { ...form, duesDollars: "ten" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter the amount in dollars, such as 10 or 12.50");
    expect(await page("/membership")).toContain("$10 per household per year, due April 1.");

    await page("/");
    const saved = await post("pages", { ...form, duesDollars: "25", duesDate: "May 15", welcome: "Welcome, neighbours of Loon Lake.", lakeFacts: "Surface area: 250 acres\nMaximum depth: 61 feet" });
    expect(saved.status).toBe(302);
    expect(await page("/membership")).toContain("$25 per household per year, due May 15.");
    expect(await page("/")).toContain("Welcome, neighbours of Loon Lake.");
    const lake = await page("/the-lake");
    expect(lake).toContain("<dt>Maximum depth</dt><dd>61 feet</dd>");
    expect(lake).not.toContain("412 acres");
    expect(await page("/admin/pages", { Cookie: cookie })).toContain(`Last changed by ${ADMIN.email} on`);
    // The bylaws name the dues by token: they follow too.
    expect(await page("/more/meetboard")).toContain("Annual dues are $25 per household per year.");
  });
});
