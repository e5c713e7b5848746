/**
 * The contact form on /contact-us against the running stack and its database.
 */
import { contactNextSteps } from "../../src/lib/request-wording";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  goToForm,
  ownClientHeaders,
  requestsNamed,
  notices,
  uniqueName,
  serverTimeout,
  sitePhoneLink,
} from "./forms-support";

const success = "Message sent successfully! We'll get back to you soon.";
const failure = "There was an error submitting your form. Please try again.";
const section = '[data-slot="ContactFormSection"]';

function message(name = uniqueName("Callum")) {
  return {
    name,
    email: "callum.test@example.com",
    phone: "+44 7700 900456",
    message: "Do you fit laminate flooring in a small hallway? About 6 square metres.",
  };
}

async function fill(page: Page, m: ReturnType<typeof message>) {
  await form(page).getByLabel("Full Name").fill(m.name);
  await form(page).getByLabel("Email").fill(m.email);
  await form(page).getByLabel("Phone").fill(m.phone);
  await form(page).getByLabel("Message").fill(m.message);
}

/** Labels carry a visual "*", so fields are found by label text inside the form. */
const form = (page: Page) => page.locator('form[action="/api/contact"]');
const submitButton = (page: Page) => page.getByRole("button", { name: "Send Message" });

// A call can take seconds while the whole suite shares a 2-core machine.
const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientHeaders());
});

test("sends a contact message through the form: stored, the spec's success text, every field cleared", async ({
  page,
  request,
  baseURL,
}) => {
  await goToForm(page, "/contact-us", "/api/contact");
  await expectNoAxeViolations(page, "contact: empty", section);
  const m = message();
  await fill(page, m);
  await submitButton(page).click();
  await expect(notices(page).getByText(success)).toBeVisible();
  for (const label of ["Full Name", "Email", "Phone", "Message"]) {
    await expect(form(page).getByLabel(label)).toHaveValue("");
  }
  await expectNoAxeViolations(page, "contact: success", section);
  const stored = await requestsNamed(request, baseURL!, m.name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    formType: "contact",
    email: m.email,
    phone: m.phone,
    message: m.message,
  });
  // The notice names the stored request's reference and says what happens next, as the e-mail does.
  const status = page.getByRole("status").filter({ hasText: success });
  await expect(status).toContainText(`Your reference is KC-${String(stored[0]!.id).padStart(6, "0")}.`);
  await expect(status).toContainText(contactNextSteps(24));
});

test("shows every client-side validation message with the spec's labels and placeholder", async ({
  page,
}) => {
  await goToForm(page, "/contact-us", "/api/contact");
  await expect(form(page).getByLabel("Message")).toHaveAttribute("placeholder", "Your message");
  await expect(form(page).getByLabel("Message")).toHaveAttribute("rows", "5");
  await expect(form(page).getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form(page).getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(form(page).getByLabel("Phone")).toHaveAttribute("autocomplete", "tel");
  await submitButton(page).click();
  const expected: Record<string, string> = {
    "Full Name": "Please enter your name.",
    Email: "Please enter your email address.",
    Phone: "Please enter your phone number.",
    Message: "Please enter your message.",
  };
  for (const [label, text] of Object.entries(expected)) {
    await expect(form(page).getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByLabel(label)).toHaveAccessibleDescription(text);
  }
  await expect(form(page).getByLabel("Full Name")).toBeFocused();
  await form(page).getByLabel("Full Name").fill("Callum");
  await form(page).getByLabel("Email").fill("callum@");
  await submitButton(page).click();
  await expect(form(page).getByLabel("Email")).toHaveAccessibleDescription(
    "Please enter a valid email address.",
  );
  await expect(form(page).getByLabel("Email")).toBeFocused();
  await expectNoAxeViolations(page, "contact: errors", section);
});

test("a 503 from the server shows the error notice, keeps every field and offers the phone", async ({
  page,
}) => {
  await goToForm(page, "/contact-us", "/api/contact");
  const m = message();
  await fill(page, m);
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "database_unavailable", message: "The database is unavailable." },
      }),
    }),
  );
  await submitButton(page).click();
  await expect(notices(page).getByText(failure)).toBeVisible();
  await expect(form(page).getByLabel("Full Name")).toHaveValue(m.name);
  await expect(form(page).getByLabel("Email")).toHaveValue(m.email);
  await expect(form(page).getByLabel("Phone")).toHaveValue(m.phone);
  await expect(form(page).getByLabel("Message")).toHaveValue(m.message);
  await expect(
    page.getByRole("alert").filter({ hasText: "still here" }).getByRole("link", { name: sitePhoneLink }),
  ).toBeVisible();
  await expectNoAxeViolations(page, "contact: server failure", section);
});

test("a 429 says how long to wait", async ({ page }) => {
  await goToForm(page, "/contact-us", "/api/contact");
  await fill(page, message());
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": "600" },
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests." } }),
    }),
  );
  await submitButton(page).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please wait 10 minutes and try again" }),
  ).toBeVisible();
  await expect(form(page).getByLabel("Full Name")).not.toHaveValue("");
});

test("sends a contact message with JavaScript switched off", async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseURL!,
    extraHTTPHeaders: ownClientHeaders(),
  });
  const page = await context.newPage();
  await page.goto("/contact-us");
  const m = message();
  await fill(page, m);
  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeVisible();
  expect(await requestsNamed(request, baseURL!, m.name)).toHaveLength(1);
  await context.close();
});
