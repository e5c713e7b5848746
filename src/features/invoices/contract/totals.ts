/**
 * An invoice's sums: the billing core's (src/features/billing/contract/totals.ts) over lines that
 * are never optional. A line's net is quantity × unit price rounded to the penny; VAT-registered, VAT
 * is worked out once per rate on that rate's net total. A line may be negative only when the
 * server writes it (a deposit already invoiced, deducted on the final invoice).
 */
import { allocate, vatOn, type Pence, type VatRate } from "../../../platform/money";
import {
  depositDuePence,
  documentTotals,
  lineNetPence,
  type DepositTerms,
  type DocumentTotals,
  type VatBandPence,
} from "../../billing/contract/totals";

export { lineNetPence, type VatBandPence };
export type InvoiceTotals = DocumentTotals;

/** A priced invoice line as the sums need it. */
export interface InvoiceLineForTotals {
  readonly quantity: number;
  readonly unitPence: Pence;
  readonly vatRate?: VatRate | null | undefined;
}

/** Net, VAT per rate (highest first), VAT and total of an invoice's lines. */
export const invoiceTotals = (
  lines: readonly InvoiceLineForTotals[],
  options: { readonly vatRegistered: boolean },
): InvoiceTotals => documentTotals(lines, { vatRegistered: options.vatRegistered });

/**
 * The lines of a deposit invoice for `depositPence` of a quote with these totals: not registered,
 * one line of the deposit; registered, one line per VAT rate carrying that rate's share of the
 * deposit as its net (so the VAT is the deposit's share of each rate), named by `description`.
 */
export function depositLines(
  totals: DocumentTotals,
  depositPence: Pence,
  vatRegistered: boolean,
  description: string,
): { description: string; quantity: number; unitPence: Pence; vatRate: VatRate | null }[] {
  if (!vatRegistered || totals.vatByRate.length === 0 || totals.totalPence <= 0) {
    return [{ description, quantity: 1, unitPence: depositPence, vatRate: null }];
  }
  return totals.vatByRate.map((band) => ({
    description: totals.vatByRate.length > 1 ? `${description} (VAT ${band.rate}%)` : description,
    quantity: 1,
    unitPence: shareOf(band.netPence, depositPence, totals.totalPence),
    vatRate: band.rate,
  }));
}

/** A deposit invoice as its deductions on the balance invoice need it: its lines, total and credits. */
export interface InvoicedDeposit {
  readonly lines: readonly InvoiceLineForTotals[];
  readonly totalPence: Pence;
  readonly creditedPence: Pence;
}

/**
 * The nets the balance invoice deducts for one issued deposit invoice, one per deposit line (in
 * its order, at its VAT rate, 0 where nothing is left of it), in whole pence and integer
 * arithmetic only. Not credited, each line is deducted whole. Credited in part, what is deducted is
 * the deposit's net × (total − credited) / total, rounded half away from zero (`shareOf`), shared
 * over the deposit's lines in proportion to their nets by largest remainder (`allocate`), so the
 * deductions add up to exactly that figure. Credited in full (or a total of nothing), nothing.
 */
export function depositDeductionsPence(deposit: InvoicedDeposit): Pence[] {
  const nets = deposit.lines.map(lineNetPence);
  const left = Math.max(deposit.totalPence - deposit.creditedPence, 0);
  if (deposit.totalPence <= 0 || left === 0) return nets.map(() => 0);
  if (left >= deposit.totalPence) return nets;
  const net = shareOf(
    nets.reduce((s, n) => s + n, 0),
    left,
    deposit.totalPence,
  );
  return allocate(net, nets);
}

/** amount × part / whole, rounded half away from zero, in integer arithmetic. */
export function shareOf(amount: Pence, part: Pence, whole: Pence): Pence {
  const n = BigInt(amount) * BigInt(part);
  const d = BigInt(whole);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (2n * ad);
  return Number(negative ? -q : q);
}

/** The largest net at `rate` whose net plus its VAT (rounded down) is at most `gross`. */
export function netWithin(gross: Pence, rate: VatRate): Pence {
  let net = Math.floor((gross * 100) / (100 + rate));
  while (net + 1 + vatOn(net + 1, rate) <= gross) net++;
  while (net > 0 && net + vatOn(net, rate) > gross) net--;
  return net;
}

/** A credit line: one quantity of `unitPence` (the net, when registered) at `vatRate`. */
export interface AmountCreditLine {
  description: string;
  quantity: 1;
  unitPence: Pence;
  vatRate: VatRate | null;
}

/**
 * The lines of a credit note for a stated amount (`amountPence`, what the customer gets back,
 * VAT included). Not registered: one line of the amount. Registered: the amount is shared over the
 * invoice's VAT bands in proportion to each band's gross, and each share becomes one line whose net
 * plus its VAT is at most the share (VAT is rounded down per rate, so a few totals cannot be made
 * exactly: the penny left over moves on to the next band, and only after the last band is the total
 * a penny short). The credit note never comes to more than the amount stated.
 */
export function amountCreditLines(
  bands: readonly VatBandPence[],
  amountPence: Pence,
  vatRegistered: boolean,
  description: string,
): AmountCreditLine[] {
  // Highest rate first, so a 0% band (any gross can be made there) takes the last penny.
  const positive = bands.filter((b) => b.netPence + b.vatPence > 0).sort((a, b) => b.rate - a.rate);
  if (!vatRegistered || positive.length === 0) {
    return [{ description, quantity: 1, unitPence: amountPence, vatRate: null }];
  }
  const shares = allocate(
    amountPence,
    positive.map((b) => b.netPence + b.vatPence),
  );
  let carried = 0;
  const lines: AmountCreditLine[] = [];
  positive.forEach((band, i) => {
    const share = shares[i]! + carried;
    const net = netWithin(share, band.rate);
    carried = share - net - vatOn(net, band.rate);
    if (net <= 0) return;
    lines.push({
      description: positive.length > 1 ? `${description} (VAT ${band.rate}%)` : description,
      quantity: 1,
      unitPence: net,
      vatRate: band.rate,
    });
  });
  return lines;
}

export { depositDuePence, type DepositTerms };
