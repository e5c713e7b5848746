/**
 * A quote as the repository returns it, sent and not yet answered: for the PDF tests and
 * `npm run bench:quotes`, which make PDFs without a database. Lines are given as the owner types
 * them (quantity in units, prices in pence) and stored as the table holds them (hundredths).
 */
import { quantityToHundredths } from "../../src/features/billing/contract";
import type { QuoteRecord } from "../../src/features/quotes/repository";

export interface SampleLine {
  description: string;
  quantity: number;
  unitPence: number;
  optional?: boolean;
}

export function sentQuoteRecord(
  lines: readonly SampleLine[],
  overrides: Partial<QuoteRecord> = {},
  now = new Date(),
): QuoteRecord {
  return {
    id: 1,
    submissionId: 1,
    version: 1,
    status: "sent",
    vatRegistered: false,
    note: null,
    validUntil: "2026-12-31",
    depositPence: null,
    depositPercentHundredths: null,
    urgentRepair: false,
    startDate: null,
    startWithinWorkingDays: 10,
    totalPence: 0,
    sentAt: now,
    viewedAt: null,
    closedAt: null,
    followUpSentAt: null,
    declineReason: null,
    acceptedAt: null,
    acceptance: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    amountOwedPence: null,
    createdAt: now,
    updatedAt: now,
    lines: lines.map((l, i) => ({
      id: i + 1,
      position: i,
      description: l.description,
      quantityHundredths: quantityToHundredths(l.quantity),
      unitPence: l.unitPence,
      vatRateHundredths: null,
      optional: l.optional ?? false,
    })),
    ...overrides,
  };
}
