/**
 * 'Leave a Review' on /testimonials against the running stack and its database: the
 * form, the star rating, moderation (invisible until approved) and the no-JavaScript post.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import {
  approveTestimonial,
  expectNoAxeViolations,
  ownClientHeaders,
  testimonialsNamed,
  notices,
  uniqueName,
  waitForHydration,
  serverTimeout,
  sitePhone,
} from "./forms-support";

const success = "Thank you for your review! It will be displayed after approval.";
const failure = "There was an error submitting your testimonial. Please try again.";
const section = "#leave-a-review";

const form = (page: Page) => page.locator('form[action="/api/testimonials"]');
const reveal = (page: Page) => page.getByText("Leave a Review", { exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: "Submit Review" });
const star = (page: Page, n: number) => page.getByRole("radio", { name: n === 1 ? "1 star" : `${n} stars` });
/** Chooses a rating the way a person does: by clicking the star. */
async function chooseStar(page: Page, n: number) {
  await page.locator(`label[for="${await star(page, n).getAttribute("id")}"]`).click();
}

/** Opens the review form (the island waits out the lowered spam-guard minimum itself: goToForm). */
async function openReviewForm(page: Page): Promise<void> {
  await page.goto("/testimonials");
  // The review island hydrates once the browser is idle (client:idle); scroll to it as a visitor would.
  await page.locator("#leave-a-review").scrollIntoViewIfNeeded();
  await waitForHydration(page, "/api/testimonials");
  await expect(form(page)).toBeHidden();
  await reveal(page).click();
  await expect(form(page)).toBeVisible();
}

/** A fresh load of /testimonials with the (scroll-hydrated) list in view. */
async function showList(page: Page) {
  await page.goto("/testimonials");
  await page.locator("#reviews").scrollIntoViewIfNeeded();
}

// A call can take seconds while the whole suite shares a 2-core machine.
const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientHeaders());
});

test("a review sent through the form is stored pending, stays invisible until approved, then appears as text", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  await openReviewForm(page);
  const name = uniqueName("Eilidh");
  // Visitor text with markup in it: it must come back as the same characters, never as HTML.
  const text = "Fixed our <b>boiler</b> & radiators <img src=x onerror=alert(1)> in a day. Tidy and fair.";

  // The rating: none chosen at first, hover previews, a click chooses, arrows move (a radio group).
  for (const n of [1, 2, 3, 4, 5]) await expect(star(page, n)).not.toBeChecked();
  await expect(form(page).getByText("Not rated yet")).toBeVisible();
  await page.locator(`label[for="${await star(page, 2).getAttribute("id")}"]`).hover(); // preview only
  await expect(form(page).getByText("2 / 5")).toBeVisible();
  await form(page).getByLabel("Your Name").hover();
  await expect(form(page).getByText("Not rated yet")).toBeVisible();
  await chooseStar(page, 5);
  await expect(star(page, 5)).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(star(page, 4)).toBeChecked();

  await form(page).getByLabel("Your Name").fill(name);
  await form(page).getByLabel("Location").fill("Burntisland");
  await form(page).getByLabel("Your Review").fill(text);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/testimonials", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await submitButton(page).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();

  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(form(page)).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: success })).toBeVisible();
  await expectNoAxeViolations(page, "review: success", section);

  // Opening the form again: every field empty and no rating chosen.
  await reveal(page).click();
  await expect(form(page).getByLabel("Your Name")).toHaveValue("");
  await expect(form(page).getByLabel("Your Review")).toHaveValue("");
  for (const n of [1, 2, 3, 4, 5]) await expect(star(page, n)).not.toBeChecked();

  // Stored, pending.
  const { rows, cookie } = await testimonialsNamed(request, baseURL!, name);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ location: "Burntisland", rating: 4, text, approved: false });

  // Invisible to the public until approved.
  const publicList = async () =>
    ((await (await request.get("/api/testimonials")).json()) as { testimonials: { name: string }[] })
      .testimonials;
  expect((await publicList()).some((t) => t.name === name)).toBe(false);
  await showList(page);
  await expect(page.locator("#reviews figure").first()).toBeVisible();
  await expect(page.locator("#reviews").getByText(name)).toHaveCount(0);

  await approveTestimonial(request, baseURL!, cookie, rows[0]!.id);
  await expect
    .poll(async () => (await publicList()).some((t) => t.name === name), { timeout: 90_000 })
    .toBe(true);
  await showList(page);
  const card = page.locator("#reviews figure").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(card.locator("blockquote")).toHaveText(text);
  await expect(card.locator("img, b")).toHaveCount(0);
});

test("shows the spec's validation messages and focuses the first invalid field", async ({ page }) => {
  await openReviewForm(page);
  await expectNoAxeViolations(page, "review: empty", section);
  await form(page).getByLabel("Your Name").fill("A");
  await form(page).getByLabel("Location").fill(" ");
  await form(page).getByLabel("Your Review").fill("Too short");
  await submitButton(page).click();
  await expect(form(page).getByLabel("Your Name")).toHaveAccessibleDescription(
    "Name must be at least 2 characters.",
  );
  await expect(form(page).getByLabel("Location")).toHaveAccessibleDescription(
    "Location must be at least 2 characters.",
  );
  await expect(form(page).getByLabel("Your Review")).toHaveAccessibleDescription(
    "Review must be at least 10 characters.",
  );
  // An untouched rating is not five stars: the form asks for one.
  await expect(form(page).getByRole("group", { name: "Your Rating" })).toHaveAccessibleDescription(
    "Please choose a rating from 1 to 5 stars.",
  );
  await expect(form(page).getByLabel("Your Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Your Name")).toBeFocused();
  await expectNoAxeViolations(page, "review: errors", section);
});

test("a server failure shows the error notice and keeps every field and the rating", async ({ page }) => {
  await openReviewForm(page);
  await chooseStar(page, 3);
  await form(page).getByLabel("Your Name").fill("Hamish Test");
  await form(page).getByLabel("Location").fill("Leven");
  await form(page).getByLabel("Your Review").fill("Good work on the skirting boards.");
  await page.route("**/api/testimonials", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "database_unavailable", message: "Unavailable." } }),
        })
      : route.continue(),
  );
  await submitButton(page).click();
  await expect(notices(page).getByText(failure)).toBeVisible();
  await expect(form(page)).toBeVisible();
  await expect(form(page).getByLabel("Your Name")).toHaveValue("Hamish Test");
  await expect(form(page).getByLabel("Location")).toHaveValue("Leven");
  await expect(form(page).getByLabel("Your Review")).toHaveValue("Good work on the skirting boards.");
  await expect(star(page, 3)).toBeChecked();
  await expect(page.getByRole("alert").filter({ hasText: sitePhone })).toBeVisible();
  await expectNoAxeViolations(page, "review: server failure", section);
});

test("the hero's 'Share your experience' leads to the review section", async ({ page }) => {
  // The list above the section refreshes once it has woken up, and here the current list is ten
  // times longer than the one the page was built with. Its answer is held back until the visitor has
  // followed the link, so the list grows in the middle of the scroll while the section is still
  // several screen heights below (a short window makes that distance large): the link must still
  // land on the section.
  await page.setViewportSize({ width: 1280, height: 400 });
  let asked: (answer: () => Promise<void>) => void = () => {};
  const question = new Promise<() => Promise<void>>((resolve) => (asked = resolve));
  await page.route(
    "**/api/testimonials",
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { testimonials: { id: number; name: string }[] };
      const many = Array.from({ length: 10 }, (_, copy) =>
        body.testimonials.map((t) => ({
          ...t,
          id: t.id * 100 + copy,
          name: `${t.name} ${"abcdefghij"[copy]}`,
        })),
      ).flat();
      asked(() => route.fulfill({ response, json: { ...body, testimonials: many } }));
    },
    { times: 1 },
  );
  await page.goto("/testimonials");
  // The visitor glances at the reviews (the list wakes up and asks for the current one), goes back
  // to the top and follows the hero's link.
  await page.getByRole("list", { name: "Customer testimonials" }).scrollIntoViewIfNeeded();
  const answer = await question;
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await page.getByRole("link", { name: "Share your experience" }).click();
  // The page is on its way down: now the longer list arrives.
  await page.waitForFunction(() => window.scrollY > 0);
  await answer();
  await expect(page).toHaveURL(/#leave-a-review$/);
  await expect(reveal(page)).toBeInViewport();
});

test("leaves a review with JavaScript switched off", async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseURL!,
    extraHTTPHeaders: ownClientHeaders(),
  });
  const page = await context.newPage();
  await page.goto("/testimonials");
  await reveal(page).click(); // a <details>: opens without script
  const name = uniqueName("Isla");
  await form(page).getByLabel("Your Name").fill(name);
  await form(page).getByLabel("Location").fill("Glenrothes");
  await chooseStar(page, 3);
  await form(page).getByLabel("Your Review").fill("Hung two doors and fixed a squeaky floorboard.");
  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review!" })).toBeVisible();
  const { rows } = await testimonialsNamed(request, baseURL!, name);
  expect(rows).toEqual([expect.objectContaining({ rating: 3, approved: false, location: "Glenrothes" })]);
  await context.close();
});

test("the form starts on a page that is never idle, so an invitation's link is always read", async ({
  page,
}) => {
  // A main thread kept busy from the first script on (a phone running other work): the browser
  // never reports an idle moment, and the island must start anyway.
  await page.addInitScript(() => {
    setInterval(() => {
      const until = performance.now() + 14;
      while (performance.now() < until);
    }, 0);
  });
  await page.goto("/testimonials");
  await expect
    .poll(() =>
      page.evaluate(() => {
        const island = document.querySelector('form[action="/api/testimonials"]')?.closest("astro-island");
        return island ? !island.hasAttribute("ssr") : false;
      }),
    )
    .toBe(true);
});
