/**
 * What the invoice services share: a stored invoice as the contract's `Invoice`, the settings,
 * input lines checked against the VAT setting, numbers, and the refusals (a sentence a person
 * understands).
 */
import { site } from "../../config/site";
import { dateInZone, type IsoDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { linesToStore as storeLines, pricedLine, storedForTotals } from "../billing";
import {
  balanceOf,
  daysOverdue,
  formatDocumentNumber,
  invoiceKindLabels,
  invoiceTotals,
  isOverdue,
  refundDueOf,
  taxPoint,
  type Invoice,
  type InvoiceLineInput,
  type InvoiceSettings,
  type Payment,
} from "./contract";
import type { InvoiceLineRecord, InvoiceRecord, NewInvoiceLine, PaymentRecord } from "./repository";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The numbering sequences: invoices, and credit notes with their own prefix. */
export const sequences = { invoice: "invoice", creditNote: "credit_note" } as const;

export const numberFor = (sequence: keyof typeof sequences, n: number): string =>
  formatDocumentNumber(
    sequence === "invoice" ? site.invoices.numberPrefix : site.invoices.creditNotePrefix,
    n,
    site.invoices.numberDigits,
  );

export function invoiceSettings(now: Date, vatRegistered: boolean): InvoiceSettings {
  return {
    vatRegistered,
    vatRates: [...site.vat.rates],
    dueDays: site.invoices.dueDays,
    reminderDays: [...site.invoices.reminderDays],
    today: dateInZone(now),
  };
}

export const lineOf = (l: InvoiceLineRecord, vatRegistered: boolean) => pricedLine(l, vatRegistered);

export const toPayment = (p: PaymentRecord): Payment => ({
  id: p.id,
  invoiceId: p.invoiceId,
  amountPence: p.amountPence,
  method: p.method,
  receivedOn: p.receivedOn,
  reference: p.reference,
  provider: p.provider === "stripe" ? "stripe" : null,
  feePence: p.feePence,
  createdAt: p.createdAt.toISOString(),
  removedAt: iso(p.removedAt),
  removedBy: p.removedBy,
  excess: p.excess ?? null,
});

export interface InvoiceExtras {
  payments: readonly PaymentRecord[];
  creditNotes: readonly {
    id: number;
    number: string | null;
    issuedOn: string | null;
    reason: string | null;
    totalPence: number;
  }[];
  creditedInvoiceNumber: string | null;
  /** The credited invoice's date, for a credit note. */
  creditedInvoiceIssuedOn?: IsoDate | null;
  /** A draft: the customer's money on account issuing could use. */
  onAccountPence?: number;
}

/** The earliest date a (not removed) payment was received. */
const firstPaidOn = (payments: readonly PaymentRecord[]): IsoDate | null =>
  payments
    .filter((p) => !p.removedAt)
    .map((p) => p.receivedOn)
    .sort()[0] ?? null;

/** A stored invoice as the contract's `Invoice`. */
export function toInvoice(r: InvoiceRecord, extras: InvoiceExtras, today: IsoDate): Invoice {
  const lines = r.lines.map((l) => lineOf(l, r.vatRegistered));
  const totals = invoiceTotals(lines, { vatRegistered: r.vatRegistered });
  const money = {
    issued: r.number !== null,
    totalPence: r.totalPence,
    paidPence: r.paidPence,
    creditedPence: r.creditedPence,
  };
  const credit = r.kind === "credit_note";
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    status: r.status,
    overdue: !credit && isOverdue(r.status, r.dueOn, today),
    daysOverdue: credit ? 0 : daysOverdue(r.status, r.dueOn, today),
    submissionId: r.submissionId,
    quoteId: r.quoteId,
    creditedInvoiceId: r.creditedInvoiceId,
    creditedInvoiceNumber: extras.creditedInvoiceNumber,
    creditedInvoiceIssuedOn: extras.creditedInvoiceIssuedOn ?? null,
    customer: { name: r.customerName, email: r.customerEmail, address: r.customerAddress },
    vatRegistered: r.vatRegistered,
    lines,
    note: r.note,
    reason: r.reason,
    supplyDate: r.supplyDate,
    issuedOn: r.issuedOn,
    taxPoint: r.issuedOn
      ? taxPoint({
          kind: r.kind,
          issuedOn: r.issuedOn,
          supplyDate: r.supplyDate,
          paidOn: firstPaidOn(extras.payments),
        })
      : null,
    dueOn: r.dueOn,
    totals: { ...totals, vatByRate: [...totals.vatByRate] },
    totalPence: r.totalPence,
    paidPence: r.paidPence,
    creditedPence: r.creditedPence,
    balancePence: credit || !money.issued ? 0 : balanceOf(money),
    onAccountPence: money.issued ? 0 : (extras.onAccountPence ?? 0),
    refundDuePence: credit ? 0 : refundDueOf(money),
    payments: extras.payments.map(toPayment),
    creditNotes: extras.creditNotes
      .filter((c) => c.number !== null)
      .map((c) => ({
        id: c.id,
        number: c.number!,
        issuedOn: c.issuedOn!,
        reason: c.reason ?? "",
        totalPence: c.totalPence,
      })),
    remindersEnabled: r.remindersEnabled,
    reminders: [
      ...(r.reminder1SentAt ? [{ n: 1, sentAt: r.reminder1SentAt.toISOString() }] : []),
      ...(r.reminder2SentAt ? [{ n: 2, sentAt: r.reminder2SentAt.toISOString() }] : []),
    ],
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The lines as stored, each VAT rate checked against `vatRegistered`: registered, a line needs one
 * of the configured rates; not registered, rates are dropped. Invalid names the line.
 */
export const linesToStore = (
  lines: readonly Omit<InvoiceLineInput, "optional">[],
  vatRegistered: boolean,
  field = "lines",
): NewInvoiceLine[] => storeLines(lines, vatRegistered, field);

/** Net, VAT and total of lines about to be stored. */
export function totalsOfStored(lines: readonly NewInvoiceLine[], vatRegistered: boolean) {
  return invoiceTotals(storedForTotals(lines), { vatRegistered });
}

/** "Invoice KH-0007", "Credit note KH-CN-0002", "Draft invoice" (no number yet). */
export function documentTitle(r: Pick<InvoiceRecord, "kind" | "number">): string {
  const label = invoiceKindLabels[r.kind];
  return r.number ? `${label} ${r.number}` : `Draft ${label.toLowerCase()}`;
}

// ---------------------------------------------------------------- refusals

export const invoiceNotFound = () => new NotFound("That invoice does not exist.");
export const requestNotFound = () => new NotFound("That request no longer exists.");
export const quoteNotFound = () => new NotFound("That quote does not exist.");

export function invalid(field: string, message: string): Invalid {
  return new Invalid("Please check the highlighted fields.", { fields: { [field]: message } });
}

export const alreadyIssued = (r: Pick<InvoiceRecord, "kind" | "number">) =>
  new Conflict(
    `${documentTitle(r)} has already been issued, and an issued invoice never changes. Correct it with a credit note.`,
    "invoice_issued",
  );

export const notIssued = () =>
  new Conflict("This invoice is still a draft. Issue it first.", "invoice_draft");

export const isCreditNote = () =>
  new Conflict(
    "This is a credit note; payments and credit notes belong to the invoice it corrects.",
    "credit_note",
  );

/** "£12.00" */
export const money = formatMoney;
