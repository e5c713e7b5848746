/**
 * After the work, on a 375 px phone (and the page once at 1280 px): a customer who asked for an early
 * start accepts the quote on their page; the owner records the visit done, invoices it, records the
 * full payment and then removes it as a mistake in the admin. The customer's page then offers no
 * Cancel and says why, its status says the visit is done, and its timeline names every event in
 * plain words; the correction of the "paid in full" receipt is read back from the e-mail the stack
 * sent, parsed with a MIME parser (postal-mime).
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import PostalMime from "postal-mime";
import { baseURL } from "../../playwright.config";
import { expressStartText } from "../../src/data/consumer-rights";
import { weekdayOf } from "../../src/features/appointments/contract/dates";
import { windowInstants } from "../../src/features/appointments/window-instants";
import { dateInZone } from "../../src/platform/time";
import { apiSignIn, clientIp, sentQuote, signedIn, uniqueName } from "./admin-support";
import { mailTo } from "./mailbox";
import { axe, shot } from "./page-checks";

test.describe.configure({ timeout: 240_000 });

type Owner = { header: string };

/** A weekday: the visits these tests confirm fall on working days. */
const weekday = (d: string) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5;

const ownerHeaders = (owner: Owner) => ({ Cookie: owner.header, Origin: new URL(baseURL).origin });

/**
 * The visit done today: confirmed then recorded done while today's window is still open, or (once
 * it has ended) confirmed as done already. Either way the visit is done after the acceptance.
 */
async function visitDone(request: APIRequestContext, owner: Owner, id: number) {
  const today = dateInZone(new Date());
  const open = windowInstants(today, "any").end.getTime() > Date.now();
  const confirmed = await request.post(`/api/admin/appointments/${id}`, {
    data: {
      action: "confirm",
      date: today,
      window: "any",
      dayOverrideReason: "Fitted in today by phone.",
      ...(open ? {} : { doneAlready: true }),
    },
    headers: { ...ownerHeaders(owner), "X-Simulated-Client": clientIp() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  if (!open) return;
  const appointmentId = ((await confirmed.json()) as { appointment: { id: number } }).appointment.id;
  const done = await request.post(`/api/admin/appointments/${appointmentId}/complete`, {
    data: {},
    headers: ownerHeaders(owner),
  });
  expect(done.status(), await done.text()).toBe(200);
}

test("after an early-start job is done and paid by mistake: no Cancel, the timeline's words, and the receipt corrected", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const name = uniqueName("Ailsa");
  const email = `after.${Date.now()}@example.com`;
  const { id, path } = await sentQuote(request, owner, { name, email, accept: weekday });

  // The customer accepts on a phone and asks for an early start.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  await page.goto(path);
  await page.getByLabel(expressStartText).check();
  await page.getByRole("button", { name: "Accept and agree to pay £120.00" }).click();
  await expect(page.getByRole("heading", { name: "Your accepted quote" })).toBeVisible();
  // While the work is under way Cancel is offered, with what cancelling then costs.
  await expect(page.getByRole("link", { name: "Cancel" })).toBeVisible();
  await expect(page.getByText("in proportion to the total price, and we refund").first()).toBeVisible();

  await visitDone(request, owner, id);

  // The invoice, issued and sent; the full amount recorded (the receipt goes out).
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId: id,
      lines: [{ description: "Replace the bath tap", quantity: 1, unitPence: 12_000 }],
    },
    headers: ownerHeaders(owner),
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoiceId = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, {
    headers: ownerHeaders(owner),
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  expect(
    (await request.post(`/api/admin/invoices/${invoiceId}/send`, { headers: ownerHeaders(owner) })).status(),
  ).toBe(200);
  const paid = await request.post(`/api/admin/invoices/${invoiceId}/payments`, {
    data: { amountPence: 12_000, method: "cash", receivedOn: dateInZone(new Date()) },
    headers: ownerHeaders(owner),
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await mailTo(email, new RegExp(`Receipt: invoice ${number} is paid in full`));

  // The owner, on his phone, removes the payment he recorded by mistake.
  const admin = await context.newPage();
  await signedIn(context, request, baseURL);
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto(`/admin/requests/${id}`);
  const card = admin.getByTestId("invoice-panel").getByTestId("invoice-card").first();
  await card.getByRole("button", { name: "Remove the payment of £120.00" }).click();
  const remove = admin.getByRole("alertdialog", { name: "Remove the payment of £120.00?" });
  await remove.getByRole("button", { name: "Remove payment" }).click();
  await expect(remove).toBeHidden();
  await expect(card.getByTestId("invoice-balance")).toHaveText("£120.00");

  // The correction, read back with a MIME parser: the receipt was wrong, and the true balance.
  const raw = await mailTo(email, new RegExp(`Correction: invoice ${number}`));
  const correction = await PostalMime.parse(raw);
  expect(correction.subject).toBe(`Correction: invoice ${number} is not yet paid in full`);
  expect(correction.to?.[0]?.address).toBe(email);
  const text = (correction.text ?? "").replace(/\s+/g, " ");
  expect(text).toContain(`receipt saying invoice ${number} was paid in full. That was our mistake`);
  expect(text).toContain("Invoice total: £120.00 Paid: £0.00 Still to pay: £120.00");
  expect(text).toContain(`Reference: ${number}`);

  // The customer's page now: no Cancel and why, the visit done, and the story in plain words.
  await page.goto(path);
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);
  await expect(
    page.getByText("Once the work is finished at your request, the right to cancel ends").first(),
  ).toBeVisible();
  await expect(page.getByText(/^Visit done: /)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for another time" })).toHaveCount(0);
  const story = page.locator("body");
  for (const words of [
    "Request received",
    "Visit done",
    `Invoice ${number} issued`,
    `Invoice ${number} sent`,
    `£120.00 received (invoice ${number})`,
    `Payment of £120.00 removed from invoice ${number}: it was recorded by mistake`,
  ]) {
    await expect(story.getByText(words, { exact: true }).first(), words).toBeVisible();
  }
  await expect(page.getByText("Appointment changed")).toHaveCount(0);
  await axe(page, "customer page after the work (375)");
  await shot(page, "after-work-customer");
  await page.setViewportSize({ width: 1280, height: 900 });
  await axe(page, "customer page after the work (1280)");
  await shot(page, "after-work-customer");
});

test("deleting a request with an issued invoice is refused with the reason, and anonymising is offered instead", async ({
  page,
  context,
  request,
}) => {
  const owner = await apiSignIn(request, baseURL);
  const name = uniqueName("Morven");
  const email = `anon.${Date.now()}@example.com`;
  const { id } = await sentQuote(request, owner, { name, email, accept: weekday });
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId: id,
      lines: [{ description: "Call-out", quantity: 1, unitPence: 6_000 }],
    },
    headers: ownerHeaders(owner),
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoiceId = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${invoiceId}/issue`, {
    headers: ownerHeaders(owner),
  });
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;

  await signedIn(context, request, baseURL);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/admin/requests/${id}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Delete submission" })
      .getByRole("button", { name: "Delete" })
      .click();
    const offer = page.getByRole("alertdialog", { name: "Anonymise instead?" });
    await expect(offer).toContainText(`This request has issued invoice ${number}.`);
    await expect(offer).toContainText("cannot be deleted");
    await shot(page, "after-work-anonymise-offer");
    if (width === 375) {
      await offer.getByRole("button", { name: "Cancel" }).click();
      await expect(offer).toBeHidden();
    }
  }
  await page
    .getByRole("alertdialog", { name: "Anonymise instead?" })
    .getByRole("button", { name: "Anonymise" })
    .click();
  await expect(page.getByText("The customer's details are gone; the invoices are kept.")).toBeVisible();
  const read = await request.get(`/api/admin/submissions/${id}`, { headers: ownerHeaders(owner) });
  expect(
    ((await read.json()) as { submission: { name: string; email: string | null } }).submission,
  ).toMatchObject({
    name: "Anonymised customer",
    email: null,
  });
  const invoice = await request.get(`/api/admin/invoices/${invoiceId}`, { headers: ownerHeaders(owner) });
  expect(invoice.status()).toBe(200);
});
