/**
 * The sums of a quote or an invoice, built on src/platform/money.ts
 * (docs/decisions/028-time-and-money.md): a line's net is quantity × unit price rounded to the
 * penny; VAT-registered, VAT is computed once per rate on that rate's net total and rounded down to
 * the penny (docs/decisions/044-vat-tax-point-and-pdf-font.md); the total is net + VAT. Optional
 * lines (a quote's) count only when chosen. A deposit is a fixed amount or a percentage of the
 * total (to the nearest penny), never more than the total. Browser-safe: the admin's editors, the
 * customer's page and the server show the same figures (docs/decisions/066-billing-core.md).
 */
import {
  formatMoney,
  lineNet,
  percentOf,
  totals as moneyTotals,
  type Pence,
  type VatRate,
} from "../../../platform/money";

/** A priced line as the sums need it. */
export interface LineForTotals {
  /** Up to two decimals. */
  readonly quantity: number;
  readonly unitPence: Pence;
  /** Percent; null or absent when the business is not VAT-registered. */
  readonly vatRate?: VatRate | null | undefined;
  /** A line the customer may tick (quotes only); counted only when chosen. */
  readonly optional?: boolean | undefined;
}

export interface VatBandPence {
  readonly rate: VatRate;
  readonly netPence: Pence;
  readonly vatPence: Pence;
}

export interface DocumentTotals {
  readonly netPence: Pence;
  /** One entry per rate used, highest first; empty when not VAT-registered. */
  readonly vatByRate: readonly VatBandPence[];
  readonly vatPence: Pence;
  /** Net + VAT: what the customer pays. */
  readonly totalPence: Pence;
}

/** The deposit asked for: a fixed amount, a percentage of the total, or none. */
export type DepositTerms = { readonly pence: Pence } | { readonly percent: number } | null;

export interface TotalsOptions {
  readonly vatRegistered: boolean;
  /**
   * Which optional lines count, by their index in `lines` (or a predicate). Absent: none, so the
   * total is the document without its optional lines.
   */
  readonly chosen?: ReadonlySet<number> | ((index: number) => boolean);
}

/** The net of one line in pence: quantity × unit price, rounded to the penny. */
export const lineNetPence = (line: LineForTotals): Pence =>
  lineNet({ quantity: line.quantity, unitPrice: line.unitPence, vatRate: line.vatRate ?? 0 });

/** The lines that count: every fixed line, and the optional lines chosen. */
export function countedLines<L extends LineForTotals>(lines: readonly L[], options: TotalsOptions): L[] {
  const { chosen } = options;
  const isChosen = (i: number) =>
    chosen === undefined ? false : typeof chosen === "function" ? chosen(i) : chosen.has(i);
  return lines.filter((line, i) => !line.optional || isChosen(i));
}

/** Net, VAT per rate, VAT and total of a document's counted lines. */
export function documentTotals(lines: readonly LineForTotals[], options: TotalsOptions): DocumentTotals {
  const counted = countedLines(lines, options);
  const t = moneyTotals(
    counted.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPence, vatRate: l.vatRate ?? 0 })),
    { vatRegistered: options.vatRegistered },
  );
  return {
    netPence: t.net,
    vatByRate: t.vatByRate.map((b) => ({ rate: b.rate, netPence: b.net, vatPence: b.vat })),
    vatPence: t.vat,
    totalPence: t.gross,
  };
}

/**
 * The deposit due on a total: the fixed amount or the percentage, never more than the total and
 * never below nothing (a total below zero asks for no deposit).
 */
export function depositDuePence(totalPence: Pence, deposit: DepositTerms): Pence {
  if (!deposit || totalPence <= 0) return 0;
  const due = "pence" in deposit ? deposit.pence : percentOf(totalPence, deposit.percent);
  return Math.min(due, totalPence);
}

/**
 * The most a document of these lines can come to: every optional line counted and, where any line
 * carries a VAT rate, its VAT. Compared with the cap before anything is stored, so an amount too
 * large for the books (or the database) is refused with a message instead of failing on insert.
 */
export function largestTotalPence(lines: readonly LineForTotals[]): Pence {
  const vatRegistered = lines.some((l) => l.vatRate !== null && l.vatRate !== undefined);
  return documentTotals(lines, { vatRegistered, chosen: () => true }).totalPence;
}

/** The sentence for a total over the cap ("… at most £1,000,000 …"). */
export const overCapMessage = (what: "quote" | "invoice", capPence: Pence): string =>
  what === "quote"
    ? `The quote's total, with every optional item and VAT, must be at most ${formatMoney(capPence, { dropZeroPence: true })}.`
    : `The invoice's total, with VAT, must be at most ${formatMoney(capPence, { dropZeroPence: true })}.`;

/** "VAT at 20% on £100.00": the label of one VAT band, on screen, on the page and in the PDFs. */
export const vatBandLabel = (band: Pick<VatBandPence, "rate" | "netPence">): string =>
  `VAT at ${band.rate}% on ${formatMoney(band.netPence)}`;
