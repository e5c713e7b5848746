/**
 * Invoices: kinds, statuses, payment methods, limits and the rules that derive an invoice's status
 * and whether it is overdue (docs/decisions/032-invoices.md). Browser-safe: the admin's screens
 * show the same status the server stores.
 *
 *   draft ──issue (number)──> unpaid ──payment──> part-paid ──payment──> paid
 *                               │  └───────────────────payment (whole balance)────┘
 *                               └── credit note for the whole amount ──> void
 *   an issued invoice never changes: a correction is a credit note that references it;
 *   removing a mistaken payment moves the status back (the payment stays in the audit trail);
 *   overdue is not a status: an unpaid or part-paid invoice past its due date.
 */
import { daysBetween, type IsoDate } from "../../../platform/time";
import type { Pence } from "../../../platform/money";

/** How an invoice came about; a credit note is stored beside invoices and references one. */
export const invoiceKinds = ["full", "deposit", "balance", "direct", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
/** The kinds the owner may create with `POST /api/admin/invoices`. */
export const creatableInvoiceKinds = ["full", "deposit", "balance", "direct"] as const;
export type CreatableInvoiceKind = (typeof creatableInvoiceKinds)[number];

export const invoiceStatuses = ["draft", "unpaid", "part-paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const paymentMethods = ["bank_transfer", "cash", "card", "other"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Every method a stored payment can have: the owner's four, and `on_account`, money the customer
 * had already paid above an earlier invoice, used when this one was issued. It is not money
 * received: the owner never records it by hand, and the bank exports leave it out.
 */
export const storedPaymentMethods = [...paymentMethods, "on_account"] as const;
export type StoredPaymentMethod = (typeof storedPaymentMethods)[number];

/**
 * What the owner says of money paid above an invoice's balance: kept as a credit on the customer's
 * account (`on_account`, taken off their next invoice) or owed back to them (`refund`).
 */
export const excessKinds = ["on_account", "refund"] as const;
export type ExcessKind = (typeof excessKinds)[number];

export const invoiceKindLabels: Record<InvoiceKind, string> = {
  full: "Invoice",
  deposit: "Deposit invoice",
  balance: "Final invoice",
  direct: "Invoice",
  credit_note: "Credit note",
};

export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: "Draft",
  unpaid: "Unpaid",
  "part-paid": "Part paid",
  paid: "Paid",
  void: "Void",
};

/**
 * How a payment was made, in words: the owner's own entries by their method, and one taken online
 * (a provider named) as "Card (online)" or "Pay by bank (online)".
 */
export function paymentMethodLabel(method: StoredPaymentMethod, provider: string | null | undefined): string {
  if (provider) return method === "bank_transfer" ? "Pay by bank (online)" : "Card (online)";
  return paymentMethodLabels[method];
}

export const paymentMethodLabels: Record<StoredPaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  card: "Card reader",
  other: "Other",
  on_account: "From money on account",
};

/** The limits of one invoice; the database's CHECK constraints repeat them. */
export const invoiceLimits = {
  maxLines: 100,
  descriptionMax: 500,
  noteMax: 2000,
  /** A credit note's reason. */
  reasonMax: 1000,
  /** A payment's reference ("BACS 12 Nov", a cheque number). */
  referenceMax: 100,
  maxUnitPence: 10_000_000,
  maxQuantity: 10_000,
  /** One invoice's total is at most £1,000,000. */
  maxTotalPence: 100_000_000,
  customerNameMax: 100,
  customerEmailMax: 254,
  customerAddressMax: 500,
  /** Rows on one page of the invoice list. */
  pageSize: 50,
  /** Days one export may span. */
  maxExportDays: 3_700,
} as const;

/** What an invoice's money adds up to, in pence. */
export interface InvoiceMoney {
  /** False for a draft. */
  readonly issued: boolean;
  readonly totalPence: Pence;
  /** Payments recorded (removed ones not counted). */
  readonly paidPence: Pence;
  /** Credit notes issued against it. */
  readonly creditedPence: Pence;
}

/** What is still owed: the total less credit notes and payments, never below 0 (0 for a draft). */
export const balanceOf = (m: InvoiceMoney): Pence =>
  m.issued ? Math.max(0, m.totalPence - m.creditedPence - m.paidPence) : 0;

/** What was paid beyond the credited total (owed back to the customer), never below 0. */
export const refundDueOf = (m: InvoiceMoney): Pence =>
  Math.max(0, m.paidPence - Math.max(0, m.totalPence - m.creditedPence));

/**
 * The status the money says: a draft until issued; void once credit notes cover the whole total;
 * paid when payments cover what is left; part-paid with some payment; unpaid otherwise.
 */
export function invoiceStatusOf(m: InvoiceMoney): InvoiceStatus {
  if (!m.issued) return "draft";
  if (m.totalPence > 0 && m.creditedPence >= m.totalPence) return "void";
  if (m.paidPence >= m.totalPence - m.creditedPence) return "paid";
  if (m.paidPence > 0) return "part-paid";
  return "unpaid";
}

/** Still expecting money: unpaid or part-paid. */
export const isOpen = (status: InvoiceStatus): boolean => status === "unpaid" || status === "part-paid";

/** Overdue: open and past its due date (the due day itself is not overdue). */
export const isOverdue = (status: InvoiceStatus, dueOn: IsoDate | null, today: IsoDate): boolean =>
  isOpen(status) && dueOn !== null && dueOn < today;

/** Days past the due date (0 when not overdue). */
export const daysOverdue = (status: InvoiceStatus, dueOn: IsoDate | null, today: IsoDate): number =>
  isOverdue(status, dueOn, today) ? daysBetween(dueOn!, today) : 0;

/** "KH-0007": a sequence number with its prefix, padded to `digits`. */
export const formatDocumentNumber = (prefix: string, n: number, digits: number): string =>
  `${prefix}${String(n).padStart(digits, "0")}`;

/** The payment terms in words: "Payment is due on completion." or "Payment is due within 14 days." */
export const paymentTermsText = (dueDays: number): string =>
  dueDays === 0
    ? "Payment is due on completion."
    : `Payment is due within ${dueDays} days of the invoice date.`;

/** Days after the date of supply within which an invoice's own date becomes the tax point. */
export const taxPointInvoiceDays = 14;

/**
 * The tax point (time of supply) of an issued VAT invoice, as HMRC's rules set it
 * (docs/decisions/044-vat-tax-point-and-pdf-font.md):
 * - the basic tax point is the date of supply (the invoice date when none is given);
 * - an invoice issued up to 14 days after it moves the tax point to the invoice date;
 * - an invoice issued, or a payment received, before the basic tax point makes that earlier date
 *   the tax point: a deposit (an advance payment) is its own tax point, the day it was received or
 *   invoiced, whichever came first.
 * `paidOn` is the first payment's date (for a deposit received before its invoice was written).
 */
export function taxPoint(doc: {
  kind: InvoiceKind;
  issuedOn: IsoDate;
  supplyDate: IsoDate | null;
  paidOn?: IsoDate | null;
}): IsoDate {
  const { issuedOn } = doc;
  const earliest = (a: IsoDate, b: IsoDate | null | undefined) => (b && b < a ? b : a);
  if (doc.kind === "deposit") return earliest(issuedOn, doc.paidOn);
  const basic = doc.supplyDate ?? issuedOn;
  if (issuedOn <= basic) return earliest(issuedOn, doc.paidOn);
  const actual = daysBetween(basic, issuedOn) <= taxPointInvoiceDays ? issuedOn : basic;
  return earliest(actual, doc.paidOn);
}
