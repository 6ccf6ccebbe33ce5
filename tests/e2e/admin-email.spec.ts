/**
 * Email to members (spec §1: not in the admin menu; §4: idle, sending, success shown 3 s; §5: subject and message
 * required; §7: one message per member, the body as escaped HTML paragraphs). Without SMTP every message is an
 * .eml file under test-results/e2e-data/mail/; other tests add members at the same time, so only the messages to
 * this test's own members are counted.
 */
import type { Page } from "@playwright/test";
import { expect, expectOffMenuScreen, openAdmin, readOutbox, removeMembers, test, timeShown, unique, waitForHydration } from "./admin-helpers.ts";

const BASE = "/admin/email";


/** Adds members through the members screen. */
async function addMembers(page: Page, emails: string[]): Promise<void> {
  await page.goto("/admin/members");
  await waitForHydration(page);
  await page.getByLabel("Add Members", { exact: true }).fill(emails.join(", "));
  await page.getByRole("button", { name: "Add Members", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`${emails.length} members added.`);
}

const subject = (page: Page) => page.getByLabel("Subject", { exact: true });
const message = (page: Page) => page.getByLabel("Message", { exact: true });
const send = (page: Page) => page.getByRole("button", { name: /^(Send Email|Sending…)$/ });

test.describe("email to members", () => {
  let tag = "";
  test.beforeEach(() => {
    tag = unique();
  });
  test.afterEach(async () => {
    await removeMembers(tag);
  });

  test("/admin/email opens from its address but is not in the admin menu", async ({ page }) => {
    await expectOffMenuScreen(page, BASE, "Email Members");
  });

  test("an empty subject or message is refused with the specification's messages, keeping what was typed", async ({ page }) => {
    await openAdmin(page, BASE);
    // No browser constraint on purpose: the server's messages are the ones shown.
    await expect(subject(page)).not.toHaveAttribute("required");
    await expect(message(page)).not.toHaveAttribute("required");
    const before = (await readOutbox()).length;

    await message(page).fill(`Message without a subject ${tag}`);
    await send(page).click();
    await expect(page.locator("#subject-error")).toHaveText("Please enter an email subject");
    await expect(subject(page)).toHaveAttribute("aria-invalid", "true");
    await expect(subject(page)).toHaveAccessibleDescription("Please enter an email subject");
    await expect(message(page)).toHaveValue(`Message without a subject ${tag}`);
    await expect(page.locator("#message-error")).toHaveCount(0);

    await subject(page).fill(`Subject without a message ${tag}`);
    await message(page).fill("   \n  ");
    await send(page).click();
    await expect(page.locator("#message-error")).toHaveText("Please enter an email message");
    await expect(message(page)).toHaveAttribute("aria-invalid", "true");
    await expect(subject(page)).toHaveValue(`Subject without a message ${tag}`);
    await expect(page.locator("#subject-error")).toHaveCount(0);

    await subject(page).fill("");
    await message(page).fill("");
    await send(page).click();
    await expect(page.locator("#subject-error")).toHaveText("Please enter an email subject");
    await expect(page.locator("#message-error")).toHaveText("Please enter an email message");
    await expect(page.locator(".success")).toHaveCount(0);
    // Nothing went out.
    const mails = await readOutbox();
    expect(mails.filter((m) => m.subject.includes(tag))).toEqual([]);
    expect(mails.length).toBeGreaterThanOrEqual(before);
  });

  test("sending shows Sending…, then Email sent to N members for about 3 s; each member gets one message", async ({ page }) => {
    const mine = [`reader-1+${tag}@example.org`, `reader-2+${tag}@example.org`];
    const title = `Lake news ${tag}`;
    const body = 'Line <one> & "two"\n\nLine three';
    await openAdmin(page, "/admin/members");
    await addMembers(page, mine);
    await page.goto(BASE);
    await waitForHydration(page);
    await expect(page.getByText(/^Each of the \d+ members gets a message of their own; no member sees another's address\.$/)).toBeVisible();

    await subject(page).fill(title);
    await message(page).fill(body);
    // Hold the submission back a moment so that the sending state can be seen.
    await page.route(/\/admin\/email(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    const sentMessage = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(BASE));
    await send(page).click();
    await expect(send(page)).toHaveText("Sending…");
    await expect(send(page)).toBeDisabled();

    const shown = timeShown(page, ".success", /^Email sent to \d+ members\.$/);
    const success = page.locator(".success").filter({ hasText: /^Email sent to \d+ members\.$/ });
    await expect(success).toBeVisible({ timeout: 15_000 });
    expect((await sentMessage).status()).toBe(200);
    await expect(send(page)).toHaveText("Send Email");
    const sent = Number(/(\d+)/.exec((await success.textContent())!)![1]);
    expect(sent).toBeGreaterThanOrEqual(mine.length);
    // The form is cleared for the next message.
    await expect(subject(page)).toHaveValue("");
    await expect(message(page)).toHaveValue("");
    const shownFor = await shown;
    expect(shownFor).toBeGreaterThanOrEqual(2_700);
    expect(shownFor).toBeLessThan(3_700);

    // One message per member of this test, each addressed to that member alone.
    const mails = (await readOutbox()).filter((m) => m.subject === title);
    for (const mail of mails) {
      expect(mail.toHeaders, mail.file).toHaveLength(1);
      expect(mail.toHeaders[0], mail.file).not.toMatch(/[,;]/);
    }
    const toMine = mails.filter((m) => mine.includes(m.toHeaders[0]!));
    expect(toMine.map((m) => m.toHeaders[0]).sort()).toEqual([...mine].sort());
    for (const mail of toMine) {
      expect(mail.headerNames, mail.file).not.toContain("cc");
      expect(mail.headerNames, mail.file).not.toContain("bcc");
      // Quotes need no escaping in text; the sanitizer writes them as typed (issue 24, finding 8).
      expect(mail.html, mail.file).toContain(`<p>Line &lt;one&gt; &amp; "two"</p><p>Line three</p>`);
      expect(mail.text, mail.file).toContain('Line <one> & "two"\nLine three');
    }
  });
});
