import { expect, test } from "@playwright/test";

test.describe("FAQ accordion", () => {
  test.use({ javaScriptEnabled: false });

  test("keeps one item open at a time, without JavaScript", async ({ page }) => {
    await page.goto("/faqs");
    const items = page.locator("[data-faq] details");
    // The six the site starts with; a question the owner publishes (another test may) comes after them.
    expect(await items.count()).toBeGreaterThanOrEqual(6);
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await items.nth(3).locator("summary").click();
    await expect(items.nth(3)).toHaveAttribute("open", "");
    await expect(page.locator("[data-faq] details[open]")).toHaveCount(1);
    await expect(items.nth(3)).toContainText("Dunfermline");
    await items.nth(5).locator("summary").click();
    await expect(page.locator("[data-faq] details[open]")).toHaveCount(1);
    await expect(items.nth(5)).toHaveAttribute("open", "");
  });

  test("offers a Contact Us link and a Call Us Now telephone link", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.getByRole("link", { name: "Call Us Now" })).toHaveAttribute("href", /^tel:/);
    await expect(page.locator("main").getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });
});
