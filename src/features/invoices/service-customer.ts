/**
 * Invoices on the customer's private page (docs/decisions/019-customer-page.md, 032-invoices.md):
 * the request's issued invoices and credit notes (never a draft), what is still owed, and how to
 * pay. Each one's PDF is downloaded under the customer's own link (src/features/customer-page/http-invoice-pdf.ts).
 */
import { site } from "../../config/site";
import type { ServiceContext } from "../../platform/context";
import {
  customerInvoicePdfPath,
  invoiceKindLabels,
  paymentTermsText,
  type CustomerInvoices,
} from "./contract";
import * as repo from "./repository";
import type { InvoiceRecord } from "./repository";
import type { Invoice } from "./contract";
import { loadInvoice } from "./service";
import { currentBusiness } from "../business";

/** One issued invoice as the customer's pages show it, its PDF at `pdfPath`. */
function toCustomerInvoice(inv: Invoice, pdfPath: string): CustomerInvoices["invoices"][number] {
  return {
    id: inv.id,
    kind: inv.kind,
    title: invoiceKindLabels[inv.kind],
    number: inv.number!,
    status: inv.status,
    overdue: inv.overdue,
    issuedOn: inv.issuedOn!,
    dueOn: inv.dueOn,
    totalPence: inv.totalPence,
    paidPence: inv.paidPence,
    creditedPence: inv.creditedPence,
    balancePence: inv.balancePence,
    creditedInvoiceNumber: inv.creditedInvoiceNumber,
    pdfPath,
    fromAccountPence: inv.payments
      .filter((p) => !p.removedAt && p.method === "on_account")
      .reduce((sum, p) => sum + p.amountPence, 0),
    excess: inv.payments.flatMap((p) =>
      !p.removedAt && p.excess
        ? [
            {
              kind: p.excess.kind,
              amountPence: p.excess.amountPence,
              refundedOn: p.excess.refundedOn,
              paidBackPence: p.excess.paidBackPence,
            },
          ]
        : [],
    ),
  };
}

/** How to pay: the bank account in the business details now (the one the next paper prints). */
async function payingDetails(ctx: ServiceContext): Promise<Pick<CustomerInvoices, "bank" | "terms">> {
  const b = (await currentBusiness(ctx.db)).bank;
  return {
    bank: { accountName: b.accountName, sortCode: b.sortCode, accountNumber: b.accountNumber },
    terms: paymentTermsText(site.invoices.dueDays),
  };
}

/**
 * One issued invoice alone, for its invoice-only page (docs/decisions/053-invoice-links.md): the
 * same shape as a request's invoices, with its bill-to name and nothing else of the request.
 */
export async function invoiceForLinkPage(
  record: InvoiceRecord,
  pdfPath: string,
  ctx: ServiceContext,
): Promise<{ invoices: CustomerInvoices; billTo: string }> {
  const inv = await loadInvoice(record, ctx.db, ctx.now);
  const balance = inv.kind === "credit_note" ? 0 : inv.balancePence;
  return {
    invoices: {
      invoices: [toCustomerInvoice(inv, pdfPath)],
      balancePence: balance,
      ...(await payingDetails(ctx)),
    },
    billTo: inv.customer.name,
  };
}

/** The request's issued invoices for its page (null when it has none), their PDFs under `token`. */
export async function invoicesForCustomerPage(
  requestId: number,
  token: string,
  ctx: ServiceContext,
): Promise<CustomerInvoices | null> {
  const records = (await repo.forRequest(requestId, ctx.db)).filter((r) => r.number !== null);
  if (records.length === 0) return null;
  const all = await Promise.all(records.map((r) => loadInvoice(r, ctx.db, ctx.now)));
  return {
    invoices: all.map((inv) => toCustomerInvoice(inv, customerInvoicePdfPath(token, inv.id))),
    balancePence: all.reduce((s, i) => s + i.balancePence, 0),
    ...(await payingDetails(ctx)),
  };
}
