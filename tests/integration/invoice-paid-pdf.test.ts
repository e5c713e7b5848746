/**
 * A paid invoice's PDF, through the Netlify handlers on a real database and read back with a PDF
 * text extractor: as issued it asks for payment; once paid in full the download says "Paid on
 * <the day of the last payment>" and no longer gives the bank details or a balance due; the
 * issued rendering is kept unchanged beside it; a payment removed by mistake brings the issued
 * PDF back, and paying again on another day prints that day.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import { invoicePaidPdfs, invoicePdfs } from "../../src/features/tables";
import { invoicePdfFile } from "../../src/features/invoices/service";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone, formatDate } from "../../src/platform/time";
import { adminClient, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { pdfWords } from "../helpers/pdf";

const t = useTestDatabase();

describe("a paid invoice's PDF", () => {
  it("says Paid on the day and asks for nothing; the issued PDF is kept as issued", async () => {
    const owner = await adminClient();
    const created = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer: {
          name: `Paid ${uniqueTag("pdf")}`,
          email: null,
          address: "3 Kirk Wynd, Kirkcaldy KY1 1EH",
        },
        lines: [{ description: "Rehang the gate", quantity: 1, unitPence: 12_000 }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.invoice.id;
    const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    const pdfWordsNow = async () => pdfWords((await invoicePdfFile(id, serviceContext())).bytes);

    const asIssued = await pdfWordsNow();
    expect(asIssued).toContain("How to pay");
    expect(asIssued).toContain("Balance due £120.00");
    expect(asIssued).not.toContain("Paid on");
    const issuedBytes = (await t.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, id)))[0]!
      .bytes;

    const today = dateInZone(new Date());
    const yesterday = addDays(today, -1);
    const paid = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
      body: { amountPence: 12_000, method: "cash", receivedOn: yesterday },
    });
    expect(paid.status, paid.text).toBe(201);
    const whenPaid = await pdfWordsNow();
    expect(whenPaid).toContain(`Paid on ${formatDate(yesterday)}: thank you.`);
    expect(whenPaid).toContain("Less paid -£120.00");
    expect(whenPaid).toContain("Paid in full £0.00");
    expect(whenPaid).not.toContain("How to pay");
    expect(whenPaid).not.toContain("Payment due");
    expect(whenPaid).not.toContain("sort code");
    // The issued rendering is untouched; the paid one is kept beside it, drawn once.
    const issuedAfter = (await t.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, id)))[0]!
      .bytes;
    expect(Buffer.from(issuedAfter).equals(Buffer.from(issuedBytes))).toBe(true);
    const keptPaid = await t.db.select().from(invoicePaidPdfs).where(eq(invoicePaidPdfs.invoiceId, id));
    expect(keptPaid.map((r) => r.paidOn)).toEqual([yesterday]);
    const again = (await invoicePdfFile(id, serviceContext())).bytes;
    expect(Buffer.from(again).equals(Buffer.from(keptPaid[0]!.bytes))).toBe(true);

    // Removed by mistake: the issued PDF (asking for payment) again; paid today: today's date.
    const removed = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${id}/payments/${paid.json.payment.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(await pdfWordsNow()).toContain("How to pay");
    const repaid = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/payments`, {
      body: { amountPence: 12_000, method: "bank_transfer", receivedOn: today },
    });
    expect(repaid.status, repaid.text).toBe(201);
    expect(await pdfWordsNow()).toContain(`Paid on ${formatDate(today)}: thank you.`);
  });
});
