/**
 * The cancellation period on the visit, on a 375 px phone (docs/decisions/059-cancellation-period-on-the-visit.md):
 * a customer accepts a quote on their page without asking for an early start, and the page says
 * from when the work can start; the owner confirms the visit they asked for, inside the period,
 * which takes a deliberate confirmation with a reason; the visit is then flagged in plain words on
 * the request's appointment, on the schedule's day and on the run sheet. Screenshots at 375 and
 * 1280 px (SHOTS=dir saves them there too).
 */
import { expect as baseExpect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { cancellationEndDate } from "../../src/features/appointments/contract/cancellation-period";
import { addDays, dateInZone, formatShortDate } from "../../src/platform/time";
import { apiSignIn, clientIp, sentQuote, signedIn, uniqueName } from "./admin-support";
import { axe, axeAtBothWidths, shot } from "./page-checks";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 375, height: 800 } });

test("a visit inside the cancellation period without an early start: the customer's page, the deliberate confirmation and the owner's flag", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const name = uniqueName("Kirsty");
  const email = `period.${Date.now()}@example.com`;
  // The visit the test confirms must be inside the cancellation period.
  const until = cancellationEndDate(dateInZone(new Date()));
  const { id, day, path } = await sentQuote(request, owner, { name, email, accept: (d) => d <= until });

  // The customer accepts on a phone, leaving the early-start box unticked.
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  await page.goto(path);
  await page.getByRole("button", { name: "Accept and agree to pay £120.00" }).click();
  await expect(page.getByRole("heading", { name: "Your accepted quote" })).toBeVisible();
  await expect(page.getByTestId("work-start")).toHaveText(
    `We can start from ${formatShortDate(addDays(until, 1))}, after your 14-day cancellation period, unless you ask us to start sooner.`,
  );
  await page.getByTestId("work-start").scrollIntoViewIfNeeded();
  await axeAtBothWidths(page, "customer-work-start");

  // The owner confirms the time the customer asked for: inside the period, so he is asked first.
  const admin = await context.newPage();
  await signedIn(context, request, baseURL);
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto(`/admin/requests/${id}`);
  const dialog = admin.getByRole("dialog", { name: "Appointment Request" });
  await dialog
    .getByRole("list", { name: "Times the customer asked for" })
    .getByRole("button", { name: /^Confirm / })
    .click();
  const ask = admin.getByRole("alertdialog", { name: "Inside the customer's cancellation period" });
  await expect(ask).toContainText("without asking for the work to start early");
  await expect(ask.getByRole("button", { name: "Go ahead with this visit" })).toBeDisabled();
  await ask.getByLabel(/Why this visit goes ahead now/).fill("She phoned to ask us to start sooner.");
  await ask.getByRole("button", { name: "Go ahead with this visit" }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByTestId("appointment-status")).toContainText("Confirmed");

  // The flag, in the same words on the appointment, the schedule's day and the run sheet.
  const flag = `Inside the 14-day cancellation period: no early-start request; the customer may cancel until ${formatShortDate(until)}.`;
  const onRequest = dialog.getByTestId("cancellation-flag");
  await expect(onRequest).toHaveText(flag);
  await onRequest.scrollIntoViewIfNeeded();
  await axeAtBothWidths(admin, "request-cancellation-flag");

  await admin.goto(`/admin/schedule?view=day&date=${day}`);
  const card = admin.getByTestId("schedule-visit").filter({ hasText: name });
  await expect(card.getByTestId("cancellation-flag")).toHaveText(flag);
  await card.scrollIntoViewIfNeeded();
  await shot(admin, "schedule-cancellation-flag");

  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto(`/admin/schedule?view=week&date=${day}`);
  const inWeek = admin.getByTestId("schedule-visit").filter({ hasText: name });
  await expect(inWeek.getByTestId("cancellation-flag")).toHaveText(flag);
  await inWeek.scrollIntoViewIfNeeded();
  await axe(admin, "week with the flag at 1280px");
  await shot(admin, "week-cancellation-flag");
  await admin.setViewportSize({ width: 375, height: 800 });

  await admin.goto(`/admin/schedule/print?date=${day}`);
  const sheet = admin.getByTestId("run-sheet-visit").filter({ hasText: name });
  await expect(sheet.getByTestId("cancellation-flag")).toHaveText(flag);
  await expect(sheet).toContainText(`The bath tap drips (${name}).`);
  await sheet.scrollIntoViewIfNeeded();
  await shot(admin, "run-sheet-cancellation-flag");
});
