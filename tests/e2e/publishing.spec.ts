/**
 * Publishing is a decision (issue 26 part 3), in Chromium through the admin panel's visible labels: a news post
 * saved as a draft (with "Email this" even checked) is in no public page, feed, calendar or open data and mails
 * nobody; the Add Post dialog's plain save still publishes at once without mail; the mail goes only with the box
 * checked, one per subscriber, and never again on a re-save or a re-publish; the preview shows the mail and "Send me
 * a test first" mails the signed-in person alone; a post scheduled for later says so in the list and stays off the
 * site; the author shown is the person's display name, never an address.
 *
 * Mail goes to files here (no SMTP_URL): the outbox's .eml files under $DATA_DIR/mail are the mail sent.
 */
import type { Page } from "@playwright/test";
import { sql } from "kysely";
import { E2E_ADMIN, expect, expectModal, expectNoModal, openAdmin, readOutbox, test, unique, withDatabase } from "./admin-helpers.ts";
import { deleteNewsPost } from "#app/news-events/data/news.server.ts";
import { deleteEvent } from "#app/news-events/data/events.server.ts";
import { confirmSubscriber, deleteSubscriber, requestSubscription } from "#app/mail/data/subscribers.server.ts";
import { publicPageAddresses } from "#app/routes/public/pages.ts";

const BASE = "/admin/news";
const DISPLAY_NAME = "Dana Lee";

const row = (page: Page, title: string) => page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: title, exact: true }) });

/** The outbox messages whose subject contains `text`, by recipient. */
async function mailsAbout(text: string): Promise<{ to: string; subject: string; text: string }[]> {
  return (await readOutbox()).filter((m) => m.subject.includes(text)).map((m) => ({ to: m.toHeaders.join(","), subject: m.subject, text: m.text }));
}

/** Waits long enough for the outbox worker (kicked at once, polling every 2 s) to have written anything queued. */
const settle = (page: Page) => page.waitForTimeout(3000);

/** Every public output: the pages, the feeds, the calendar, the open data, as a visitor gets them. */
async function everyPublicOutput(visitor: Page): Promise<string> {
  const paths = [...publicPageAddresses(), "/news.atom", "/events.ics", "/data/beach-readings.json", "/data/beach-readings.csv", "/data/swimguide.json"];
  const bodies = await Promise.all(paths.map(async (p) => (await visitor.request.get(p)).text()));
  return bodies.join("\n");
}

/** N of the "Email this to the N news subscribers" box in `scope`. */
async function offeredTo(scope: import("@playwright/test").Locator): Promise<number> {
  const label = await scope.getByText(/^Email this to the \d+ news subscribers?$/).textContent();
  return Number(/\d+/.exec(label ?? "")![0]);
}

/** Asserts that the mail about `title` went once to each of the `n` subscribers, the test's own two among them. */
async function expectOnePerSubscriber(title: string, n: number, own: string[]) {
  await expect.poll(async () => (await mailsAbout(title)).length, { timeout: 15_000 }).toBe(n);
  const recipients = (await mailsAbout(title)).map((m) => m.to);
  expect(new Set(recipients).size).toBe(n);
  expect(recipients).toEqual(expect.arrayContaining(own));
}

/** Opens Add Post and fills the post's fields. */
async function startPost(page: Page, title: string) {
  await page.getByRole("link", { name: "Add Post", exact: true }).click();
  const modal = await expectModal(page, "Add a New Post");
  await modal.getByLabel("Title", { exact: true }).fill(title);
  await modal.getByLabel("Text", { exact: true }).fill(`About ${title}.`);
  return modal;
}

test.describe("publishing news", () => {
  // One at a time: each test gives the administrator the display name and takes it back afterwards.
  test.describe.configure({ mode: "serial" });
  let tag = "";
  const subscribers: string[] = [];
  const own = () => [1, 2].map((n) => `reader${n}.${tag}@example.org`.toLowerCase());
  test.beforeEach(async () => {
    tag = unique();
    subscribers.length = 0;
    await withDatabase(async (db) => {
      for (const n of [1, 2]) {
        const { subscriber } = await requestSubscription(db, { email: `reader${n}.${tag}@example.org`.toLowerCase(), lists: ["news"], ip: "198.51.100.20" });
        await confirmSubscriber(db, subscriber.id);
        subscribers.push(subscriber.id);
      }
      await sql`UPDATE "user" SET name = ${DISPLAY_NAME} WHERE email = ${E2E_ADMIN.email}`.execute(db);
    });
  });
  test.afterEach(async () => {
    await withDatabase(async (db) => {
      for (const id of subscribers) await deleteSubscriber(db, id);
      const posts = await db.selectFrom("news_post").select(["id", "title"]).execute();
      for (const post of posts) if (post.title.includes(tag)) await deleteNewsPost(db, post.id);
      const events = await db.selectFrom("event").select(["id", "title"]).execute();
      for (const event of events) if (event.title.includes(tag)) await deleteEvent(db, event.id);
      await sql`UPDATE "user" SET name = ${E2E_ADMIN.email} WHERE email = ${E2E_ADMIN.email}`.execute(db);
    });
  });

  test("a draft is nowhere public and mails nobody, even with the box checked; publishing it later mails once", async ({ page, visitor }) => {
    const title = `Draft heron count ${tag}`;
    await openAdmin(page, BASE);
    const modal = await startPost(page, title);
    await modal.getByLabel("Publish", { exact: true }).selectOption({ label: "Save as draft (not on the site)" });
    const box = modal.getByLabel(/^Email this to the \d+ news subscribers?$/);
    await expect(box).not.toBeChecked();
    await box.check();
    await modal.getByRole("button", { name: "Add Post", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toContainText("Draft");

    await visitor.goto("/news-events");
    await expect(visitor.getByRole("heading", { level: 1, name: "News & Events" })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
    expect(await everyPublicOutput(visitor)).not.toContain(title);
    await settle(page);
    expect(await mailsAbout(title)).toEqual([]);

    // Published from the edit dialog with the box checked: on the site, one mail per subscriber.
    await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
    const edit = await expectModal(page, "Edit Post");
    await expect(edit.getByLabel("Publish", { exact: true })).toHaveValue("draft");
    await edit.getByLabel("Publish", { exact: true }).selectOption({ label: "Now" });
    await expect(edit.getByLabel(/^Email this to the \d+ news subscribers?$/)).toBeChecked();
    const n = await offeredTo(edit);
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toContainText("Published");
    await visitor.goto("/news-events");
    await expect(visitor.getByRole("article").filter({ hasText: title })).toContainText(DISPLAY_NAME);
    await expectOnePerSubscriber(title, n, own());
    const mails = await mailsAbout(title);
    expect(mails[0]!.text).toContain(` · ${DISPLAY_NAME}`);
    expect(mails[0]!.text).not.toContain(E2E_ADMIN.email);
  });

  test("a plain save publishes at once and mails nobody; the box mails each subscriber once, never again on a re-save or re-publish", async ({ page, visitor }) => {
    const quiet = `Quiet notice ${tag}`;
    const loud = `Dock removal day ${tag}`;
    await openAdmin(page, BASE);

    // The dialog's default: publish now, author the display name, no mail.
    let modal = await startPost(page, quiet);
    await expect(modal.getByLabel("Publish", { exact: true })).toHaveValue("now");
    await expect(modal.getByLabel("Author", { exact: true })).toHaveValue(DISPLAY_NAME);
    // Enter in a field saves (the form's default button), as it did before the preview buttons came.
    await modal.getByLabel("Title", { exact: true }).press("Enter");
    await expectNoModal(page);
    await visitor.goto("/news-events");
    await expect(visitor.getByRole("article").filter({ hasText: quiet })).toContainText(DISPLAY_NAME);

    modal = await startPost(page, loud);
    const n = await offeredTo(modal);
    expect(n).toBeGreaterThanOrEqual(2);
    await modal.getByLabel(/^Email this to the \d+ news subscribers?$/).check();
    await modal.getByRole("button", { name: "Add Post", exact: true }).click();
    await expectNoModal(page);
    await expectOnePerSubscriber(loud, n, own());

    // Re-save: the edit dialog no longer offers the mail.
    await row(page, loud).getByRole("link", { name: `Edit ${loud}` }).click();
    let edit = await expectModal(page, "Edit Post");
    await expect(edit.getByText(/^Email this to the/)).toHaveCount(0);
    await expect(edit.getByText("This was emailed to the news subscribers when it was published; it is not sent again.")).toBeVisible();
    await edit.getByLabel("Text", { exact: true }).fill("Bring gloves.");
    await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectNoModal(page);

    // Re-publish: to draft, then published again.
    for (const choice of ["Save as draft (not on the site)", "Now"]) {
      await row(page, loud).getByRole("link", { name: `Edit ${loud}` }).click();
      edit = await expectModal(page, "Edit Post");
      await edit.getByLabel("Publish", { exact: true }).selectOption({ label: choice });
      await edit.getByRole("button", { name: "Save Changes", exact: true }).click();
      await expectNoModal(page);
    }
    await expect(row(page, loud)).toContainText("Published");
    await settle(page);
    expect(await mailsAbout(loud)).toHaveLength(n);
    expect(await mailsAbout(quiet)).toEqual([]);
  });

  test("the preview shows the mail; the test goes to the signed-in person only; a scheduled post waits off the site", async ({ page, visitor }) => {
    const title = `Ice out ${tag}`;
    await openAdmin(page, BASE);
    const modal = await startPost(page, title);
    await modal.getByRole("button", { name: "Preview the email", exact: true }).click();
    const preview = modal.getByRole("region", { name: "The email as subscribers get it" });
    await expect(preview).toContainText(`: ${title}`);
    await expect(preview).toContainText(` · ${DISPLAY_NAME}`);
    // Nothing typed was lost, and nothing was saved.
    await expect(modal.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(row(page, title)).toHaveCount(0);

    await modal.getByRole("button", { name: "Send me a test first", exact: true }).click();
    await expect(modal.getByRole("status")).toHaveText(`A test was sent to ${E2E_ADMIN.email} only. Nothing went to the subscribers.`);
    await expect.poll(async () => (await mailsAbout(title)).length, { timeout: 15_000 }).toBe(1);
    expect(await mailsAbout(title)).toEqual([expect.objectContaining({ to: E2E_ADMIN.email, subject: expect.stringMatching(new RegExp(`^Test: .*: ${title}$`)) })]);

    // Scheduled for tomorrow, with mail: "Scheduled for …" in the list, nowhere public, no mail yet.
    await modal.getByLabel("Publish", { exact: true }).selectOption({ label: "At a set time" });
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    await modal.getByLabel("Publish at", { exact: true }).fill(`${tomorrow}T09:30`);
    await modal.getByLabel(/^Email this to the \d+ news subscribers?$/).check();
    await modal.getByRole("button", { name: "Add Post", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toContainText(/Scheduled for \w{3} \d{1,2}, \d{4}, 9:30 AM/);
    expect(await everyPublicOutput(visitor)).not.toContain(title);
    await settle(page);
    expect(await mailsAbout(title)).toHaveLength(1);
  });

  test("a draft event is in no page, calendar or feed and mails nobody; the Events list says Draft", async ({ page, visitor }) => {
    const title = `Draft regatta ${tag}`;
    await openAdmin(page, "/admin/events");
    await page.getByRole("link", { name: "Add Event", exact: true }).click();
    const modal = await expectModal(page, "Add a New Event");
    await modal.getByLabel("Title", { exact: true }).fill(title);
    await modal.getByLabel("Publish", { exact: true }).selectOption({ label: "Save as draft (not on the site)" });
    await modal.getByLabel(/^Email this to the \d+ events subscribers?$/).check();
    await modal.getByRole("button", { name: "Add Event", exact: true }).click();
    await expectNoModal(page);
    await expect(row(page, title)).toContainText("Draft");
    const id = await withDatabase(async (db) => (await db.selectFrom("event").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id);
    expect((await visitor.request.get(`/events/${id}.ics`)).status()).toBe(404);
    expect(await everyPublicOutput(visitor)).not.toContain(title);
    await settle(page);
    expect(await mailsAbout(title)).toEqual([]);
  });
});
