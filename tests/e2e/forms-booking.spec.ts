/**
 * The booking form on /book-appointment against the running stack and its database.
 */
import { expect as baseExpect, test, type Page, type Request } from "@playwright/test";
import { formMinFillMs } from "../../playwright.config";
import { site } from "../../src/config/site";
import { bookingNextSteps } from "../../src/lib/request-wording";
import { bookingRequestSchema } from "../../src/features/requests/contract/forms";
import {
  bookableDate,
  type BookingFields,
  expectNoAxeViolations,
  fillBookingFields,
  fillOption,
  goToForm,
  ownClientHeaders,
  requestsNamed,
  notices,
  uniqueName,
  waitForHydration,
  serverTimeout,
  sitePhoneLink,
} from "./forms-support";

const success = "Request received! We'll contact you to confirm a time.";
const failure = "There was an error submitting your form. Please try again.";

type Booking = BookingFields;

function booking(name = uniqueName("Morag")): Booking {
  return {
    name,
    email: "morag.test@example.com",
    phone: "07700 900123",
    address: "12 High Street, Kirkcaldy KY1 1AB",
    service: "plumbing-heating",
    message: "The kitchen tap drips all night and the washer seems worn out.",
  };
}

async function fill(page: Page, b: Booking) {
  await fillBookingFields(form(page), b);
  await fillOption(form(page), 1, { date: bookableDate(1), window: "morning" });
}

async function expectFields(page: Page, b: Booking) {
  await expect(form(page).getByLabel("Full Name")).toHaveValue(b.name);
  await expect(form(page).getByLabel("Email")).toHaveValue(b.email);
  await expect(form(page).getByLabel("Phone")).toHaveValue(b.phone);
  await expect(form(page).getByLabel("Address")).toHaveValue(b.address);
  await expect(form(page).getByLabel("Service Required")).toHaveValue(b.service);
  await expect(form(page).getByLabel("Job Description")).toHaveValue(b.message);
}

const section = '[data-slot="BookingFormSection"]';
/** Labels carry a visual "*", so fields are found by label text inside the form. */
const form = (page: Page) => page.locator('form[action="/api/bookings"]');
const submitButton = (page: Page) => page.getByRole("button", { name: "Book Appointment", exact: true });

// A call can take seconds while the whole suite shares a 2-core machine.
const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientHeaders());
});

test("books an appointment through the form: stored once, the spec's success text, every field cleared", async ({
  page,
  request,
  baseURL,
}) => {
  await goToForm(page, "/book-appointment", "/api/bookings");
  const b = booking();
  await fill(page, b);
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/bookings") && r.method() === "POST") posts.push(r);
  });
  // A double click must send once.
  await submitButton(page).dblclick();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(page.getByRole("status").getByText(success)).toBeVisible();
  for (const label of ["Full Name", "Email", "Phone", "Address", "Service Required", "Job Description"]) {
    await expect(form(page).getByLabel(label)).toHaveValue("");
  }
  expect(posts).toHaveLength(1);

  const stored = await requestsNamed(request, baseURL!, b.name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    formType: "booking",
    email: b.email,
    phone: b.phone,
    address: b.address,
    service: b.service,
    message: b.message,
  });
  // The notice names the stored request's reference and says what happens next, as the e-mail and
  // the customer's page do.
  const status = page.getByRole("status").filter({ hasText: success });
  await expect(status).toContainText(`Your reference is KB-${String(stored[0]!.id).padStart(6, "0")}.`);
  await expect(status).toContainText(bookingNextSteps(site.response.confirmWithinHours));
  await expect(status).not.toContainText(/booked/i);
});

test("keeps what was typed before the form's script arrived, and sends it", async ({
  page,
  request,
  baseURL,
}) => {
  // A slow phone: the island's code arrives only after the person has started typing.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_astro/BookingForm*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/book-appointment");
  const b = booking();
  await fill(page, b);
  release();
  await waitForHydration(page, "/api/bookings");
  await expectFields(page, b);
  // The bookable dates arrive and the date input becomes a select: the typed date stays chosen.
  const firstDate = form(page).getByLabel("First choice: date");
  await expect.poll(() => firstDate.evaluate((el) => el.tagName)).toBe("SELECT");
  await expect(firstDate).toHaveValue(bookableDate(1));
  await expect(form(page).getByLabel("First choice: arrival time")).toHaveValue("morning");
  await submitButton(page).click();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(form(page).getByLabel("Full Name")).toHaveValue("");
  await expect(form(page).getByLabel("Service Required")).toHaveValue("");
  const stored = await requestsNamed(request, baseURL!, b.name);
  expect(stored).toEqual([
    expect.objectContaining({ address: b.address, service: b.service, message: b.message }),
  ]);
});

test("shows every client-side validation message, marks the fields invalid and focuses the first", async ({
  page,
}) => {
  await goToForm(page, "/book-appointment", "/api/bookings");
  let sent = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/bookings")) sent++;
  });
  await submitButton(page).click();
  const expected: Record<string, string> = {
    "Full Name": "Please enter your name.",
    Email: "Please enter your email address.",
    Phone: "Please enter your phone number.",
    Address: "Please enter your address.",
    "Service Required": "Please select a service.",
    "Job Description": "Please describe the job you need help with.",
    "First choice: date": "Please choose at least one date and time that suits you.",
  };
  for (const [label, message] of Object.entries(expected)) {
    const field = form(page).getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(form(page).getByLabel("Full Name")).toBeFocused();
  await expectNoAxeViolations(page, "booking: errors", section);

  // The format checks, with messages from the shared schema.
  await form(page).getByLabel("Email").fill("not-an-email");
  await form(page).getByLabel("Phone").fill("12");
  await submitButton(page).click();
  await expect(form(page).getByLabel("Email")).toHaveAccessibleDescription(
    bookingRequestSchema.shape.email.safeParse("not-an-email").error!.issues[0]!.message,
  );
  await expect(form(page).getByLabel("Phone")).toHaveAccessibleDescription(
    "Please enter a valid phone number, for example 07700 900123.",
  );
  // Fixing a field clears its message as the person types.
  await form(page).getByLabel("Full Name").fill("Morag");
  await expect(form(page).getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  expect(sent).toBe(0);
});

test("a lost connection and a 503 keep every field, say what to do next, and the retry reuses the Idempotency-Key", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // three sends plus a fourth after the fill-time wait
  await goToForm(page, "/book-appointment", "/api/bookings");
  const b = booking();
  await fill(page, b);

  const keys: string[] = [];
  let attempt = 0;
  await page.route("**/api/bookings", async (route) => {
    keys.push((await route.request().headerValue("idempotency-key")) ?? "");
    attempt++;
    if (attempt === 1) return route.abort("connectionreset");
    if (attempt === 2) {
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "database_unavailable", message: "The database is unavailable." },
        }),
      });
    }
    return route.continue();
  });

  await submitButton(page).click();
  await expect(notices(page).getByText(failure)).toBeVisible();
  const alert = page.getByRole("alert").filter({ hasText: "still here" });
  await expect(alert).toContainText("check your connection and try again");
  await expect(alert.getByRole("link", { name: sitePhoneLink })).toHaveAttribute("href", /^tel:\+44/);
  await expectFields(page, b);
  await expect(submitButton(page)).toBeEnabled();

  await submitButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "please try again in a minute" })).toBeVisible();
  await expectFields(page, b);
  await expectNoAxeViolations(page, "booking: server failure", section);

  await submitButton(page).click();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(form(page).getByLabel("Full Name")).toHaveValue("");

  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{8,128}$/);
  expect(await requestsNamed(request, baseURL!, b.name)).toHaveLength(1);

  // After a success the next booking gets a new key.
  const next = booking();
  await fill(page, next); // the fill-time clock restarts after a success; the island waits it out
  await submitButton(page).click();
  await expect(form(page).getByLabel("Full Name")).toHaveValue("");
  expect(keys).toHaveLength(4);
  expect(keys[3]).not.toBe(keys[0]);
});

test("field errors from the server land on their fields", async ({ page }) => {
  await goToForm(page, "/book-appointment", "/api/bookings");
  const b = booking();
  await fill(page, b);
  await page.route("**/api/bookings", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          code: "validation_failed",
          message: "Some fields need attention.",
          fields: { address: "Please enter your address.", phone: "Please enter a valid phone number." },
        },
      }),
    }),
  );
  await submitButton(page).click();
  await expect(form(page).getByLabel("Phone")).toHaveAccessibleDescription(
    "Please enter a valid phone number.",
  );
  await expect(form(page).getByLabel("Address")).toHaveAccessibleDescription("Please enter your address.");
  await expect(form(page).getByLabel("Phone")).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: "correct the highlighted fields" })).toBeVisible();
  await expectFields(page, b);
});

test("shows 'Booking...' and a disabled button while sending", async ({ page }) => {
  await goToForm(page, "/book-appointment", "/api/bookings");
  await fill(page, booking());
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/bookings", async (route) => {
    await held;
    await route.continue();
  });
  await submitButton(page).click();
  const busy = page.getByRole("button", { name: "Booking..." });
  await expect(busy).toBeDisabled();
  release();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(submitButton(page)).toBeEnabled();
});

test("axe finds nothing on the empty and the successful booking form", async ({ page }) => {
  await goToForm(page, "/book-appointment", "/api/bookings");
  await expectNoAxeViolations(page, "booking: empty", section);
  await fill(page, booking());
  await submitButton(page).click();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expectNoAxeViolations(page, "booking: success", section);
});

test("books an appointment with JavaScript switched off", async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseURL!,
    extraHTTPHeaders: ownClientHeaders(),
  });
  const page = await context.newPage();
  await page.goto("/book-appointment");
  const b = booking();
  await fill(page, b);
  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
  expect(await requestsNamed(request, baseURL!, b.name)).toHaveLength(1);

  // A post the server refuses gets a page that says what is wrong and how to get back.
  await page.goto("/book-appointment");
  await fill(page, { ...booking(), phone: "12" });
  await submitButton(page).click();
  await expect(
    page.getByText("Please enter a valid phone number, for example 07700 900123.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: sitePhoneLink })).toBeVisible();
  await context.close();
});

test("filled and sent at autofill speed, within a second of the form appearing: booked on the first press", async ({
  page,
  request,
  baseURL,
}) => {
  // The island starts its fill-time clock in the same step as it switches the browser's own
  // validation off (`novalidate` on the form): that attribute change marks when the form was shown,
  // and settles `formShown` with the time.
  await page.addInitScript(() => {
    (window as unknown as { formShown: Promise<number> }).formShown = new Promise((shown) => {
      new MutationObserver((records) => {
        for (const r of records) {
          if ((r.target as Element).matches('form[action="/api/bookings"][novalidate]')) shown(Date.now());
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["novalidate"] });
    });
  });
  await page.goto("/book-appointment");
  const posts: { at: number; request: Request }[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/bookings") && r.method() === "POST")
      posts.push({ at: Date.now(), request: r });
  });
  const b = booking();
  // What browser autofill does: every field filled at once (input and change events), then send
  // pressed, all in the page.
  const { sinceShown, shownAt } = await page.evaluate(
    async (values) => {
      // Wait in the page for the form to be shown and act at once, as autofill does: a round trip
      // from the test to the page can take longer than the minimum fill time on a busy machine. (Not
      // a timer loop: a timer every few milliseconds can leave the browser no idle time to start
      // the island in, `client:idle`.)
      const started = await (window as unknown as { formShown: Promise<number> }).formShown;
      const form = document.querySelector<HTMLFormElement>('form[action="/api/bookings"]')!;
      for (const [name, value] of Object.entries(values)) {
        const field = form.elements.namedItem(name) as
          HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
        const proto = Object.getPrototypeOf(field) as object;
        Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }
      form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      return { sinceShown: Date.now() - started, shownAt: started };
    },
    { ...b, option1Date: bookableDate(1), option1Window: "morning" },
  );
  expect(sinceShown, "pressed well within the minimum fill time").toBeLessThan(formMinFillMs / 2);

  // The island waits out the rest of the minimum fill time in the sending state, then sends once.
  await expect(page.getByRole("button", { name: "Booking..." })).toBeDisabled();
  await expect(notices(page).getByText(success)).toBeVisible();
  await expect(page.getByRole("status").getByText(success)).toBeVisible();
  await expect(page.getByText(/faster than a person/)).toHaveCount(0);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.at - shownAt).toBeGreaterThanOrEqual(formMinFillMs);
  expect((await posts[0]!.request.response())?.status()).toBe(201);
  expect(await requestsNamed(request, baseURL!, b.name)).toHaveLength(1);
});
