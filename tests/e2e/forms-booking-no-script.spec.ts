/**
 * The booking form with JavaScript off, on a phone: a refused post answers with every problem at
 * once and the form again, filled in and marked, with today's bookable dates to choose from;
 * corrected there, it goes through and the confirmation gives the reference.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { addDays, weekdayOf, type IsoDate } from "../../src/features/appointments/contract";
import {
  bookableDate,
  fillBookingFields,
  ownClientHeaders,
  serverTimeout,
  requestsNamed,
  uniqueName,
} from "./forms-support";
import { offeredDates } from "../helpers/dates";
import { shotsAtBothWidths } from "./page-checks";

const expect = baseExpect.configure({ timeout: serverTimeout });
test.describe.configure({ timeout: 120_000 });
test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

/** A Sunday inside the bookable span (Sundays are not working days). */
function sunday(): IsoDate {
  let date = bookableDate(1) as IsoDate;
  while (weekdayOf(date) !== 0) date = addDays(date, 1);
  return date;
}

test("a refused booking comes back with every problem marked, and is corrected and sent in one more trip", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders(ownClientHeaders());
  await page.goto("/book-appointment");
  const form = page.locator('form[action="/api/bookings"]');
  const name = uniqueName("Fraser");
  await fillBookingFields(form, {
    name,
    email: "fraser@example",
    phone: "07700 900123",
    address: "12 High Street, Kirkcaldy KY1 1AB",
    service: "plumbing-heating",
    message: "The kitchen tap drips all night and the washer seems worn out.",
  });
  // (The browser accepts that e-mail address; the server asks for a full one.)
  // Without script the first choice is the browser's own date picker, never free text.
  const firstDate = form.getByLabel("First choice: date");
  await expect(firstDate).toHaveAttribute("type", "date");
  await firstDate.fill(sunday());
  await form.getByLabel("First choice: arrival time").selectOption("morning");
  await form.getByRole("button", { name: "Book Appointment", exact: true }).click();

  // Every problem at once, in a summary that links to the marked fields.
  await expect(page.getByRole("heading", { name: "Please check the form", level: 1 })).toBeVisible();
  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading", { name: /There are 2 problems/ })).toBeVisible();
  await expect(summary.getByRole("link")).toHaveCount(2);
  const again = page.getByRole("form", { name: "Booking form" });
  const email = again.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/valid email/);
  await expect(email).toHaveValue("fraser@example");
  const date = again.getByLabel("First choice: date");
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(date).toHaveAccessibleDescription(/Sundays are not working days/);
  await expect(again.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel("Full Name")).toHaveValue(name);
  await expect(again.getByLabel("Address")).toHaveValue("12 High Street, Kirkcaldy KY1 1AB");
  await expect(again.getByLabel("Service Required")).toHaveValue("plumbing-heating");
  // The summary's link takes the person to the field.
  await summary.getByRole("link", { name: /Email/ }).click();
  await expect(page).toHaveURL(/#field-email$/);
  await expect(page.locator("header.site")).toBeVisible();
  await expect(page.locator("footer.site")).toBeVisible();

  await shotsAtBothWidths(page, "booking-refused-no-script");

  // Corrected: a valid e-mail and a date chosen from the list of bookable dates.
  await email.fill("fraser.test@example.com");
  // The list is the diary's: days customers can book that are not fully booked yet (the suite
  // shares one diary, so the first such day is whatever the server offers now).
  // The refused Sunday stays in the list, chosen, so the person sees what they sent.
  const offered = await date
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const bookable = offeredDates().map((d) => d.date);
  const others = offered.filter((d) => d !== sunday());
  expect(others.length).toBeGreaterThan(0);
  expect(
    others.every((d) => bookable.includes(d)),
    others.join(", "),
  ).toBe(true);
  await date.selectOption(others[0]!);
  await again.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
  await expect(page.getByText(/reference/i)).toBeVisible();

  const stored = await requestsNamed(request, baseURL!, name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ email: "fraser.test@example.com", service: "plumbing-heating" });
});
