/**
 * Issue 26 part 4, "What you type is what residents see": "How to pay" is Markdown like every other long text (the
 * banner's test is in admin-banner.spec.ts), and the placeholders work in every text: the membership page, its FAQ
 * answer and the president's letter follow the dues the board sets instead of the demo's "$10 … April 1". The test
 * changes a page text and the dues, and puts them back: it runs in the hostile project, after the tests that read
 * the demo content.
 */
import { expect, openAdmin, test } from "../admin-helpers.ts";

test.describe.configure({ mode: "serial" });

test("How to pay shows its Markdown, and every membership text follows the dues set on Pages", async ({ page, visitor }) => {
  await openAdmin(page, "/admin/pages");
  const howToPay = page.getByLabel("How to pay", { exact: true });
  const dues = page.getByLabel("Dues per household (US dollars)", { exact: true });
  const due = page.getByLabel("Dues are due on", { exact: true });
  const original = { howToPay: await howToPay.inputValue(), dues: await dues.inputValue(), due: await due.inputValue() };
  const save = async (values: typeof original) => {
    await page.goto("/admin/pages");
    await howToPay.fill(values.howToPay);
    await dues.fill(values.dues);
    await due.fill(values.due);
    await page.getByRole("button", { name: "Save Pages" }).click();
    await expect(page.getByRole("status")).toHaveText("The pages were saved.");
  };
  expect(original.howToPay).toContain("{duesDollars}");
  try {
    await save({ howToPay: `${original.howToPay}\n\n**Cash** is welcome too. [Details](https://town.example/pay)`, dues: "25", due: "May 15" });
    await visitor.goto("/membership");
    const section = visitor.getByRole("region", { name: "Dues" });
    await expect(section.getByText("$25 per household per year, due May 15.", { exact: true })).toBeVisible();
    await expect(section.getByText(/^Dues are \$25 per household per year and are due May 15\. /)).toBeVisible();
    await expect(section.locator("strong", { hasText: "Cash" })).toBeVisible();
    await expect(section.getByRole("link", { name: "Details" })).toHaveAttribute("href", "https://town.example/pay");
    const whole = (await visitor.locator("main").innerText()).replace(/\s+/g, " ");
    expect(whole).not.toMatch(/\{duesDollars\}|\{duesDate\}|\*\*|\$10|April 1/);

    // The FAQ's demo answer and the president's letter follow too.
    await visitor.goto("/the-lake");
    await expect(visitor.getByText(/Dues are \$25 per household per year, due May 15\./)).toBeAttached();
    await visitor.goto("/");
    await expect(visitor.getByText(/Dues are still just \$25 per household/)).toBeVisible();
  } finally {
    await save(original);
  }
  await visitor.goto("/membership");
  await expect(visitor.getByText("$10 per household per year, due April 1.", { exact: true })).toBeVisible();
});
