/**
 * Hostile input (OWASP ASVS 5.0 V1.2, V5): 50+ XSS payloads through every text field — news, events, banner,
 * measurement form echo, member emails, document names, the email form — never execute on the public pages or the
 * admin screens: no dialog opens and no element carrying the payloads' `data-xss` marker exists. SQL metacharacters
 * are stored and shown as text. Runs after the other browser tests (its own project), as it writes a lot.
 */
import { expect, test, type Page } from "@playwright/test";
import { associationToday, signIn } from "../helpers.ts";
import { MARKDOWN_PAYLOADS, PAYLOADS, XSS_MARK } from "../../support/xss-payloads.ts";

const MARK = XSS_MARK;
const SQL = `Robert'); DROP TABLE news_post;-- "quoted" \\ back%slash _under`;

async function expectNothingRan(page: Page, path: string, dialogs: string[]) {
  await page.goto(path, { waitUntil: "networkidle" });
  await page.waitForTimeout(200);
  expect(await page.locator(`[${MARK}]`).count(), `${path}: injected elements`).toBe(0);
  expect(dialogs, `${path}: dialogs`).toEqual([]);
}

test.describe.configure({ mode: "serial" });

test("XSS payloads in every text field never execute, on public pages and admin screens", async ({ page }) => {
  test.setTimeout(240_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  const today = associationToday();
  const api = page.request;
  const origin = new URL(page.url()).origin;
  const post = (path: string, form: Record<string, string>) => api.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });

  const banner = await (await api.get("/admin/banner")).text();
  const original = /<textarea[^>]*>([^<]*)<\/textarea>/.exec(banner)?.[1] ?? "";

  for (const [i, payload] of PAYLOADS.entries()) {
    expect((await post("/admin/news", { intent: "save", title: payload, text: `${payload}\n${SQL}`, date: today, author: payload })).status(), `news ${i}`).toBe(302);
    expect((await post("/admin/events", { intent: "save", title: payload, date: today, startTime: "", timeDetails: payload, place: payload, eventDetails: payload, author: payload })).status(), `event ${i}`).toBe(302);
  }
  // Markdown texts (news, event details, an FAQ answer): links and images to script or data addresses stay text.
  for (const [i, payload] of MARKDOWN_PAYLOADS.entries()) {
    expect((await post("/admin/news", { intent: "save", title: `Markdown ${i}`, text: payload, date: today, author: "Board" })).status(), `markdown news ${i}`).toBe(302);
  }
  expect((await post("/admin/events", { intent: "save", title: "Markdown event", date: today, startTime: "", timeDetails: "", place: "", eventDetails: MARKDOWN_PAYLOADS.join("\n\n"), author: "Board" })).status()).toBe(302);
  expect((await post("/admin/faq", { question: "Markdown answer?", answer: [...MARKDOWN_PAYLOADS, ...PAYLOADS.slice(0, 20)].join("\n\n") })).status()).toBe(302);
  expect((await post("/admin/members", { intent: "add", emails: PAYLOADS.join(" , ") })).status()).toBe(302);
  for (const payload of PAYLOADS.slice(0, 20)) {
    const upload = await api.post("/admin/documents/upload", {
      headers: { Accept: "application/json", Origin: origin },
      multipart: { file: { name: `${payload}.txt`, mimeType: "text/plain", buffer: Buffer.from("minutes") } },
    });
    expect(upload.status()).toBe(200);
  }
  // Echoed back in forms after validation errors:
  const measurement = await post("/admin/beach-measurements", { intent: "add", date: PAYLOADS[1]!, value: PAYLOADS[2]! });
  expect(measurement.status()).toBe(400);
  expect(await measurement.text()).not.toContain(PAYLOADS[1]!);
  const email = await post("/admin/email", { subject: "", message: PAYLOADS.join("\n") });
  expect(email.status()).toBe(400);
  expect(await email.text()).not.toContain(PAYLOADS[0]!);

  try {
    // The banner holds at most 2,000 characters: the payloads go in two halves.
    for (const half of [PAYLOADS.slice(0, 26), PAYLOADS.slice(26)]) {
      expect((await post("/admin/banner", { intent: "save", text: half.join(" ") })).status()).toBe(302);
      for (const path of ["/", "/admin/banner"]) await expectNothingRan(page, path, dialogs);
    }
    for (const path of ["/news-events", "/the-lake", "/more/documents", "/admin/news", "/admin/events", "/admin/faq", "/admin/members", "/admin/documents"]) {
      await expectNothingRan(page, path, dialogs);
    }
    for (const path of ["/news-events", "/the-lake"]) {
      await page.goto(path);
      expect(await page.locator(".prose-md img").count(), `${path}: images`).toBe(0);
      expect(await page.locator('.prose-md a[href^="javascript:" i], .prose-md a[href^="data:" i], .prose-md a[href^="vbscript:" i]').count(), `${path}: script links`).toBe(0);
    }
    // An edit modal and a manage modal render the payloads in form fields.
    await page.goto("/admin/news");
    await page.getByRole("link", { name: /^Edit/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await page.locator(`[${MARK}]`).count()).toBe(0);
    await expectNothingRan(page, "/admin/members?delete=x", dialogs);
    // The payloads are shown as text, SQL metacharacters included.
    await page.goto("/news-events");
    await expect(page.getByText(PAYLOADS[0]!, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(SQL).first()).toBeVisible();
  } finally {
    await post("/admin/banner", { intent: "save", text: original.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">") });
  }
  console.log(`XSS: ${PAYLOADS.length} payloads tried in news (3 fields), events (5 fields), ${MARKDOWN_PAYLOADS.length} Markdown ones in news, events and an FAQ answer, members, 20 document names, the banner, and form echoes; 0 executed`);
});
