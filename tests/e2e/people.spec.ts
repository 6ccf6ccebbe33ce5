/**
 * People from the browser (issue 26 part 1): an Administrator invites a co-administrator; the mail in the outbox has
 * a one-time link; the invitee chooses a name and password and is signed in; People shows them with their last
 * sign-in. An Editor is refused (403) on every screen and endpoint the registry marks `access: "administrator"`, as
 * a page, as the router's data and by a direct POST, and their menu has no link to them. A used link says so;
 * removing someone ends their session at once.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN_ENDPOINTS, ADMIN_SCREENS } from "#app/routes/admin/screens.ts";
import { deleteInvitationsTo } from "#app/accounts/data/people.server.ts";
import { E2E_ADMIN, expect, expectModal, expectNoAxeViolations, openAdmin, readOutbox, test, unique, waitForHydration, withDatabase } from "./admin-helpers.ts";

const EDITOR_PASSWORD = "editor lake password 7";

// The two tests share the list of people: one counts the Administrators while the other changes the list.
test.describe.configure({ mode: "serial" });

/** The invitation link mailed to `email` (path and query: the server's public address may be another host name). */
async function invitationLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await readOutbox()).find((m) => m.toHeaders.some((h) => h.includes(email)) && m.subject.includes("invited"));
      const found = mail?.text.match(/https?:\/\/\S+\/invitation\?token=\S+/)?.[0];
      if (found) link = found;
      return Boolean(found);
    })
    .toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Invites `email` as `role` from the People screen of a signed-in Administrator's page. */
async function invite(page: Page, email: string, role: "Administrator" | "Editor"): Promise<void> {
  await page.goto("/admin/people");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`An invitation was sent to ${email}`);
}

/** Opens the link in a new browser (no session), accepts it as `name`, and returns that signed-in page. */
async function accept(browser: Browser, baseURL: string, link: string, name: string, testInfo?: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Accept your invitation" })).toBeVisible();
  if (testInfo) await expectNoAxeViolations(page, testInfo, "/invitation");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(EDITOR_PASSWORD);
  await page.getByLabel("Repeat the password").fill(EDITOR_PASSWORD);
  await page.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(page).toHaveURL("/admin/news");
  return page;
}

/** Removes `email` from People (through its confirmation) on a signed-in Administrator's page. */
async function remove(page: Page, email: string): Promise<void> {
  await page.goto("/admin/people");
  await waitForHydration(page);
  await page.getByRole("link", { name: `Remove ${email}` }).click();
  const dialog = await expectModal(page, `Remove ${email}?`);
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`${email} no longer has access`);
}

test("an invited Editor signs up from the mailed link, appears in People, is refused every Administrator's screen, and loses access at once when removed", async ({ page, browser, baseURL }, testInfo) => {
  // Many requests: every Administrator's screen as a page and every form by POST, twice each.
  test.setTimeout(90_000);
  const tag = unique();
  const email = `editor-${tag}@example.org`;
  const name = `Edna Editor ${tag}`;
  await openAdmin(page, "/admin/people");
  await invite(page, email, "Editor");
  await expect(page.getByRole("list", { name: "Invitations" })).toContainText(email);

  const link = await invitationLink(email);
  const editor = await accept(browser, baseURL!, link, name, testInfo);

  // People lists the new Editor with their name, role and a last sign-in.
  await page.goto("/admin/people");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText(email);
  await expect(card).toContainText("Editor");
  await expect(card.getByText("Last signed in")).toBeVisible();
  await expect(card).not.toContainText("Never");
  await expect(page.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  // The link works once.
  const again = await browser.newContext({ baseURL: baseURL! });
  const second = await again.newPage();
  const response = await second.goto(link);
  expect(response?.status()).toBe(410);
  await expect(second.getByRole("alert")).toHaveText(/already been used/);
  await again.close();

  // The Editor's menu has no Administrator's screen; each one, opened in the browser, is refused with 403.
  await waitForHydration(editor);
  const menu = editor.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link", { name: "News Posts" })).toBeVisible();
  for (const label of ["People", "Settings", "Subscribers"]) await expect(menu.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  const adminOnly = [...ADMIN_SCREENS, ...ADMIN_ENDPOINTS].filter((s) => s.access === "administrator");
  expect(adminOnly.map((s) => s.path)).toEqual(expect.arrayContaining(["people", "settings", "subscribers", "members", "email", "subscribers/export"]));
  for (const screen of adminOnly) {
    const shown = await editor.goto(`/admin/${screen.path}`);
    expect(shown?.status(), `GET /admin/${screen.path}`).toBe(403);
    if (!screen.path.includes("/")) await expect(editor.getByText(/Only an Administrator can use this screen/)).toBeVisible();
  }
  // A client-side navigation to one is refused too (the router's data request).
  await editor.goto("/admin/news");
  await waitForHydration(editor);
  const data = await editor.request.get("/admin/settings.data");
  expect(data.status()).toBe(403);

  // Direct posts of every Administrator's form are refused and change nothing.
  const posts: [string, Record<string, string>][] = [
    ["/admin/people", { intent: "invite", email: `sneaky-${tag}@example.org`, role: "administrator" }],
    ["/admin/people", { intent: "two-factor", requireTwoFactor: "on" }],
    ["/admin/settings", { name: `Hijacked ${tag}`, shortName: "x", timeZone: "America/Chicago", contactEmail: "x@example.org", beachName: "x" }],
    ["/admin/members", { intent: "add", emails: `sneaky-${tag}@example.org` }],
    ["/admin/email", { subject: tag, message: tag }],
  ];
  for (const screen of adminOnly) if (!posts.some(([url]) => url === `/admin/${screen.path}`)) posts.push([`/admin/${screen.path}`, { intent: "save" }]);
  for (const [url, form] of posts) {
    expect((await editor.request.post(url, { form, maxRedirects: 0 })).status(), `POST ${url}`).toBe(403);
    expect((await editor.request.post(`${url}.data`, { form, maxRedirects: 0 })).status(), `POST ${url}.data`).toBe(403);
  }
  // The member email screen's worker address too.
  const worker = await editor.request.post("/api/email", { headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS" }, data: { subject: tag, body: `<p>${tag}</p>` } });
  expect(worker.status()).toBe(403);
  expect(await worker.json()).toEqual({ message: "Only an Administrator can use this screen." });
  expect((await readOutbox()).some((m) => m.subject.includes(tag) || m.toHeaders.some((h) => h.includes(`sneaky-${tag}`)))).toBe(false);
  await page.goto("/admin/settings");
  await expect(page.getByLabel("Name", { exact: true })).not.toHaveValue(`Hijacked ${tag}`);

  // Removing the Editor ends their session at once: their next request is a guest's.
  await remove(page, email);
  await editor.goto("/admin/news");
  await expect(editor).toHaveURL(/\/login\?redirect=/);
  await editor.context().close();
});

test("the last Administrator cannot be removed or made an Editor, and an expired or withdrawn link says so", async ({ page }) => {
  const tag = unique();
  await openAdmin(page, "/admin/people");
  const people = page.getByRole("list", { name: "Who has access" });
  const administrators = people.getByRole("listitem").filter({ has: page.locator("dd", { hasText: /^Administrator$/ }) });
  // This server's only Administrator is the test administrator (the other tests invite Editors and remove them).
  await expect(administrators).toHaveCount(1);
  const self = administrators.first();
  await self.getByLabel(`Role of ${E2E_ADMIN.email}`).selectOption({ label: "Editor" });
  await self.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("alert")).toContainText("This is the last Administrator");
  // The refused choice is kept in its field (nothing typed is lost), so leaving for the removal asks first.
  await page.getByRole("link", { name: `Remove ${E2E_ADMIN.email}` }).click();
  await page.getByRole("alertdialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard" }).click();
  const dialog = await expectModal(page, `Remove ${E2E_ADMIN.email}?`);
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("This is the last Administrator");
  await page.goto("/admin/people");
  await expect(page.getByRole("list", { name: "Who has access" })).toContainText("Administrator");

  // A withdrawn invitation's link no longer works.
  const email = `withdrawn-${tag}@example.org`;
  await invite(page, email, "Administrator");
  const link = await invitationLink(email);
  await page.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
  await expect(page.getByRole("status")).toContainText(`The invitation to ${email} was withdrawn`);
  const response = await page.goto(link);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(/not valid/);
  await withDatabase((db) => deleteInvitationsTo(db, email));
});

test("without JavaScript an invitation is accepted (a refused form keeping the name) and the person signed in", async ({ page, browser, baseURL }) => {
  const tag = unique();
  const email = `nojs-${tag}@example.org`;
  await openAdmin(page, "/admin/people");
  await invite(page, email, "Editor");
  const link = await invitationLink(email);
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  const person = await context.newPage();
  await person.goto(link);
  await person.getByLabel("Your name").fill(`No Script ${tag}`);
  await person.getByLabel("Password", { exact: true }).fill(EDITOR_PASSWORD);
  await person.getByLabel("Repeat the password").fill(`${EDITOR_PASSWORD}x`);
  await person.getByRole("button", { name: "Accept and sign in" }).click();
  // A refused form keeps the name and says what to fix; the link still works.
  await expect(person.getByText("The two passwords are not the same")).toBeVisible();
  await expect(person.getByLabel("Your name")).toHaveValue(`No Script ${tag}`);
  await person.getByLabel("Password", { exact: true }).fill(EDITOR_PASSWORD);
  await person.getByLabel("Repeat the password").fill(EDITOR_PASSWORD);
  await person.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(person).toHaveURL("/admin/news");
  await expect(person.getByRole("heading", { level: 1, name: "News Posts" })).toBeVisible();
  await context.close();
  await remove(page, email);
});
