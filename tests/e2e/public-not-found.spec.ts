import { expect, test } from "@playwright/test";

test("an unknown service id ends on /services", async ({ page }) => {
  await page.goto("/services/roof-thatching");
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator("h1")).toContainText("Everything your home needs");
});

test("an unknown path shows the not-found page and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (msg) => logged.push(msg.text()));
  const path = `/no-such-page-${Date.now()}`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found | Kingdom Handyman Services");
  await expect(page.locator("h1")).toHaveText("Page not found");
  await expect(page.getByText("Error 404")).toBeVisible();
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact-us");
  await expect(main.getByRole("link", { name: "Browse our services" })).toHaveAttribute("href", "/services");
  await expect(main.getByRole("link", { name: "Book an appointment" })).toHaveAttribute(
    "href",
    "/book-appointment",
  );
  await expect(main.getByRole("link", { name: "Contact our support team" })).toHaveAttribute(
    "href",
    "/contact-us",
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // Served at every unknown address: a canonical URL (it used to be /404) would be false.
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect.poll(() => logged.some((l) => l.includes(path))).toBe(true);
});
