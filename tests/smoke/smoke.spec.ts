/**
 * Smoke test of the site as a person meets it, run under every local path the getting-started guide
 * names: `npm run dev` (playwright.dev.config.ts: the Astro dev server with the functions in its
 * process), `npm run dev -- --netlify` (the same config with SMOKE_DEV_MODE=netlify: Netlify's own
 * `netlify dev`) and the production build (the "smoke" project in playwright.config.ts). Every
 * island starts, a booking goes through the island, the reviews show, the admin signs in with the
 * password the runner printed, and no page logs a console or page error.
 */
import type { Locator, Page } from "@playwright/test";
import {
  adminPassword as defaultAdminPassword,
  clientIp,
  seedBooking,
  uniqueName,
} from "../e2e/admin-support";
import { bookableDate, fillBookingFields, fillOption } from "../e2e/forms-support";
import { publicRoutes } from "../e2e/public-routes";
import { expect as baseExpect, test } from "./console-guard";

/** The dev stack compiles each page and starts a function worker per call: seconds each. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** What the runner printed (playwright.dev.config.ts reads it); else the browser suite's stack's. */
const adminPassword = () => process.env["SMOKE_ADMIN_PASSWORD"] ?? defaultAdminPassword();

const bookingSuccess = "Request received! We'll contact you to confirm a time.";
/** The booking form's lasting notice (the public pages have no toasts). */
const notices = (page: Page) => page.locator('[role="status"], [role="alert"]');

test.beforeEach(async ({ page }) => {
  // Public forms and the admin sign-in are rate-limited per client; every test gets its own.
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
});

/** Brings every island into view (some start only when visible) and waits until each has started. */
async function expectEveryIslandStarted(page: Page): Promise<number> {
  const islands = page.locator("astro-island");
  const count = await islands.count();
  for (let i = 0; i < count; i++) {
    const island: Locator = islands.nth(i);
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: "center" }));
    await expect(island, `island ${await island.getAttribute("component-url")}`).not.toHaveAttribute("ssr");
  }
  return count;
}

test("every public page and the not-found page: no console or page error, and every island starts", async ({
  page,
  guard,
}) => {
  for (const route of publicRoutes) {
    await page.goto(route.path, { waitUntil: "load" });
    await expect(page).toHaveTitle(new RegExp(route.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const islands = await expectEveryIslandStarted(page);
    if (route.islands) expect(islands, `${route.path} has islands`).toBeGreaterThan(0);
  }
  // The not-found page answers 404 and logs the missing path to the console on purpose.
  guard.allow("/no-such-page", 404);
  guard.allowLog("404 Error: User attempted to access non-existent route: /no-such-page");
  const response = await page.goto("/no-such-page", { waitUntil: "load" });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the reviews: the testimonials page lists them and the home page shows them in its carousel", async ({
  page,
}) => {
  // Both lists are rendered by islands that start when scrolled into view.
  await page.goto("/testimonials");
  await expectEveryIslandStarted(page);
  const list = page.getByRole("list", { name: "Customer testimonials" });
  await expect(list.getByRole("listitem").first()).toBeVisible();

  // On a phone the home page's reviews are a carousel with buttons (three columns from 768 px).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expectEveryIslandStarted(page);
  const carousel = page.locator('section[aria-roledescription="carousel"]');
  await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeVisible();
  await expect(carousel.getByText(/^1 \/ \d+$/)).toBeVisible();
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect(carousel.getByText(/^2 \/ \d+$/)).toBeVisible();
});

test("a booking with JavaScript on: the island sends it and the success message appears", async ({
  page,
}) => {
  await page.goto("/book-appointment");
  await expect(page.locator('astro-island:has(form[action="/api/bookings"])')).not.toHaveAttribute("ssr");
  const form = page.locator('form[action="/api/bookings"]');
  const name = uniqueName("Smoke");
  await fillBookingFields(form, {
    name,
    email: "smoke.test@example.com",
    phone: "07700 900123",
    address: "1 Esplanade, Kirkcaldy KY1 1AA",
    service: "floor-carpet",
    message: "Two bedrooms need new carpet laid before the move.",
  });
  await fillOption(form, 1, { date: bookableDate(1), window: "morning" });

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/bookings") && r.method() === "POST");
  await page.getByRole("button", { name: "Book Appointment", exact: true }).click();
  const request = await sent;
  // The island's JSON fetch, not the form's plain post (which would leave this page).
  expect(request.resourceType()).toBe("fetch");
  expect(request.headers()["content-type"]).toContain("application/json");
  expect((await request.response())?.status()).toBe(201);
  await expect(notices(page).getByText(bookingSuccess)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/book-appointment");
  await expect(form.getByLabel("Full Name")).toHaveValue("");
});

test("the admin: signs in with the printed password and shows the dashboard, the reviews and the requests", async ({
  page,
  request,
  guard,
}) => {
  const name = uniqueName("Smoke");
  await seedBooking(request, name);

  // Signed out, the app asks the server who is signed in and is told 401: expected. The dashboard's
  // own calls start at the same time as that check (so a signed-in owner waits for neither), and
  // are told 401 too.
  guard.allow("/api/admin/session", 401);
  guard.allow("/api/admin/summary", 401);
  guard.allow("/api/admin/attention", 401);
  guard.allow("/api/admin/money", 401);
  guard.allow("/api/admin/settings/business", 401); // the launch checklist
  await page.goto("/admin");
  await page.getByLabel(/^Password/).fill(adminPassword());
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(/\d+ in total, \d+ unread/)).toBeVisible();
  await expect(page.getByText(/\d+ in total, \d+ awaiting approval/)).toBeVisible();

  await page.getByRole("link", { name: /Form Submissions/ }).click();
  await expect(page.getByRole("heading", { name: "Form Submissions" })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();

  await page.goto("/admin/testimonials");
  await expect(page.getByRole("heading", { name: "Testimonials", exact: true })).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^(Approve review by|Remove approval for) / }).first(),
  ).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByText(/\d+ in total, \d+ unread/)).toBeVisible(); // nothing still loading
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
});
