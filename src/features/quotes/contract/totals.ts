/**
 * A quote's sums: the billing core's (src/features/billing/contract/totals.ts) under the quotes'
 * own names. Optional lines count only when chosen; a deposit is a fixed amount or a percentage of
 * the total, never more than the total.
 */
import { documentTotals, type DocumentTotals } from "../../billing/contract/totals";

export {
  countedLines,
  depositDuePence,
  largestTotalPence,
  lineNetPence,
  overCapMessage,
  type DepositTerms,
  type TotalsOptions,
  type VatBandPence,
} from "../../billing/contract/totals";

export type QuoteTotals = DocumentTotals;

/** Net, VAT per rate, VAT and total of a quote's counted lines. */
export const quoteTotals = documentTotals;
