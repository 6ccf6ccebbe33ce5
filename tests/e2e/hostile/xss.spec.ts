/**
 * Hostile input (OWASP ASVS 5.0 V1.2, V5): 50+ XSS payloads through every text field — news, events, banner,
 * measurement form echo, member emails, document names, the email form — never execute on the public pages or the
 * admin screens: no dialog opens and no element carrying the payloads' `data-xss` marker exists. SQL metacharacters
 * are stored and shown as text. Runs after the other browser tests (its own project), as it writes a lot.
 */
import { expect, test, type Page } from "@playwright/test";
import { associationToday, signIn } from "../helpers.ts";

const MARK = "data-xss";
/** Classic vectors (OWASP XSS filter evasion cheat sheet and PortSwigger's list), each marked where it makes markup. */
export const PAYLOADS = [
  `<script ${MARK}>alert(1)</script>`,
  `<img src=x onerror=alert(2) ${MARK}>`,
  `<svg onload=alert(3) ${MARK}>`,
  `<svg><script ${MARK}>alert(4)</script></svg>`,
  `"><script ${MARK}>alert(5)</script>`,
  `'><img src=x onerror=alert(6) ${MARK}>`,
  `</textarea><img src=x onerror=alert(7) ${MARK}>`,
  `</title><script ${MARK}>alert(8)</script>`,
  `<body onload=alert(9) ${MARK}>`,
  `<iframe src="javascript:alert(10)" ${MARK}></iframe>`,
  `<iframe srcdoc="<script>alert(11)</script>" ${MARK}></iframe>`,
  `<a href="javascript:alert(12)" ${MARK}>click</a>`,
  `<a href="jav&#x09;ascript:alert(13)" ${MARK}>x</a>`,
  `<details open ontoggle=alert(14) ${MARK}>`,
  `<input autofocus onfocus=alert(15) ${MARK}>`,
  `<select autofocus onfocus=alert(16) ${MARK}>`,
  `<video><source onerror=alert(17) ${MARK}></video>`,
  `<audio src=x onerror=alert(18) ${MARK}>`,
  `<object data="javascript:alert(19)" ${MARK}>`,
  `<embed src="javascript:alert(20)" ${MARK}>`,
  `<math><mtext></p><script ${MARK}>alert(21)</script>`,
  `<marquee onstart=alert(22) ${MARK}>`,
  `<div style="background:url(javascript:alert(23))" ${MARK}>`,
  `<style ${MARK}>@import 'javascript:alert(24)';</style>`,
  `<link rel=stylesheet href="javascript:alert(25)" ${MARK}>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(26)" ${MARK}>`,
  `<base href="javascript:alert(27)//" ${MARK}>`,
  `<form action="javascript:alert(28)" ${MARK}><button>x</button></form>`,
  `<button formaction="javascript:alert(29)" ${MARK}>x</button>`,
  `<img src=x:alert(30) onerror=eval(src) ${MARK}>`,
  `<img """><script ${MARK}>alert(31)</script>">`,
  `<IMG SRC=x OnErRoR=alert(32) ${MARK}>`,
  `<scr<script>ipt ${MARK}>alert(33)</scr</script>ipt>`,
  `<svg><animate onbegin=alert(34) attributeName=x dur=1s ${MARK}>`,
  `<svg><a xlink:href="javascript:alert(35)" ${MARK}><text x=20 y=20>x</text></a></svg>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(36) ${MARK}>">`,
  `<template><script ${MARK}>alert(37)</script></template>`,
  `<img src=x onerror="&#97;lert(38)" ${MARK}>`,
  `<img src=x onerror=\\u0061lert(39) ${MARK}>`,
  `javascript:alert(40)`,
  `data:text/html,<script ${MARK}>alert(41)</script>`,
  `{{constructor.constructor('alert(42)')()}}`,
  `\${alert(43)}`,
  `<!--<img src="--><img src=x onerror=alert(44) ${MARK}>-->`,
  `<![CDATA[<script ${MARK}>alert(45)</script>]]>`,
  `<x onmouseover=alert(46) ${MARK}>hover`,
  `<table background="javascript:alert(47)" ${MARK}>`,
  `<isindex action=javascript:alert(48) type=submit ${MARK}>`,
  `"onmouseover="alert(49)`,
  `';alert(50);//`,
  `</script><script ${MARK}>alert(51)</script>`,
  `<keygen autofocus onfocus=alert(52) ${MARK}>`,
];
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
    for (const path of ["/news-events", "/more/documents", "/admin/news", "/admin/events", "/admin/members", "/admin/documents"]) {
      await expectNothingRan(page, path, dialogs);
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
  console.log(`XSS: ${PAYLOADS.length} payloads tried in news (3 fields), events (5 fields), members, 20 document names, the banner, and form echoes; 0 executed`);
});
