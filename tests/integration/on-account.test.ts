/**
 * Money kept on account from an overpayment shows on the customer's record
 * (GET /api/admin/customers/:id `onAccountPence`, docs/decisions/060-money-corrections.md), through
 * the real handlers: an extra kept on account counts, one to refund does not, and removing the
 * payment it came with takes it off again.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminCustomers from "../../netlify/functions/admin-customers.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import { assignCustomer } from "../../src/features/customers/service";
import { requests } from "../../src/features/tables";
import { dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
type Owner = Awaited<ReturnType<typeof adminClient>>;

async function issuedFor(owner: Owner, submissionId: number, unitPence: number) {
  const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: {
      kind: "direct",
      submissionId,
      lines: [{ description: "Hang the doors", quantity: 1, unitPence }],
    },
  });
  expect(made.status, made.text).toBe(201);
  const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${made.json.invoice.id}/issue`);
  expect(res.status, res.text).toBe(200);
  return res.json.invoice.id as number;
}

const pay = (owner: Owner, id: number, amountPence: number, excess: "on_account" | "refund") =>
  owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
    body: { amountPence, method: "bank_transfer", receivedOn: dateInZone(new Date()), excess },
  });

describe("the customer's record", () => {
  it("shows the money kept on account, not the money to refund, and loses it with its payment", async () => {
    const owner = await adminClient();
    const request = await seedRequest({ address: "5 Bute Wynd, Kirkcaldy KY1 1PA" });
    // As storing a request does: the customer it belongs to.
    await assignCustomer(t.db, request.id);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    const customerId = row!.customerId!;
    const record = async () => {
      const res = await owner.call(adminCustomers, "GET", `/api/admin/customers/${customerId}`);
      expect(res.status, res.text).toBe(200);
      return res.json.onAccountPence as number;
    };
    expect(await record()).toBe(0);

    const first = await issuedFor(owner, request.id, 30_000);
    const kept = await pay(owner, first, 32_500, "on_account");
    expect(kept.status, kept.text).toBe(201);
    const second = await issuedFor(owner, request.id, 10_000);
    const refunded = await pay(owner, second, 10_700, "refund");
    expect(refunded.status, refunded.text).toBe(201);
    expect(await record()).toBe(2_500);

    const removed = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${first}/payments/${kept.json.payment.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(await record()).toBe(0);
  });
});
