/**
 * Card payments through Stripe on a real database (PGlite, and PostgreSQL under
 * scripts/with-postgres.ts), with the official `stripe` library talking to the Stripe-compatible
 * test server on loopback (tests/helpers/stripe-server.ts): the customer's Pay button and the
 * Checkout Session it asks for (amount, currency, metadata, addresses), one session for two clicks,
 * an outage; the signed webhook (events signed by the library's own test helper) recording the
 * payment once, with Stripe's fee, over-payments and payments for void or missing invoices flagged to
 * the owner, forged, stale and replayed signatures refused; pay-by-bank; refunds to the card.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminPayments from "../../netlify/functions/admin-payments.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import webhook from "../../netlify/functions/payments-webhook-stripe.mts";
import { invoicePayments, mailOutbox, outboxItems, paymentAlerts } from "../../src/features/tables";
import { setMailSender } from "../../src/features/mail/service";
import { dateInZone } from "../../src/platform/time";
import { mailEnv } from "../../src/platform/env";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { startStripeServer, ukCardFee, type StripeServer } from "../helpers/stripe-server";
import bookings from "../../netlify/functions/bookings.mts";
import { createQuote, getQuote, sendQuote } from "../../src/features/quotes/service";
import { quoteInputSchema } from "../../src/features/quotes/contract";
import { serviceContext } from "../../src/platform/context";
import { site as business } from "../../src/config/site";
import { jsonRequest, randomIp, validBooking } from "../helpers/http";

const t = useTestDatabase();
const secret = "whsec_test_payments_secret_0123456789";
const site = "http://localhost:8888";
let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer({ webhookSecret: secret });
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  process.env["STRIPE_SECRET_KEY"] = "sk_test_payments";
  process.env["STRIPE_WEBHOOK_SECRET"] = secret;
  process.env["STRIPE_API_BASE"] = stripe.apiBase;
  delete process.env["STRIPE_PAYMENT_METHODS"];
  stripe.outage(false);
});
afterEach(() => {
  for (const k of [
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_BASE",
    "STRIPE_PAYMENT_METHODS",
  ]) {
    delete process.env[k];
  }
  setMailSender(undefined);
});

/** An issued direct invoice of £125.00 for a new request, e-mailed; its page's token from the e-mail. */
async function issuedInvoice(unitPence = 12500) {
  const owner = await adminClient();
  const request = await seedRequest({ address: "12 High Street, Kirkcaldy KY1 1AA" });
  const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: {
      kind: "direct",
      submissionId: request.id,
      lines: [{ description: "Fix the gate", quantity: 1, unitPence }],
    },
  });
  expect(made.status, made.text).toBe(201);
  const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${made.json.invoice.id}/issue`);
  expect(issued.status, issued.text).toBe(200);
  const sent = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${made.json.invoice.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  await sendPending(t.db, { submissionId: request.id });
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id));
  const text = sentMessage(mail!.id).text;
  const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(text)![1]!;
  return { owner, request, invoice: issued.json.invoice, token, mailText: text };
}

const page = (token: string, query = "") =>
  customerPageFn(new Request(`${site}/request/${token}${query}`, { headers: { Accept: "text/html" } }));

const pay = (token: string, invoiceId: number | string) =>
  customerPageFn(
    new Request(`${site}/request/${token}/pay`, {
      method: "POST",
      headers: { Origin: site, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: `invoice=${invoiceId}`,
    }),
  );

const deliver = (payload: string, header: string | null) =>
  webhook(
    new Request(`${site}/api/payments/webhook/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(header ? { "Stripe-Signature": header } : {}) },
      body: payload,
    }),
  );

const sessionRequests = () =>
  stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
const sessionIdOf = (location: string) => /\/checkout\/(cs_test_[0-9a-f]+)$/.exec(location)![1]!;
const paymentsOf = (invoiceId: number) =>
  t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

/** Pays the invoice through the Pay button and the test server; returns the signed completion event. */
async function paidThroughCheckout(
  token: string,
  invoiceId: number,
  o: { amount?: number; method?: "card" | "pay_by_bank" } = {},
) {
  const res = await pay(token, invoiceId);
  expect(res.status).toBe(303);
  const sessionId = sessionIdOf(res.headers.get("location")!);
  return { sessionId, event: stripe.pay(sessionId, o) };
}

describe("off by default", () => {
  it("shows no Pay button and answers the webhook 404 without a secret key", async () => {
    delete process.env["STRIPE_SECRET_KEY"];
    const { token, invoice } = await issuedInvoice();
    const shown = await page(token);
    expect(shown.headers.get("content-security-policy")).toContain("form-action 'self';");
    const html = await shown.text();
    expect(html).toContain(invoice.number);
    expect(html).not.toMatch(/Pay £[\d.,]+ now/);
    expect(html).toContain("Paying by bank transfer");
    const { payload, header } = stripe.signed(stripe.event("checkout.session.completed", {}));
    expect((await deliver(payload, header)).status).toBe(404);
    expect((await pay(token, invoice.id)).status).toBe(404);
  });
});

describe("paying an invoice", () => {
  it("the invoice e-mail links to the page, which offers Pay £X now; the POST asks Stripe for a Checkout of the balance and redirects 303", async () => {
    const { token, invoice, request, mailText } = await issuedInvoice();
    expect(mailText).toContain(`/request/${token}`);
    expect(mailText).toContain(
      'Or pay £125.00 by card, Apple Pay or Google Pay: press "Pay £125.00 now" on your page',
    );
    const shown = await page(token);
    // The Pay form's answer redirects to Stripe: the page's CSP lets the form go there, and only there.
    expect(shown.headers.get("content-security-policy")).toContain(`form-action 'self' ${stripe.origin};`);
    const html = await shown.text();
    expect(html).toContain("Pay £125.00 now");
    expect(html).toContain(`action="/request/${token}/pay"`);

    const before = sessionRequests().length;
    const res = await pay(token, invoice.id);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${stripe.origin}/checkout/cs_test_`));
    expect(sessionRequests()).toHaveLength(before + 1);
    const sent = sessionRequests().at(-1)!;
    expect(sent.status).toBe(200);
    expect(sent.headers["authorization"]).toBe("Bearer sk_test_payments");
    expect(sent.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.params).toMatchObject({
      mode: "payment",
      customer_email: request.email,
      allowed_payment_method_types: ["card"],
      metadata: { invoiceId: String(invoice.id), invoiceNumber: invoice.number },
      line_items: [{ quantity: "1", price_data: { currency: "gbp", unit_amount: "12500" } }],
      success_url: `${mailEnv().SITE_URL}/request/${token}?paid=${invoice.id}#invoices`,
      cancel_url: `${mailEnv().SITE_URL}/request/${token}#invoices`,
    });

    // Back from Stripe: the page says so and records nothing.
    const back = await (await page(token, `?paid=${invoice.id}`)).text();
    expect(back).toContain("Payment received, it will show here in a moment");
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
  });

  it("offers pay-by-bank when the settings enable it", async () => {
    process.env["STRIPE_PAYMENT_METHODS"] = "card,pay_by_bank";
    const { token, invoice } = await issuedInvoice();
    expect((await pay(token, invoice.id)).status).toBe(303);
    expect(sessionRequests().at(-1)!.params["allowed_payment_method_types"]).toEqual(["card", "pay_by_bank"]);
  });

  it("two Pay clicks at once open one session", async () => {
    const { token, invoice } = await issuedInvoice();
    const before = sessionRequests().length;
    const [a, b] = await Promise.all([pay(token, invoice.id), pay(token, invoice.id)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    expect(sessionRequests()).toHaveLength(before + 1);
  });

  it("another request's invoice is not found, and a paid invoice has no button and answers 409", async () => {
    const mine = await issuedInvoice();
    const other = await issuedInvoice();
    const wrong = await pay(mine.token, other.invoice.id);
    expect(wrong.status).toBe(404);
    expect((await pay(mine.token, "abc")).status).toBe(422);

    const { event } = await paidThroughCheckout(mine.token, mine.invoice.id);
    const { payload, header } = stripe.signed(event);
    expect((await deliver(payload, header)).status).toBe(200);
    const html = await (await page(mine.token)).text();
    expect(html).not.toMatch(/Pay £[\d.,]+ now/);
    expect(html).toContain("Paid, thank you");
    const again = await pay(mine.token, mine.invoice.id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Invoice ${mine.invoice.number} is already paid in full.`);
  });

  it("a Stripe outage tells the customer to try again or pay by bank transfer, and the page keeps working", async () => {
    const { token, invoice } = await issuedInvoice();
    stripe.outage(true);
    const res = await pay(token, invoice.id);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain(
      "Card payments are not available just now. Please try again in a few minutes, or pay by bank transfer",
    );
    expect(html).toContain("Sort code");
    expect(html).toContain(invoice.number);
    stripe.outage(false);
    expect((await pay(token, invoice.id)).status).toBe(303);
  });
});

describe("the webhook", () => {
  it("records a card payment once, with the PaymentIntent as reference, Stripe's fee and the London date", async () => {
    const { token, invoice, owner } = await issuedInvoice();
    const { event } = await paidThroughCheckout(token, invoice.id);
    const intent = (event.data.object as { payment_intent: string }).payment_intent;
    const { payload, header } = stripe.signed(event);
    const res = await deliver(payload, header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const [payment, ...more] = await paymentsOf(invoice.id);
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({
      amountPence: 12500,
      method: "card",
      provider: "stripe",
      reference: intent,
      feePence: ukCardFee(12500),
      receivedOn: dateInZone(new Date(event.created * 1000)),
    });
    const got = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}`);
    expect(got.json.invoice).toMatchObject({ status: "paid", balancePence: 0, totalPence: 12500 });
    expect(got.json.invoice.payments[0]).toMatchObject({ provider: "stripe", feePence: ukCardFee(12500) });

    // The same event again, and another event for the same PaymentIntent: 200, nothing new.
    expect((await deliver(payload, header)).status).toBe(200);
    const again = stripe.signed({ ...event, id: `${event.id}_again` });
    expect((await deliver(again.payload, again.header)).status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    // The accountant's payments CSV carries Stripe's payment id as the reference.
    const day = payment!.receivedOn;
    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/payments.csv?from=${day}&to=${day}`,
    );
    expect(csv.status).toBe(200);
    const row = csv.text.split(/\r?\n/).find((l: string) => l.includes(intent));
    expect(row).toBeDefined();
    // Text cells are quoted (a formula guard); none of these holds a comma.
    const cells = row!.split(",").map((c: string) => c.replace(/^"|"$/g, ""));
    expect(cells).toEqual(expect.arrayContaining([invoice.number, "125.00", "Card (online)", intent]));
    const page2 = await (await page(token, `?paid=${invoice.id}`)).text();
    expect(page2).toContain(`Thank you: invoice ${invoice.number} is paid.`);
  });

  it("refuses forged, stale, tampered and missing signatures with 400 and stores nothing", async () => {
    const { token, invoice } = await issuedInvoice();
    const { event } = await paidThroughCheckout(token, invoice.id);
    const forged = stripe.signed(event, { secret: "whsec_someone_else" });
    const stale = stripe.signed(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const good = stripe.signed(event);
    const tampered = good.payload.replace('"amount_total":12500', '"amount_total":1');
    const before = await t.db.select().from(outboxItems);
    for (const [body, header] of [
      [forged.payload, forged.header],
      [stale.payload, stale.header],
      [tampered, good.header],
      [good.payload, null],
      [good.payload, "t=1,v1=deadbeef"],
    ] as const) {
      const res = await deliver(body, header);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("signature_invalid");
    }
    expect(await t.db.select().from(outboxItems)).toHaveLength(before.length);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    // Four minutes old is inside the five-minute tolerance.
    const recent = stripe.signed(event, { timestamp: Math.floor(Date.now() / 1000) - 4 * 60 });
    expect((await deliver(recent.payload, recent.header)).status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it("records an over-payment up to the balance and flags the rest to the owner", async () => {
    const { token, invoice, owner } = await issuedInvoice();
    const { event } = await paidThroughCheckout(token, invoice.id, { amount: 13000 });
    const { payload, header } = stripe.signed(event);
    expect((await deliver(payload, header)).status).toBe(200);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment!.amountPence).toBe(12500);
    const alerts = await owner.call(adminPayments, "GET", "/api/admin/payments/alerts");
    expect(alerts.status).toBe(200);
    const mine = alerts.json.alerts.find((a: { invoiceId: number }) => a.invoiceId === invoice.id);
    expect(mine).toMatchObject({ kind: "overpaid", amountPence: 500 });
    expect(mine.message).toContain("Refund £5.00");
    const resolved = await owner.call(adminPayments, "POST", `/api/admin/payments/alerts/${mine.id}/resolve`);
    expect(resolved.status).toBe(200);
    const after = await owner.call(adminPayments, "GET", "/api/admin/payments/alerts");
    expect(after.json.alerts.some((a: { id: number }) => a.id === mine.id)).toBe(false);
  });

  it("answers 200 for a void or missing invoice, records nothing and flags it", async () => {
    const { token, invoice, owner } = await issuedInvoice();
    const { event } = await paidThroughCheckout(token, invoice.id);
    const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Job cancelled" },
    });
    expect(credit.status, credit.text).toBe(201);
    const { payload, header } = stripe.signed(event);
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const intent = (event.data.object as { payment_intent: string }).payment_intent;
    const [voided] = await t.db.select().from(paymentAlerts).where(eq(paymentAlerts.paymentIntentId, intent));
    expect(voided).toMatchObject({ kind: "invoice_void", amountPence: 12500 });

    const gone = stripe.event("checkout.session.completed", {
      ...(event.data.object as object),
      id: "cs_test_gone",
      payment_intent: "pi_test_gone",
      metadata: { invoiceId: "99999999", invoiceNumber: "KH-9999" },
    });
    const signedGone = stripe.signed(gone);
    expect((await deliver(signedGone.payload, signedGone.header)).status).toBe(200);
    const [missing] = await t.db
      .select()
      .from(paymentAlerts)
      .where(eq(paymentAlerts.paymentIntentId, "pi_test_gone"));
    expect(missing).toMatchObject({ kind: "invoice_missing", invoiceId: null });
  });

  it("answers 200 to events it does not handle", async () => {
    const { payload, header } = stripe.signed(
      stripe.event("customer.created", { id: "cus_test_1", object: "customer" }),
    );
    expect((await deliver(payload, header)).status).toBe(200);
  });

  it("pay-by-bank: nothing on completion while the money is on its way, a bank transfer when it arrives", async () => {
    process.env["STRIPE_PAYMENT_METHODS"] = "card,pay_by_bank";
    const { token, invoice } = await issuedInvoice();
    const { sessionId, event } = await paidThroughCheckout(token, invoice.id, { method: "pay_by_bank" });
    const first = stripe.signed(event);
    expect((await deliver(first.payload, first.header)).status).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const arrived = stripe.signed(stripe.bankPaid(sessionId));
    expect((await deliver(arrived.payload, arrived.header)).status).toBe(200);
    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ method: "bank_transfer", amountPence: 12500, provider: "stripe" });
  });
});

describe("refunds", () => {
  it("a credit note on a card-paid invoice offers a refund to the card, recorded when charge.refunded arrives", async () => {
    const { token, invoice, owner } = await issuedInvoice();
    const { event } = await paidThroughCheckout(token, invoice.id);
    const signedPaid = stripe.signed(event);
    expect((await deliver(signedPaid.payload, signedPaid.header)).status).toBe(200);
    const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: {
        reason: "Gate hinge not needed",
        lines: [{ description: "Hinge not fitted", quantity: 1, unitPence: 2500 }],
      },
    });
    expect(credit.status, credit.text).toBe(201);
    const noteId = credit.json.creditNote.id as number;

    const plan = await owner.call(
      adminPayments,
      "GET",
      `/api/admin/payments/refunds?invoiceId=${invoice.id}`,
    );
    expect(plan.status, plan.text).toBe(200);
    expect(plan.json).toMatchObject({
      enabled: true,
      refunds: [{ creditNoteId: noteId, amountPence: 2500, status: "available" }],
    });
    const asked = await owner.call(adminPayments, "POST", "/api/admin/payments/refunds", {
      body: { creditNoteId: noteId },
    });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.refund).toMatchObject({ amountPence: 2500, status: "pending" });
    const refundCall = stripe.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1)!;
    const intent = (event.data.object as { payment_intent: string }).payment_intent;
    expect(refundCall.params).toMatchObject({
      payment_intent: intent,
      amount: "2500",
      metadata: { creditNoteId: String(noteId) },
    });
    expect(refundCall.headers["idempotency-key"]).toBe(`refund-credit-note-${noteId}`);
    const twice = await owner.call(adminPayments, "POST", "/api/admin/payments/refunds", {
      body: { creditNoteId: noteId },
    });
    expect(twice.status).toBe(409);

    const refundId = [...stripe.refunds.values()].find((r) => r["payment_intent"] === intent)![
      "id"
    ] as string;
    const done = stripe.signed(stripe.refunded(refundId));
    expect((await deliver(done.payload, done.header)).status).toBe(200);
    const after = await owner.call(
      adminPayments,
      "GET",
      `/api/admin/payments/refunds?invoiceId=${invoice.id}`,
    );
    expect(after.json.refunds[0]).toMatchObject({ status: "succeeded", amountPence: 2500 });
    expect(after.json.refunds[0].refundedAt).not.toBeNull();
  });
});

describe("the deposit at acceptance", () => {
  /** A booking with a sent quote of £300.00 with a £50.00 deposit; the token of the quote's e-mail. */
  async function quotedWithDeposit() {
    const booked = await bookings(jsonRequest("/api/bookings", validBooking()));
    expect(booked.status).toBe(201);
    const id = ((await booked.json()) as { id: number }).id;
    const ctx = serviceContext();
    const lines = [{ description: "Tile the splashback", quantity: 1, unitPence: 30_000 }];
    const draft = await createQuote(id, quoteInputSchema.parse({ lines, depositPence: 5_000 }), ctx);
    const quote = await sendQuote(draft.id, ctx);
    await sendPending(t.db, { submissionId: id });
    const rows = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).filter(
      (m) => !m.kind.startsWith("owner_"),
    );
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(sentMessage(rows.at(-1)!.id).text)![1]!;
    return { id, quote, token };
  }

  const acceptForm = async (token: string) => {
    const html = await (await page(token)).text();
    const form = /<form method="post"[^>]*class="accept"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
    const fields: Record<string, string> = {};
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[m[1]!] = m[2]!;
    return { html, fields };
  };

  const postForm = (token: string, fields: Record<string, string>) =>
    customerPageFn(
      new Request(`${site}/request/${token}`, {
        method: "POST",
        headers: {
          Origin: site,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "text/html",
          "x-forwarded-for": randomIp(),
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );

  it("offers Accept and pay the £D deposit beside the plain acceptance; it records the acceptance, issues the deposit invoice and opens Checkout for it", async () => {
    const { id, quote, token } = await quotedWithDeposit();
    const { html, fields } = await acceptForm(token);
    expect(html).toContain("Accept and agree to pay £300.00");
    expect(html).toContain("Accept and pay the £50.00 deposit");
    const res = await postForm(token, { ...fields, action: "accept-and-pay" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${stripe.origin}/checkout/cs_test_`));
    expect((await getQuote(quote.id, serviceContext())).status).toBe("accepted");
    const owner = await adminClient();
    const listed = await owner.call(adminInvoices, "GET", `/api/admin/invoices?submissionId=${id}`);
    const deposit = listed.json.invoices.find((i: { kind: string }) => i.kind === "deposit");
    expect(deposit).toMatchObject({ status: "unpaid", totalPence: 5_000 });
    expect(sessionRequests().at(-1)!.params).toMatchObject({
      metadata: { invoiceId: String(deposit.id), invoiceNumber: deposit.number },
      line_items: [{ price_data: { unit_amount: "5000", currency: "gbp" } }],
    });
    // Paid: the webhook records it on the deposit invoice.
    const { payload, header } = stripe.signed(stripe.pay(sessionIdOf(location)));
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await paymentsOf(deposit.id)).toHaveLength(1);
  });

  it("without card payments: only the plain acceptance, and the page and e-mail say how to pay the deposit now", async () => {
    delete process.env["STRIPE_SECRET_KEY"];
    const { id, token } = await quotedWithDeposit();
    const { html, fields } = await acceptForm(token);
    expect(html).not.toContain("Accept and pay the");
    const res = await postForm(token, { ...fields, action: "accept-quote" });
    expect(res.status).toBe(303);
    const after = await (await page(token, "?done=accepted")).text();
    const bank = business.invoices.bank;
    const reference = `KB-${String(id).padStart(6, "0")}`;
    expect(after).toContain(
      `The deposit of £50.00 is due before the work starts: you can pay it now by bank transfer to ${bank.accountName}, sort code ${bank.sortCode}, account number ${bank.accountNumber}, reference ${reference}.`,
    );
    await sendPending(t.db, { submissionId: id });
    const [accepted] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).filter(
      (m) => m.kind === "quote_accepted",
    );
    const text = sentMessage(accepted!.id).text;
    expect(text).toContain(
      "A deposit of £50.00 is due before the work starts. You can pay it now by bank transfer:",
    );
    expect(text).toContain(`Sort code: ${bank.sortCode}`);
    expect(text).toContain(`Reference: ${reference}`);
  });
});
