/**
 * The invoice screens' forms as the owner types them, and what the server is sent: a payment (the
 * amount typed in pounds becomes integer pence, prefilled with the balance), a credit note (the
 * whole invoice or some of its lines), the badge an invoice shows, and the money screen's default
 * export range. Pure and browser-safe, so it is unit-tested alone; amounts are never summed in a
 * float.
 */
import { formatMoney, parseTypedPounds, poundsDecimal, type Pence } from "../../../platform/money";
import { addDays, type IsoDate } from "../../../platform/time";
import { readablePricedLines, readTypedLines, type DraftErrors, type LineDraft } from "../../billing/screens";
import {
  invoiceKindLabels,
  invoiceStatusLabels,
  paymentMethodLabels,
  paymentMethods,
  type InvoiceKind,
  type InvoiceStatus,
  type PaymentMethod,
  type StoredPaymentMethod,
} from "../contract/rules";
import type { InvoiceLineInput, PaymentInput } from "../contract/endpoints";
import { invoiceTotals, type InvoiceTotals } from "../contract/totals";

export { paymentMethodLabels, paymentMethods, type PaymentMethod };

/** The badge an invoice shows: its status, or "overdue" for an open one past its due date. */
export type InvoiceBadge = InvoiceStatus | "overdue";

export const invoiceBadgeOf = (invoice: { status: InvoiceStatus; overdue: boolean }): InvoiceBadge =>
  invoice.overdue && (invoice.status === "unpaid" || invoice.status === "part-paid")
    ? "overdue"
    : invoice.status;

export const invoiceBadgeLabels: Record<InvoiceBadge, string> = {
  ...invoiceStatusLabels,
  overdue: "Overdue",
};

/** "KH-0007", "Draft invoice", "Draft deposit invoice": how an invoice is named on screen. */
export function invoiceLabel(invoice: { number: string | null; kind: InvoiceKind }): string {
  if (invoice.number) return invoice.number;
  const kind = invoiceKindLabels[invoice.kind];
  return `Draft ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
}

export interface PaymentDraft {
  /** Pounds as typed. */
  amount: string;
  method: PaymentMethod;
  /** YYYY-MM-DD. */
  receivedOn: string;
  reference: string;
}

/** A new payment's form: the balance in the amount, bank transfer, today, no reference. */
export const paymentDraft = (balancePence: Pence, today: IsoDate): PaymentDraft => ({
  amount: balancePence > 0 ? poundsDecimal(balancePence) : "",
  method: "bank_transfer",
  receivedOn: today,
  reference: "",
});

export const paymentMessages = {
  amount: "Enter the amount in pounds, such as 120 or 45.50.",
  receivedOn: "Choose the day the money came in.",
} as const;

/**
 * The body to send, or what to fix first. Only what cannot become the wire shape is checked here
 * (an amount that is not pounds, no date); more than the balance, nothing, or a future date are
 * the server's to refuse, in its own words, beside the field it names.
 */
export function paymentBody(
  draft: PaymentDraft,
): { body: PaymentInput; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const amountPence = parseTypedPounds(draft.amount);
  if (amountPence === null) errors["amountPence"] = paymentMessages.amount;
  if (!draft.receivedOn) errors["receivedOn"] = paymentMessages.receivedOn;
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const reference = draft.reference.trim();
  return {
    body: {
      amountPence: amountPence!,
      method: draft.method,
      receivedOn: draft.receivedOn,
      ...(reference ? { reference } : {}),
    },
    errors: null,
  };
}

/**
 * "£120.00 by bank transfer", or "£25.00 from money on account" (an earlier overpayment, not money
 * received now): for the toast and the payments list.
 */
export const paymentSummary = (amountPence: Pence, method: StoredPaymentMethod): string =>
  method === "on_account"
    ? `${formatMoney(amountPence)} from money on account`
    : `${formatMoney(amountPence)} by ${paymentMethodLabels[method].toLowerCase()}`;

/**
 * The accountant's usual range: the whole of last month (from its first day to its last), from
 * today's London date.
 */
export function lastMonthRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** "38%" (whole percent), or "No quotes decided" when nothing was decided. */
export function acceptanceText(share: number | null): string {
  return share === null ? "None decided yet" : `${Math.round(share * 100)}%`;
}

/**
 * An invoice's lines as typed (the billing core's line form, without "optional") into the body's
 * lines, or the fields to fix first, keyed `lines.<i>.<field>` with the billing core's messages.
 */
export function linesBody(
  lines: readonly LineDraft[],
  options: { vatRegistered: boolean },
): { lines: InvoiceLineInput[]; errors: null } | { lines: null; errors: DraftErrors } {
  const read = readTypedLines(lines, options);
  if (Object.keys(read.errors).length > 0) return { lines: null, errors: read.errors };
  return { lines: read.lines.map(({ optional: _optional, ...line }) => line), errors: null };
}

/** The totals of the lines that can be read so far (the invoice contract's own sums). */
export function liveInvoiceTotals(
  lines: readonly LineDraft[],
  options: { vatRegistered: boolean },
): { totals: InvoiceTotals; incompleteLines: number } {
  const { priced, incompleteLines } = readablePricedLines(lines, options);
  // An invoice has no optional lines: every line counts.
  const counted = priced.map((l) => ({ ...l, optional: false }));
  return { totals: invoiceTotals(counted, options), incompleteLines };
}

/** A credit note's lines: the invoice's lines the owner ticked, as they were invoiced. */
export function creditLines(
  invoiceLines: readonly {
    id: number;
    description: string;
    quantity: number;
    unitPence: Pence;
    vatRate: number | null;
  }[],
  chosen: ReadonlySet<number>,
): InvoiceLineInput[] {
  return invoiceLines
    .filter((l) => chosen.has(l.id))
    .map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPence: l.unitPence,
      ...(l.vatRate !== null ? { vatRate: l.vatRate } : {}),
    }));
}
