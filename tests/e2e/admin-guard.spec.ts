/**
 * The admin guard (spec §2, §6): every admin loader and action refuses a guest. Every admin address of the screen
 * registry (app/routes/admin/screens.ts), asked for as a page and as `.data`, is sent to /login naming that page;
 * form posts to each admin action (and their `.data` forms, which the router's client uses), a multipart upload to
 * /admin/documents/upload and a JSON post to /api/email, all without cookies, are sent to /login (or answered 401)
 * and write nothing. The posts are listed one by one: each names its action's own fields.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ADMIN_ENDPOINTS, ADMIN_SCREENS } from "#app/routes/admin/screens.ts";
import { associationToday, E2E_ADMIN, expect, FIXTURES, readOutbox, shiftDate, test, unique, waitForHydration, withDatabase } from "./admin-helpers.ts";
import { expectGuestRefusedEverywhere, expectRefused } from "./admin-screen-checks.ts";
import { signIn } from "./helpers.ts";
import { getBanner } from "#app/site/data/banner.server.ts";
import { listDocuments } from "#app/documents/data/documents.server.ts";
import { getEvent, listAllEvents } from "#app/news-events/data/events.server.ts";
import { listMeasurements } from "#app/beach/data/readings.server.ts";
import { listMembers } from "#app/mail/data/members.server.ts";
import { getNewsPost, listNews } from "#app/news-events/data/news.server.ts";

test("guests' writes to every admin action are refused and change nothing", async ({ playwright, baseURL }) => {
  const marker = `guard-${unique()}`;
  const oldDate = shiftDate(associationToday(), -(700 + Math.floor(Math.random() * 5000)));
  const oddValue = 7777.77;
  // Existing records the guest tries to delete.
  const before = await withDatabase(async (db) => ({
    post: (await listNews(db))[0]!,
    event: (await listAllEvents(db))[0]!,
    banner: await getBanner(db),
    measurement: (await listMeasurements(db))[0]!,
  }));

  const guest = await playwright.request.newContext({ baseURL });
  try {
    const forms: [string, Record<string, string>][] = [
      ["/admin", { intent: "save", title: marker }],
      ["/admin/news", { intent: "save", title: marker, text: marker, date: associationToday(), author: marker }],
      ["/admin/news", { intent: "delete", id: before.post.id }],
      ["/admin/events", { intent: "save", title: marker, date: associationToday() }],
      ["/admin/events", { intent: "delete", id: before.event.id }],
      ["/admin/members", { intent: "add", emails: `${marker}@example.org` }],
      ["/admin/email", { subject: marker, message: marker }],
      ["/admin/documents", { intent: "rename", id: "1.pdf", name: marker, current: "x" }],
      ["/admin/documents", { intent: "delete", id: "1.pdf" }],
      ["/admin/beach-measurements", { intent: "add", date: oldDate, value: String(oddValue) }],
      ["/admin/beach-measurements", { intent: "delete", id: before.measurement.id }],
      ["/admin/banner", { intent: "save", text: marker }],
      ["/admin/banner", { intent: "delete" }],
      ["/admin/demo-content", { intent: "remove" }],
    ];
    // A screen of the registry that the list above does not know yet still gets a guest's post.
    for (const screen of ADMIN_SCREENS) {
      const url = `/admin/${screen.path}`;
      if (!forms.some(([route]) => route === url)) forms.push([url, { intent: "save", title: marker, text: marker }]);
    }
    for (const [route, form] of forms) {
      await expectRefused(await guest.post(route, { form, maxRedirects: 0 }), `POST ${route} ${form.intent ?? ""}`);
      await expectRefused(await guest.post(`${route}.data`, { form, maxRedirects: 0 }), `POST ${route}.data ${form.intent ?? ""}`);
    }
    // Every page of the screen registry (and /admin, and the endpoints), as a page and as the router's data.
    await expectGuestRefusedEverywhere(guest, baseURL!, { ADMIN_SCREENS, ADMIN_ENDPOINTS });

    const upload = await guest.post("/admin/documents/upload", {
      headers: { Accept: "application/json" },
      multipart: { file: { name: `${marker}.pdf`, mimeType: "application/pdf", buffer: await readFile(path.join(FIXTURES, "admin-minutes.pdf")) } },
      maxRedirects: 0,
    });
    await expectRefused(upload, "POST /admin/documents/upload");

    const email = await guest.post("/api/email", {
      headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS" },
      data: { subject: marker, body: `<p>${marker}</p>` },
      maxRedirects: 0,
    });
    expect(email.status()).toBe(401);
    expect(await email.json()).toEqual({ message: "Sign in as an administrator to send member email" });
  } finally {
    await guest.dispose();
  }

  // Nothing was written.
  await withDatabase(async (db) => {
    expect((await listNews(db)).filter((p) => p.title.includes(marker) || p.text.includes(marker))).toEqual([]);
    expect(await getNewsPost(db, before.post.id)).toBeDefined();
    expect((await listAllEvents(db)).filter((e) => e.title.includes(marker))).toEqual([]);
    expect(await getEvent(db, before.event.id)).toBeDefined();
    expect((await listMembers(db)).filter((m) => m.email.includes(marker))).toEqual([]);
    expect((await listDocuments(db)).filter((d) => d.displayName.includes(marker))).toEqual([]);
    const measurements = await listMeasurements(db);
    expect(measurements.filter((m) => m.date === oldDate && m.value === oddValue)).toEqual([]);
    expect(measurements.some((m) => m.id === before.measurement.id)).toBe(true);
    const banner = await getBanner(db);
    expect(banner?.text).not.toContain(marker);
    // Whatever the banner is now (the public tests leave it alone), the guest did not delete it.
    expect(banner === undefined).toBe(before.banner === undefined);
  });
  expect((await readOutbox()).filter((m) => m.subject.includes(marker))).toEqual([]);
});

test("an admin whose session ended while browsing the panel signs in again and lands on the page asked for", async ({ page, context }) => {
  await signIn(page, "/admin/news");
  await expect(page).toHaveURL("/admin/news");
  await waitForHydration(page);
  await context.clearCookies();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/admin/events");
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
});
