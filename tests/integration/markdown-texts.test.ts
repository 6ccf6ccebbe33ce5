/**
 * Formatted texts through the real server (issue 10 part 3): what an administrator saves as Markdown — a news post's
 * text, an event's details, an FAQ answer, the pages' texts — is shown formatted on the public pages, and none of the
 * 52 classic XSS payloads nor the Markdown ones (script and data links, images, autolinks, reference definitions)
 * makes a script, an event attribute, a script or data address or an image in the rendered texts. The admin screens
 * offer the texts as textareas with the Markdown hint, and a toolbar that is unseen before JavaScript.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";
import { dangers, MARKDOWN_PAYLOADS, PAYLOADS } from "../support/xss-payloads.ts";

const ADMIN = { email: "markdown@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-markdown-"));
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

/** The inner HTML of every rendered text (`<div class="prose-md …">`) of a page. */
function texts(html: string): string[] {
  // A document marks each text's element with the key its hydration data refers to (data-md, issue 13).
  return [...html.matchAll(/<div class="prose-md[^"]*"(?: data-md="[^"]*")?>([\s\S]*?)<\/div>/g)].map((m) => m[1]!);
}

const today = () => new Date().toISOString().slice(0, 10);
const HOSTILE = [...PAYLOADS, ...MARKDOWN_PAYLOADS];

describe("formatting", () => {
  it("a news post's Markdown shows formatted on /news-events and /, with its line breaks", async () => {
    const text = "**Dock** repair is _done_.\nThanks to [the town](https://town.example).\n\n- new boards\n- new rails\n\n# Next";
    expect((await post("news", { title: "Dock formatted", text, date: today(), author: "Board" })).status).toBe(302);
    for (const pathname of ["/news-events", "/"]) {
      const html = await page(pathname);
      expect(html.replaceAll(/ data-md="[^"]*"/g, "")).toContain('<div class="prose-md"><p><strong>Dock</strong> repair is <em>done</em>.<br>\nThanks to <a href="https://town.example" rel="nofollow noopener noreferrer">the town</a>.</p>\n<ul>\n<li>new boards</li>\n<li>new rails</li>\n</ul>\n<h3>Next</h3></div>');
    }
  });

  it("an event's details and an FAQ answer are formatted", async () => {
    expect((await post("events", { title: "Loon count", date: today(), startTime: "", timeDetails: "", place: "", eventDetails: "Bring **binoculars**.", author: "Board" })).status).toBe(302);
    expect(await page("/news-events")).toContain("<p>Bring <strong>binoculars</strong>.</p>");
    expect((await post("faq", { question: "Markdown answer?", answer: "1. first\n2. second" })).status).toBe(302);
    expect(await page("/the-lake")).toContain("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
  });

  it("the public pages' data holds what the news and events show, not their rows' internals", async () => {
    expect((await post("events", { title: "Dock social", date: today(), startTime: "18:00", timeDetails: "", place: "Dock", eventDetails: "", author: "Board" })).status).toBe(302);
    expect((await post("news", { title: "Ice-out reported", text: "The ice is out.", date: today(), author: "Board" })).status).toBe(302);
    for (const pathname of ["/news-events", "/"]) {
      // A document's hydration data (and a client navigation's .data) is React Router's turbo-stream: every key once, as a string.
      for (const body of [await page(pathname), await page(pathname === "/" ? "/_.data" : `${pathname}.data`)]) {
        expect(body).toContain("Ice-out reported");
        expect(body).toContain("Dock social");
        for (const internal of ["authorId", "timezoneOffset", "sequence", "created", "updated", "timestamp"]) {
          expect(body, `${pathname}: ${internal}`).not.toMatch(new RegExp(`\\\\?"${internal}\\\\?"`));
        }
      }
    }
  });

  it("the admin screens offer the texts as textareas with the Markdown hint, and a toolbar unseen before JavaScript", async () => {
    const pages = await page("/admin/pages", { Cookie: cookie });
    for (const name of ["welcome", "presidentLetter", "lakeIntro", "learnMore", "geeseAdvice", "benefits", "howToPay"]) {
      expect(pages).toMatch(new RegExp(`<textarea[^>]*name="${name}"[^>]*aria-describedby="${name}-hint"`));
      expect(pages).toMatch(new RegExp(`<p id="${name}-hint" class="muted">[^<]*Markdown: \\*\\*bold\\*\\*`));
    }
    // The toolbar is in the markup (nothing moves when its script arrives), and the page's own stylesheet keeps it
    // unseen until its element is defined and away when the browser runs no scripts (the e2e tests see both).
    expect(pages.match(/<markdown-toolbar for="[^"]+" class="md-toolbar" aria-label="Formatting"/g)).toHaveLength(8);
    const news = await page("/admin/news?edit=new", { Cookie: cookie });
    expect(news).toMatch(/<p id="text-hint" class="muted">In any text, \{duesDollars\}[^<]*Markdown: \*\*bold\*\*/);
    for (const html of [pages, news]) {
      expect(html).toContain("markdown-toolbar:not(:defined){visibility:hidden}");
      expect(html).toContain("@media (scripting:none){markdown-toolbar{display:none}}");
    }
  });
});

describe("hostile Markdown", () => {
  it(`${HOSTILE.length} payloads in news, events, an FAQ answer and the pages' texts stay inert`, async () => {
    for (const [i, payload] of HOSTILE.entries()) {
      expect((await post("news", { title: `hostile ${i}`, text: payload, date: today(), author: "Board" })).status, `news ${i}`).toBe(302);
    }
    expect((await post("events", { title: "hostile event", date: today(), startTime: "", timeDetails: "", place: "", eventDetails: MARKDOWN_PAYLOADS.join("\n\n"), author: "Board" })).status).toBe(302);
    expect((await post("faq", { question: "Hostile answer?", answer: HOSTILE.slice(0, 40).join("\n\n") })).status).toBe(302);
    const half = (n: number) => (n % 2 ? PAYLOADS.slice(26) : PAYLOADS.slice(0, 26)).concat(MARKDOWN_PAYLOADS).join("\n\n").slice(0, 4_900);
    const pagesForm = Object.fromEntries(["welcome", "presidentLetter", "lakeIntro", "learnMore", "geeseAdvice", "benefits", "howToPay"].map((name, n) => [name, half(n)]));
    const saved = await post("pages", { ...pagesForm, presidentName: "P", lakeFacts: "", mapAlt: "A map of the lake", mapCaption: "", geeseTitle: "", treasurerAlt: "The treasurer's address", duesDollars: "25", duesDate: "April 1" });
    expect(saved.status).toBe(302);

    // The news page shows the 20 newest posts: render them in pages of the newest.
    let checked = 0;
    for (const pathname of ["/news-events", "/", "/the-lake", "/membership"]) {
      const found = texts(await page(pathname));
      expect(found.length, pathname).toBeGreaterThan(0);
      for (const html of found) {
        expect(dangers(html), `${pathname}: ${html.slice(0, 200)}`).toEqual([]);
        checked++;
      }
    }
    // The payloads did reach the pages, as text.
    const lake = await page("/the-lake");
    expect(lake).toContain("[x](javascript:alert(101))");
    expect(lake).toContain("&lt;img src=x onerror=alert(104) data-xss&gt;");
    expect(checked).toBeGreaterThan(20);
  });
});
