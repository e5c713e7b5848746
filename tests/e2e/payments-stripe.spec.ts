/**
 * Paying an invoice by card on a 375 px phone, on the real stack with the Stripe-compatible test
 * server (tests/e2e/stripe-host.ts): from the invoice e-mail's link (caught by the loopback SMTP
 * server) to the customer's page, "Pay £X now", the test server's checkout page (the redirect the
 * site's Checkout Session gave), paying there; back on the page "Payment received, it will show here
 * in a moment"; once the signed webhook has arrived, "Paid, thank you" on the page, and on the owner's
 * side the money screen's "received" figure up by the amount and the invoice marked paid online with
 * Stripe's fee. axe on each screen at 375 and 1280 px (SHOTS=dir saves screenshots).
 */
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { baseURL, stripePort } from "../../playwright.config";
import { axeAtBothWidths } from "./page-checks";
import { mailbox } from "./mailbox";
import { apiSignIn, clientIp, seedBooking, signedIn, uniqueName } from "./admin-support";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** The text of a quoted-printable message, its soft breaks joined and its escapes read as UTF-8. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");

async function invoiceMailPath(email: string): Promise<string> {
  const find = () =>
    mailbox.received.find((m) => m.envelopeTo.includes(email) && /KH-\d+/.test(decoded(m.raw)));
  await expect.poll(() => find() !== undefined, { timeout: 90_000 }).toBe(true);
  const match = /https?:\/\/[^\s"<>/]+(\/request\/[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(
    decoded(find()!.raw),
  );
  expect(match, "the invoice e-mail links to the customer's page").not.toBeNull();
  return match![1]!;
}

/** An issued and e-mailed invoice of £96.50 for a new booking. */
async function sentInvoice(request: APIRequestContext, email: string) {
  const admin = await apiSignIn(request, baseURL);
  const headers = { Cookie: admin.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
  const submissionId = await seedBooking(request, uniqueName("Isla"), { email });
  const created = await request.post("/api/admin/invoices", {
    data: {
      kind: "direct",
      submissionId,
      lines: [{ description: "Rehang the garden gate", quantity: 1, unitPence: 9_650 }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${id}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  const sent = await request.post(`/api/admin/invoices/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { submissionId, id, number };
}

const pence = (text: string | null) => Math.round(Number((text ?? "").replace(/[£,]/g, "")) * 100);

test("a customer pays an invoice by card from the e-mail's link; the page and the owner's money screen show it paid", async ({
  page,
  context,
  request,
}) => {
  const email = `card.${Date.now()}@example.com`;
  const invoice = await sentInvoice(request, email);

  // The owner's "received this month" before.
  await page.setViewportSize({ width: 375, height: 800 });
  await signedIn(context, request, baseURL);
  await page.goto("/admin/money");
  const received = page.getByTestId("money-received");
  await expect(received).toHaveText(/£/);
  const before = pence(await received.textContent());
  await context.clearCookies();

  // The customer, from the e-mail's link, on a phone.
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  await page.goto(await invoiceMailPath(email));
  const invoices = page.getByRole("region", { name: "Your invoices" });
  const pay = invoices.getByRole("button", { name: `Pay £96.50 now for ${invoice.number}` });
  await expect(pay).toBeVisible();
  await axeAtBothWidths(page, "customer-pay");
  await pay.click();

  // Stripe's page (the test server's), at the address the Checkout Session gave.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${stripePort}/checkout/cs_test_`));
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByText(`£96.50 to ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  // Back on the page before the event has arrived: nothing recorded yet, and it says so.
  await expect(page).toHaveURL(new RegExp(`/request/[A-Za-z0-9_-]{22}\\?paid=${invoice.id}#invoices$`));
  await expect(page.getByText("Payment received, it will show here in a moment")).toBeVisible();
  await expect(invoices.getByText("To pay", { exact: true })).toBeVisible();

  // Once the signed webhook is in: paid.
  await expect
    .poll(
      async () => {
        await page.reload();
        return invoices.getByText("Paid, thank you").count();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(invoices.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);
  await expect(invoices.locator("[data-balance]")).toHaveText("£0.00");
  await axeAtBothWidths(page, "customer-paid");

  // The owner: "received" up by the payment, the invoice paid by card online with Stripe's fee.
  await signedIn(context, request, baseURL);
  await page.goto("/admin/money");
  await expect.poll(async () => pence(await received.textContent())).toBe(before + 9_650);
  await axeAtBothWidths(page, "money-after-card-payment");
  await page.goto(`/admin/requests/${invoice.submissionId}`);
  // The invoice's card (a credit note, once there is one, has a card of its own and no payments).
  const card = page
    .getByTestId("invoice-panel")
    .getByTestId("invoice-card")
    .filter({ has: page.getByTestId("invoice-payments") });
  await expect(card.getByTestId("invoice-status")).toHaveText("Paid");
  const payments = card.getByTestId("invoice-payments");
  await expect(payments).toContainText("£96.50 card (online)");
  await expect(payments).toContainText("Stripe fee £1.65");

  // A credit note on it (the whole invoice) offers the refund to the card; Stripe takes it.
  await card.getByRole("button", { name: "Credit note…" }).click();
  const credit = page.getByRole("dialog", { name: `Credit note against ${invoice.number}` });
  await credit.getByLabel("Reason").fill("The gate was rehung by the landlord instead.");
  await credit.getByRole("button", { name: "Make the credit note" }).click();
  await expect(credit).toBeHidden();
  const refund = card.getByRole("button", { name: /^Refund £96\.50 to the card/ });
  await expect(refund).toBeVisible();
  await axeAtBothWidths(page, "invoice-card-refund");
  await refund.click();
  const confirm = page.getByRole("alertdialog", { name: "Refund £96.50 to the card?" });
  await confirm.getByRole("button", { name: "Refund £96.50" }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId("card-refunds")).toContainText("£96.50 refund to the card on its way");
});
