/**
 * A lifecycle that matches the day, on the real stack at 375 px: the owner confirms a
 * booking's visit and the history shows it at once, named as his; marking the request done while
 * the visit is still ahead is refused with the reason and the choice to complete or cancel the
 * visit; cancelling it in the same step closes the request, the appointment panel stops offering
 * visit actions, the history shows the change without reopening the dialog, and the customer's
 * cancellation (with its calendar CANCEL) is caught by the loopback SMTP server. The bank holidays
 * ahead are listed on the availability screen, and one is opened for work and closed again. At
 * 1280 px the refusal is checked, and the visit cancelled (the flows run at 375 px:
 * docs/decisions/082-one-flow-at-one-width.md). axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of the refusal and the closed request there.
 */
import { expect as baseExpect } from "@playwright/test";
import ICAL from "ical.js";
import { mailbox } from "./mailbox";
import { calendarPart } from "../helpers/smtp";
import { openSection, seedBooking, uniqueName, test } from "./admin-support";
import { axe, shot } from "./page-checks";

/** Each screen waits on function calls that take seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

test.describe("at 375 px", () => {
  const width = 375;
  test.use({ viewport: { width, height: 800 } });

  test("done is refused while the visit is ahead; cancelling it in the same step closes the request and tells the customer", async ({
    ownerPage: page,
    request,
  }) => {
    const name = uniqueName("Isla");
    const email = `isla.${Date.now()}.${width}@example.com`;
    const id = await seedBooking(request, name, { email });

    await page.goto(`/admin/requests/${id}`);
    const dialog = page.getByRole("dialog", { name: "Appointment Request" });
    await openSection(dialog, "Progress, history and notes");
    const history = dialog.getByTestId("request-history");
    await expect(history).toContainText("Received from the website");

    // Confirm the time the customer asked for: the history shows it at once, as the owner's.
    await dialog
      .getByRole("button", { name: /^Confirm / })
      .first()
      .click();
    await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed");
    await expect(history.locator('li[data-actor="owner"]')).toContainText("Scheduled");
    await expect(history).toContainText("by you");
    await expect(history).not.toContainText("by the scheduled job");

    // Done while the visit is ahead: refused with the reason and the two ways on.
    await dialog.getByLabel("Move to").selectOption("done");
    await dialog.getByRole("button", { name: "Update state" }).click();
    const ahead = dialog.getByTestId("visit-ahead");
    await expect(ahead).toContainText("is still ahead");
    await expect(dialog.getByTestId("state-badge").first()).toHaveAttribute("data-state", "scheduled");
    await axe(page, "the refusal");
    await shot(page, "diary-visit-ahead");

    await ahead.getByRole("button", { name: /^Cancel the visit/ }).click();
    await expect(dialog.getByTestId("state-badge").first()).toHaveAttribute("data-state", "done");
    await expect(dialog.getByTestId("appointment-status")).toContainText("Cancelled");
    await expect(dialog.getByTestId("appointment-closed")).toContainText("This request is done");
    await expect(dialog.getByRole("button", { name: /^Confirm / })).toHaveCount(0);
    await expect(history.locator('li[data-actor="owner"]').last()).toContainText("Done");
    await expect(history).toContainText("cancelled");
    await axe(page, "the closed request");
    await shot(page, "diary-done");

    // The customer's cancellation, with the calendar file that takes the visit out.
    const mine = () =>
      mailbox.received.filter(
        (m) => m.envelopeTo.includes(email) && /cancelled/i.test(m.headers["subject"] ?? ""),
      );
    await expect.poll(() => mine().length, { timeout: 90_000 }).toBe(1);
    const ics = calendarPart(mine()[0]!.raw);
    expect(ics).not.toBeNull();
    const calendar = new ICAL.Component(ICAL.parse(ics!));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(1);
  });

  test("the bank holidays ahead are listed; one is opened for work and closed again", async ({
    ownerPage: page,
  }) => {
    await page.goto("/admin/availability");
    const list = page.getByRole("list", { name: "Bank holidays ahead" });
    const christmas = list.getByRole("listitem").filter({ hasText: "Christmas Day" }).first();
    await expect(christmas).toBeVisible();
    await axe(page, "the bank holidays");
    await shot(page, "diary-holidays");
    await christmas.getByRole("button", { name: /^Open for work: / }).click();
    await expect(christmas).toContainText("Open for work");
    await christmas.getByRole("button", { name: /^Close again: / }).click();
    await expect(christmas.getByRole("button", { name: /^Open for work: / })).toBeVisible();
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the refusal of done while the visit is ahead passes axe and fits 1280 px", async ({
    ownerPage: page,
    request,
  }) => {
    const id = await seedBooking(request, uniqueName("Isla"), {
      email: `isla.${Date.now()}.1280@example.com`,
    });
    await page.goto(`/admin/requests/${id}`);
    const dialog = page.getByRole("dialog", { name: "Appointment Request" });
    await dialog
      .getByRole("button", { name: /^Confirm / })
      .first()
      .click();
    await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed");
    await dialog.getByLabel("Move to").selectOption("done");
    await dialog.getByRole("button", { name: "Update state" }).click();
    const ahead = dialog.getByTestId("visit-ahead");
    await expect(ahead).toContainText("is still ahead");
    await axe(page, "the refusal at 1280");
    await shot(page, "diary-visit-ahead");
    // Closed with its visit cancelled, as the flow at 375 px does: a visit left confirmed would
    // take a place that the booking tests choose (the first days offered).
    await ahead.getByRole("button", { name: /^Cancel the visit/ }).click();
    await expect(dialog.getByTestId("appointment-closed")).toContainText("This request is done");
  });
});
