/**
 * The customer's cancellation period and the visits inside it (docs/decisions/059-cancellation-period-on-the-visit.md).
 * Browser-safe and pure: the server, the admin's screens and the customer's page all read it.
 *
 * A quote accepted on day 0 (the London date of the acceptance, on the page or given by phone or
 * in person) may be cancelled until the end of day 14. Work may start inside that period only at
 * the customer's express request (the early-start answer kept with the acceptance); an urgent
 * repair the customer called us out for has no cancellation period at all.
 */
import { addDays, dateInZone, formatShortDate, type IsoDate } from "../../../platform/time";
import { cancellationDays } from "../../../lib/cancellation-days";

export { cancellationDays } from "../../../lib/cancellation-days";

/**
 * The last day of the cancellation period for a quote accepted on `acceptedOn` (London date): the
 * period ends 14 days after the day the contract is made, at the end of that day.
 */
export function cancellationEndDate(acceptedOn: IsoDate): IsoDate {
  return addDays(acceptedOn, cancellationDays);
}

/** What an acceptance records that the period depends on. */
export interface AcceptanceFacts {
  /** When the customer accepted (ISO instant; for a verbal acceptance, when they said yes). */
  at: string;
  expressStart: boolean;
  urgentRepair: boolean;
  /** As stored with the acceptance (computed by `cancellationEndDate` then); null for an urgent repair. */
  cancelUntil: string | null;
}

/** An accepted quote's cancellation period: accepted on, last day, and whether an early start was asked for. */
export interface CancellationPeriod {
  acceptedOn: IsoDate;
  until: IsoDate;
  earlyStart: boolean;
}

/** The period of an acceptance, or null for an urgent repair (no right to cancel). */
export function cancellationPeriodOf(a: AcceptanceFacts): CancellationPeriod | null {
  if (a.urgentRepair) return null;
  const acceptedOn = dateInZone(new Date(a.at));
  return { acceptedOn, until: a.cancelUntil ?? cancellationEndDate(acceptedOn), earlyStart: a.expressStart };
}

/**
 * Whether a visit on `date` falls inside the period without the customer's early-start request:
 * on or after the day of acceptance and on or before its last day (day 14 is inside, day 15 not).
 */
export function visitInsidePeriod(
  date: IsoDate,
  period: CancellationPeriod | null,
): period is CancellationPeriod {
  return !!period && !period.earlyStart && date >= period.acceptedOn && date <= period.until;
}

/** The first day work may start without an early-start request: the day after the period ends. */
export const workMayStartOn = (period: CancellationPeriod): IsoDate => addDays(period.until, 1);

/** The owner's flag on such a visit, in plain words. */
export function insidePeriodFlag(period: CancellationPeriod): string {
  return `Inside the ${cancellationDays}-day cancellation period: no early-start request; the customer may cancel until ${formatShortDate(period.until)}`;
}

/**
 * The flag for a visit on `date`, or null when none is due (no accepted quote, an urgent repair,
 * an early start asked for, or the visit outside the period).
 */
export function visitPeriodFlag(date: IsoDate | null, period: CancellationPeriod | null): string | null {
  return date && visitInsidePeriod(date, period) ? insidePeriodFlag(period) : null;
}

/**
 * The customer's page: when work can start, while the period still runs on `today` and no early
 * start was asked for; null otherwise.
 */
export function workStartSentence(period: CancellationPeriod | null, today: IsoDate): string | null {
  if (!period || period.earlyStart || today > period.until) return null;
  return `We can start from ${formatShortDate(workMayStartOn(period))}, after your ${cancellationDays}-day cancellation period, unless you ask us to start sooner.`;
}
