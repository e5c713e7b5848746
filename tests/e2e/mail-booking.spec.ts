/**
 * Issue 6 end to end: a booking made through the form on /book-appointment reaches the owner and
 * the customer by e-mail (a real SMTP server on loopback, the one the stack's SMTP_URL names), and
 * the admin inbox shows the booking as e-mailed.
 */
import { expect, test } from "@playwright/test";
import { smtpPort } from "../../playwright.config";
import { ownClient, signedIn, uniqueName } from "./admin-support";
import { bookableDate, fillOption, goToForm } from "./forms-support";
import { startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

test.beforeAll(async () => {
  smtp = await startSmtp(smtpPort);
});

test.afterAll(async () => {
  await smtp?.close();
});

test("a booking made in the form is e-mailed to the owner and the customer, and the admin shows it as e-mailed", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName("Eilidh");
  const email = `eilidh.${Date.now()}@example.com`;
  await ownClient(page);
  const filledLikeAPerson = await goToForm(page, "/book-appointment", "/api/bookings");
  const form = page.locator('form[action="/api/bookings"]');
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("07700 900456");
  await form.getByLabel("Address").fill("8 Kirk Wynd, Kirkcaldy KY1 1EH");
  await form.getByLabel("Service Required").selectOption("floor-carpet");
  await form.getByLabel("Job Description").fill("Laminate for a small hall, about 6 square metres.");
  await fillOption(form, 1, { date: bookableDate(0), window: "any" });
  await filledLikeAPerson();
  await form.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(
    page.getByText("Appointment booked successfully! We'll contact you to confirm.").first(),
  ).toBeVisible({
    timeout: 25_000,
  });

  // Both messages arrive within the minute the issue allows.
  await expect
    .poll(() => smtp!.received.filter((m) => m.raw.includes(name)).length, { timeout: 60_000 })
    .toBe(2);
  const mine = smtp!.received.filter((m) => m.raw.includes(name));
  expect(mine.map((m) => m.envelopeTo[0]).sort()).toEqual([email, "hello@kingdomhandyman.example"].sort());

  // The admin inbox shows it as e-mailed.
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/submissions");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByTestId("mail-status")).toHaveAttribute("data-status", "sent", { timeout: 25_000 });
  await expect(row.getByTestId("mail-status")).toHaveText("E-mailed");
});
