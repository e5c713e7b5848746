/**
 * The launch checklist on the "Business details" screen, on the real stack at 375 px (a phone): the
 * owner corrects the bank account (a sort code of the wrong shape is refused beside the
 * form, nothing typed lost), confirms the item on the checklist and sees when; changes the year the
 * business started, which waits as a draft for the website's publish; and a change to a confirmed
 * fact takes its confirmation away. axe finds nothing and nothing scrolls sideways. The details are
 * put back as they were at the end. The screen at 1280 px: business-details.spec.ts.
 *
 * SHOTS=dir saves screenshots of the screen there (for looking at them by eye).
 */
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import { axe, shot } from "./page-checks";
import { clientIp, test } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

type Details = {
  business: { bank: unknown; stats: { founded: number } };
  published: { stats: { founded: number } } | null;
};

async function call(request: APIRequestContext, baseURL: string, cookie: string, data?: unknown) {
  const headers = { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() };
  const res = data
    ? await request.patch("/api/admin/settings/business", { data, headers })
    : await request.get("/api/admin/settings/business", { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Details;
}

test.describe("at 375 px", () => {
  const width = 375;
  test.use({ viewport: { width, height: 800 } });

  test("the owner corrects the bank account, confirms it, and changes the year the business started", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const details = await call(request, baseURL!, session.header);
    const before = details.business;
    try {
      await page.goto("/admin/business");
      await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
      const bankRow = page.locator('[data-checklist-row="bank"]');
      await expect(bankRow).toContainText("Not confirmed yet");

      const bankForm = page.locator("[data-bank-form]");
      const sortCode = bankForm.getByRole("textbox", { name: "Sort code" });
      await sortCode.fill("12-34");
      await bankForm.getByRole("textbox", { name: "Account number" }).fill("3192 6819");
      await bankForm.getByRole("button", { name: "Save bank details" }).click();
      await expect(bankForm.getByText("Please enter the sort code as six digits").first()).toBeVisible();
      await expect(sortCode).toHaveAttribute("aria-invalid", "true");
      await expect(sortCode).toHaveValue("12-34");
      await shot(page, "business-checklist-refused");

      await sortCode.fill("40 11 62");
      await bankForm.getByRole("button", { name: "Save bank details" }).click();
      await expect(page.getByText("Bank details saved")).toBeVisible();
      await expect(sortCode).toHaveValue("40-11-62");
      await expect(bankRow).toContainText("sort code 40-11-62, account 31926819");

      await bankRow.getByRole("button", { name: /^Confirm: The bank details/ }).click();
      await expect(bankRow).toContainText("Confirmed");
      await expect(bankRow.getByRole("button")).toHaveCount(0);
      await expect(page.locator("[data-audit-entry]").first()).toContainText("Confirmed “The bank details");

      const figures = page.locator("[data-site-figures]");
      const year = figures.getByRole("textbox", { name: "Year started" });
      // Neither the saved year nor the published one (another test's publish may have taken an
      // earlier run's draft live), so that saving it is a draft.
      const taken = [before.stats.founded, details.published?.stats.founded];
      const founded = String([2012, 2013, 2014].find((y) => !taken.includes(y)));
      await year.fill(founded);
      await figures.getByRole("button", { name: "Save figures and processors" }).click();
      await expect(page.getByText("Saved as a draft").first()).toBeVisible();
      await expect(figures.locator("[data-draft]").first()).toBeVisible();
      await expect(page.locator('[data-checklist-row="stats"]')).toContainText(`founded ${founded}`);

      // Another account number: the confirmation goes, the item is open again.
      await bankForm.getByRole("textbox", { name: "Account number" }).fill("31926820");
      await bankForm.getByRole("button", { name: "Save bank details" }).click();
      await expect(bankRow).toContainText("Not confirmed yet");
      await expect(bankRow.getByRole("button", { name: /^Confirm/ })).toBeVisible();

      await axe(page, `business checklist at ${width}`);
      await shot(page, "business-checklist");
    } finally {
      await call(request, baseURL!, session.header, { bank: before.bank, stats: before.stats });
    }
  });
});
