/**
 * Money on account taken off the customer's next invoice (docs/decisions/060-money-corrections.md),
 * on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts), through the admin
 * handlers: a draft offers the customer's money on account; issuing with it records a payment "from
 * money on account" of at most the balance and leaves the rest on account; the receipt (delivered
 * over SMTP to a loopback server, read back with postal-mime), the customer's page and the payments
 * CSV (read back with csv-parse) name it; removing it puts the money back, once; two invoices issued at the same time
 * never use more than there is.
 */
import { parse } from "csv-parse/sync";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminCustomers from "../../netlify/functions/admin-customers.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { assignCustomer } from "../../src/features/customers/service";
import { accountCreditUses, requests } from "../../src/features/tables";
import { dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { deliverAndRead, draftInvoice } from "../helpers/invoice-mail";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

type Owner = Awaited<ReturnType<typeof adminClient>>;
const today = () => dateInZone(new Date());

const draftFor = (owner: Owner, submissionId: number, unitPence: number) =>
  draftInvoice(owner, submissionId, [{ description: "Hang the doors", quantity: 1, unitPence }]);

const issue = (owner: Owner, id: number, useOnAccount?: boolean) =>
  owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`, {
    body: useOnAccount === undefined ? {} : { useOnAccount },
  });

const pay = (owner: Owner, id: number, amountPence: number, excess?: "on_account") =>
  owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
    body: { amountPence, method: "bank_transfer", receivedOn: today(), ...(excess ? { excess } : {}) },
  });

const removePayment = (owner: Owner, id: number, paymentId: number) =>
  owner.call(adminInvoicePayment, "DELETE", `/api/admin/invoices/${id}/payments/${paymentId}`);

let phones = 0;

/** A customer with £25.00 on account: a £300.00 invoice paid with £325.00, the extra kept. */
async function customerWithCredit(owner: Owner) {
  // A phone number of its own: the customer is matched by e-mail or phone.
  const phone = `07700 9${String(++phones).padStart(5, "0")}`;
  const request = await seedRequest({ address: "5 Bute Wynd, Kirkcaldy KY1 1PA", phone });
  await assignCustomer(t.db, request.id);
  const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
  const first = await issue(owner, (await draftFor(owner, request.id, 30_000)).id);
  expect(first.status, first.text).toBe(200);
  const paid = await pay(owner, first.json.invoice.id, 32_500, "on_account");
  expect(paid.status, paid.text).toBe(201);
  const onAccount = async () => {
    const res = await owner.call(adminCustomers, "GET", `/api/admin/customers/${row!.customerId}`);
    expect(res.status, res.text).toBe(200);
    return res.json.onAccountPence as number;
  };
  expect(await onAccount()).toBe(2_500);
  return { request, first: first.json.invoice, overpayment: paid.json.payment, onAccount };
}

describe("money on account on the next invoice", () => {
  it("is offered on the draft, taken off on issue, named on the receipt and the CSV, and comes back when removed (once)", async () => {
    const owner = await adminClient();
    const { request, first, overpayment, onAccount } = await customerWithCredit(owner);

    const draft = await draftFor(owner, request.id, 10_000);
    expect(draft.onAccountPence).toBe(2_500);
    // Another customer's draft is offered nothing.
    const stranger = await seedRequest();
    expect((await draftFor(owner, stranger.id, 10_000)).onAccountPence).toBe(0);

    const issued = await issue(owner, draft.id, true);
    expect(issued.status, issued.text).toBe(200);
    const inv = issued.json.invoice;
    expect(inv).toMatchObject({
      status: "part-paid",
      paidPence: 2_500,
      balancePence: 7_500,
      onAccountPence: 0,
    });
    const used = inv.payments.find((p: { method: string }) => p.method === "on_account");
    expect(used).toMatchObject({
      amountPence: 2_500,
      receivedOn: inv.issuedOn,
      reference: `Overpaid on ${first.number}`,
    });
    expect(await onAccount()).toBe(0);

    // The original overpayment cannot be removed while its extra is in use.
    const early = await removePayment(owner, first.id, overpayment.id);
    expect(early.status, early.text).toBe(409);
    expect(early.json.error.message).toContain("was used on a later invoice");

    // The rest paid by bank: the receipt lists both, the £25.00 as money on account.
    expect((await pay(owner, inv.id, 7_500)).status).toBe(201);
    const mails = await deliverAndRead(t.db, smtp, request.id, request.email!);
    const receipt = mails.find((m) => m.subject === `Receipt: invoice ${inv.number} is paid in full`);
    expect(receipt, mails.map((m) => m.subject).join(" | ")).toBeDefined();
    expect(receipt!.text).toContain("£25.00 (From money on account)");
    expect(receipt!.text).toContain("£75.00 (Bank transfer)");
    expect(receipt!.text).toContain("Total paid: £100.00.");
    // The customer's page (from the receipt's link) shows the two apart, adding up to the total.
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(receipt!.text!)![1]!;
    const page = await customerPageFn(
      new Request(`http://localhost:8888/request/${token}`, { headers: { Accept: "text/html" } }),
    );
    expect(page.status).toBe(200);
    const text = (await page.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("From money on account £25.00 Paid £75.00 Left to pay £0.00");

    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/payments.csv?from=${today()}&to=${today()}`,
    );
    expect(csv.status, csv.text).toBe(200);
    const rows = (parse(csv.text, { bom: true, columns: true }) as Record<string, string>[]).filter(
      (r) => r["InvoiceNumber"] === inv.number,
    );
    expect(rows.map((r) => [r["Amount"], r["Method"]]).sort()).toEqual([
      ["25.00", "From money on account"],
      ["75.00", "Bank transfer"],
    ]);

    const removed = await removePayment(owner, inv.id, used.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.invoice).toMatchObject({ paidPence: 7_500, balancePence: 2_500 });
    expect(await onAccount()).toBe(2_500);
    const again = await removePayment(owner, inv.id, used.id);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("That payment has already been removed.");
    expect(await onAccount()).toBe(2_500);
  });

  it("uses at most the balance, keeps the rest on account, and is not used unless asked", async () => {
    const owner = await adminClient();
    const { request, onAccount } = await customerWithCredit(owner);
    const plain = await issue(owner, (await draftFor(owner, request.id, 5_000)).id);
    expect(plain.json.invoice.paidPence).toBe(0);
    expect(await onAccount()).toBe(2_500);

    const small = await issue(owner, (await draftFor(owner, request.id, 1_000)).id, true);
    expect(small.json.invoice).toMatchObject({ status: "paid", paidPence: 1_000, balancePence: 0 });
    expect(await onAccount()).toBe(1_500);
    const next = await draftFor(owner, request.id, 4_000);
    expect(next.onAccountPence).toBe(1_500);
    const rest = await issue(owner, next.id, true);
    expect(rest.json.invoice).toMatchObject({ paidPence: 1_500, balancePence: 2_500 });
    expect(await onAccount()).toBe(0);
  });

  it("two invoices issued at the same time never use more than is on account", async () => {
    const owner = await adminClient();
    const { request, onAccount } = await customerWithCredit(owner);
    const drafts = await Promise.all([
      draftFor(owner, request.id, 2_000),
      draftFor(owner, request.id, 2_000),
    ]);
    const results = await Promise.all(drafts.map((d) => issue(owner, d.id, true)));
    for (const r of results) expect(r.status, r.text).toBe(200);
    const paid = results.map((r) => r.json.invoice.paidPence as number).sort((a, b) => a - b);
    expect(paid).toEqual([500, 2_000]);
    const [total] = await t.db
      .select({ n: sql<number>`coalesce(sum(${accountCreditUses.amountPence}), 0)::int` })
      .from(accountCreditUses)
      .where(
        and(
          isNull(accountCreditUses.removedAt),
          sql`${accountCreditUses.paymentId} in (select id from invoice_payments where invoice_id in (${drafts[0].id}, ${drafts[1].id}))`,
        ),
      );
    expect(Number(total!.n)).toBe(2_500);
    expect(await onAccount()).toBe(0);
  });

  it("refuses a useOnAccount that is not true or false, and issues nothing", async () => {
    const owner = await adminClient();
    const { request, onAccount } = await customerWithCredit(owner);
    const draft = await draftFor(owner, request.id, 2_000);
    const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${draft.id}/issue`, {
      body: { useOnAccount: "yes" },
    });
    expect(res.status).toBe(422);
    const after = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${draft.id}`);
    expect(after.json.invoice).toMatchObject({ status: "draft", number: null });
    expect(await onAccount()).toBe(2_500);
  });
});
