/**
 * The business's public facts and the footer on the real stack
 * (docs/decisions/055-identity-and-public-facts.md):
 * - at 375 px every link in the public footer (and the contact page's phone and e-mail) is at least
 *   44 px tall, measured from the rendered boxes; screenshots of the footer at 375 and 1280 px;
 * - at 375 px the owner changes the phone on the Business details screen: a number that is not a
 *   UK one is refused beside its field with what was typed kept, the saved one is marked as a
 *   draft, the Website screen counts it among the unpublished changes, Publish puts it live and the
 *   draft mark goes; the host's rebuild (a real `astro build`) then serves the contact page with the
 *   new number. The published phone is left as it is: any test reading the phone accepts any UK
 *   number, and putting the old one back would cost a second rebuild.
 *
 * SHOTS=dir saves screenshots there (for looking at them by eye).
 */
import { expect as baseExpect } from "@playwright/test";
import { axe, shot } from "./page-checks";
import { clientIp, test } from "./admin-support";
import { publishOnScreen } from "./site-publish";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000, mode: "serial" });

const minTap = 44;

for (const width of [375, 1280]) {
  test(`the footer's links are fingertip-sized at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.goto("/contact-us");
    const footer = page.locator("footer[data-footer]");
    await footer.scrollIntoViewIfNeeded();
    if (process.env["SHOTS"])
      await footer.screenshot({ path: `${process.env["SHOTS"]}/footer-${width}.png` });
    if (width > 500) return;
    const links = [
      ...(await footer.locator("a").all()),
      page.locator("[data-contact-phone]"),
      page.locator("[data-contact-email]"),
    ];
    expect(links.length).toBeGreaterThan(15);
    const short: string[] = [];
    for (const link of links) {
      const box = await link.boundingBox();
      expect(box, await link.evaluate((a) => a.outerHTML.slice(0, 120))).not.toBeNull();
      if (box!.height < minTap) short.push(`${(await link.textContent())?.trim()}: ${box!.height} px`);
    }
    expect(short).toEqual([]);
    // Compact all the same: the links' lists take no more than a phone screen and a half.
    const height = (await footer.boundingBox())!.height;
    expect(height).toBeLessThan(1800);
  });
}

test.describe("the launch checklist at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the owner confirms a claim on the dashboard and it leaves the list, recorded in the changes", async ({
    ownerPage: page,
  }) => {
    await page.goto("/admin");
    const panel = page.locator("[data-launch-checklist]");
    await expect(panel.getByRole("heading", { level: 2 })).toContainText(
      /Before the site goes live: \d of 7 to confirm/,
    );
    const item = panel.locator('[data-checklist-item="accreditations"]');
    await expect(item).toContainText("Gas Safe registered; NICEIC approved");
    await shot(page, "dashboard-checklist");
    await axe(page, "dashboard with the launch checklist");
    await item.getByRole("button", { name: /^Confirm: / }).click();
    await expect(item).toHaveCount(0);
    await page.goto("/admin/business");
    // Found by its words: a test beside this one may save business details in between.
    await expect(
      page
        .locator("[data-audit-entry]")
        .filter({ hasText: "Confirmed “The gas and electrical partners' registrations are current”" }),
    ).toHaveCount(1);
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the owner changes the phone: a bad number is refused beside it, the saved one is a draft until published", async ({
    ownerPage: page,
    request,
    baseURL,
    owner: session,
  }) => {
    const headers = {
      Origin: new URL(baseURL!).origin,
      Cookie: session.header,
      "X-Simulated-Client": clientIp(),
    };
    const phone = `01592 ${String(100_000 + Math.floor(Math.random() * 899_999))}`;
    await page.goto("/admin/business");
    await expect(page.getByRole("heading", { level: 2, name: "On your website" })).toBeVisible();
    const field = page.getByRole("textbox", { name: "Phone" });
    await field.fill("12345 <b>");
    await page.getByRole("button", { name: "Save website details" }).click();
    await expect(
      page.getByText("Please enter a UK phone number, for example 0131 496 0472").first(),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("12345 <b>");

    await field.fill(phone);
    await page.getByRole("button", { name: "Save website details" }).click();
    await expect(field).toHaveValue(phone);
    await expect(page.locator("label").filter({ hasText: "Phone" }).locator("[data-draft]")).toHaveText(
      "Draft: not on the website yet",
    );
    await expect(page.locator("[data-drafts-summary]")).toContainText("not on the website yet");
    await shot(page, "business-website-details");
    await axe(page, "business details with a draft");

    await page.locator("[data-drafts-summary]").getByRole("link", { name: "Publish the website" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Website" })).toBeVisible();
    await expect(page.getByText(/change(s)? not yet on the website/)).toBeVisible();
    await publishOnScreen(page, request, session.header);
    await expect(page.getByTestId("publish-state")).toHaveText(/^Live since /);

    await page.goto("/admin/business");
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue(phone);
    // The phone is no longer a draft. (Another test running beside this one may have left a draft
    // of another fact, so the screen's summary of all drafts is not this test's to check.)
    await expect(page.locator("label").filter({ hasText: "Phone" }).locator("[data-draft]")).toHaveCount(0);
    const site = (await (await request.get("/api/admin/site", { headers })).json()) as {
      business: { published: { phone: string }; drafts: string[] };
    };
    expect(site.business.published.phone).toBe(phone);
    // Only the phone is this test's: a test beside it may leave a draft of another fact.
    expect(site.business.drafts).not.toContain("phone");
    // The host rebuilt the pages from the published version: the contact page calls the new number.
    await page.goto("/contact-us");
    await expect(page.locator("[data-contact-phone]")).toHaveAttribute(
      "href",
      `tel:+44${phone.replace(/\s/g, "").slice(1)}`,
    );
  });
});
