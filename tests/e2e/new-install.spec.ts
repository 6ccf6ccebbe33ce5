/**
 * A new association runs its own site without a developer (issue 10, "Must show"): a fresh install prints a setup
 * link; a volunteer opens it, creates the first administrator and the association, then changes the association's
 * name, a board member, a business, an FAQ answer and the dues in the admin panel, and sees each change on the
 * public pages. Run twice, each on its own fresh install: once with JavaScript, once without (every form is a real
 * form, every control a link or button with a visible name).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { startServer, type RunningServer } from "../support/server.ts";

const VOLUNTEER = { email: "chair@loonlake.example.org", password: "loon lake chair password" };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a new install, set up and edited ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    let server: RunningServer;
    let dir = "";

    test.beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "shoreline-new-install-"));
      server = await startServer({ DATA_DIR: dir });
      // The setup link is printed right after the "running at" line.
      await expect.poll(() => /\/setup\?token=[\w-]+/.exec(server.output())?.[0]).toBeTruthy();
    });
    test.afterAll(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    test.use({ javaScriptEnabled });
    // A whole volunteer session: a dozen page loads and six saves.
    test.setTimeout(120_000);

    /** Opens the admin screen through the admin menu, as a person would. */
    async function openFromMenu(page: Page, label: string, heading: string) {
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }

    /** Opens a row's edit form on a list screen, changes the fields and saves. */
    async function editRow(page: Page, rowName: string, fields: Record<string, string>) {
      await page.getByRole("link", { name: `Edit ${rowName}`, exact: true }).click();
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    }

    test("setup link, then the name, a board member, a business, an FAQ answer and the dues", async ({ page }) => {
      const link = /https?:\/\/[^\s]+\/setup\?token=[\w-]+/.exec(server.output())![0];
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "Set up your association's site" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(VOLUNTEER.email);
      await page.getByLabel("Password", { exact: true }).fill(VOLUNTEER.password);
      await page.getByLabel("Repeat the password").fill(VOLUNTEER.password);
      await page.getByLabel("Name", { exact: true }).fill("Loon Lake Association");
      await page.getByLabel("Short name").fill("Loon Lake");
      await page.getByLabel("Time zone").selectOption("America/New_York");
      await page.getByLabel("Contact email").fill("board@loonlake.example.org");
      await page.getByLabel("Beach name").fill("Loon Lake Town Beach");
      await page.getByRole("button", { name: "Create the site" }).click();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();

      // The association's name, on Settings.
      await openFromMenu(page, "Settings", "Site settings");
      await page.getByLabel("Name", { exact: true }).fill("Loon Lake Property Owners");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByRole("status")).toHaveText("The settings were saved.");

      // A board member, with a new photo.
      await openFromMenu(page, "Board", "Board Members");
      await page.getByRole("link", { name: "Edit Ellen Halvorsen", exact: true }).click();
      await page.getByLabel("Name", { exact: true }).fill("Ellen Marsh");
      const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#2f6f8f" } }).jpeg().toBuffer();
      await page.getByLabel("Replace with a new picture").setInputFiles({ name: "ellen.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByLabel("Describe the picture (alt text)").fill("Ellen Marsh on her dock");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

      // A business's phone number; a bad one first gets a clear message.
      await openFromMenu(page, "Businesses", "Local Businesses");
      await page.getByRole("link", { name: "Edit Dockside Diner", exact: true }).click();
      await page.getByLabel("Phone").fill("call us");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Please enter a phone number such as (608) 555-0112, or leave it empty")).toBeVisible();
      await page.getByLabel("Phone").fill("(315) 555-0147");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

      // An FAQ answer.
      await openFromMenu(page, "FAQ", "Questions and Answers");
      await editRow(page, "Do I need a fishing license?", { Answer: "Yes: everyone 16 or older needs a New York fishing license." });

      // The dues.
      await openFromMenu(page, "Pages", "Page Texts");
      await page.getByLabel("Dues per household (US dollars)").fill("25");
      await page.getByLabel("Dues are due on").fill("May 15");
      await page.getByRole("button", { name: "Save Pages" }).click();
      await expect(page.getByRole("status")).toHaveText("The pages were saved.");

      // Each change on the public pages, as a visitor sees them.
      const visitor = await page.context().browser()!.newPage({ javaScriptEnabled });
      await visitor.goto(`${server.url}/`);
      await expect(visitor.getByRole("contentinfo")).toContainText("Loon Lake Property Owners");
      await expect(visitor).toHaveTitle("Loon Lake Property Owners");
      await visitor.goto(`${server.url}/more/meetboard`);
      await expect(visitor.getByRole("heading", { name: "Ellen Marsh" })).toBeVisible();
      const portrait = visitor.getByRole("img", { name: "Ellen Marsh on her dock" });
      await expect(portrait).toHaveAttribute("srcset", /\/images\/[\w-]+\/320\.webp 320w/);
      expect((await visitor.request.get(new URL((await portrait.getAttribute("src"))!, server.url).href)).headers()["content-type"]).toBe("image/webp");
      await expect(visitor.getByText("Ellen Halvorsen")).toHaveCount(0);
      await visitor.goto(`${server.url}/more/localinfo/All`);
      await expect(visitor.getByRole("listitem").filter({ hasText: "Dockside Diner" }).getByRole("link", { name: "(315) 555-0147" })).toBeVisible();
      await visitor.goto(`${server.url}/the-lake`);
      await visitor.getByText("Do I need a fishing license?").click();
      await expect(visitor.getByText("Yes: everyone 16 or older needs a New York fishing license.")).toBeVisible();
      await visitor.goto(`${server.url}/membership`);
      await expect(visitor.getByText("$25 per household per year, due May 15.")).toBeVisible();
      await visitor.close();
    });
  });
}
