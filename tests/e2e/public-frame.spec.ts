import { expect, test } from "@playwright/test";

test.describe("page frame on desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the top bar shows phone, e-mail, address and three social links", async ({ page }) => {
    await page.goto("/faqs");
    const bar = page.locator("[data-topbar]");
    // The published phone (the owner edits it; another test publishes a changed one), in UK form.
    await expect(bar.getByRole("link", { name: /^0\d{3,4} \d{3} ?\d{3,4}$/ })).toHaveAttribute(
      "href",
      /^tel:\+44/,
    );
    await expect(bar.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(bar.locator("[data-topbar-address]")).toBeVisible();
    await expect(bar.locator("[data-topbar-socials] a")).toHaveCount(3);
  });

  test("the Services dropdown opens on hover and lists the four services", async ({ page }) => {
    await page.goto("/about-us");
    const menu = page.locator("#services-menu");
    await expect(menu).toBeHidden();
    await page.locator("[data-dropdown]").hover();
    await expect(menu).toBeVisible();
    // The four the site starts with, then any the owner has published since (another test may),
    // then the list.
    const links = menu.getByRole("link");
    await expect(links.last()).toHaveText("All services");
    expect((await links.allTextContents()).slice(0, 4).map((t) => t.trim())).toEqual([
      "Paint & Wallpaper",
      "Plumbing & Heating",
      "Kitchen & Bathroom Fixing",
      "Floor & Carpet Installing",
    ]);
    await page.mouse.move(640, 600);
    await expect(menu).toBeHidden();
  });

  test("the Services dropdown works from the keyboard and closes with Escape", async ({ page }) => {
    await page.goto("/about-us");
    const toggle = page.locator("[data-dropdown-toggle]");
    const menu = page.locator("#services-menu");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Services", exact: true })
      .focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Paint & Wallpaper" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Tabbing out of an open menu closes it too.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    const entries = await menu.getByRole("link").count();
    for (let i = 0; i <= entries; i++) await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
  });

  test("the header gains its shadow after 50 px of scrolling and loses it at the top", async ({ page }) => {
    await page.goto("/services");
    const header = page.locator("[data-header]");
    await expect(header).not.toHaveAttribute("data-scrolled", "");
    // Two animation frames: the scroll has been handled and painted.
    await page.evaluate(async () => {
      window.scrollTo({ top: 40, behavior: "instant" });
      for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    });
    await expect(header).not.toHaveAttribute("data-scrolled", "");
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-scrolled", "");
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(header).not.toHaveAttribute("data-scrolled", "");
  });

  test("a link with a hash scrolls to its target: /about-us#team", async ({ page }) => {
    await page.goto("/about-us#team");
    await expect(page.locator("#team")).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test("the footer has every part and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("[data-footer]");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
    await expect(footer.getByRole("link", { name: "Floor & Carpet Installing" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Book Appointment" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /on Facebook/ })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Kingdom Handyman Services`);
  });
});

test.describe("scroll reveal", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("content below the fold fades in as it comes within 150 px of the bottom", async ({ page }) => {
    await page.goto("/");
    const card = page.locator("article[data-reveal]").first();
    await expect(card).toHaveClass(/reveal-pending/);
    await card.scrollIntoViewIfNeeded();
    await expect(card).not.toHaveClass(/reveal-pending/);
  });

  test("nothing is hidden or moves for people who prefer reduced motion", async ({ browser }) => {
    const context = await browser.newContext({
      reducedMotion: "reduce",
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator(".reveal-pending")).toHaveCount(0);
    await context.close();
  });
});

test.describe("page frame on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the address and social icons are hidden in the top bar; the phone stays", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-topbar-address]")).toBeHidden();
    await expect(page.locator("[data-topbar-socials]")).toBeHidden();
    await expect(
      page.locator("[data-topbar]").getByRole("link", { name: /^0\d{3,4} \d{3} ?\d{3,4}$/ }),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("the menu opens, expands Services inline and closes on navigation", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator("[data-mobile-toggle]");
    const panel = page.locator("#mobile-menu");
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    const sub = page.locator("#mobile-services");
    await expect(sub).toBeHidden();
    await page.locator("[data-mobile-sub-toggle]").click();
    await expect(sub).toBeVisible();
    await sub.getByRole("link", { name: "Plumbing & Heating" }).click();
    await expect(page).toHaveURL(/\/services\/plumbing-heating$/);
    await expect(page.locator("h1")).toHaveText("Plumbing & Heating");
    await expect(panel).toBeHidden();
    await expect(page.locator("[data-mobile-toggle]")).toHaveAttribute("aria-expanded", "false");
  });

  test("the menu closes when a link on the same page is followed", async ({ page }) => {
    await page.goto("/about-us");
    await page.locator("[data-mobile-toggle]").click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test("Book Appointment is one tap away in the header", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.locator("[data-header-book]")).toBeVisible();
    await expect(page.locator("[data-header-book]")).toHaveAttribute("href", "/book-appointment");
  });
});
