/**
 * E-mail end to end: a booking made through the form on /book-appointment reaches the owner and
 * the customer by e-mail (a real SMTP server on loopback, the one the stack's SMTP_URL names), and
 * the admin inbox shows the booking as e-mailed. Then the appointment flow: two preferred options,
 * the owner confirms the second in the admin, the customer's e-mail carries the calendar event, and
 * the owner's private feed lists it.
 */
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { weekdayOf } from "../../src/lib/appointments/dates";
import { wallClockInstant } from "../../src/server/appointments/window-instants";
import { smtpPort } from "../../playwright.config";
import { ownClient, signedIn, uniqueName } from "./admin-support";
import { bookableDate, fillOption, goToForm } from "./forms-support";
import { startSmtp } from "../helpers/smtp";

// One worker runs this file's tests: each worker's beforeAll would bind the same SMTP port.
test.describe.configure({ mode: "serial" });

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

  // Both messages arrive within a minute.
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

/** The first text/calendar part of a raw message, decoded (nodemailer sends it base64 or quoted-printable). */
function calendarPart(raw: string): string | null {
  const match =
    /Content-Type: text\/calendar[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*((?:\r?\n[^\r\n]+)*)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!match) return null;
  const headers = match[1] ?? "";
  const body = match[2] ?? "";
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

test("a visitor books with two options, the owner confirms the second, the customer's e-mail carries the event, and the owner's feed lists it", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const name = uniqueName("Callum");
  const email = `callum.${Date.now()}@example.com`;
  const first = bookableDate(0);
  // A weekday, so the afternoon is 12pm to 5pm (Saturday's ends at 4pm).
  const second = [2, 3, 4, 5].map((n) => bookableDate(n)).find((d) => weekdayOf(d) !== 6)!;
  await ownClient(page);
  const filledLikeAPerson = await goToForm(page, "/book-appointment", "/api/bookings");
  const form = page.locator('form[action="/api/bookings"]');
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("07700 900789");
  await form.getByLabel("Address").fill("4 Links Street, Kirkcaldy KY1 1QH");
  await form.getByLabel("Service Required").selectOption("kitchen-bathroom");
  await form.getByLabel("Job Description").fill("Reseal the bath and fix a loose towel rail.");
  // Once hydrated, the dates come from the availability answer as a select.
  await expect(form.getByLabel("First choice: date")).toHaveJSProperty("tagName", "SELECT", {
    timeout: 25_000,
  });
  await fillOption(form, 1, { date: first, window: "morning" });
  await fillOption(form, 2, { date: second, window: "afternoon" });
  await filledLikeAPerson();
  await form.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(
    page.getByText("Appointment booked successfully! We'll contact you to confirm.").first(),
  ).toBeVisible({
    timeout: 25_000,
  });

  // The owner opens the booking and confirms the customer's second choice with one tap.
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/submissions");
  await page.getByRole("button", { name: `View details for ${name}` }).click();
  const dialog = page.getByRole("dialog");
  const asked = dialog.getByRole("list", { name: "Times the customer asked for" });
  // A function's first call on the local stack can take a while on a busy machine (it is compiled
  // on first use), so the panel gets a generous wait.
  await expect(asked.getByRole("listitem")).toHaveCount(2, { timeout: 60_000 });
  await asked
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Confirm / })
    .click();
  await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed", { timeout: 60_000 });
  await expect(dialog.getByTestId("appointment-status")).toContainText("afternoon (12pm to 5pm)");

  // The customer's e-mail arrives with an invitation for that date and window.
  await expect
    .poll(
      () =>
        smtp!.received.filter(
          (m) => m.envelopeTo[0] === email && /confirmed/i.test(m.headers["subject"] ?? ""),
        ).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const confirmation = smtp!.received.find(
    (m) => m.envelopeTo[0] === email && /confirmed/i.test(m.headers["subject"] ?? ""),
  )!;
  const ics = calendarPart(confirmation.raw);
  expect(ics).not.toBeNull();
  const calendar = new ICAL.Component(ICAL.parse(ics!));
  expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  expect(event.startDate.toJSDate().toISOString()).toBe(wallClockInstant(second, "12:00").toISOString());
  expect(event.endDate.toJSDate().toISOString()).toBe(wallClockInstant(second, "17:00").toISOString());

  // The owner makes a feed link on the availability screen; the feed lists the job.
  await page.goto("/admin/availability");
  await page.getByRole("button", { name: /feed link/ }).click();
  const url = await page.getByTestId("calendar-feed-url").textContent({ timeout: 60_000 });
  const feed = await request.get(new URL(url!.trim()).pathname);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text.replace(/\r\n[ \t]/g, "")).toContain(name);
  const feedCalendar = new ICAL.Component(ICAL.parse(text));
  const ours = feedCalendar
    .getAllSubcomponents("vevent")
    .map((v) => new ICAL.Event(v))
    .find((e) => e.summary.startsWith(name))!;
  expect(ours.startDate.toJSDate().toISOString()).toBe(wallClockInstant(second, "12:00").toISOString());
});
