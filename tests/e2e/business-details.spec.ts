/**
 * The "Business details" screen on the real stack at 375 px: the owner switches to sole
 * trader (refused without a name, the message beside the field, then saved with it), sees how the
 * papers will name him, turns VAT on with a VAT number of the wrong shape (refused beside the field,
 * nothing typed lost), fixes it, and finds each save in the list of changes. The settings are put
 * back as they were at the end. At 1280 px the screen with its VAT fields and its launch checklist
 * is checked (the flows run at 375 px: docs/decisions/082-one-flow-at-one-width.md). axe finds
 * nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the screen there (for looking at them by eye).
 */
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import { axe, shot } from "./page-checks";
import { clientIp, test } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
// One test after the other: the flow changes the one stack's business details, which the screen
// check at 1280 px reads.
test.describe.configure({ timeout: 240_000, mode: "serial" });

/** A registration date a month ahead: today's papers in other tests running meanwhile stay without VAT. */
const registeredFrom = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function resetBusiness(request: APIRequestContext, baseURL: string, cookie: string) {
  const res = await request.patch("/api/admin/settings/business", {
    data: {
      tradingAs: "company",
      soleTraderName: null,
      vatRegistered: false,
      vatNumber: null,
      vatRegisteredFrom: null,
    },
    headers: { Origin: new URL(baseURL).origin, Cookie: cookie, "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("at 375 px", () => {
  const width = 375;
  test.use({ viewport: { width, height: 800 } });

  test("the owner becomes a sole trader and turns VAT on; bad input is refused beside its field", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    await resetBusiness(request, baseURL!, session.header);
    try {
      await page.goto("/admin/business");
      await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
      await expect(page.locator("[data-trader-preview]")).toContainText("Kingdom Handyman Services Ltd");

      await page.getByRole("radio", { name: "Sole trader" }).check();
      await page.getByRole("button", { name: "Save business details" }).click();
      const name = page.getByRole("textbox", { name: "Your full name" });
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("alert").first()).toContainText("Please check the highlighted fields.");
      await name.fill("Jane Smith");
      await expect(page.locator("[data-trader-preview]")).toContainText(
        "Jane Smith trading as Kingdom Handyman Services",
      );
      await page.getByRole("button", { name: "Save business details" }).click();
      await expect(page.getByText("Business details saved")).toBeVisible();
      // The trail is the whole business's: a test beside this one may confirm a checklist item
      // in between, so each save is found as one more entry with its words (earlier runs left
      // entries with the same words before).
      const changes = page.locator("[data-audit-entry]");
      const entries = (text: string) => changes.filter({ hasText: text });
      await expect(entries("Trading as: Limited company → Sole trader").first()).toContainText(
        "Your name (sole trader): (none) → Jane Smith",
      );
      const vatSaves = await entries("VAT number: (none) → GB123456789").count();

      await page.getByRole("checkbox", { name: "Registered for VAT" }).check();
      const vatNumber = page.getByRole("textbox", { name: "VAT number" });
      await vatNumber.fill("GB12345");
      await page.getByLabel("Effective date of registration").fill(registeredFrom);
      await page.getByRole("button", { name: "Save business details" }).click();
      await expect(vatNumber).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("GB followed by 9 or 12 digits").first()).toBeVisible();
      await expect(vatNumber).toHaveValue("GB12345");
      await shot(page, "business-details-refused");
      await vatNumber.fill("GB 123 456 789");
      await page.getByRole("button", { name: "Save business details" }).click();
      await expect(entries("VAT number: (none) → GB123456789")).toHaveCount(vatSaves + 1);
      await expect(vatNumber).toHaveValue("GB123456789");
      await axe(page, `business details at ${width}`);
      await shot(page, "business-details");
    } finally {
      await resetBusiness(request, baseURL!, session.header);
    }
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the screen, its VAT fields and the launch checklist pass axe and fit 1280 px", async ({
    ownerPage: page,
  }) => {
    await page.goto("/admin/business");
    await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
    await expect(page.locator("[data-trader-preview]")).toBeVisible();
    // Shown, not saved: the fields that VAT registration asks for.
    await page.getByRole("checkbox", { name: "Registered for VAT" }).check();
    await expect(page.getByRole("textbox", { name: "VAT number" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Year started" })).toBeVisible();
    await expect(page.locator('[data-checklist-row="bank"]')).toBeVisible();
    await axe(page, "business details at 1280");
    await shot(page, "business-details");
  });
});
