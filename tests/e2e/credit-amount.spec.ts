/**
 * A credit note of a stated amount in Chromium on a 375 px phone: the owner picks "An amount",
 * types more than can be credited (refused in the dialog, nothing made), then £25.00; the dialog
 * says what the credit note comes to; the invoice's card shows the new balance and the credit note
 * its reason; a payment £5.00 over, kept on account, shows on the card. axe finds nothing at 375
 * and 1280 px; SHOTS=dir saves screenshots there.
 */
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiSignIn, clientIp, seedBooking, signedIn, uniqueName } from "./admin-support";
import { axeAtBothWidths } from "./page-checks";

const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

/** An issued £140.00 invoice (no VAT) for a new booking, through the admin API. */
async function issuedInvoice(request: APIRequestContext) {
  const name = uniqueName("Morven");
  const submissionId = await seedBooking(request, name, { email: `credit.${Date.now()}@example.com` });
  const session = await apiSignIn(request, baseURL);
  const headers = {
    Cookie: session.header,
    Origin: new URL(baseURL).origin,
    "X-Simulated-Client": clientIp(),
  };
  const lines = [
    { description: "Rehang the garden gate", quantity: 1, unitPence: 10_000 },
    { description: "Labour (hours)", quantity: 1, unitPence: 4_000 },
  ];
  const created = await request.post("/api/admin/invoices", {
    data: { kind: "direct", submissionId, lines },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${id}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  return { submissionId, number };
}

test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

test("the owner credits £25.00 of goodwill on a phone; more than is left is refused in the dialog", async ({
  page,
  context,
  request,
}) => {
  const { submissionId, number } = await issuedInvoice(request);
  await signedIn(context, request, baseURL);
  await page.goto(`/admin/requests/${submissionId}`);
  const card = page.getByTestId("invoice-panel").getByTestId("invoice-card").first();
  await expect(card.getByTestId("invoice-number")).toHaveText(number);
  await card.getByRole("button", { name: "Credit note…" }).click();

  const credit = page.getByRole("dialog", { name: `Credit note against ${number}` });
  await credit.getByRole("radio", { name: "An amount" }).check();
  const amount = credit.getByLabel("Amount to credit (£)");
  await expect(credit).toContainText("Up to £140.00.");
  await amount.fill("140.01");
  await credit.getByLabel("Reason").fill("Goodwill: the gate took two visits");
  await credit.getByRole("button", { name: "Make the credit note" }).click();
  await expect(credit).toContainText(
    `The credit note (£140.01) cannot be more than what is left to credit on invoice ${number} (£140.00).`,
  );
  await expect(amount).toHaveAttribute("aria-invalid", "true");

  await amount.fill("25");
  await expect(credit).toContainText("The credit note: £25.00.");
  // The refusal goes once the amount changes.
  await expect(credit).not.toContainText("cannot be more than");
  await expect(amount).toHaveAttribute("aria-invalid", "false");
  await axeAtBothWidths(page, "credit-amount-dialog");
  await credit.getByRole("button", { name: "Make the credit note" }).click();
  await expect(credit).toBeHidden();

  await expect(card.getByTestId("invoice-balance")).toHaveText("£115.00");
  const note = page.getByTestId("invoice-card").filter({ hasText: `Against ${number}` });
  await expect(note.getByTestId("invoice-number")).toHaveText(/^KH-CN-\d{4,}$/);
  await expect(note).toContainText("Goodwill: the gate took two visits");
  await expect(note).toContainText("£25.00");

  // Paid £120.00 against the £115.00 left, the extra kept on account: the card says so.
  await card.getByRole("button", { name: "Record payment" }).click();
  const pay = page.getByRole("dialog", { name: `Record a payment for ${number}` });
  await pay.getByLabel("Amount (£)").fill("120");
  await pay.getByRole("button", { name: "Record payment" }).click();
  await pay.getByRole("button", { name: "Keep £5.00 on account" }).click();
  await expect(pay).toBeHidden();
  await expect(card.getByTestId("invoice-payments")).toContainText("£115.00 bank transfer");
  await expect(card.getByTestId("invoice-payments")).toContainText("£5.00 paid over, kept on account");
  await axeAtBothWidths(page, "credit-amount-paid-over");
});
