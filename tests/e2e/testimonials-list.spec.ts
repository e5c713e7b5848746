/**
 * The testimonial lists: /testimonials (grid, the reviews in the built HTML, kept when the refresh
 * fails and replaced by the current list, structured data computed from what is shown) and the home page's top three (carousel at 375 px,
 * grid at 1280 px).
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, serverTimeout } from "./forms-support";
import { isSampleReview, sampleNotice } from "../../src/islands/testimonials/sample-reviews";

interface Item {
  id: number;
  name: string;
  rating: number;
  text: string;
}

async function approved(page: Page): Promise<Item[]> {
  const response = await page.request.get("/api/testimonials");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { testimonials: Item[] }).testimonials;
}

/**
 * Opens the home page and returns the top three reviews from the answer the page itself received:
 * other tests approve reviews meanwhile, so a separate request could see a different list.
 */
async function homeTop(page: Page): Promise<Item[]> {
  const live = page.waitForResponse((r) => r.url().endsWith("/api/testimonials") && r.status() === 200);
  await page.goto("/");
  await page.locator("#testimonials").scrollIntoViewIfNeeded();
  return ((await (await live).json()) as { testimonials: Item[] }).testimonials.slice(0, 3);
}

async function showList(page: Page) {
  await page.goto("/testimonials");
  await page.locator("#reviews").scrollIntoViewIfNeeded();
}

// A call can take seconds while the whole suite shares a 2-core machine.
const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 90_000 });

test("lists the approved testimonials with stars, and review data computed from exactly those", async ({
  page,
}) => {
  // The page shows the reviews it was built with, then the current list: wait for that one.
  const live = page.waitForResponse((r) => r.url().endsWith("/api/testimonials") && r.status() === 200);
  await showList(page);
  const cards = page.locator("#reviews figure");
  const current = ((await (await live).json()) as { testimonials: Item[] }).testimonials;
  await expect(cards).toHaveCount(current.length);
  await page.getByLabel("Sort reviews").selectOption("highest");
  // Other tests approve reviews while this one runs, so everything is checked against what is shown.
  const shownRatings = await cards
    .getByRole("img", { name: /^Rated \d out of 5$/ })
    .evaluateAll((els) =>
      els.map((el) => Number(/Rated (\d)/.exec(el.getAttribute("aria-label") ?? "")?.[1])),
    );
  const shownNames = await cards.locator("figcaption span.block").allTextContents();
  expect(shownRatings.length).toBe(await cards.count());
  expect(shownRatings).toEqual([...shownRatings].sort((a, b) => b - a)); // rating descending
  const approvedNames = new Set((await approved(page)).map((t) => t.name));
  for (const name of shownNames) expect(approvedNames.has(name), `${name} is approved`).toBe(true);

  const ld = JSON.parse(
    (await page.locator('#reviews script[type="application/ld+json"]').textContent()) ?? "{}",
  ) as {
    "@id": string;
    aggregateRating: { ratingValue: number; reviewCount: number };
    review: { author: { name: string }; reviewRating: { ratingValue: number } }[];
  };
  const mean = shownRatings.reduce((sum, r) => sum + r, 0) / shownRatings.length;
  expect(ld.aggregateRating.reviewCount).toBe(shownRatings.length);
  expect(ld.review.map((r) => r.author.name)).toEqual(shownNames);
  expect(ld.review.map((r) => r.reviewRating.ratingValue)).toEqual(shownRatings);
  expect(ld.aggregateRating.ratingValue).toBeCloseTo(Math.round(mean * 10) / 10, 5);
  expect(ld["@id"]).toMatch(/\/#business$/);
  await expect(page.locator("#reviews")).toContainText(
    `${ld.aggregateRating.ratingValue.toFixed(1)} out of 5`,
  );

  // The grid: one column on a phone, three at desktop width.
  const columns = () =>
    page.locator("#reviews ul").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(await columns()).toBe(3);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await columns()).toBe(1);
  await expectNoAxeViolations(page, "list: loaded", "#reviews");
});

test("marks the sample reviews the local stack seeds as samples, and only those", async ({ page }) => {
  await showList(page);
  const cards = page.locator("#reviews figure");
  await expect(cards.first()).toBeVisible();
  const items = await approved(page);
  const samples = items.filter(isSampleReview).length;
  expect(samples).toBeGreaterThan(0); // the fresh e2e database is seeded with them
  await expect(page.locator("#reviews").getByText(sampleNotice)).toBeVisible();
  const badges = cards.getByText("Sample review, not a real customer", { exact: true });
  await expect(badges).toHaveCount(samples);
  await expect(page.locator("#reviews figure[data-sample]")).toHaveCount(samples);
  // Reviews other tests approve meanwhile carry no badge.
  const unmarked = page.locator("#reviews figure:not([data-sample]) figcaption span.block");
  for (const name of await unmarked.allTextContents())
    expect(
      items.some((t) => t.name === name && isSampleReview(t)),
      name,
    ).toBe(false);
});

test("the approved reviews are in the page's HTML: shown at once, without JavaScript too, kept when the refresh fails", async ({
  page,
  browser,
}) => {
  // The e2e build reads the stack's database, which is seeded with the sample reviews.
  const html = await (await page.request.get("/testimonials")).text();
  const built = (await approved(page)).filter(isSampleReview);
  expect(built.length).toBeGreaterThan(0);
  for (const review of built) expect(html).toContain(review.name);
  expect(html).not.toContain("Loading testimonials...");

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/testimonials");
  await expect(plain.locator("#reviews figure").first()).toBeVisible();
  await expect(plain.locator("#reviews")).toContainText(built[0]!.name);
  await noScript.close();

  // The refresh fails: the built list stays, with no error and no spinner in between.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route("**/api/testimonials", async (route) => {
    calls++;
    if (calls === 1) {
      await held;
      return route.abort("connectionrefused");
    }
    return route.fulfill({ status: 200, contentType: "application/json", body: '{"testimonials":[]}' });
  });
  await showList(page);
  const cards = page.locator("#reviews figure");
  await expect(cards.first()).toBeVisible();
  await expect(page.locator("#reviews").getByText("Loading testimonials...")).toHaveCount(0);
  release();
  await expect.poll(() => calls).toBe(1);
  await expect(page.locator("#reviews").getByRole("alert")).toHaveCount(0);
  await expect(cards.first()).toBeVisible();

  // The current list replaces the built one when it arrives (here: every review was withdrawn).
  await page.reload();
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  await expect(
    page
      .locator("#reviews")
      .getByText("No testimonials available yet. Be the first to share your experience!"),
  ).toBeVisible();
  await expect(page.locator('#reviews script[type="application/ld+json"]')).toHaveCount(0);
});

test.describe("home page, phone width", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("shows the top three in a carousel with working previous and next", async ({ page }) => {
    const top = await homeTop(page);
    const section = page.locator("#testimonials");
    const slides = section.getByRole("listitem");
    await expect(slides).toHaveCount(top.length);
    const prev = section.getByRole("button", { name: "Previous testimonial" });
    const next = section.getByRole("button", { name: "Next testimonial" });
    await expect(slides.nth(0)).toContainText(top[0]!.name);
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.8 });
    await expect(prev).toBeDisabled();

    await next.click();
    await expect(section.getByText("2 / 3")).toBeVisible();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.8 });
    await expect(slides.nth(0)).not.toBeInViewport({ ratio: 0.5 });
    await next.click();
    await expect(slides.nth(2)).toBeInViewport({ ratio: 0.8 });
    await expect(next).toBeDisabled();
    await prev.click();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.8 });
    await expectNoAxeViolations(page, "home carousel", "#testimonials");
  });

  test("keeps the top three it was built with when the list cannot be loaded", async ({
    page,
    browser,
    baseURL,
  }) => {
    // What the page was built with: the first card of the HTML, read without JavaScript (other
    // tests approve reviews after the build, so the current list may differ).
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const built = await plain.newPage();
    await built.goto("/");
    const firstBuilt = (await built.locator("#testimonials figcaption span.block").first().textContent())!;
    await plain.close();
    await page.route("**/api/testimonials", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "database_unavailable", message: "Unavailable." } }),
      }),
    );
    const answered = page.waitForResponse("**/api/testimonials");
    await page.goto("/");
    await page.locator("#testimonials").scrollIntoViewIfNeeded();
    await answered;
    await expect(page.locator("#testimonials").getByRole("listitem").first()).toContainText(firstBuilt);
    await expect(page.locator("#testimonials").getByRole("alert")).toHaveCount(0);
  });
});

test("home page at desktop width shows the top three side by side, without carousel buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const top = await homeTop(page);
  const section = page.locator("#testimonials");
  const slides = section.getByRole("listitem");
  await expect(slides).toHaveCount(3);
  for (const [i, t] of top.entries()) await expect(slides.nth(i)).toContainText(t.name);
  const boxes = await Promise.all([0, 1, 2].map((i) => slides.nth(i).boundingBox()));
  expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
  await expect(section.getByRole("button", { name: "Next testimonial" })).toBeHidden();
  // Home claims no aggregate rating: three best reviews are not an average.
  await expect(section.locator('script[type="application/ld+json"]')).toHaveCount(0);
});
