/**
 * Money corrections on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts),
 * through the admin handlers. A credit note of a stated amount: shared over the invoice's VAT bands,
 * refused above what is left to credit, its e-mail delivered over SMTP to a loopback server and read
 * back with postal-mime (the new balance, the PDF attached and extracted to text), its rows in Xero's
 * CSV read back with csv-parse. An overpayment: refused until the owner says what the extra is,
 * then kept on account or owed back; the receipt says so; a refund owed is listed until paid back
 * (once); a payment removed takes its extra with it, and a second removal changes nothing.
 */
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminAccountCredits from "../../netlify/functions/admin-account-credits.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import { updateBusinessSettings } from "../../src/features/business/service";
import { accountCredits, requestHistory, requests } from "../../src/features/tables";
import adminCustomers from "../../netlify/functions/admin-customers.mts";
import { assignCustomer } from "../../src/features/customers/service";
import { serviceContext } from "../../src/platform/context";
import { dateInZone, formatDate, formatShortDate } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { deliverAndRead, issuedInvoice } from "../helpers/invoice-mail";
import { pdfWords } from "../helpers/pdf";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const line = (description: string, quantity: number, unitPence: number, vatRate?: number) => ({
  description,
  quantity,
  unitPence,
  ...(vatRate !== undefined ? { vatRate } : {}),
});

type Owner = Awaited<ReturnType<typeof adminClient>>;

/** An issued invoice for a new request with an e-mail address, VAT-registered or not. */
async function issued(owner: Owner, lines: ReturnType<typeof line>[], vatRegistered: boolean) {
  const request = await seedRequest({ address: "12 High Street, Kirkcaldy KY1 1AA" });
  if (vatRegistered) {
    await updateBusinessSettings(
      { vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: dateInZone(new Date()) },
      serviceContext(),
    );
  }
  try {
    return { request, invoice: await issuedInvoice(owner, request.id, lines) };
  } finally {
    if (vatRegistered) await updateBusinessSettings({ vatRegistered: false }, serviceContext());
  }
}

describe("a credit note of a stated amount", () => {
  it("credits £25.00 on a VAT invoice over its bands, e-mails the new balance with the PDF, and exports rows adding up to minus its total", async () => {
    const owner = await adminClient();
    const { request, invoice } = await issued(
      owner,
      [line("Fit a bathroom extractor fan", 1, 12_000, 20), line("Insulation for the loft", 1, 10_000, 5)],
      true,
    );
    // £144.00 at 20% and £105.00 at 5%: £249.00 in all.
    expect(invoice.totalPence).toBe(24_900);

    const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Goodwill: the fan arrived a week late", amountPence: 2_500 },
    });
    expect(res.status, res.text).toBe(201);
    const note = res.json.creditNote;
    expect(note).toMatchObject({ kind: "credit_note", totalPence: 2_500, vatRegistered: true });
    expect(note.lines.map((l: { vatRate: number }) => l.vatRate)).toEqual([20, 5]);
    expect(note.totals.netPence + note.totals.vatPence).toBe(2_500);
    expect(note.totals.vatByRate.map((b: { rate: number }) => b.rate)).toEqual([20, 5]);
    expect(res.json.invoice).toMatchObject({ creditedPence: 2_500, balancePence: 22_400, status: "unpaid" });

    const sent = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${note.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    const mails = await deliverAndRead(t.db, smtp, request.id, request.email!);
    const mail = mails.find((m) => m.subject?.startsWith(`Credit note ${note.number}`));
    expect(mail, mails.map((m) => m.subject).join(" | ")).toBeDefined();
    expect(mail!.text).toContain(
      `Here is our credit note ${note.number} for £25.00, against invoice ${invoice.number}.`,
    );
    expect(mail!.text).toContain("Reason: Goodwill: the fan arrived a week late");
    expect(mail!.text).toContain(
      `Invoice ${invoice.number} now stands at:\nTotal: £249.00\nCredited: £25.00\nPaid: £0.00\nStill to pay: £224.00.`,
    );
    const pdf = mail!.attachments.find((a) => a.mimeType === "application/pdf");
    expect(pdf).toBeDefined();
    const words = await pdfWords(new Uint8Array(pdf!.content as ArrayBuffer));
    expect(words).toContain(`Credit note ${note.number}`);
    expect(words).toContain(`Credits invoice ${invoice.number} dated ${formatDate(invoice.issuedOn)}`);
    expect(words).toContain("Goodwill: the fan arrived a week late (VAT 20%)");
    expect(words).toContain("Total credited £25.00");

    const today = dateInZone(new Date());
    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/export.csv?from=${today}&to=${today}&format=xero`,
    );
    expect(csv.status, csv.text).toBe(200);
    const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    const mine = rows.filter((r) => r["*InvoiceNumber"] === note.number);
    expect(mine).toHaveLength(2);
    const pence = (v: string) => Math.round(Number(v) * 100);
    const lineTotals = mine.map(
      (r) => pence(r["*UnitAmount"]!) * Number(r["*Quantity"]) + pence(r["TaxAmount"]!),
    );
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(-2_500);
    for (const r of mine) expect(pence(r["Total"]!)).toBe(-2_500);
  });

  it("refuses more than is left to credit, saying how much is left, and stores nothing", async () => {
    const owner = await adminClient();
    const { invoice } = await issued(owner, [line("Hang three doors", 1, 30_000)], false);
    const first = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Goodwill", amountPence: 25_000 },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json.creditNote.lines).toMatchObject([
      { description: "Goodwill", unitPence: 25_000, vatRate: null },
    ]);

    const tooMuch = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "More goodwill", amountPence: 5_001 },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.error.fields.amountPence).toBe(
      `The credit note (£50.01) cannot be more than what is left to credit on invoice ${invoice.number} (£50.00).`,
    );
    const both = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Both", amountPence: 100, lines: [line("x", 1, 100)] },
    });
    expect(both.status).toBe(422);
    const after = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}`);
    expect(after.json.invoice).toMatchObject({ creditedPence: 25_000, balancePence: 5_000 });
    expect(after.json.invoice.creditNotes).toHaveLength(1);

    // The rest exactly makes it void.
    const rest = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "The rest", amountPence: 5_000 },
    });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.json.invoice.status).toBe("void");
  });
});

describe("an overpayment", () => {
  const today = () => dateInZone(new Date());
  const pay = (owner: Owner, id: number, amountPence: number, excess?: "on_account" | "refund") =>
    owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
      body: { amountPence, method: "bank_transfer", receivedOn: today(), ...(excess ? { excess } : {}) },
    });
  const openCredits = async (owner: Owner) =>
    (await owner.call(adminAccountCredits, "GET", "/api/admin/account-credits")).json.credits as {
      id: number;
      invoiceNumber: string;
      kind: string;
      amountPence: number;
    }[];
  const removePayment = (owner: Owner, id: number, paymentId: number) =>
    owner.call(adminInvoicePayment, "DELETE", `/api/admin/invoices/${id}/payments/${paymentId}`);

  it("is refused until the owner says what the extra is; to refund, the receipt says so and it is listed until paid back once", async () => {
    const owner = await adminClient();
    const { request, invoice } = await issued(owner, [line("Replace the back door", 1, 56_000)], false);

    const unsaid = await pay(owner, invoice.id, 60_000);
    expect(unsaid.status).toBe(422);
    expect(unsaid.json.error.fields.amountPence).toBe(
      "£40.00 more than the £560.00 owed: keep it on account, or refund it?",
    );
    const untouched = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}`);
    expect(untouched.json.invoice).toMatchObject({ paidPence: 0, status: "unpaid", payments: [] });

    const paid = await pay(owner, invoice.id, 60_000, "refund");
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.invoice).toMatchObject({ status: "paid", paidPence: 56_000, balancePence: 0 });
    expect(paid.json.payment).toMatchObject({
      amountPence: 56_000,
      excess: { kind: "refund", amountPence: 4_000 },
    });

    const [receipt] = (await deliverAndRead(t.db, smtp, request.id, request.email!)).filter((m) =>
      m.subject?.startsWith("Receipt:"),
    );
    expect(receipt!.text).toContain(`we have received £600.00 by bank transfer`);
    expect(receipt!.text).toContain(`invoice ${invoice.number} is now paid in full`);
    expect(receipt!.text).toContain("You paid £40.00 more than was owed. We will refund £40.00 to you.");
    // The customer's page (from the receipt's link) says the same.
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(receipt!.text!)![1]!;
    const pageText = async () => {
      const res = await customerPageFn(
        new Request(`http://localhost:8888/request/${token}`, { headers: { Accept: "text/html" } }),
      );
      expect(res.status).toBe(200);
      return (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    };
    expect(await pageText()).toContain("Paid over, to be refunded to you £40.00");

    const listed = (await openCredits(owner)).find((c) => c.invoiceNumber === invoice.number);
    expect(listed).toMatchObject({ kind: "refund", amountPence: 4_000 });
    const future = await owner.call(
      adminAccountCredits,
      "POST",
      `/api/admin/account-credits/${listed!.id}/refund`,
      {
        body: { method: "bank_transfer", refundedOn: "2999-01-01" },
      },
    );
    expect(future.status).toBe(422);
    const back = await owner.call(
      adminAccountCredits,
      "POST",
      `/api/admin/account-credits/${listed!.id}/refund`,
      {
        body: { method: "bank_transfer", refundedOn: today(), reference: "Refund KH" },
      },
    );
    expect(back.status, back.text).toBe(200);
    expect(back.json.credit).toMatchObject({
      refundedOn: today(),
      refundMethod: "bank_transfer",
      refundReference: "Refund KH",
    });
    const again = await owner.call(
      adminAccountCredits,
      "POST",
      `/api/admin/account-credits/${listed!.id}/refund`,
      {
        body: { method: "cash", refundedOn: today() },
      },
    );
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(
      `The refund of £40.00 was already recorded as paid back on ${formatDate(today())}.`,
    );
    expect((await openCredits(owner)).some((c) => c.id === listed!.id)).toBe(false);
    expect(await pageText()).toContain(
      `Paid over, refunded on ${formatShortDate(today(), { year: true })} £40.00`,
    );
    // The accountant's payments CSV: the amount that cleared the invoice, and the extra beside it.
    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/payments.csv?from=${today()}&to=${today()}`,
    );
    expect(csv.status, csv.text).toBe(200);
    const uk = `${today().slice(8, 10)}/${today().slice(5, 7)}/${today().slice(0, 4)}`;
    const row = (parse(csv.text, { bom: true, columns: true }) as Record<string, string>[]).find(
      (r) => r["InvoiceNumber"] === invoice.number,
    );
    expect(row).toMatchObject({ Amount: "560.00", Overpaid: "40.00", OverpaidAs: `Refunded ${uk}` });
    // The payment it came with can no longer be removed as a mistake.
    const remove = await removePayment(owner, invoice.id, paid.json.payment.id);
    expect(remove.status).toBe(409);
  });

  it("kept on account is listed; removing its payment takes the extra with it, and a second removal changes nothing", async () => {
    const owner = await adminClient();
    const { request, invoice } = await issued(owner, [line("Lay the hall carpet", 1, 56_000)], false);
    const paid = await pay(owner, invoice.id, 60_000, "on_account");
    expect(paid.status, paid.text).toBe(201);
    const [receipt] = (await deliverAndRead(t.db, smtp, request.id, request.email!)).filter((m) =>
      m.subject?.startsWith("Receipt:"),
    );
    expect(receipt!.text).toContain(
      "You paid £40.00 more than was owed. We are keeping £40.00 on account for you, towards your next invoice with us.",
    );
    const listed = (await openCredits(owner)).find((c) => c.invoiceNumber === invoice.number);
    expect(listed).toMatchObject({ kind: "on_account", amountPence: 4_000, leftPence: 4_000 });

    const removed = await removePayment(owner, invoice.id, paid.json.payment.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.invoice).toMatchObject({ paidPence: 0, balancePence: 56_000, status: "unpaid" });
    expect((await openCredits(owner)).some((c) => c.id === listed!.id)).toBe(false);
    const twice = await removePayment(owner, invoice.id, paid.json.payment.id);
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe("That payment has already been removed.");
    const after = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}`);
    expect(after.json.invoice).toMatchObject({ paidPence: 0, balancePence: 56_000, status: "unpaid" });
  });

  it("kept on account and partly used, the rest is paid back later once: the balance on account goes down, the CSV and the page say so", async () => {
    const owner = await adminClient();
    const { request, invoice } = await issued(owner, [line("Lay the hall carpet", 1, 56_000)], false);
    await assignCustomer(t.db, request.id);
    const paid = await pay(owner, invoice.id, 60_000, "on_account");
    expect(paid.status, paid.text).toBe(201);
    // A later invoice for the same request uses £15.00 of the £40.00 on account.
    const later = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Fit a door stop", 1, 1_500)] },
    });
    expect(later.status, later.text).toBe(201);
    const issuedLater = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${later.json.invoice.id}/issue`,
      { body: { useOnAccount: true } },
    );
    expect(issuedLater.status, issuedLater.text).toBe(200);
    expect(issuedLater.json.invoice).toMatchObject({ status: "paid", balancePence: 0 });
    const [requestRow] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    const onAccount = async () =>
      (await owner.call(adminCustomers, "GET", `/api/admin/customers/${requestRow!.customerId}`)).json
        .onAccountPence as number;
    expect(await onAccount()).toBe(2_500);
    const listed = (await openCredits(owner)).find((c) => c.invoiceNumber === invoice.number);
    expect(listed).toMatchObject({ kind: "on_account", amountPence: 4_000, leftPence: 2_500 });

    const payBack = () =>
      owner.call(adminAccountCredits, "POST", `/api/admin/account-credits/${listed!.id}/refund`, {
        body: { method: "bank_transfer", refundedOn: today(), reference: "FPS 1234" },
      });
    const first = await payBack();
    expect(first.status, first.text).toBe(200);
    expect(first.json.credit).toMatchObject({
      kind: "on_account",
      amountPence: 4_000,
      paidBackPence: 2_500,
      leftPence: 0,
      refundedOn: today(),
      refundMethod: "bank_transfer",
      refundReference: "FPS 1234",
    });
    expect(await onAccount()).toBe(0);
    expect((await openCredits(owner)).some((c) => c.id === listed!.id)).toBe(false);
    // Recorded once: a second time is 409 naming the day, and nothing changes.
    const again = await payBack();
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(
      `The £25.00 on account was already recorded as paid back on ${formatDate(today())}.`,
    );
    const [stored] = await t.db.select().from(accountCredits).where(eq(accountCredits.id, listed!.id));
    expect(stored).toMatchObject({ paidBackPence: 2_500, refundReference: "FPS 1234" });
    // Nothing left for a third invoice to use.
    const third = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Oil the hinges", 1, 1_000)] },
    });
    expect(third.json.invoice.onAccountPence).toBe(0);
    const history = await t.db
      .select()
      .from(requestHistory)
      .where(eq(requestHistory.submissionId, request.id));
    expect(history.map((h) => h.note)).toContain(
      `£25.00 kept on account from invoice ${invoice.number} paid back on ${formatDate(today())} (Bank transfer)`,
    );

    // The accountant's payments CSV: the amount that cleared the invoice, the extra and what became of it.
    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/payments.csv?from=${today()}&to=${today()}`,
    );
    expect(csv.status, csv.text).toBe(200);
    const uk = `${today().slice(8, 10)}/${today().slice(5, 7)}/${today().slice(0, 4)}`;
    const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r["InvoiceNumber"] === invoice.number)).toMatchObject({
      Amount: "560.00",
      Overpaid: "40.00",
      OverpaidAs: `On account, 25.00 paid back ${uk}`,
    });
    // The customer's page says what happened to the extra.
    const mails = await deliverAndRead(t.db, smtp, request.id, request.email!);
    const token = mails
      .map((m) => /\/request\/([A-Za-z0-9_-]{22})/.exec(m.text ?? "")?.[1])
      .find((found) => found !== undefined)!;
    const page = await customerPageFn(
      new Request(`http://localhost:8888/request/${token}`, { headers: { Accept: "text/html" } }),
    );
    const text = (await page.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain(
      `Paid over, kept on account; £25.00 paid back to you on ${formatShortDate(today(), { year: true })} £40.00`,
    );
    // Its payment can no longer be removed as a mistake.
    expect((await removePayment(owner, invoice.id, paid.json.payment.id)).status).toBe(409);
  });

  it("money on account all used on later invoices has nothing to pay back (409, nothing changes)", async () => {
    const owner = await adminClient();
    const { request, invoice } = await issued(owner, [line("Hang a shelf", 1, 5_000)], false);
    expect((await pay(owner, invoice.id, 6_000, "on_account")).status).toBe(201);
    const later = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Second shelf", 1, 5_000)] },
    });
    const used = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${later.json.invoice.id}/issue`,
      {
        body: { useOnAccount: true },
      },
    );
    expect(used.status, used.text).toBe(200);
    const [credit] = await t.db.select().from(accountCredits).where(eq(accountCredits.invoiceId, invoice.id));
    const res = await owner.call(
      adminAccountCredits,
      "POST",
      `/api/admin/account-credits/${credit!.id}/refund`,
      {
        body: { method: "cash", refundedOn: today() },
      },
    );
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("credit_used");
    const [after] = await t.db.select().from(accountCredits).where(eq(accountCredits.id, credit!.id));
    expect(after).toMatchObject({ refundedOn: null, paidBackPence: null, settledAt: null });
  });

  it("is refused when the extra is more than the invoice's whole total", async () => {
    const owner = await adminClient();
    const { invoice } = await issued(owner, [line("Bleed the radiators", 1, 10_000)], false);
    const huge = await pay(owner, invoice.id, 20_001, "on_account");
    expect(huge.status).toBe(422);
    expect(huge.json.error.fields.amountPence).toBe(
      "£200.01 is £100.01 more than the £100.00 owed, and the extra is more than the invoice's whole total (£100.00). Please check the amount.",
    );
    const justUnder = await pay(owner, invoice.id, 20_000, "refund");
    expect(justUnder.status, justUnder.text).toBe(201);
    expect(justUnder.json.payment.excess).toMatchObject({ amountPence: 10_000 });
  });
});
