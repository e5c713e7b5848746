/**
 * Contracts of the invoice, payment, credit-note, export and money endpoints
 * (docs/decisions/032-invoices.md). Amounts are whole pence in fields named `…Pence`; dates are
 * YYYY-MM-DD (Europe/London). Bad input is answered with the error envelope's `fields` (422; a
 * line's problem names the line: "Line 3: …"), an unknown id with 404, a change the invoice's
 * status does not allow with 409, a malformed query with 400.
 *
 *   GET    /api/admin/invoices                     the list (filters below)     → { invoices, … }
 *   POST   /api/admin/invoices                     a new draft                  → 201 { invoice }
 *   GET    /api/admin/invoices/:id                 one invoice or credit note   → { invoice }
 *   PATCH  /api/admin/invoices/:id                 a draft's lines, customer, note; reminders on/off
 *   DELETE /api/admin/invoices/:id                 a draft (an issued invoice is never deleted)
 *   POST   /api/admin/invoices/:id/issue           gives it its number          → { invoice }
 *   POST   /api/admin/invoices/:id/send            e-mails it (PDF + the customer's link)
 *   GET    /api/admin/invoices/:id/pdf             the PDF (`?download=1` as an attachment)
 *   POST   /api/admin/invoices/:id/payments        records a payment            → 201 { invoice, payment }
 *   DELETE /api/admin/invoices/:id/payments/:paymentId   removes a mistaken one (kept in the trail)
 *   POST   /api/admin/invoices/:id/credit-note     a credit note against it (lines, an amount or all) → 201 { creditNote, invoice }
 *   GET    /api/admin/account-credits              overpayments: refunds owed, money on account → 200 { credits }
 *   POST   /api/admin/account-credits/:id/refund   a refund owed recorded as paid back → 200 { credit }
 *   GET    /api/admin/invoices/export.csv          Xero's sales-invoice import layout
 *   GET    /api/admin/invoices/payments.csv        payments received
 *   GET    /api/admin/invoices/vat-summary         VAT per rate for a period
 *   GET    /api/admin/submissions/:id/invoices     a request's invoices, and what its quote allows
 *   GET    /api/admin/money                        money at a glance
 */
import { z } from "zod";
import { formatMoney } from "../../../platform/money";
import { daysBetween, isIsoDate } from "../../../platform/time";
import * as routes from "../../../lib/contracts/admin-routes";
import { customerInvoicePdfRoute } from "../../../lib/contracts/public-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import {
  clearableTextField,
  documentLineSchema,
  documentSettingsShape,
  hasChange,
  idField as id,
  isoDateField as isoDate,
  lineInputSchema,
  linesField as documentLines,
  nothingToChange,
  optionalTextField as optionalText,
  pdfQuerySchema,
  textField as text,
  timestampField as timestamp,
  totalsSchema,
  vatBandSchema,
} from "../../billing/contract";
import {
  creatableInvoiceKinds,
  excessKinds,
  invoiceKinds,
  invoiceLimits,
  invoiceStatuses,
  paymentMethods,
  storedPaymentMethods,
} from "./rules";

const L = invoiceLimits;

const dateField = (what: string) =>
  z
    .string({ error: `Please give ${what}.` })
    .trim()
    .refine(isIsoDate, `Please give a real date (YYYY-MM-DD) for ${what}.`);

/** One line as the owner writes it: a quote's line without "optional". */
export type InvoiceLineInput = z.input<typeof lineInputSchema>;

const linesField = documentLines({
  line: lineInputSchema,
  what: "invoice",
  maxLines: L.maxLines,
  maxTotalPence: L.maxTotalPence,
});

/** The customer of a direct invoice with no request (a job taken by phone). */
export const invoiceCustomerInputSchema = z.object({
  name: text("The customer's name", L.customerNameMax).refine(
    (v) => v.length > 0,
    "Please give the customer's name.",
  ),
  email: z
    .string({ error: "The e-mail address must be text." })
    .trim()
    .max(L.customerEmailMax, `The e-mail address must be at most ${L.customerEmailMax} characters.`)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Please give a valid e-mail address.")
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText("The address", L.customerAddressMax),
});

/**
 * Issuing a draft (`POST /api/admin/invoices/:id/issue`): the body is optional. `issuedOn` dates the
 * invoice on an earlier day (an invoice written up after the work); it may not be in the future nor
 * before the last invoice issued, so the numbers stay in date order. Absent: today.
 */
export const issueInvoiceSchema = z.object({
  issuedOn: dateField("the invoice date").optional(),
  /**
   * Take the customer's money on account (overpayments of their earlier invoices) off this one, up
   * to its balance: recorded as a payment "from money on account". Absent: false.
   */
  useOnAccount: z.boolean({ error: "useOnAccount must be true or false." }).optional(),
});

/**
 * A new draft (`POST /api/admin/invoices`):
 * - `full`, `deposit`, `balance`: from the accepted quote `quoteId` (its lines, its deposit, or
 *   what is left after the deposits already invoiced); `lines` is not accepted;
 * - `direct`: `lines` for the request `submissionId`, or for `customer` when there is no request.
 */
export const createInvoiceSchema = z
  .object({
    kind: z.enum(creatableInvoiceKinds, { error: "Please choose full, deposit, balance or direct." }),
    quoteId: id.optional(),
    submissionId: id.optional(),
    lines: linesField.optional(),
    customer: invoiceCustomerInputSchema.optional(),
    note: optionalText("The note", L.noteMax),
    /** The date of supply (time of supply); defaults to the issue date. */
    supplyDate: dateField("the date of supply").nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "direct") {
      if (!v.lines)
        ctx.addIssue({ code: "custom", message: "Please add the invoice's lines.", path: ["lines"] });
      if (v.submissionId === undefined && !v.customer)
        ctx.addIssue({
          code: "custom",
          message: "Please choose the request or give the customer's name.",
          path: ["customer"],
        });
      if (v.quoteId !== undefined)
        ctx.addIssue({ code: "custom", message: "A direct invoice has no quote.", path: ["quoteId"] });
    } else {
      if (v.quoteId === undefined)
        ctx.addIssue({ code: "custom", message: "Please choose the accepted quote.", path: ["quoteId"] });
      if (v.lines)
        ctx.addIssue({
          code: "custom",
          message: "An invoice from a quote takes the quote's lines; write a direct invoice for other lines.",
          path: ["lines"],
        });
    }
  });
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoiceParsed = z.output<typeof createInvoiceSchema>;

/**
 * A change (`PATCH /api/admin/invoices/:id`). A draft may change its lines (direct invoices),
 * customer, note and date of supply; `remindersEnabled` may change at any time.
 */
export const updateInvoiceSchema = z
  .object({
    lines: linesField.optional(),
    customer: invoiceCustomerInputSchema.optional(),
    note: clearableTextField("The note", L.noteMax),
    supplyDate: dateField("the date of supply").nullish(),
    remindersEnabled: z.boolean({ error: "Reminders must be on or off." }).optional(),
  })
  .refine(hasChange, nothingToChange);
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;
export type UpdateInvoiceParsed = z.output<typeof updateInvoiceSchema>;

/** A payment received (`POST /api/admin/invoices/:id/payments`). */
export const paymentInputSchema = z.object({
  amountPence: z
    .number({ error: "The amount must be a whole number of pence." })
    .int("The amount must be a whole number of pence.")
    .gt(0, "The amount must be more than £0.00.")
    .max(
      L.maxTotalPence,
      `The amount must be at most ${formatMoney(L.maxTotalPence, { dropZeroPence: true })}.`,
    ),
  method: z.enum(paymentMethods, { error: "Please choose bank transfer, cash, card reader or other." }),
  /** Not in the future (checked against today in Europe/London by the server). */
  receivedOn: dateField("the date it was received"),
  reference: optionalText("The reference", L.referenceMax),
  /**
   * What to do with money above the balance: keep it on the customer's account, or owe it back.
   * Without it, more than the balance is refused (422 naming the extra).
   */
  excess: z
    .enum(excessKinds, { error: "Please choose: keep the extra on account, or refund it." })
    .optional(),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** A refund of an overpayment paid back (`POST /api/admin/account-credits/:id/refund`). */
export const refundPaidInputSchema = z.object({
  method: z.enum(paymentMethods, { error: "Please choose bank transfer, cash, card reader or other." }),
  /** Not in the future (checked against today in Europe/London by the server). */
  refundedOn: dateField("the date it was paid back"),
  reference: optionalText("The reference", L.referenceMax),
});
export type RefundPaidInput = z.input<typeof refundPaidInputSchema>;
export type RefundPaidParsed = z.output<typeof refundPaidInputSchema>;

/** Money paid above an invoice's balance: kept on account or owed back (and whether paid back). */
export const excessSchema = z.object({
  id,
  kind: z.enum(excessKinds),
  amountPence: z.number().int().positive(),
  refundedOn: isoDate.nullable(),
  refundMethod: z.enum(paymentMethods).nullable(),
  refundReference: z.string().nullable(),
  /** Money on account paid back later (on `refundedOn`): how much was left of it then. */
  paidBackPence: z.number().int().positive().nullable(),
});

/** An overpayment in the owner's list: the extra, and the invoice and customer it came with. */
export const accountCreditRowSchema = excessSchema.extend({
  invoiceId: id,
  invoiceNumber: z.string(),
  submissionId: id.nullable(),
  customerName: z.string(),
  receivedOn: isoDate,
  paymentMethod: z.enum(paymentMethods),
  /** Still owed back, or still on account (less what later invoices used); 0 once paid back. */
  leftPence: z.number().int().nonnegative(),
});
export type AccountCreditRow = z.infer<typeof accountCreditRowSchema>;

/** `GET /api/admin/account-credits?all=1`: every one; by default the open ones only. */
export const accountCreditQuerySchema = z.object({
  all: z.enum(["0", "1"], { error: "All must be 0 or 1." }).optional(),
});
export type PaymentParsed = z.output<typeof paymentInputSchema>;

/**
 * A credit note (`POST /api/admin/invoices/:id/credit-note`): `lines` to credit, or `amountPence`
 * (a stated amount, VAT included, shared over the invoice's VAT bands), or neither: the whole
 * invoice.
 */
export const creditNoteInputSchema = z
  .object({
    reason: text("The reason", L.reasonMax).refine(
      (v) => v.length > 0,
      "Please give the reason for the credit note.",
    ),
    lines: linesField.optional(),
    amountPence: z
      .number({ error: "The amount must be a whole number of pence." })
      .int("The amount must be a whole number of pence.")
      .gt(0, "The amount must be more than £0.00.")
      .max(
        L.maxTotalPence,
        `The amount must be at most ${formatMoney(L.maxTotalPence, { dropZeroPence: true })}.`,
      )
      .optional(),
  })
  .refine((v) => v.lines === undefined || v.amountPence === undefined, {
    message: "Give either the lines to credit or an amount, not both.",
    path: ["amountPence"],
  });
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;
export type CreditNoteParsed = z.output<typeof creditNoteInputSchema>;

const queryDate = (what: string) => z.string().refine(isIsoDate, `${what} must be a date (YYYY-MM-DD).`);

/** The list's filters (`GET /api/admin/invoices?…`); all optional. */
export const invoiceListQuerySchema = z.object({
  /** One status, or "overdue" (unpaid or part-paid past the due date), or "open" (unpaid or part-paid). */
  status: z.enum([...invoiceStatuses, "overdue", "open"], { error: "Unknown status." }).optional(),
  /** Include credit notes ("1"), or list only credit notes ("only"); by default only invoices. */
  creditNotes: z.enum(["0", "1", "only"], { error: "Credit notes must be 0, 1 or only." }).optional(),
  submissionId: z
    .string()
    .regex(/^\d{1,9}$/, "The request must be a number.")
    .optional(),
  /** Number or customer name contains this. */
  q: z.string().max(100, "The search is too long.").optional(),
  /** Issued on or after / on or before. */
  from: queryDate("From").optional(),
  to: queryDate("To").optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "The page must be a number.")
    .optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

/**
 * The longest range one export covers, both days included: any year (a tax year, an accounting
 * year) with a month to spare, while one request never reads the whole ledger at once.
 */
export const maxExportDays = 400;
export const exportRangeTooLong = `An export covers at most ${maxExportDays} days. Please choose a shorter range.`;

/** Whether `from`..`to` (both included) is within `maxExportDays`. */
export const exportRangeFits = (from: string, to: string): boolean =>
  isIsoDate(from) && isIsoDate(to) && daysBetween(from, to) + 1 <= maxExportDays;

/** A date range for the accountant's exports (a longer one than `maxExportDays`: 400). */
export const exportQuerySchema = z
  .object({
    from: queryDate("From"),
    to: queryDate("To"),
    format: z.enum(["xero"], { error: "The format must be xero." }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: "From must be on or before to." })
  .refine((q) => q.from > q.to || exportRangeFits(q.from, q.to), { message: exportRangeTooLong });

export const paymentSchema = z.object({
  id,
  invoiceId: id,
  amountPence: z.number().int(),
  method: z.enum(storedPaymentMethods),
  receivedOn: isoDate,
  reference: z.string().nullable(),
  /** `stripe` for a payment taken online (its reference is the provider's payment id). */
  provider: z.enum(["stripe"]).nullable(),
  /** The provider's fee in pence, when known: the business's cost; the invoice's amount is unchanged. */
  feePence: z.number().int().nullable(),
  createdAt: timestamp,
  /** A removed (mistaken) payment: kept in the trail, not counted. */
  removedAt: timestamp.nullable(),
  removedBy: z.string().nullable(),
  /** Received above the balance with this payment (not part of `amountPence`): on account or to refund. */
  excess: excessSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceCustomerSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});

/** A credit note as listed on the invoice it corrects. */
export const creditNoteSummarySchema = z.object({
  id,
  number: z.string(),
  issuedOn: isoDate,
  reason: z.string(),
  totalPence: z.number().int(),
});

export const reminderSchema = z.object({
  /** 1 or 2. */
  n: z.number().int().min(1).max(2),
  sentAt: timestamp,
});

export const invoiceSchema = z.object({
  id,
  kind: z.enum(invoiceKinds),
  /** "KH-0007"; null until issued. */
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  /** Unpaid or part-paid past the due date (derived from today). */
  overdue: z.boolean(),
  daysOverdue: z.number().int().nonnegative(),
  submissionId: id.nullable(),
  quoteId: id.nullable(),
  /** For a credit note: the invoice it corrects. */
  creditedInvoiceId: id.nullable(),
  creditedInvoiceNumber: z.string().nullable(),
  /** For a credit note: the date of the invoice it corrects. */
  creditedInvoiceIssuedOn: isoDate.nullable(),
  customer: invoiceCustomerSchema,
  /** Whether the business was VAT-registered when the invoice was written (prices ex-VAT). */
  vatRegistered: z.boolean(),
  lines: z.array(documentLineSchema),
  note: z.string().nullable(),
  /** A credit note's reason. */
  reason: z.string().nullable(),
  /** The date of supply (time of supply); null: the invoice date. */
  supplyDate: isoDate.nullable(),
  issuedOn: isoDate.nullable(),
  /**
   * The tax point (time of supply) of an issued invoice: the date of supply, the invoice date when
   * issued within 14 days after it (or before it), a deposit's own date (contract/rules.ts `taxPoint`).
   */
  taxPoint: isoDate.nullable(),
  dueOn: isoDate.nullable(),
  totals: totalsSchema,
  totalPence: z.number().int(),
  paidPence: z.number().int(),
  creditedPence: z.number().int(),
  /** total − credited − paid, never below 0. */
  balancePence: z.number().int(),
  /**
   * A draft: the customer's money on account (overpayments of their earlier invoices, less what
   * other invoices used) that issuing could take off it. 0 once issued.
   */
  onAccountPence: z.number().int().nonnegative(),
  /** Paid beyond the credited total: owed back to the customer. */
  refundDuePence: z.number().int(),
  /** Every payment, removed ones included (marked), oldest first. */
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSummarySchema),
  remindersEnabled: z.boolean(),
  reminders: z.array(reminderSchema),
  sentAt: timestamp.nullable(),
  paidAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** A row of the invoice list. */
export const invoiceRowSchema = z.object({
  id,
  kind: z.enum(invoiceKinds),
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  overdue: z.boolean(),
  daysOverdue: z.number().int().nonnegative(),
  submissionId: id.nullable(),
  customerName: z.string(),
  issuedOn: isoDate.nullable(),
  dueOn: isoDate.nullable(),
  totalPence: z.number().int(),
  paidPence: z.number().int(),
  balancePence: z.number().int(),
  createdAt: timestamp,
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The settings invoices are written under (src/config/site.ts). */
export const invoiceSettingsSchema = z.object({
  ...documentSettingsShape,
  /** 0: due on completion. */
  dueDays: z.number().int().nonnegative(),
  reminderDays: z.array(z.number().int().positive()),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const invoiceListSchema = z.object({
  invoices: z.array(invoiceRowSchema),
  /** Rows matching the filters (all pages). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  settings: invoiceSettingsSchema,
});

/** What a request's accepted quote still allows: the invoice screen's choices. */
export const quoteInvoicingSchema = z.object({
  quoteId: id,
  quoteNumber: z.string(),
  acceptedTotalPence: z.number().int(),
  /** The deposit the quote asks for (0: none). */
  depositDuePence: z.number().int(),
  /** Deposit invoices issued and not void. */
  depositsInvoicedPence: z.number().int(),
  /** Full or balance invoices issued and not void (after which nothing is left to invoice). */
  finalInvoicedPence: z.number().int(),
  canInvoiceFull: z.boolean(),
  canInvoiceDeposit: z.boolean(),
  canInvoiceBalance: z.boolean(),
});
export type QuoteInvoicing = z.infer<typeof quoteInvoicingSchema>;

export const requestInvoicesSchema = z.object({
  invoices: z.array(invoiceSchema),
  /** The accepted quote's invoicing state; null when the request has no accepted quote. */
  quote: quoteInvoicingSchema.nullable(),
  settings: invoiceSettingsSchema,
});

export const vatSummarySchema = z.object({
  from: isoDate,
  to: isoDate,
  vatRegistered: z.boolean(),
  /** Invoices less credit notes issued in the period, per rate, highest first. */
  bands: z.array(vatBandSchema),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  totalPence: z.number().int(),
  invoiceCount: z.number().int().nonnegative(),
  creditNoteCount: z.number().int().nonnegative(),
});
export type VatSummary = z.infer<typeof vatSummarySchema>;

/** Money at a glance (`GET /api/admin/money`). "This month" is the calendar month in Europe/London. */
export const moneySummarySchema = z.object({
  today: isoDate,
  /** Balances of every unpaid and part-paid invoice. */
  outstandingPence: z.number().int(),
  outstandingCount: z.number().int().nonnegative(),
  overduePence: z.number().int(),
  /** Overdue invoices, oldest due date first (at most 50). */
  overdue: z.array(
    z.object({
      id,
      number: z.string(),
      customerName: z.string(),
      submissionId: id.nullable(),
      dueOn: isoDate,
      daysOverdue: z.number().int().nonnegative(),
      totalPence: z.number().int(),
      balancePence: z.number().int(),
      remindersSent: z.number().int().nonnegative(),
    }),
  ),
  overdueCount: z.number().int().nonnegative(),
  /** Issued invoices less credit notes by invoice date; payments by date received. */
  thisMonth: z.object({
    month: z.string(),
    invoicedPence: z.number().int(),
    receivedPence: z.number().int(),
  }),
  lastMonth: z.object({
    month: z.string(),
    invoicedPence: z.number().int(),
    receivedPence: z.number().int(),
  }),
  /** Quotes sent or opened and not yet answered (nor expired). */
  quotesAwaiting: z.object({ count: z.number().int().nonnegative(), totalPence: z.number().int() }),
  /** Of the quotes sent in the last 90 days that got an answer or expired: the share accepted. */
  acceptance90: z.object({
    decided: z.number().int().nonnegative(),
    accepted: z.number().int().nonnegative(),
    /** 0…1; null when none was decided. */
    share: z.number().nullable(),
  }),
  /** The last 12 calendar months, oldest first ("2026-11"). */
  months: z.array(
    z.object({ month: z.string(), invoicedPence: z.number().int(), receivedPence: z.number().int() }),
  ),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;

const invoiceAnswer = z.object({ invoice: invoiceSchema });

export const invoiceEndpoints = {
  /** Money paid above invoices' balances: refunds still owed and money on account (`open`), or all. */
  listAccountCredits: defineEndpoint({
    ...routes.listAccountCreditsRoute,
    status: 200,
    query: accountCreditQuerySchema,
    response: z.object({ credits: z.array(accountCreditRowSchema) }),
  }),
  /**
   * A refund owed, or the money left on account, recorded as paid back to the customer. 409 when
   * already paid back, or when later invoices used all of the money on account (nothing changes);
   * 404 when unknown or removed.
   */
  recordRefundPaid: defineEndpoint({
    ...routes.refundPaidRoute,
    status: 200,
    request: refundPaidInputSchema,
    response: z.object({ credit: accountCreditRowSchema }),
  }),
  listInvoices: defineEndpoint({
    ...routes.listInvoicesRoute,
    status: 200,
    query: invoiceListQuerySchema,
    response: invoiceListSchema,
  }),
  /** 404 for an unknown quote or request; 409 when the quote is not accepted or nothing is left. */
  createInvoice: defineEndpoint({
    ...routes.createInvoiceRoute,
    status: 201,
    request: createInvoiceSchema,
    response: invoiceAnswer,
  }),
  getInvoice: defineEndpoint({ ...routes.getInvoiceRoute, status: 200, response: invoiceAnswer }),
  /** 409 when anything but `remindersEnabled` changes on an issued invoice. */
  updateInvoice: defineEndpoint({
    ...routes.updateInvoiceRoute,
    status: 200,
    request: updateInvoiceSchema,
    response: invoiceAnswer,
  }),
  /** A draft only (409 once issued). */
  deleteInvoice: defineEndpoint({ ...routes.deleteInvoiceRoute, status: 204 }),
  /**
   * Dated today, or `issuedOn` (422 in the future or before the last invoice issued); 409 when
   * already issued. The body may be left out.
   */
  issueInvoice: defineEndpoint({
    ...routes.issueInvoiceRoute,
    status: 200,
    request: issueInvoiceSchema,
    response: invoiceAnswer,
  }),
  /** An issued invoice or credit note with a customer e-mail address; 409 for a draft. */
  sendInvoice: defineEndpoint({ ...routes.sendInvoiceRoute, status: 200, response: invoiceAnswer }),
  /** The PDF; no JSON answer. A draft's PDF says DRAFT. */
  invoicePdf: defineEndpoint({
    ...routes.invoicePdfRoute,
    status: 200,
    query: pdfQuerySchema,
  }),
  /** 422 for more than the balance, 0, negative or a future date; 409 for a draft, void or paid invoice. */
  addPayment: defineEndpoint({
    ...routes.addPaymentRoute,
    status: 201,
    request: paymentInputSchema,
    response: z.object({ invoice: invoiceSchema, payment: paymentSchema }),
  }),
  /** The path has two ids: build it with `paymentPath` (admin-routes). 409 when already removed. */
  removePayment: defineEndpoint({ ...routes.removePaymentRoute, status: 200, response: invoiceAnswer }),
  /** 422 when larger than what is left to credit; 409 for a draft or a credit note. */
  createCreditNote: defineEndpoint({
    ...routes.createCreditNoteRoute,
    status: 201,
    request: creditNoteInputSchema,
    response: z.object({ creditNote: invoiceSchema, invoice: invoiceSchema }),
  }),
  /** CSV in Xero's sales-invoice import layout; no JSON answer. */
  exportInvoices: defineEndpoint({ ...routes.exportInvoicesRoute, status: 200, query: exportQuerySchema }),
  exportPayments: defineEndpoint({ ...routes.exportPaymentsRoute, status: 200, query: exportQuerySchema }),
  vatSummary: defineEndpoint({
    ...routes.vatSummaryRoute,
    status: 200,
    query: exportQuerySchema,
    response: vatSummarySchema,
  }),
  requestInvoices: defineEndpoint({
    ...routes.requestInvoicesRoute,
    status: 200,
    response: requestInvoicesSchema,
  }),
  moneySummary: defineEndpoint({ ...routes.moneySummaryRoute, status: 200, response: moneySummarySchema }),
  /** The customer's download of an issued invoice's PDF (404 page for a wrong link or invoice). */
  customerInvoicePdf: defineEndpoint({
    ...customerInvoicePdfRoute,
    status: 200,
    query: z.object({ invoice: z.string().optional() }),
  }),
};
