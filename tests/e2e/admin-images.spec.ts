/**
 * The admin screens with pictures (issue 10 part 4) in Chromium: the board's edit modal with its photo field, the
 * settings with the logo and the pages with the map, the treasurer card and the home photo have no axe violations of
 * any impact at 390 and 1280 px, with a current picture shown (the demo seed's). A photo chosen in the browser's file
 * input is uploaded with its alt text and shown on /more/meetboard.
 */
import sharp from "sharp";
import { DESKTOP, expect, expectModal, expectNoAxeViolations, PHONE, signedInTest as test, waitForHydration } from "./admin-helpers.ts";

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`pictures at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the board's edit modal with its photo has no axe violations", async ({ page }, testInfo) => {
      await page.goto("/admin/board");
      await waitForHydration(page);
      await page.getByRole("link", { name: /^Edit / }).first().click();
      const modal = await expectModal(page, "Edit Board Member");
      await expect(modal.getByLabel("Describe the picture (alt text)")).not.toHaveValue("");
      await expect(modal.locator(".image-preview img")).toBeVisible();
      await expectNoAxeViolations(page, testInfo, `${viewport.width}px board edit modal`);
    });

    for (const [screen, group] of [
      ["/admin/settings", "Logo (optional)"],
      ["/admin/pages", "Map of the lake"],
    ] as const) {
      test(`${screen} with its picture fields has no axe violations`, async ({ page }, testInfo) => {
        await page.goto(screen);
        await expect(page.getByRole("group", { name: group })).toBeVisible();
        await expectNoAxeViolations(page, testInfo, `${viewport.width}px ${screen}`);
      });
    }
  });
}

test("a photo chosen in the file input is uploaded with its alt text and shown on /more/meetboard", async ({ page }) => {
  const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#6a8f3c" } }).png().toBuffer();
  await page.goto("/admin/board?edit=new");
  await waitForHydration(page);
  const modal = await expectModal(page, "Add a New Board Member");
  await modal.getByLabel("Name").fill("Playwright Pictureson");
  await modal.getByLabel("Title").fill("Photographer");
  await modal.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await modal.getByRole("button", { name: "Add Board Member" }).click();
  await expect(page.getByText("Please describe the picture for people who cannot see it.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Playwright Pictureson");
  await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await page.getByLabel("Describe the picture (alt text)").fill("Playwright Pictureson in a green field");
  await page.getByRole("button", { name: "Add Board Member" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/more/meetboard");
  const img = page.getByRole("img", { name: "Playwright Pictureson in a green field" });
  await expect(img).toHaveAttribute("srcset", /320w, .*640w/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // Leave the board as the other tests expect it: the member and the photo go.
  await page.goto("/admin/board");
  await page.getByRole("link", { name: "Delete Playwright Pictureson" }).click();
  await (await expectModal(page, "Delete this board member?")).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/more/meetboard");
  await expect(page.getByText("Playwright Pictureson")).toHaveCount(0);
});
