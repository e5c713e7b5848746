/**
 * The owner's schedule on the real stack at 375 and 1280 px (docs/decisions/039-schedule.md): a
 * booking request from the website is booked into a free day from the schedule; the agenda shows the
 * visit with its tap-to-call and plain map links; the visit is moved to another day and the
 * customer's e-mail (same calendar UID, SEQUENCE 1, the new time) is caught by the loopback SMTP
 * server; the day's run sheet prints on A4 without the admin's navigation (read back from the PDF).
 * axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots there.
 */
import { expect as baseExpect, type APIRequestContext } from "@playwright/test";
import ICAL from "ical.js";
import { mailbox } from "./mailbox";
import { calendarPart } from "../helpers/smtp";
import { pdfWords } from "../helpers/pdf";
import { seedBooking, uniqueName, test } from "./admin-support";
import { offeredDates } from "../helpers/dates";
import { axe, shot } from "./page-checks";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

interface Day {
  date: string;
  blocked: boolean;
  appointments: unknown[];
}

/** The first working day from `from` with no visit yet, and the next one after it. */
async function freeDays(request: APIRequestContext, cookie: string, from: string): Promise<[string, string]> {
  const to = new Date(Date.parse(`${from}T12:00:00Z`) + 40 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.get(`/api/admin/schedule?from=${from}&to=${to}`, { headers: { Cookie: cookie } });
  expect(res.status(), await res.text()).toBe(200);
  const days = ((await res.json()) as { days: Day[] }).days.filter(
    (d) => !d.blocked && d.appointments.length === 0,
  );
  return [days[0]!.date, days[1]!.date];
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("book a request into a free day, see it with call and map links, move it, print the run sheet", async ({
      ownerPage: page,
      request,
      owner: session,
    }) => {
      const name = uniqueName("Fiona");
      const email = `fiona.${Date.now()}.${width}@example.com`;
      const id = await seedBooking(request, name, {
        email,
        phone: "07700 900456",
        address: "14 Whytescauseway, Kirkcaldy KY1 1XF",
        message: `Radiator in the back bedroom stays cold (${name}).`,
      });
      const [day, later] = await freeDays(
        request,
        session.header,
        offeredDates()[width < 500 ? 5 : 12]!.date,
      );

      // The default view on a phone is the agenda; on a wide screen the week.
      await page.goto(`/admin/schedule?date=${day}`);
      await expect(page.getByRole("heading", { name: "Schedule", level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: width < 500 ? "Agenda" : "Week" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.getByRole("link", { name: "Schedule" })).toHaveAttribute("aria-current", "page");
      const dayCard = page.locator(`[data-testid="schedule-day"][data-date="${day}"]`);
      await expect(dayCard).toContainText("Free");
      await shot(page, "schedule-default");

      // Book the request into the free day.
      await dayCard.getByRole("button", { name: /^Book a visit on / }).click();
      const book = page.getByRole("dialog", { name: /^Book a visit: / });
      await book.getByLabel(/^Find a request/).fill(name);
      await book.getByRole("radio", { name: new RegExp(name) }).check();
      await book.getByLabel("Arrival window").selectOption("morning");
      await axe(page, "the booking dialog");
      await shot(page, "schedule-book");
      await book.getByRole("button", { name: "Book the visit" }).click();
      await expect(book).toBeHidden();

      // The agenda shows it: window, name, address, service, tel: and a plain map link.
      await page.goto(`/admin/schedule?view=agenda&date=${day}`);
      const visit = page
        .locator(`[data-testid="schedule-day"][data-date="${day}"]`)
        .getByTestId("schedule-visit")
        .filter({ hasText: name });
      await expect(visit).toHaveAttribute("data-status", "confirmed");
      await expect(visit).toContainText(/morning \((8|9)am to 12pm\)/);
      await expect(visit).toContainText("14 Whytescauseway, Kirkcaldy KY1 1XF");
      await expect(visit).toContainText("Plumbing & Heating");
      await expect(visit.getByRole("link", { name: /07700 900456/ })).toHaveAttribute(
        "href",
        "tel:07700900456",
      );
      await expect(visit.getByRole("link", { name: "Map" })).toHaveAttribute(
        "href",
        "https://www.google.com/maps/search/?api=1&query=14%20Whytescauseway%2C%20Kirkcaldy%20KY1%201XF",
      );
      await expect(visit.getByRole("link", { name })).toHaveAttribute("href", `/admin/requests/${id}`);
      await axe(page, "the agenda");
      await shot(page, "schedule-agenda");

      // Move it to the next free day, afternoon.
      await visit.getByRole("button", { name: "Move" }).click();
      const move = page.getByRole("dialog", { name: `Move ${name}'s visit` });
      await move.getByLabel("New date").fill(later);
      await move.getByLabel("Arrival window").selectOption("afternoon");
      await move.getByRole("button", { name: "Move the visit" }).click();
      await expect(move).toBeHidden();
      await expect(visit).toHaveCount(0);

      await page.goto(`/admin/schedule?view=day&date=${later}`);
      const moved = page.getByTestId("schedule-visit").filter({ hasText: name });
      await expect(moved).toContainText("afternoon");
      await axe(page, "the day");
      await shot(page, "schedule-day");

      // The customer was told: the confirmation, then the change with the same UID and SEQUENCE 1.
      const mine = () => mailbox.received.filter((m) => m.envelopeTo.includes(email));
      const changed = () => mine().filter((m) => /has changed/i.test(m.headers["subject"] ?? ""));
      await expect.poll(() => changed().length, { timeout: 90_000 }).toBe(1);
      const confirmed = mine().find((m) => /is confirmed/i.test(m.headers["subject"] ?? ""))!;
      const eventOf = (raw: string) =>
        new ICAL.Component(ICAL.parse(calendarPart(raw)!)).getFirstSubcomponent("vevent")!;
      const first = eventOf(confirmed.raw);
      const second = eventOf(changed()[0]!.raw);
      expect(second.getFirstPropertyValue("uid")).toBe(first.getFirstPropertyValue("uid"));
      expect(second.getFirstPropertyValue("sequence")).toBe(
        Number(first.getFirstPropertyValue("sequence")) + 1,
      );
      expect(String(second.getFirstPropertyValue("dtstart"))).toMatch(new RegExp(`^${later}T`));

      // The run sheet prints on A4 without the admin's header and navigation.
      await page.getByRole("link", { name: "Run sheet" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const row = page.getByTestId("run-sheet-visit").filter({ hasText: name });
      await expect(row).toContainText("07700 900456");
      await expect(row).toContainText("Radiator in the back bedroom stays cold");
      await axe(page, "the run sheet");
      await shot(page, "schedule-run-sheet");
      await page.emulateMedia({ media: "print" });
      await shot(page, "schedule-run-sheet-print");
      await page.emulateMedia({ media: null });
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      const words = await pdfWords(pdf);
      expect(words).toContain("run sheet");
      expect(words).toContain(name);
      expect(words).toContain("07700 900456");
      expect(words).toContain("14 Whytescauseway, Kirkcaldy KY1 1XF");
      expect(words).toContain("Radiator in the back bedroom stays cold");
      for (const chrome of ["View Website", "Inbox", "Personal data", "Print", "Back to the day"]) {
        expect(words, chrome).not.toContain(chrome);
      }

      // The week: Monday first, seven days.
      await page.goto(`/admin/schedule?view=week&date=${later}`);
      await expect(page.getByTestId("schedule-day")).toHaveCount(7);
      const firstDay = await page.getByTestId("schedule-day").first().getAttribute("data-date");
      expect(new Date(`${firstDay}T12:00:00Z`).getUTCDay()).toBe(1);
      await axe(page, "the week");
      await shot(page, "schedule-week");
    });

    test("a bank holiday is greyed with its name; an offer on it needs the owner's reason and shows as an offer", async ({
      ownerPage: page,
      request,
    }) => {
      const name = uniqueName("Ewan");
      await seedBooking(request, name, { email: `ewan.${Date.now()}.${width}@example.com` });
      const now = new Date();
      const year =
        now.getUTCMonth() === 11 && now.getUTCDate() >= 25 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
      const christmas = `${year}-12-25`;

      await page.goto(`/admin/schedule?view=day&date=${christmas}`);
      const day = page.locator(`[data-testid="schedule-day"][data-date="${christmas}"]`);
      await expect(day).toContainText("Bank holiday: Christmas Day");
      await day.getByRole("button", { name: /^Book a visit on / }).click();
      const book = page.getByRole("dialog", { name: /^Book a visit: / });
      await expect(book).toContainText("Customers cannot book this day (Bank holiday: Christmas Day).");
      await book.getByLabel(/^Find a request/).fill(name);
      await book.getByRole("radio", { name: new RegExp(name) }).check();
      await book.getByRole("radio", { name: "An offer to accept" }).check();
      await book.getByRole("button", { name: "Send the offer" }).click();
      const refusal = book.getByRole("alert");
      await expect(refusal).toContainText(
        "is a bank holiday (Christmas Day). To book it anyway, give the reason.",
      );
      await expect(book.getByRole("button", { name: "Book anyway" })).toBeDisabled();
      await book.getByLabel("Reason for booking it anyway").fill("Burst pipe, the customer asked");
      await axe(page, "the refusal");
      await shot(page, "schedule-holiday-refusal");
      await book.getByRole("button", { name: "Book anyway" }).click();
      await expect(book).toBeHidden();
      const offer = day.getByTestId("schedule-visit").filter({ hasText: name });
      await expect(offer).toHaveAttribute("data-status", "proposed");
      await expect(offer).toContainText("Offered, awaiting answer");
      await expect(offer.getByRole("button", { name: "Move" })).toHaveCount(0);
      await shot(page, "schedule-holiday-offer");
    });
  });
}
