/**
 * The owner's day as the diary runs it, on the real stack at 375 and 1280 px: from today's schedule,
 * "Book a visit" → "New job on this day" opens the new-job form with the date filled in; a phone
 * job is added with a visit today (a day customers cannot book is booked with the owner's reason);
 * the request opens with "Added by you, from a phone call" and the visit; "On my way" reaches the
 * customer (the only e-mail they get: the owner did not ask for the confirmation) and shows in the
 * history without reopening; "Visit done" offers the next steps; the schedule lists the visit.
 * The test owns its clock: once today's window has ended (the London evening) no visit can be
 * booked for today, so the owner is refused, keeps what he typed, and books tomorrow instead.
 *
 * SHOTS=dir saves screenshots there.
 */
import { expect as baseExpect, type Page } from "@playwright/test";
import { mailbox } from "./mailbox";
import { todaysWindowOpen, uniqueName, test } from "./admin-support";
import { shot } from "./page-checks";
import { addDays, type IsoDate } from "../../src/features/appointments/contract";
import { dateInZone } from "../../src/platform/time";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 800 : 900 } });

    test("a phone job booked from today's schedule, on my way e-mailed, visit done", async ({
      ownerPage: page,
    }) => {
      const today = dateInZone(new Date());
      const name = uniqueName("Eilidh");
      const email = `eilidh.${Date.now()}.${width}@example.com`;

      await page.goto(`/admin/schedule?view=day&date=${today}`);
      await page
        .getByRole("button", { name: /^Book a visit on / })
        .first()
        .click();
      const book = page.getByRole("dialog", { name: /^Book a visit: / });
      await book.getByRole("link", { name: "New job on this day" }).click();

      await expect(page.getByRole("heading", { name: "New job", level: 1 })).toBeVisible();
      await expect(page.getByRole("radio", { name: "Phone call" })).toBeChecked();
      await expect(page.getByLabel("Book a visit now")).toBeChecked();
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue(today);
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Phone", { exact: true }).fill("07700 900555");
      await page.getByLabel("E-mail address").fill(email);
      await page.getByLabel("Address", { exact: true }).fill("7 Kirk Wynd, Kirkcaldy KY1 1EH");
      await page.getByLabel("Service", { exact: true }).selectOption("plumbing-heating");
      await page.getByLabel("What needs doing").fill("The bathroom radiator is cold at the top.");
      await page.getByLabel("Arrival window").selectOption("any");
      await expect(page.getByLabel("Send the customer a confirmation")).not.toBeChecked();
      expect(await sidewaysScroll(page), "the form scrolls sideways").toBeLessThanOrEqual(0);
      await shot(page, "diary-new-job");
      const open = todaysWindowOpen();
      const visitDate = await addJob(page, name, open ? today : undefined);
      const dialog = page.getByRole("dialog", { name: "Appointment Request" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/requests\/\d+$/);
      const history = dialog.getByTestId("request-history");
      await expect(history).toContainText("Added by you, from a phone call");
      await expect(dialog.getByTestId("appointment-status")).toContainText(/confirmed/i);
      const toCustomer = () => mailbox.received.filter((m) => m.envelopeTo.includes(email));
      if (!open) {
        // The London evening: the visit went to tomorrow, so the day's buttons are not offered yet.
        await expect(dialog.getByTestId("visit-day")).toHaveCount(0);
        await page.goto(`/admin/schedule?view=day&date=${visitDate}`);
        await expect(page.getByText(name).first()).toBeVisible();
        expect(toCustomer(), "no confirmation was asked for").toHaveLength(0);
        return;
      }

      const day = dialog.getByTestId("visit-day");
      await day.getByRole("button", { name: "30 min" }).click();
      await day.getByRole("button", { name: "On my way" }).click();
      // The history shows it without the dialog being reopened.
      await expect(history).toContainText("On the way: the customer was told");
      await expect.poll(() => toCustomer().length, { timeout: 90_000 }).toBe(1);
      expect(toCustomer()[0]!.headers["subject"]).toMatch(
        /^Kingdom Handyman is on the way, arriving around \d{1,2}:\d\d[ap]m$/,
      );
      await shot(page, "diary-on-my-way");

      await day.getByLabel("Note for the history (optional)").fill("Bled the radiator; warm all over.");
      await day.getByRole("button", { name: "Record visit done" }).click();
      await expect(dialog.getByTestId("visit-next-steps")).toContainText("Visit done at");
      await expect(history).toContainText("Bled the radiator; warm all over.");
      expect(await sidewaysScroll(page), "the request scrolls sideways").toBeLessThanOrEqual(0);
      await shot(page, "diary-done");

      // The day's schedule lists the visit.
      await page.goto(`/admin/schedule?view=day&date=${visitDate}`);
      await expect(page.getByText(name).first()).toBeVisible();
      // Still only the one e-mail: no confirmation was asked for.
      expect(toCustomer()).toHaveLength(1);
    });
  });
}

/**
 * Sends the filled new-job form and answers what the server asks, as the owner would, until the
 * request opens; the visit's date. The day may be one customers cannot book (a weekend, a bank
 * holiday, the cap): the refusal names why and the owner's reason books it anyway. Once today's
 * window has ended (`today` undefined: the London evening) no visit can be booked for today: the
 * refusal says so, and the owner picks tomorrow. Nothing he typed is lost on the way.
 */
async function addJob(page: Page, name: string, today: string | undefined): Promise<string> {
  const submit = page.getByRole("button", { name: "Add job and book visit" });
  const dialog = page.getByRole("dialog", { name: "Appointment Request" });
  const reason = page.getByLabel("Reason for booking it anyway");
  const ended = page.getByRole("alert").filter({ hasText: "has already ended, so it cannot be offered" });
  const dateField = page.getByLabel("Date", { exact: true });
  let date = today ?? (await dateField.inputValue());
  // Each answer is read once the server has answered the form's post.
  const send = () =>
    Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/admin/")),
      submit.click(),
    ]);
  await send();
  for (let answered = 0; answered < 3; answered++) {
    await expect(dialog.or(reason).or(ended).first()).toBeVisible();
    if (await dialog.isVisible()) return date;
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    if (await ended.isVisible()) {
      expect(today, "today's window was still open, yet the server says it has ended").toBeUndefined();
      date = addDays(date as IsoDate, 1);
      await dateField.fill(date);
    } else {
      await reason.fill("Fitted in by phone.");
    }
    await send();
  }
  await expect(dialog).toBeVisible();
  return date;
}
