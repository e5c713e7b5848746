/**
 * Mail end to end, through a real SMTP server on loopback (the one the stack's SMTP_URL names):
 * - a booking made through the form on /book-appointment reaches the owner and the customer by
 *   e-mail, and the admin inbox shows the booking as e-mailed;
 * - the appointment flow: two preferred options, the owner confirms the second in the admin, the
 *   customer's e-mail carries the calendar event, and the owner's private feed lists it;
 * - the customer's page (docs/decisions/019-customer-page.md): from the confirmation e-mail the
 *   customer opens their page, accepts a proposed time and receives the calendar file, asks for
 *   another time, cancels, and the owner sees each change in the admin; the same with JavaScript
 *   off; axe clean at 375 and 1280 px.
 *
 * The tests in this file share the one SMTP port, so they run one after another.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { weekdayOf } from "../../src/lib/appointments/dates";
import { bookableDates } from "../../src/server/appointments/availability";
import { wallClockInstant } from "../../src/server/appointments/window-instants";
import { smtpPort } from "../../playwright.config";
import { clientIp, ownClient, signedIn, uniqueName } from "./admin-support";
import { bookableDate, fillOption, goToForm } from "./forms-support";
import { startSmtp } from "../helpers/smtp";

let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

test.describe.configure({ mode: "serial" });

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
  await expect(asked.getByRole("listitem")).toHaveCount(2, { timeout: 25_000 });
  await asked
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Confirm / })
    .click();
  await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed", { timeout: 25_000 });
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
  const url = await page.getByTestId("calendar-feed-url").textContent({ timeout: 25_000 });
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

// ---------------------------------------------------------------- the customer's page

/** A message's text as sent: quoted-printable soft breaks joined and escapes decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

async function mailTo(email: string, subject: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const message = smtp!.received.find(
          (m) => m.envelopeTo.includes(email) && subject.test(m.headers["subject"] ?? ""),
        );
        found = message ? decoded(message.raw) : undefined;
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found!;
}

/** The page's path from the link in an e-mail (the stack's SITE_URL may name another host). */
function pagePath(raw: string): string {
  const match = /https?:\/\/[^\s"<>]+(\/request\/[A-Za-z0-9_-]{22})/.exec(raw);
  expect(match, "a private link in the e-mail").not.toBeNull();
  return match![1]!;
}

function weekdays(): string[] {
  return bookableDates({ now: new Date() })
    .map((d) => d.date)
    .filter((d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5);
}

async function seedBookingFor(request: APIRequestContext, name: string, email: string): Promise<number> {
  const res = await request.post("/api/bookings", {
    data: {
      name,
      email,
      phone: "07700 900654",
      address: "4 Links Street, Kirkcaldy KY1 1QH",
      service: "kitchen-bathroom",
      message: `A door that sticks and a loose banister (${name}).`,
      preferredOptions: [{ date: weekdays()[1], window: "morning" }],
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
    headers: { "X-Forwarded-For": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function axeClean(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help}`),
      `axe at ${width}px`,
    ).toEqual([]);
  }
}

async function customerJourney(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  javaScriptEnabled: boolean,
) {
  const name = uniqueName(javaScriptEnabled ? "Isla" : "Fraser");
  const email = `customer.${Date.now()}.${javaScriptEnabled ? "js" : "nojs"}@example.com`;
  const id = await seedBookingFor(request, name, email);

  // The owner offers another time (the admin's appointment action, as the owner).
  const ownerContext = await browser.newContext({ baseURL });
  const session = await signedIn(ownerContext, request, baseURL);
  const offered = weekdays()[3]!;
  const proposed = await request.post(`/api/admin/submissions/${id}/appointment`, {
    data: { action: "propose", date: offered, window: "afternoon" },
    headers: { Origin: baseURL, Cookie: `${session.name}=${session.value}` },
  });
  expect(proposed.status(), await proposed.text()).toBe(200);

  // From the confirmation e-mail, the customer opens the page.
  const confirmation = await mailTo(email, /We've received your booking request/);
  const path = pagePath(confirmation);
  const customer = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await customer.newPage();
  await ownClient(page);
  const opened = await page.goto(path);
  expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { name: "Your booking request" })).toBeVisible();
  await expect(page.getByText("The time we offered")).toBeVisible();
  await axeClean(page);

  // Accept the proposed time: a confirmation step, then the .ics arrives.
  await page.getByRole("link", { name: "Accept this time" }).click();
  await expect(page.getByRole("heading", { name: "Accept this time" })).toBeVisible();
  await axeClean(page);
  await page.getByRole("button", { name: "Yes, book this time" }).click();
  await expect(page.getByRole("heading", { name: "Appointment confirmed" })).toBeVisible();
  await mailTo(email, /Your appointment is confirmed/);
  const sent = smtp!.received.find(
    (m) => m.envelopeTo.includes(email) && /Your appointment is confirmed/.test(m.headers["subject"] ?? ""),
  )!;
  const ics = calendarPart(sent.raw);
  expect(ics, "the calendar file").not.toBeNull();
  expect(new ICAL.Component(ICAL.parse(ics!)).getFirstPropertyValue("method")).toBe("REQUEST");
  await page.getByRole("link", { name: "Back to your request" }).click();
  await expect(page.getByText(/Appointment confirmed: /).first()).toBeVisible();

  // Ask for another time.
  await page.getByRole("link", { name: "Ask for another time" }).click();
  await page.getByLabel("Date").first().fill(weekdays()[5]!);
  await page.getByLabel("Arrival").first().selectOption("morning");
  await axeClean(page);
  await page.getByRole("button", { name: "Send these times" }).click();
  await expect(page.getByRole("heading", { name: "New times sent" })).toBeVisible();
  await mailTo(email, /We've got your new times/);
  await page.getByRole("link", { name: "Back to your request" }).click();

  // Cancel the appointment, with a reason.
  await page.getByRole("link", { name: "Cancel my appointment" }).click();
  await page.getByLabel("Reason (optional)").fill("We are moving house sooner than planned.");
  await page.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  await mailTo(email, /Your appointment is cancelled/);
  const cancellation = smtp!.received.find(
    (m) => m.envelopeTo.includes(email) && /Your appointment is cancelled/.test(m.headers["subject"] ?? ""),
  )!;
  expect(
    new ICAL.Component(ICAL.parse(calendarPart(cancellation.raw)!)).getFirstPropertyValue("method"),
  ).toBe("CANCEL");
  await page.getByRole("link", { name: "Back to your request" }).click();
  await expect(page.getByText("This request is closed")).toBeVisible();
  await expect(page.getByText("You cancelled")).toBeVisible();
  await customer.close();

  // The owner sees each change, marked as the customer's.
  const admin = await ownerContext.newPage();
  await admin.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
  const row = admin.locator("tr").filter({ hasText: name });
  await row.getByRole("button", { name: `View details for ${name}` }).click();
  const history = admin.getByTestId("request-history");
  await expect(history.locator('[data-actor="customer"]')).toHaveCount(3);
  await expect(history).toContainText("Scheduled");
  await expect(history).toContainText("Message on their page");
  await expect(history).toContainText("We are moving house sooner than planned.");
  await expect(admin.getByTestId("request-links")).toContainText("We've received your booking request");
  await ownerContext.close();
}

test("the customer's page, from the confirmation e-mail: accept, another time, cancel; the owner sees each", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await customerJourney(browser, request, baseURL!, true);
});

test("the customer's page works the same with JavaScript off", async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  await customerJourney(browser, request, baseURL!, false);
});

test("the lost-link form answers the same and is axe clean", async ({ page }) => {
  await ownClient(page);
  await page.goto("/request/lost");
  await axeClean(page);
  await page.getByLabel("Your e-mail address").fill(`nobody.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const missing = await page.goto("/request/AAAAAAAAAAAAAAAAAAAAAA");
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await axeClean(page);
});
