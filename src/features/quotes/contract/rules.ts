/**
 * Quotes: the limits every quote keeps, its statuses and which status may follow which
 * (docs/decisions/029-quotes.md). Browser-safe: the admin's editor checks the same limits the
 * server does, with the same messages.
 *
 *   draft ──send──> sent ──(customer opens)──> viewed ──> accepted ──> cancelled (within 14 days)
 *                    │                           │   └──> declined
 *                    └──────(valid-until passes)─┴──> expired
 *   editing a sent or viewed quote makes version n+1 and marks n superseded;
 *   an accepted quote never changes (only a cancellation is recorded beside it).
 */
import { formatDate } from "../../../platform/time";

export const quoteStatuses = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "expired",
  "superseded",
  "cancelled",
] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** Every allowed change: from → the statuses it may go to. A status never moves to itself. */
export const quoteTransitions: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ["sent"],
  sent: ["viewed", "accepted", "declined", "expired", "superseded"],
  viewed: ["accepted", "declined", "expired", "superseded"],
  accepted: ["cancelled"],
  declined: [],
  expired: [],
  superseded: [],
  cancelled: [],
};

export const canQuoteTransition = (from: QuoteStatus, to: QuoteStatus): boolean =>
  quoteTransitions[from].includes(to);

/** The owner may still change it (a draft in place, a sent or viewed quote as a new version). */
export const isEditable = (status: QuoteStatus): boolean =>
  status === "draft" || status === "sent" || status === "viewed";

/** What the owner sees for each status. */
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Opened by the customer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  superseded: "Replaced by a newer version",
  cancelled: "Cancelled",
};

/** The limits of one quote; the database's CHECK constraints repeat them. */
export const quoteLimits = {
  /** Lines on one quote, optional ones included. */
  maxLines: 100,
  /** Characters in one line's description. */
  descriptionMax: 500,
  /** Characters in the note to the customer. */
  noteMax: 2000,
  /** Characters in a decline or cancellation reason. */
  reasonMax: 1000,
  /** A unit price is at most £100,000. */
  maxUnitPence: 10_000_000,
  /** A quantity is more than 0 and at most this, with up to two decimals. */
  maxQuantity: 10_000,
  /**
   * The cap on a quote's total with every optional line and its VAT: £1,000,000, the most one
   * invoice may bill (a quote must be invoiceable whole).
   */
  maxTotalPence: 100_000_000,
  /** A price list item's unit ("hour", "m²", "each"). */
  unitMax: 30,
  /** Items in the price list. */
  maxPriceListItems: 500,
} as const;

/** The days a customer has to cancel an accepted quote: one number, kept with the visit rules that use it. */
export { cancellationDays } from "../../appointments/contract/cancellation-period";

/** A quote's promise to start "within N working days of acceptance": N at most this. */
export const maxStartWithinWorkingDays = 90;
/** The promise a new quote carries when the owner sets neither a start date nor another number. */
export const defaultStartWithinWorkingDays = 10;

/** When the work will be done, as a quote states it (a sentence), or null when it states nothing. */
export function workStartText(q: {
  readonly startDate: string | null;
  readonly startWithinWorkingDays: number | null;
}): string | null {
  if (q.startDate) return `We will start the work on ${formatDate(q.startDate)}.`;
  if (q.startWithinWorkingDays) {
    const n = q.startWithinWorkingDays;
    return `We will start the work within ${n} working day${n === 1 ? "" : "s"} of your acceptance.`;
  }
  return null;
}

export {
  hasAtMostTwoDecimals,
  hundredthsToQuantity,
  quantityText,
  quantityToHundredths,
} from "../../billing/contract/hundredths";

/** The quote's number as the customer sees it: one number per request, its version beside it. */
export { quoteNumber, quoteTitle } from "../../../lib/quote-reference";

/**
 * How an acceptance was given, as the confirmation and the PDF state it: "through your request's
 * page", or "by phone (Jean Smith), recorded by us" for a verbal acceptance the owner recorded.
 */
export function acceptedHowWords(a: {
  method?: "page" | "phone" | "in_person" | undefined;
  acceptedBy?: string | null | undefined;
}): string {
  if (!a.method || a.method === "page") return "through your request's page";
  const who = a.acceptedBy ? ` (${a.acceptedBy})` : "";
  return `${a.method === "phone" ? "by phone" : "in person"}${who}, recorded by us`;
}
