/**
 * The "Get beach alerts and news" form (issue 11) as a resident uses it: on /the-lake and /news-events in the page,
 * in the footer of the other public pages, with the answer shown in place; without JavaScript the browser goes to
 * /subscribe and gets the same answer; a bad address is named next to its field. The confirmation mail itself is
 * checked in tests/integration/subscriptions.test.ts.
 */
import { expect, test } from "@playwright/test";
import { SUBSCRIBE_ANSWER } from "#app/mail/mail-texts.ts";
import { unique, waitForHydration } from "./helpers.ts";

const FORM = { name: "Get beach alerts and news" } as const;

test("the form is in the page on /the-lake and /news-events, and in the footer elsewhere (not on sign-in)", async ({ page }) => {
  for (const path of ["/the-lake", "/news-events"]) {
    await page.goto(path);
    await expect(page.getByRole("region", FORM)).toHaveCount(1);
    await expect(page.locator("main").getByRole("region", FORM)).toHaveCount(1);
  }
  for (const path of ["/", "/membership", "/more/documents"]) {
    await page.goto(path);
    await expect(page.locator("footer").getByRole("region", FORM)).toHaveCount(1);
  }
  await page.goto("/login");
  await expect(page.getByRole("region", FORM)).toHaveCount(0);
});

test("subscribing answers in place, with beach alerts chosen by default", async ({ page }) => {
  await page.goto("/the-lake");
  await waitForHydration(page);
  const form = page.locator("main").getByRole("region", FORM);
  await expect(form.getByRole("checkbox", { name: "Beach status alerts" })).toBeChecked();
  await form.getByLabel("Email address").fill("not an address");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Please enter a valid email address, like name@example.org")).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Email address").fill(`resident-${unique()}@example.org`);
  await form.getByRole("checkbox", { name: "News" }).check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText(SUBSCRIBE_ANSWER);
  await expect(page).toHaveURL("/the-lake");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the footer form posts to /subscribe, which answers the same", async ({ page }) => {
    await page.goto("/membership");
    const form = page.locator("footer").getByRole("region", FORM);
    await form.getByLabel("Email address").fill(`nojs-${unique()}@example.org`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/subscribe");
    await expect(page.getByRole("status")).toHaveText(SUBSCRIBE_ANSWER);
  });
});
