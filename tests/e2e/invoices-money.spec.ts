/**
 * Invoices and payments in Chromium, on the real stack: the owner invoices a quote the customer
 * accepted on their page, issues it (it gets its number) and sends it; the e-mail is caught by the
 * loopback SMTP server and read back, its PDF too; the customer's page from its link lists the
 * invoice with the balance, the bank details and the reference. On a 375 px phone the owner
 * records a payment from the money screen in under five taps; an overpayment asks whether the extra
 * is kept on account or refunded, and one larger than the invoice is refused with the server's
 * message and what was typed stays. The money screen, the invoice panel and the customer's page at
 * 375 and 1280 px: axe finds nothing and nothing scrolls sideways.
 *
 * SHOTS=dir saves screenshots of them there (for looking at them by eye).
 */
import { axe, axeAtBothWidths, shot } from "./page-checks";
import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { mailbox } from "./mailbox";
import { pdfFromMime, pdfWords } from "../helpers/pdf";
import { apiSignIn, clientIp, seedBooking, signedIn, uniqueName } from "./admin-support";

/** Each screen waits on function calls that take seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });

let admin: { header: string } | undefined;
// Each test signs in for its own admin API calls: a session held over from another test may have
// been renewed under a new cookie by then.
test.beforeEach(() => {
  admin = undefined;
});

/**
 * A message's text as sent: quoted-printable soft breaks joined and its escapes read as the UTF-8
 * bytes they are ("=C2=A3" is one "£"). The raw message is ASCII, so the byte round trip is exact.
 */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");

/** A header as written: RFC 2047 encoded words ("=?UTF-8?Q?=C2=A3285.00?=", for the "£") decoded. */
function headerText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

async function mailTo(email: string, subject: RegExp): Promise<{ raw: string; subject: string }> {
  const find = () =>
    mailbox.received.find(
      (m) => m.envelopeTo.includes(email) && subject.test(headerText(m.headers["subject"] ?? "")),
    );
  await expect.poll(() => find() !== undefined, { timeout: 90_000 }).toBe(true);
  const m = find()!;
  return { raw: m.raw, subject: headerText(m.headers["subject"] ?? "") };
}

function pagePath(raw: string): string {
  const match = /(https?:\/\/[^\s"<>/]+)(\/request\/[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/.exec(decoded(raw));
  expect(match, "a private link in the e-mail").not.toBeNull();
  return match![2]!;
}

async function adminHeaders(request: APIRequestContext) {
  admin ??= await apiSignIn(request, baseURL);
  return { Cookie: admin.header, Origin: new URL(baseURL).origin, "X-Simulated-Client": clientIp() };
}

/** A booking through the public API, as a visitor sends it, on the first offered day with room; its id. */
const invoiceBooking = (request: APIRequestContext, name: string, email: string) =>
  seedBooking(request, name, {
    email,
    phone: "07700 900876",
    address: "7 Bennochy Road, Kirkcaldy KY2 5QU",
    message: `The bathroom tap drips and the bath needs resealing (${name}).`,
  });

/** An issued invoice for a new booking, written directly through the admin API: its id and number. */
async function issuedInvoice(
  request: APIRequestContext,
  lines: { description: string; quantity: number; unitPence: number }[],
): Promise<{ id: number; number: string; customer: string }> {
  const customer = uniqueName("Ailsa");
  const submissionId = await invoiceBooking(request, customer, `pay.${Date.now()}@example.com`);
  const headers = await adminHeaders(request);
  const created = await request.post("/api/admin/invoices", {
    data: { kind: "direct", submissionId, lines },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { invoice: { id: number } }).invoice.id;
  const issued = await request.post(`/api/admin/invoices/${id}/issue`, { headers });
  expect(issued.status(), await issued.text()).toBe(200);
  const number = ((await issued.json()) as { invoice: { number: string } }).invoice.number;
  return { id, number, customer };
}

test("an invoice from an accepted quote is issued and sent; the e-mail and its PDF are read; the customer's page shows it with the balance", async ({
  page,
  context,
  request,
}) => {
  const name = uniqueName("Catriona");
  const email = `invoice.${Date.now()}@example.com`;
  const id = await invoiceBooking(request, name, email);
  const headers = await adminHeaders(request);
  const created = await request.post(`/api/admin/submissions/${id}/quotes`, {
    data: {
      lines: [
        { description: "Replace bathroom basin tap <and> isolation valve", quantity: 1, unitPence: 16_000 },
        { description: "Reseal the bath", quantity: 1, unitPence: 6_500 },
        { description: "Labour (hours)", quantity: 1.5, unitPence: 4_000 },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const quoteId = ((await created.json()) as { quote: { id: number } }).quote.id;
  const sent = await request.post(`/api/admin/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);

  // The customer accepts on their page.
  await page.setExtraHTTPHeaders({ "X-Simulated-Client": clientIp() });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(pagePath((await mailTo(email, /Your quote from/)).raw));
  await page.getByRole("button", { name: "Accept and agree to pay £285.00" }).click();
  await expect(page.getByRole("heading", { name: "Quote accepted" })).toBeVisible();

  // The owner invoices the accepted quote, issues it and sends it.
  await signedIn(context, request, baseURL);
  await page.goto(`/admin/requests/${id}`);
  const panel = page.getByTestId("invoice-panel");
  await panel.getByRole("button", { name: "Invoice the quote (£285.00)" }).click();
  const card = panel.getByTestId("invoice-card").first();
  await expect(card.getByTestId("invoice-number")).toHaveText("Draft invoice");
  await expect(card.getByTestId("invoice-status")).toHaveText("Draft");
  await expect(card.getByTestId("invoice-sums")).toContainText("£285.00");
  await card.getByRole("button", { name: "Issue…" }).click();
  const issue = page.getByRole("alertdialog", { name: "Issue this invoice?" });
  await issue.getByRole("button", { name: "Issue invoice" }).click();
  await expect(issue).toBeHidden();
  await expect(card.getByTestId("invoice-number")).toHaveText(/^KH-\d{4,}$/);
  const number = (await card.getByTestId("invoice-number").textContent())!;
  await expect(card.getByTestId("invoice-status")).toHaveText("Unpaid");
  await expect(card.getByTestId("invoice-balance")).toHaveText("£285.00");
  // A quote already invoiced in full offers no second full invoice.
  await expect(panel.getByRole("button", { name: /^Invoice the quote/ })).toHaveCount(0);

  await card.getByRole("button", { name: "Send…" }).click();
  const send = page.getByRole("alertdialog", { name: `Send ${number}?` });
  await expect(send).toContainText(email);
  await send.getByRole("button", { name: "Send invoice" }).click();
  await expect(send).toBeHidden();
  await expect(card).toContainText("sent ");
  await card.getByText(/^3 lines$/).click();
  await expect(card.getByRole("table", { name: `Lines of ${number}` })).toContainText(
    "Replace bathroom basin tap <and> isolation valve",
  );
  await axeAtBothWidths(page, "invoice-panel", panel);

  // The e-mail: the number, the total, the bank details and the link; the PDF read back.
  const mail = await mailTo(email, new RegExp(`Invoice ${number} from`));
  expect(mail.subject).toContain("£285.00");
  const text = decoded(mail.raw).replace(/\s+/g, " ");
  expect(text).toContain(`Here is our invoice ${number} for £285.00`);
  expect(text).toContain("Replace bathroom basin tap <and> isolation valve: £160.00");
  expect(text).toContain(number);
  const pdf = await pdfWords(pdfFromMime(mail.raw));
  expect(pdf).toContain(number);
  expect(pdf).toContain("£285.00");
  expect(pdf).toContain("Reseal the bath");
  expect(pdf).toContain("Replace bathroom basin tap <and> isolation valve");

  // The customer's page from the invoice e-mail's link.
  await context.clearCookies();
  await page.goto(pagePath(mail.raw));
  const invoices = page.getByRole("region", { name: "Your invoices" });
  await expect(invoices).toContainText("Left to pay");
  await expect(invoices.locator("[data-balance]")).toHaveText("£285.00");
  await expect(invoices).toContainText(`Invoice ${number}`);
  await expect(invoices).toContainText("To pay");
  await expect(invoices).toContainText("Paying by bank transfer");
  await expect(invoices.locator("code", { hasText: number })).toBeVisible();
  // The script shows the copy button; the reference is plain text without it.
  await expect(invoices.getByRole("button", { name: `Copy the reference ${number}` })).toBeVisible();
  const pdfLink = invoices.getByRole("link", { name: `Download the PDF of ${number}` });
  const pdfAnswer = await page.request.get(
    new URL((await pdfLink.getAttribute("href"))!, baseURL).toString(),
  );
  expect(pdfAnswer.status()).toBe(200);
  expect(pdfAnswer.headers()["content-type"]).toContain("application/pdf");
  expect(await pdfWords(new Uint8Array(await pdfAnswer.body()))).toContain(number);
  await axeAtBothWidths(page, "invoice-customer-page");
});

test("a direct invoice is written with the quote editor's lines, issued, part paid; a mistaken payment is removed and a credit note for the whole voids it", async ({
  page,
  context,
  request,
}) => {
  const name = uniqueName("Fergus");
  const id = await invoiceBooking(request, name, `direct.${Date.now()}@example.com`);
  await signedIn(context, request, baseURL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/requests/${id}`);
  const panel = page.getByTestId("invoice-panel");
  await expect(panel).toContainText("No invoice yet.");
  await panel.getByRole("button", { name: "Write an invoice" }).click();

  const editor = page.getByRole("dialog", { name: "New invoice" });
  await editor.getByLabel(/^Description/).fill("Replace <b>broken</b> fence panel");
  await editor.getByLabel(/^Quantity/).fill("2");
  await editor.getByLabel(/^Unit price/).fill("45.5");
  // An invoice line cannot be optional: the quote editor's line form without that box.
  await expect(editor.getByRole("checkbox", { name: /Optional/ })).toHaveCount(0);
  await expect(editor.getByTestId("invoice-editor-total")).toHaveText("£91.00");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(editor).toBeHidden();

  const card = panel.getByTestId("invoice-card").first();
  await expect(card.getByTestId("invoice-number")).toHaveText("Draft invoice");
  await card.getByRole("button", { name: "Issue…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Issue invoice" }).click();
  await expect(card.getByTestId("invoice-number")).toHaveText(/^KH-\d{4,}$/);
  const number = (await card.getByTestId("invoice-number").textContent())!;

  // Part paid by card, then a mistaken cash payment recorded and removed.
  for (const [amount, method] of [
    ["40", "Card reader"],
    ["10", "Cash"],
  ] as const) {
    await card.getByRole("button", { name: "Record payment" }).click();
    const pay = page.getByRole("dialog", { name: `Record a payment for ${number}` });
    await pay.getByLabel("Amount (£)").fill(amount);
    await pay.getByRole("radio", { name: method }).check();
    await pay.getByRole("button", { name: "Record payment" }).click();
    await expect(pay).toBeHidden();
  }
  await expect(card.getByTestId("invoice-status")).toHaveText("Part paid");
  await expect(card.getByTestId("invoice-balance")).toHaveText("£41.00");
  await card.getByRole("button", { name: "Remove the payment of £10.00" }).click();
  const remove = page.getByRole("alertdialog", { name: "Remove the payment of £10.00?" });
  await remove.getByRole("button", { name: "Remove payment" }).click();
  await expect(remove).toBeHidden();
  await expect(card.getByTestId("invoice-balance")).toHaveText("£51.00");
  // Kept in the record, struck through and marked removed.
  await expect(card.getByTestId("invoice-payments")).toContainText("Removed");

  // Reminders off for this one.
  const reminders = card.getByRole("checkbox", { name: "Send polite payment reminders when overdue" });
  await expect(reminders).toBeChecked();
  // The box shows what the server stored, so it changes once the answer is in.
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await expect(page.getByText("Reminders turned off")).toBeVisible();

  await card.getByRole("button", { name: "Credit note…" }).click();
  const credit = page.getByRole("dialog", { name: `Credit note against ${number}` });
  await credit.getByLabel("Reason").fill("The fence was replaced by the neighbour instead.");
  await credit.getByRole("button", { name: "Make the credit note" }).click();
  await expect(credit).toBeHidden();
  await expect(card.getByTestId("invoice-status")).toHaveText("Void");
  // Paid beyond what is now owed: the panel says what goes back to the customer.
  await expect(card.getByTestId("invoice-sums")).toContainText("Owed back to the customer£40.00");
  const note = panel.getByTestId("invoice-card").filter({ hasText: `Against ${number}` });
  await expect(note.getByTestId("invoice-number")).toHaveText(/^KH-CN-\d{4,}$/);
  await expect(note).toContainText("The fence was replaced by the neighbour instead.");
  await axeAtBothWidths(page, "invoice-panel-credited", panel);
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test("the owner records a payment from the money screen in under five taps", async ({
    page,
    context,
    request,
  }) => {
    const invoice = await issuedInvoice(request, [
      { description: "Fit a new kitchen cupboard door", quantity: 1, unitPence: 9_500 },
      { description: "Labour (hours)", quantity: 1, unitPence: 4_000 },
    ]);
    await signedIn(context, request, baseURL);
    // The dashboard gives the outstanding figure and leads to the money screen.
    await page.goto("/admin");
    const outstanding = page.getByTestId("money-outstanding-summary");
    await expect(outstanding).toContainText(/£[\d,]+\.\d\d outstanding/);
    await page
      .getByRole("link", { name: /^Money/ })
      .filter({ has: outstanding })
      .click();
    await expect(page).toHaveURL(/\/admin\/money$/);
    await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();
    await expect(page.getByTestId("money-chart")).toBeVisible();
    await axeAtBothWidths(page, "money-screen");

    // Taps as a thumb makes them, counted in the page as well as here.
    await page.evaluate(() => {
      (window as unknown as { taps: number }).taps = 0;
      window.addEventListener("pointerdown", () => (window as unknown as { taps: number }).taps++, {
        capture: true,
      });
    });
    let taps = 0;
    const unpaid = page.getByRole("list", { name: "Invoices waiting for payment" });
    await expect(unpaid).toContainText(invoice.number);
    const row = unpaid.getByTestId("money-due-row").filter({ hasText: invoice.number });
    await row.getByRole("button", { name: `Record payment for ${invoice.number}` }).tap();
    taps++;
    const dialog = page.getByRole("dialog", { name: `Record a payment for ${invoice.number}` });
    await expect(dialog.getByLabel("Amount (£)")).toHaveValue("135.00");
    await expect(dialog.getByRole("radio", { name: "Bank transfer" })).toBeChecked();
    await expect(dialog.getByLabel("Received on")).not.toHaveValue("");
    await dialog.getByRole("button", { name: "Record payment" }).tap();
    taps++;
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Payment recorded for ${invoice.number}`)).toBeVisible();
    await expect(page.getByTestId("money-due-row").filter({ hasText: invoice.number })).toHaveCount(0);
    expect(taps).toBeLessThan(5);
    expect(await page.evaluate(() => (window as unknown as { taps: number }).taps)).toBe(taps);

    // The request's invoice shows it paid, the payment listed.
    const answer = await request.get(`/api/admin/invoices/${invoice.id}`, {
      headers: await adminHeaders(request),
    });
    const paid = (await answer.json()) as {
      invoice: { status: string; balancePence: number; payments: { method: string; amountPence: number }[] };
    };
    expect(paid.invoice.status).toBe("paid");
    expect(paid.invoice.balancePence).toBe(0);
    expect(paid.invoice.payments).toEqual([
      expect.objectContaining({ method: "bank_transfer", amountPence: 13_500 }),
    ]);
  });

  test("an overpayment asks what the extra is; one larger than the invoice is refused with the server's message and what was typed stays", async ({
    page,
    context,
    request,
  }) => {
    const invoice = await issuedInvoice(request, [
      { description: "Bleed and balance radiators", quantity: 1, unitPence: 10_000 },
    ]);
    await signedIn(context, request, baseURL);
    await page.goto("/admin/money");
    const row = page.getByTestId("money-due-row").filter({ hasText: invoice.number });
    await row.getByRole("button", { name: `Record payment for ${invoice.number}` }).tap();
    const dialog = page.getByRole("dialog", { name: `Record a payment for ${invoice.number}` });
    const amount = dialog.getByLabel("Amount (£)");
    await amount.fill("250.01");
    await dialog.getByRole("radio", { name: "Cash" }).tap();
    await dialog.getByLabel("Reference (optional)").fill("Paid at the door");
    await dialog.getByRole("button", { name: "Record payment" }).tap();
    const choice = dialog.getByTestId("payment-excess");
    await expect(choice).toContainText(
      "£150.01 more than the £100.00 owed: keep it on account, or refund it?",
    );
    await choice.getByRole("button", { name: "Keep £150.01 on account" }).tap();
    // More extra than the whole invoice: the server refuses it in its own words; nothing typed is lost.
    const message =
      "£250.01 is £150.01 more than the £100.00 owed, and the extra is more than the invoice's whole total (£100.00). Please check the amount.";
    await expect(dialog.getByRole("alert")).toContainText(message);
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveValue("250.01");
    await expect(dialog.getByRole("radio", { name: "Cash" })).toBeChecked();
    await expect(dialog.getByLabel("Reference (optional)")).toHaveValue("Paid at the door");
    await shot(page, "overpayment", { fullPage: false });
    // Read with the page's own signed-in session.
    const answer = await page.request.get(`/api/admin/invoices/${invoice.id}`);
    expect(answer.status(), await answer.text()).toBe(200);
    const still = (await answer.json()) as { invoice: { status: string; paidPence: number } };
    expect(still.invoice).toEqual(expect.objectContaining({ status: "unpaid", paidPence: 0 }));

    // £40.00 over: refunded, so the invoice is paid and the extra owed back.
    await amount.fill("140.00");
    await dialog.getByRole("button", { name: "Record payment" }).tap();
    await expect(choice).toContainText(
      "£40.00 more than the £100.00 owed: keep it on account, or refund it?",
    );
    await axe(page, "overpayment choice at 375px");
    await shot(page, "overpayment-choice", { fullPage: false });
    await choice.getByRole("button", { name: "Refund £40.00" }).tap();
    await expect(dialog).toBeHidden();
    const paid = await page.request.get(`/api/admin/invoices/${invoice.id}`);
    const now = (await paid.json()) as {
      invoice: {
        status: string;
        paidPence: number;
        payments: { excess: { kind: string; amountPence: number } }[];
      };
    };
    expect(now.invoice).toEqual(expect.objectContaining({ status: "paid", paidPence: 10_000 }));
    expect(now.invoice.payments[0]!.excess).toEqual(
      expect.objectContaining({ kind: "refund", amountPence: 4_000 }),
    );

    // The money screen lists the refund owed until it is recorded as paid back.
    await page.reload();
    const owed = page.getByTestId("refunds-owed").getByRole("listitem").filter({ hasText: invoice.number });
    await expect(owed).toContainText("£40.00");
    await owed.getByRole("button", { name: /^Paid back…/ }).tap();
    const back = page.getByRole("dialog", { name: "Refund of £40.00 paid back" });
    await back.getByRole("radio", { name: "Cash" }).tap();
    await axe(page, "refund paid back at 375px");
    await shot(page, "refund-paid", { fullPage: false });
    await back.getByRole("button", { name: "Record as paid back" }).tap();
    await expect(back).toBeHidden();
    await expect(
      page.getByTestId("refunds-owed").getByRole("listitem").filter({ hasText: invoice.number }),
    ).toHaveCount(0);
    await axeAtBothWidths(page, "money-after-refund");
  });

  test("money kept on account is paid back later from the Overpayments list, once", async ({
    page,
    context,
    request,
  }) => {
    const invoice = await issuedInvoice(request, [
      { description: "Refit the bathroom cabinet", quantity: 1, unitPence: 10_000 },
    ]);
    const headers = await adminHeaders(request);
    const paid = await request.post(`/api/admin/invoices/${invoice.id}/payments`, {
      data: {
        amountPence: 14_000,
        method: "bank_transfer",
        receivedOn: new Date().toISOString().slice(0, 10),
        excess: "on_account",
      },
      headers,
    });
    expect(paid.status(), await paid.text()).toBe(201);
    await signedIn(context, request, baseURL);
    await page.goto("/admin/money");
    const kept = () =>
      page.getByTestId("money-on-account").getByRole("listitem").filter({ hasText: invoice.number });
    await expect(kept()).toContainText("£40.00");
    await kept()
      .getByRole("button", { name: /^Pay back £40\.00…/ })
      .tap();
    const back = page.getByRole("dialog", { name: "Pay back £40.00 on account" });
    await expect(back).toContainText("It will no longer be taken off their next invoice.");
    await back.getByRole("radio", { name: "Cash" }).tap();
    await back.getByLabel("Reference (optional)").fill("Handed back at the door");
    await axe(page, "pay back money on account at 375px");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "scrolls sideways").toBeLessThanOrEqual(0);
    await shot(page, "pay-back-on-account", { fullPage: false });
    await back.getByRole("button", { name: "Record as paid back" }).tap();
    await expect(back).toBeHidden();
    await expect(page.getByText("£40.00 on account recorded as paid back")).toBeVisible();
    await expect(kept()).toHaveCount(0);

    // Stored once: the invoice's payment says so, and a second attempt is refused.
    const answer = await page.request.get(`/api/admin/invoices/${invoice.id}`);
    const now = (await answer.json()) as {
      invoice: {
        payments: { excess: { id: number; kind: string; paidBackPence: number; refundMethod: string } }[];
      };
    };
    const excess = now.invoice.payments[0]!.excess;
    expect(excess).toEqual(
      expect.objectContaining({ kind: "on_account", paidBackPence: 4_000, refundMethod: "cash" }),
    );
    const again = await request.post(`/api/admin/account-credits/${excess.id}/refund`, {
      data: { method: "cash", refundedOn: new Date().toISOString().slice(0, 10) },
      headers,
    });
    expect(again.status()).toBe(409);
  });
});
