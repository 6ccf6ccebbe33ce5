/**
 * The board's manual beach advisory (issue 11) through the admin panel: posting one with its reason overrides the
 * status of the latest reading on /the-lake and the home page until it is lifted. It changes what every visitor sees,
 * so it runs in the "hostile" project, after the tests that read the beach status.
 */
import { expect, openAdmin, test } from "../admin-helpers.ts";

test("an advisory overrides the public status until lifted", async ({ page, visitor }) => {
  await openAdmin(page, "/admin/beach-advisory");
  await expect(page.getByRole("heading", { level: 1, name: "Beach Advisory" })).toBeVisible();
  // An empty reason is stopped by the browser (the field is required); blanks get past it and the server says why.
  await expect(page.getByLabel("Reason")).toHaveAttribute("required", "");
  await page.getByLabel("Reason").fill("   ");
  await page.getByRole("button", { name: "Post advisory" }).click();
  await expect(page.getByText("Please give the reason for the advisory")).toBeVisible();

  await page.getByLabel("Status").selectOption("Closed");
  await page.getByLabel("Reason").fill("Sewage spill at the north inlet");
  await page.getByRole("button", { name: "Post advisory" }).click();
  await expect(page.getByRole("status")).toContainText("Advisory posted.");
  await expect(page.getByRole("heading", { name: "In force: Closed" })).toBeVisible();

  await visitor.goto("/the-lake");
  const box = visitor.locator(".status");
  await expect(box).toHaveAttribute("data-status", "Closed");
  await expect(box).toContainText("Advisory from the board: Sewage spill at the north inlet");
  await visitor.goto("/");
  await expect(visitor.getByText("Advisory from the board: Sewage spill at the north inlet")).toBeVisible();

  await page.getByRole("button", { name: "Lift advisory" }).click();
  await expect(page.getByRole("status")).toContainText("Advisory lifted.");
  await visitor.goto("/the-lake");
  await expect(visitor.getByText("Advisory from the board")).toHaveCount(0);
});
