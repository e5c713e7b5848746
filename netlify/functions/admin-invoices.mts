/**
 * The owner's invoices, payments and credit notes (docs/decisions/032-invoices.md); `:id` is the
 * invoice's (or credit note's) id:
 *
 *   GET    /api/admin/invoices                   the list (?status=&q=&from=&to=&page=)
 *   POST   /api/admin/invoices                   a new draft                         → 201 { invoice }
 *   GET    /api/admin/invoices/:id               one                                 → { invoice }
 *   PATCH  /api/admin/invoices/:id               a draft's content; reminders on/off → { invoice }
 *   DELETE /api/admin/invoices/:id               a draft                             → 204
 *   POST   /api/admin/invoices/:id/issue         its number                          → { invoice }
 *   POST   /api/admin/invoices/:id/send          e-mails it with the PDF             → { invoice }
 *   GET    /api/admin/invoices/:id/pdf           the PDF, inline (`?download=1`: as an attachment)
 *   POST   /api/admin/invoices/:id/payments      a payment                → 201 { invoice, payment }
 *   POST   /api/admin/invoices/:id/credit-note   a credit note         → 201 { creditNote, invoice }
 *   GET    /api/admin/invoices/export.csv        Xero's sales-invoice import (?from=&to=&format=xero)
 *   GET    /api/admin/invoices/payments.csv      payments received (?from=&to=)
 *   GET    /api/admin/invoices/vat-summary       VAT per rate (?from=&to=)
 *
 * Removing a payment (two ids in its path) is netlify/functions/admin-invoices-payment.mts.
 */
import type { Config } from "@netlify/functions";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { adminAction, adminDownload, fileResponse, pdfResponse } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as invoices from "../../src/features/invoices";
import { exportFileName, invoicesCsv, paymentsCsv, vatSummary } from "../../src/features/invoices";

/** A hundred lines of 500 characters each fit. */
const invoiceBodyBytes = 256 * 1024;

export default apiHandler("/api/admin/invoices", [
  adminAction(invoiceEndpoints.listInvoices, ({ query, ctx }) => invoices.listInvoices(query, ctx)),
  adminAction(
    invoiceEndpoints.createInvoice,
    async ({ body, ctx }) => ({ invoice: await invoices.createInvoice(body, ctx) }),
    { bodyBytes: invoiceBodyBytes },
  ),
  adminDownload(invoiceEndpoints.exportInvoices, async ({ query, ctx }) =>
    fileResponse(
      invoicesCsv(query.from, query.to, ctx.db),
      "text/csv; charset=utf-8",
      exportFileName("invoices-xero", query.from, query.to),
    ),
  ),
  adminDownload(invoiceEndpoints.exportPayments, async ({ query, ctx }) =>
    fileResponse(
      paymentsCsv(query.from, query.to, ctx.db),
      "text/csv; charset=utf-8",
      exportFileName("payments", query.from, query.to),
    ),
  ),
  adminAction(invoiceEndpoints.vatSummary, ({ query, ctx }) => vatSummary(query.from, query.to, ctx.db)),
  adminAction(invoiceEndpoints.getInvoice, async ({ id, ctx }) => ({
    invoice: await invoices.getInvoice(id, ctx),
  })),
  adminAction(
    invoiceEndpoints.updateInvoice,
    async ({ id, body, ctx }) => ({ invoice: await invoices.updateInvoice(id, body, ctx) }),
    { bodyBytes: invoiceBodyBytes },
  ),
  adminAction(invoiceEndpoints.deleteInvoice, async ({ id, ctx }) => {
    await invoices.deleteInvoice(id, ctx);
  }),
  adminAction(invoiceEndpoints.issueInvoice, async ({ id, body, ctx }) => ({
    invoice: await invoices.issueInvoice(id, body, ctx),
  })),
  adminAction(invoiceEndpoints.sendInvoice, async ({ id, ctx }) => ({
    invoice: await invoices.sendInvoice(id, ctx),
  })),
  adminDownload(invoiceEndpoints.invoicePdf, async ({ id, query, ctx }) => {
    return pdfResponse(await invoices.invoicePdfFile(id, ctx), query.download === "1");
  }),
  adminAction(invoiceEndpoints.addPayment, async ({ id, body, ctx }) => {
    const { invoice, payment } = await invoices.addPayment(id, body, ctx);
    return { invoice, payment };
  }),
  adminAction(
    invoiceEndpoints.createCreditNote,
    ({ id, body, ctx }) => invoices.createCreditNote(id, body, ctx),
    { bodyBytes: invoiceBodyBytes },
  ),
]);

// Literal strings: Netlify reads this config statically.
export const config: Config = {
  path: [
    "/api/admin/invoices",
    "/api/admin/invoices/export.csv",
    "/api/admin/invoices/payments.csv",
    "/api/admin/invoices/vat-summary",
    "/api/admin/invoices/:id",
    "/api/admin/invoices/:id/issue",
    "/api/admin/invoices/:id/send",
    "/api/admin/invoices/:id/pdf",
    "/api/admin/invoices/:id/payments",
    "/api/admin/invoices/:id/credit-note",
  ],
};
