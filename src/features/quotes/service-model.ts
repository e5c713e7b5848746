/**
 * What the quote services share: a stored quote as the contract's `Quote`, the quote settings,
 * input lines checked against the VAT setting, the terms facts and their hash, and the errors
 * each refusal gives (a sentence a person understands).
 */
import { businessFact } from "../../lib/business-facts";
import { createHash } from "node:crypto";
import { site } from "../../config/site";
import {
  cancellationEndDate,
  quoteTermsText,
  type QuoteTermsFacts,
  type Trader,
} from "../../data/consumer-rights";
import { dateInZone, formatDate, type IsoDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { linesToStore as storeLines, pricedLine } from "../billing";
import { hundredthsToPercent } from "../billing/contract";
import {
  depositDuePence,
  quoteNumber,
  quoteTitle,
  quoteTotals,
  type DepositTerms,
  type Quote,
  type QuoteInputParsed,
  type QuoteSettings,
  type QuoteStatus,
  workStartText,
} from "./contract";
import type { NewQuoteLine, QuoteRecord } from "./repository";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The configured settings a new quote is written under. */
export function quoteSettings(now: Date, vatRegistered: boolean): QuoteSettings {
  return {
    vatRegistered,
    vatRates: [...site.vat.rates],
    validDays: site.quotes.validDays,
    followUpDays: site.quotes.followUpDays,
    today: dateInZone(now),
  };
}

export function depositTermsOf(
  r: Pick<QuoteRecord, "depositPence" | "depositPercentHundredths">,
): DepositTerms {
  if (r.depositPence !== null) return { pence: r.depositPence };
  if (r.depositPercentHundredths !== null)
    return { percent: hundredthsToPercent(r.depositPercentHundredths) };
  return null;
}

/** A stored quote as the contract's `Quote`. */
export function toQuote(r: QuoteRecord): Quote {
  const lines = r.lines.map((l) => ({ ...pricedLine(l, r.vatRegistered), optional: l.optional }));
  const totals = quoteTotals(lines, { vatRegistered: r.vatRegistered });
  const maxTotal = quoteTotals(lines, { vatRegistered: r.vatRegistered, chosen: () => true }).totalPence;
  const a = r.acceptance;
  return {
    id: r.id,
    submissionId: r.submissionId,
    number: quoteNumber(r.submissionId),
    version: r.version,
    status: r.status,
    vatRegistered: r.vatRegistered,
    lines,
    note: r.note,
    validUntil: r.validUntil,
    depositPence: r.depositPence,
    depositPercent: hundredthsToPercent(r.depositPercentHundredths),
    depositDuePence: depositDuePence(totals.totalPence, depositTermsOf(r)),
    urgentRepair: r.urgentRepair,
    startDate: r.startDate,
    startWithinWorkingDays: r.startWithinWorkingDays,
    totals: { ...totals, vatByRate: [...totals.vatByRate] },
    totalPence: totals.totalPence,
    maxTotalPence: maxTotal,
    acceptance: a
      ? {
          at: a.at,
          totalPence: a.totalPence,
          netPence: a.netPence,
          vatByRate: a.vatByRate,
          vatPence: a.vatPence,
          expressStart: a.expressStart,
          optionalLinesChosen: a.optionalLinesChosen,
          depositPence: a.depositPence,
          cancelUntil: a.cancelUntil,
          termsHash: a.termsHash,
          method: a.method ?? "page",
          acceptedBy: a.acceptedBy ?? null,
        }
      : null,
    cancellation: r.cancelledAt
      ? {
          at: r.cancelledAt.toISOString(),
          by: r.cancelledBy === "owner" ? "owner" : "customer",
          reason: r.cancelReason,
          amountOwedPence: r.amountOwedPence,
        }
      : null,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sentAt: iso(r.sentAt),
    viewedAt: iso(r.viewedAt),
    closedAt: iso(r.closedAt),
    followUpSentAt: iso(r.followUpSentAt),
  };
}

/**
 * The lines as stored, with each VAT rate checked against the setting: VAT-registered, a line
 * needs one of the configured rates; not registered, rates are dropped. Invalid names the line.
 */
export const linesToStore = (lines: QuoteInputParsed["lines"], vatRegistered: boolean): NewQuoteLine[] =>
  storeLines(lines, vatRegistered).map((l, i) => ({ ...l, optional: lines[i]!.optional }));

/** The total without optional lines of lines about to be stored. */
export function totalOfStored(lines: readonly NewQuoteLine[], vatRegistered: boolean): number {
  return quoteTotals(
    lines.map((l) => ({
      quantity: l.quantityHundredths / 100,
      unitPence: l.unitPence,
      vatRate: l.vatRateHundredths === null ? null : l.vatRateHundredths / 100,
      optional: l.optional,
    })),
    { vatRegistered },
  ).totalPence;
}

/** A valid-until date must be today or later (London). */
export function checkValidUntil(validUntil: IsoDate, today: IsoDate): void {
  if (validUntil < today) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { validUntil: "The valid-until date cannot be in the past." },
    });
  }
}

/** A fixed deposit is at most the total. */
export function checkDeposit(depositPence: number | null, totalPence: number): void {
  if (depositPence !== null && depositPence > totalPence) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { depositPence: `The deposit cannot be more than the total (${formatMoney(totalPence)}).` },
    });
  }
}

/** The terms shown before the button, for the total the customer agrees to, on `acceptedOn`. */
export function termsFacts(
  q: Quote,
  agreed: { totalPence: number; vatPence: number; depositPence: number },
  acceptedOn: IsoDate,
  accepted: boolean,
  trader: Trader,
): QuoteTermsFacts {
  return {
    trader,
    workStart: workStartText(q),
    totalPence: agreed.totalPence,
    vatPence: agreed.vatPence,
    depositPence: agreed.depositPence || null,
    urgentRepair: q.urgentRepair,
    acceptedOn,
    accepted,
    hasOptionalLines: q.lines.some((l) => l.optional),
  };
}

/** SHA-256 (hex) of the terms text shown before the button. */
export const termsHash = (facts: QuoteTermsFacts): string =>
  createHash("sha256")
    .update(quoteTermsText({ ...facts, accepted: false }), "utf8")
    .digest("hex");

/** The last day to cancel a quote accepted on `acceptedOn` (null for an urgent repair). */
export const cancelUntilFor = (urgentRepair: boolean, acceptedOn: IsoDate): IsoDate | null =>
  urgentRepair ? null : cancellationEndDate(acceptedOn);

// ---------------------------------------------------------------- refusals

export const quoteNotFound = () => new NotFound("That quote does not exist.");
export const requestNotFound = () => new NotFound("That request no longer exists.");

/** Why a quote in `status` cannot be changed by the owner. */
export function notEditable(q: Pick<QuoteRecord, "status" | "submissionId" | "version">): Conflict {
  const title = quoteTitle(q.submissionId, q.version);
  const words: Partial<Record<QuoteStatus, string>> = {
    accepted: `${title} has been accepted, and an accepted quote never changes. Write a new quote for any further work.`,
    declined: `${title} was declined, so it cannot be changed. Write a new quote for the request instead.`,
    expired: `${title} has expired, so it cannot be changed. Write a new quote for the request instead.`,
    superseded: `${title} has been replaced by a newer version. Change the newest version instead.`,
    cancelled: `${title} was cancelled, so it cannot be changed. Write a new quote for the request instead.`,
  };
  return new Conflict(words[q.status] ?? `${title} cannot be changed.`, `quote_${q.status}`);
}

/** Why the customer cannot accept or decline a quote in `status` (or past its date). */
export function notAnswerable(
  q: Pick<QuoteRecord, "status" | "validUntil">,
  today: IsoDate,
  doing: string,
): Conflict {
  if (q.status === "accepted") {
    return new Conflict(
      "You have already accepted this quote; nothing more was changed.",
      "quote_already_accepted",
    );
  }
  if (q.status === "superseded") {
    return new Conflict(
      "This quote has been replaced by a newer version, so it can no longer be accepted or declined. Please look at the latest quote on your page.",
      "quote_superseded",
    );
  }
  if (q.status === "expired" || ((q.status === "sent" || q.status === "viewed") && q.validUntil < today)) {
    return new Conflict(
      `This quote expired on ${formatDate(q.validUntil)}, so it can no longer be ${doing}. Please call us on ${businessFact.phone} and we will send you a new one.`,
      "quote_expired",
    );
  }
  if (q.status === "declined") {
    return new Conflict(
      `You declined this quote. If you have changed your mind, please call us on ${businessFact.phone}.`,
      "quote_declined",
    );
  }
  if (q.status === "cancelled") {
    return new Conflict("This quote was cancelled; nothing more was changed.", "quote_cancelled");
  }
  return new Conflict("This quote cannot be answered online.", "quote_not_open");
}
