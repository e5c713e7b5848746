/**
 * The invoices of a request as the customer's private page shows them (docs/decisions/032-invoices.md):
 * issued invoices and credit notes only (never a draft), what is still owed, and how to pay. The
 * PDF of each is downloaded under the customer's own link: `/request/<token>/invoice.pdf?invoice=<id>`.
 */
import { z } from "zod";
import { excessKinds, invoiceKinds, invoiceStatuses } from "./rules";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const customerInvoiceSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(invoiceKinds),
  /** "Invoice", "Deposit invoice", "Final invoice", "Credit note". */
  title: z.string(),
  number: z.string(),
  status: z.enum(invoiceStatuses),
  overdue: z.boolean(),
  issuedOn: isoDate,
  dueOn: isoDate.nullable(),
  totalPence: z.number().int(),
  paidPence: z.number().int(),
  /** For an invoice: what its credit notes took off (so total - credited - paid = left to pay). */
  creditedPence: z.number().int(),
  balancePence: z.number().int(),
  /** For a credit note: the invoice it corrects. */
  creditedInvoiceNumber: z.string().nullable(),
  /** The path of its PDF under the customer's link (relative to the site). */
  pdfPath: z.string(),
  /** Of `paidPence`, what came from money the customer had on account (an earlier overpayment). */
  fromAccountPence: z.number().int().optional(),
  /**
   * Paid above what was owed: kept on account, or to be refunded (and when it was); money on
   * account paid back later has `refundedOn` and how much (`paidBackPence`).
   */
  excess: z
    .array(
      z.object({
        kind: z.enum(excessKinds),
        amountPence: z.number().int(),
        refundedOn: isoDate.nullable(),
        paidBackPence: z.number().int().nullable().optional(),
      }),
    )
    .optional(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export const customerInvoicesSchema = z.object({
  invoices: z.array(customerInvoiceSchema),
  /** What the customer still owes across these invoices. */
  balancePence: z.number().int(),
  /** How to pay by bank transfer; the reference is the invoice number. */
  bank: z.object({
    accountName: z.string(),
    sortCode: z.string(),
    accountNumber: z.string(),
  }),
  /** "Payment is due within 14 days of the invoice date." */
  terms: z.string(),
});
export type CustomerInvoices = z.infer<typeof customerInvoicesSchema>;

/** The path of an invoice's PDF under a customer's link token. */
export const customerInvoicePdfPath = (token: string, invoiceId: number): string =>
  `/request/${token}/invoice.pdf?invoice=${invoiceId}`;
