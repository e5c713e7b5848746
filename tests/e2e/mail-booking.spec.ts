/**
 * E-mail end to end: a booking made through the form on /book-appointment reaches the owner and
 * the customer by e-mail (a real SMTP server on loopback, the one the stack's SMTP_URL names), and
 * the admin inbox shows the booking as e-mailed. Then the appointment flow: two preferred options,
 * the owner confirms the second in the admin, the customer's e-mail carries the calendar event, and
 * the owner's private feed lists it. Then the customer's page (docs/decisions/019-customer-page.md):
 * from the confirmation e-mail the customer opens their page, accepts the time offered and gets the
 * calendar file, asks for another time, cancels, and the owner sees each change in the admin; the
 * same with JavaScript off; a mail scanner opening every link changes nothing; axe clean at 375 and
 * 1280 px.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { axeScanner, shotsAtBothWidths } from "./page-checks";
import ICAL from "ical.js";
import { readFileSync } from "node:fs";
import { weekdayOf } from "../../src/features/appointments/contract/dates";
import { offeredDates } from "../helpers/dates";
import { wallClockInstant } from "../../src/platform/time";
import { clientIp, ownClient, signedIn, uniqueName } from "./admin-support";
import { bookableDate, fillBookingFields, fillOption, goToForm, ownDatesFrom } from "./forms-support";
import { decoded, mailTo, mailbox, pagePath } from "./mailbox";
import { calendarPart } from "../helpers/smtp";

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
  await goToForm(page, "/book-appointment", "/api/bookings");
  const form = page.locator('form[action="/api/bookings"]');
  await fillBookingFields(form, {
    name,
    email,
    phone: "07700 900456",
    address: "8 Kirk Wynd, Kirkcaldy KY1 1EH",
    service: "floor-carpet",
    message: "Laminate for a small hall, about 6 square metres.",
  });
  await fillOption(form, 1, { date: bookableDate(0), window: "any" });
  await form.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(page.getByText("Request received! We'll contact you to confirm a time.").first()).toBeVisible({
    timeout: 25_000,
  });

  // Both messages arrive within a minute.
  await expect
    .poll(() => mailbox.received.filter((m) => m.raw.includes(name)).length, { timeout: 60_000 })
    .toBe(2);
  const mine = mailbox.received.filter((m) => m.raw.includes(name));
  expect(mine.map((m) => m.envelopeTo[0]).sort()).toEqual([email, "hello@kingdomhandyman.example"].sort());

  // The admin inbox shows it as e-mailed.
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/submissions");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByTestId("mail-status")).toHaveAttribute("data-status", "sent", { timeout: 25_000 });
  await expect(row.getByTestId("mail-status")).toHaveText("E-mailed");
});

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
  await goToForm(page, "/book-appointment", "/api/bookings");
  const form = page.locator('form[action="/api/bookings"]');
  await fillBookingFields(form, {
    name,
    email,
    phone: "07700 900789",
    address: "4 Links Street, Kirkcaldy KY1 1QH",
    service: "kitchen-bathroom",
    message: "Reseal the bath and fix a loose towel rail.",
  });
  // Once hydrated, the dates come from the availability answer as a select.
  await expect(form.getByLabel("First choice: date")).toHaveJSProperty("tagName", "SELECT", {
    timeout: 25_000,
  });
  await fillOption(form, 1, { date: first, window: "morning" });
  await fillOption(form, 2, { date: second, window: "afternoon" });
  await form.getByRole("button", { name: "Book Appointment", exact: true }).click();
  await expect(page.getByText("Request received! We'll contact you to confirm a time.").first()).toBeVisible({
    timeout: 25_000,
  });

  // The owner opens the booking and confirms the customer's second choice with one tap.
  await signedIn(context, request, baseURL!);
  await page.goto("/admin/submissions");
  await page.getByRole("link", { name: `View details for ${name}` }).click();
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
        mailbox.received.filter(
          (m) => m.envelopeTo[0] === email && /confirmed/i.test(m.headers["subject"] ?? ""),
        ).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const confirmation = mailbox.received.find(
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

// ---------------------------------------------------------------- the customer's page

const weekdays = () =>
  offeredDates()
    .slice(ownDatesFrom)
    .map((d) => d.date)
    .filter((d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5);

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
    headers: { "X-Simulated-Client": clientIp() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function axeCheck(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await axeScanner(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help}`),
      `axe on ${what} at ${width}px`,
    ).toEqual([]);
  }
}

/**
 * A mail scanner: GETs (and HEADs) every link in every e-mail to this address, and every link on
 * the customer's pages they lead to, as link checkers in mail systems do.
 */
async function scanLinks(request: APIRequestContext, email: string): Promise<number> {
  const queue: string[] = [];
  for (const m of mailbox.received.filter((r) => r.envelopeTo.includes(email))) {
    for (const url of decoded(m.raw).matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
      const { pathname, search } = new URL(url[0]);
      queue.push(pathname + search);
    }
  }
  const seen = new Set<string>();
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path) || !path.startsWith("/request/")) continue;
    seen.add(path);
    expect((await request.head(path)).status(), path).toBeLessThan(500);
    const res = await request.get(path);
    expect(res.status(), path).toBeLessThan(500);
    for (const m of (await res.text()).matchAll(/href="(\/request\/[^"]+)"/g))
      queue.push(m[1]!.replaceAll("&amp;", "&"));
  }
  return seen.size;
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

  // The owner offers another time (the admin's appointment action).
  const ownerContext = await browser.newContext({ baseURL });
  const session = await signedIn(ownerContext, request, baseURL);
  const owner = { Origin: new URL(baseURL).origin, Cookie: session.header };
  const offered = weekdays()[3]!;
  const proposed = await request.post(`/api/admin/appointments/${id}`, {
    data: { action: "propose", date: offered, window: "afternoon" },
    headers: owner,
  });
  expect(proposed.status(), await proposed.text()).toBe(200);
  await mailTo(email, /^Can we come on/);
  // Both e-mails in the mailbox before the scan: the confirmation may be delivered after the offer.
  await mailTo(email, /We've received your booking request/);

  // A mail scanner opening every link in both e-mails changes nothing.
  const before = await (await request.get(`/api/admin/appointments/${id}`, { headers: owner })).json();
  expect(await scanLinks(request, email)).toBeGreaterThanOrEqual(6);
  expect(await (await request.get(`/api/admin/appointments/${id}`, { headers: owner })).json()).toEqual(
    before,
  );

  // From the confirmation e-mail, the customer opens the page.
  const path = pagePath(await mailTo(email, /We've received your booking request/));
  const customer = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await customer.newPage();
  await ownClient(page);
  // axe runs in the page, so only with JavaScript on; the pages are the same HTML either way.
  const axeClean = (p: Page, what: string) => (javaScriptEnabled ? axeCheck(p, what) : Promise.resolve());
  const opened = await page.goto(path);
  expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened!.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { name: "Your booking request" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The time we offered" })).toBeVisible();
  await axeClean(page, "the page with a time offered");

  // Accept the offered time: a confirmation step, then the calendar file arrives.
  await page.getByRole("link", { name: "Accept this time" }).click();
  await expect(page.getByRole("heading", { name: "Accept this time" })).toBeVisible();
  await axeClean(page, "the accept step");
  await page.getByRole("button", { name: "Yes, book this time" }).click();
  // The answer is the request's page as it now is, with what was done above it.
  await expect(page.getByRole("heading", { name: "Appointment confirmed" })).toBeVisible();
  await expect(page.getByText(/^Appointment confirmed: /)).toBeVisible();
  const confirmedMail = await mailTo(email, /Your appointment is confirmed/);
  const ics = calendarPart(confirmedMail);
  expect(ics, "the calendar file").not.toBeNull();
  const calendar = new ICAL.Component(ICAL.parse(ics!));
  expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  expect(event.startDate.toJSDate().toISOString()).toBe(wallClockInstant(offered, "12:00").toISOString());
  // The e-mail reads the visit first and the legal information last.
  const mailText = decoded(confirmedMail);
  expect(mailText.indexOf("Your appointment for")).toBeGreaterThan(-1);
  expect(mailText.indexOf("Your appointment for")).toBeLessThan(mailText.indexOf("FOR YOUR RECORDS"));
  await axeClean(page, "the page with an appointment");

  // Back (the accept step again, reloaded: the page is no-store): the request as it now is.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goBack();
  await expect(page).toHaveURL(/\?step=accept$/);
  await expect(page.getByRole("heading", { name: "This time is already accepted" })).toBeVisible();
  await expect(page.getByText(/^Appointment confirmed: /)).toBeVisible();
  await expect(page.getByText("can no longer be done online")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Yes, book this time" })).toHaveCount(0);

  // The site's own font, loaded from this site under the page's CSP.
  if (javaScriptEnabled) {
    const inter = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.includes("Inter") && f.status === "loaded");
    });
    expect(inter, "Inter loaded").toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Inter Variable"/,
    );
  }

  // Add to calendar: the .ics of the confirmed visit, the same event as the e-mailed invitation.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^appointment-KB-\d{6}\.ics$/);
  const file = new ICAL.Component(ICAL.parse(readFileSync((await download.path())!, "utf8")));
  expect(file.getFirstPropertyValue("method")).toBe("PUBLISH");
  const fileEvent = file.getFirstSubcomponent("vevent")!;
  const mailedEvent = calendar.getFirstSubcomponent("vevent")!;
  expect(fileEvent.getFirstPropertyValue("uid")).toBe(mailedEvent.getFirstPropertyValue("uid"));
  expect(fileEvent.getFirstPropertyValue("sequence")).toBe(mailedEvent.getFirstPropertyValue("sequence"));
  expect(new ICAL.Event(fileEvent).startDate.toJSDate().toISOString()).toBe(
    wallClockInstant(offered, "12:00").toISOString(),
  );
  if (javaScriptEnabled) {
    await page.goto(path);
    await shotsAtBothWidths(page, "customer-page-confirmed");
  }

  // Ask for another time.
  await page.getByRole("link", { name: "Ask for another time" }).click();
  await page.getByLabel("Date").first().selectOption(weekdays()[5]!);
  await page.getByLabel("Arrival time").first().selectOption("morning");
  await axeClean(page, "the reschedule step");
  await page.getByRole("button", { name: "Send these times" }).click();
  await expect(page.getByRole("heading", { name: "New times sent" })).toBeVisible();
  await mailTo(email, /We've got your new times/);

  // Cancel the appointment, with a reason.
  await page.getByRole("link", { name: "Cancel my appointment" }).click();
  await page.getByLabel("Reason (optional)").fill("We are moving house sooner than planned.");
  await axeClean(page, "the cancel step");
  await page.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(page.getByRole("heading", { name: "Cancelled" })).toBeVisible();
  const cancelledMail = await mailTo(email, /Your appointment is cancelled/);
  const cancellation = calendarPart(cancelledMail);
  expect(new ICAL.Component(ICAL.parse(cancellation!)).getFirstPropertyValue("method")).toBe("CANCEL");
  // It offers the page to look at, and nothing that can no longer be done.
  expect(decoded(cancelledMail)).toContain("See your request and what has happened:");
  expect(decoded(cancelledMail)).not.toMatch(/change or cancel|cancel it online/);
  await expect(page.getByText("This request is closed")).toBeVisible();
  await expect(page.getByText("You cancelled")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  await axeClean(page, "the closed page");
  if (javaScriptEnabled) await shotsAtBothWidths(page, "customer-page-cancelled");
  await customer.close();

  // The owner sees each change, marked as the customer's, and the links sent.
  const admin = await ownerContext.newPage();
  await admin.goto("/admin/submissions");
  const history = admin.getByRole("dialog").getByTestId("request-history");
  await admin.getByRole("link", { name: `View details for ${name}` }).click();
  await expect(history.locator('[data-actor="customer"]')).toHaveCount(3, { timeout: 30_000 });
  await expect(history.locator('[data-actor="customer"]').nth(0)).toContainText("Scheduled (was Contacted)");
  await expect(history.locator('[data-actor="customer"]').nth(1)).toContainText("Asked for another time");
  await expect(history.locator('[data-actor="customer"]').nth(2)).toContainText(
    "We are moving house sooner than planned.",
  );
  await expect(admin.getByTestId("request-links")).toContainText("We've received your booking request");
  await ownerContext.close();
}

test("the customer's page, from the confirmation e-mail: accept, another time, cancel; the owner sees each", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await customerJourney(browser, request, baseURL!, true);
});

test("the customer's page works the same with JavaScript off", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  await customerJourney(browser, request, baseURL!, false);
});

test("the lost-link form answers the same, and a wrong link gets the not-found page; both axe clean", async ({
  page,
}) => {
  await ownClient(page);
  await page.goto("/request/lost");
  await axeCheck(page, "the lost-link form");
  await page.getByLabel("Your e-mail address").fill(`nobody.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const missing = await page.goto("/request/AAAAAAAAAAAAAAAAAAAAAA");
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await axeCheck(page, "the not-found page");
});
