/**
 * The quote editor's form state, kept as the owner typed it (text), and how it becomes the quote
 * the server stores: prices typed in pounds become integer pence (src/platform/money.ts), a
 * quantity keeps up to two decimals, the deposit is a fixed amount or a percentage. Nothing here
 * sums money itself: the live totals come from the quotes contract's own totals functions, the
 * ones the server and the customer's page use. Pure and browser-safe, so it is unit-tested alone.
 */
import { formatMoney, parseTypedPounds, poundsDecimal, type Pence } from "../../../platform/money";
import { depositDuePence, quoteTotals, type DepositTerms, type QuoteTotals } from "../contract/totals";
import { defaultStartWithinWorkingDays, maxStartWithinWorkingDays } from "../contract/rules";
import { isIsoDate } from "../../../platform/time";
import {
  draftLineOf,
  emptyLine,
  lineFromItem,
  lineMessages,
  newLineKey,
  parseQuantity,
  readablePricedLines,
  readTypedLines,
  serverErrors,
  type DraftErrors,
  type LineDraft,
  type TypedLine,
} from "../../billing/screens";

export { emptyLine, lineFromItem, newLineKey, parseQuantity, serverErrors, type DraftErrors, type LineDraft };

export type DepositKind = "none" | "fixed" | "percent";

export interface QuoteDraft {
  lines: LineDraft[];
  note: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  depositKind: DepositKind;
  /** Pounds as typed, for a fixed deposit. */
  depositAmount: string;
  /** Percent as typed, for a percentage deposit. */
  depositPercent: string;
  urgentRepair: boolean;
  /** When the work starts: within a number of working days of acceptance, or on a date. */
  startKind: "within" | "date";
  /** Working days as typed. */
  startDays: string;
  /** YYYY-MM-DD. */
  startDate: string;
}

/**
 * What the editor sends, for a new quote and for a change alike: every field, with null for "none"
 * (no deposit, no note), so saving a changed draft clears what the owner cleared.
 */
export interface QuoteBody {
  lines: TypedLine[];
  validUntil: string;
  depositPence: Pence | null;
  depositPercent: number | null;
  note: string | null;
  urgentRepair: boolean;
  startDate: string | null;
  startWithinWorkingDays: number | null;
}

export function emptyDraft(validUntil: string, defaultVatRate: number | null): QuoteDraft {
  return {
    lines: [emptyLine(defaultVatRate)],
    note: "",
    validUntil,
    depositKind: "none",
    depositAmount: "",
    depositPercent: "",
    urgentRepair: false,
    startKind: "within",
    startDays: String(defaultStartWithinWorkingDays),
    startDate: "",
  };
}

/** A stored quote back into the form (to edit a draft, or to start the next version from it). */
export function draftFromQuote(quote: {
  lines: readonly {
    description: string;
    quantity: number;
    unitPence: Pence;
    vatRate?: number | null | undefined;
    optional?: boolean | undefined;
  }[];
  note?: string | null | undefined;
  validUntil?: string | null | undefined;
  depositPence?: Pence | null | undefined;
  depositPercent?: number | null | undefined;
  urgentRepair?: boolean | undefined;
  startDate?: string | null | undefined;
  startWithinWorkingDays?: number | null | undefined;
}): QuoteDraft {
  const percent = quote.depositPercent ?? null;
  const fixed = quote.depositPence ?? null;
  return {
    lines: quote.lines.map(draftLineOf),
    note: quote.note ?? "",
    validUntil: quote.validUntil ?? "",
    depositKind: percent !== null ? "percent" : fixed !== null ? "fixed" : "none",
    depositAmount: fixed !== null ? poundsDecimal(fixed) : "",
    depositPercent: percent !== null ? String(percent) : "",
    urgentRepair: Boolean(quote.urgentRepair),
    startKind: quote.startDate ? "date" : "within",
    startDays: String(quote.startWithinWorkingDays ?? (quote.startDate ? "" : defaultStartWithinWorkingDays)),
    startDate: quote.startDate ?? "",
  };
}

const percentPattern = /^\d{1,3}(?:\.\d{1,2})?$/;

/** A percentage as typed (0-100, up to two decimals), or null. */
export function parsePercent(text: string): number | null {
  const t = text.trim().replace(/%$/, "").trim();
  if (!percentPattern.test(t)) return null;
  const n = Number(t);
  return n <= 100 ? n : null;
}

export const messages = {
  ...lineMessages,
  depositAmount: "Enter the deposit in pounds, such as 100 or 250.50.",
  depositPercent: "Enter a percentage from 0 to 100, such as 25.",
  validUntil: "Choose the date the quote is valid until.",
} as const;

/**
 * The body to send, or the fields the owner must fix first. Only what cannot be turned into the
 * wire shape is checked here (a price that is not an amount, a quantity that is not a number);
 * the limits themselves (a price over the maximum, a zero quantity, too many lines) are the
 * server's to refuse, with its own per-field messages.
 */
export function draftToBody(
  draft: QuoteDraft,
  options: { vatRegistered: boolean },
): { body: QuoteBody; errors: null } | { body: null; errors: DraftErrors } {
  const { lines, errors } = readTypedLines(draft.lines, options);
  if (!draft.validUntil) errors["validUntil"] = messages.validUntil;
  const body: QuoteBody = {
    lines,
    validUntil: draft.validUntil,
    depositPence: null,
    depositPercent: null,
    note: draft.note.trim() ? draft.note.trim() : null,
    urgentRepair: draft.urgentRepair,
    startDate: null,
    startWithinWorkingDays: null,
  };
  if (draft.startKind === "date") {
    if (!isIsoDate(draft.startDate)) errors["startDate"] = "Choose the day the work will start.";
    else body.startDate = draft.startDate;
  } else {
    const days = /^\d{1,2}$/.test(draft.startDays.trim()) ? Number(draft.startDays.trim()) : 0;
    if (days < 1 || days > maxStartWithinWorkingDays) {
      errors["startWithinWorkingDays"] =
        `Enter a number of working days from 1 to ${maxStartWithinWorkingDays}.`;
    } else body.startWithinWorkingDays = days;
  }
  if (draft.depositKind === "fixed") {
    const amount = parseTypedPounds(draft.depositAmount);
    if (amount === null) errors["depositPence"] = messages.depositAmount;
    else body.depositPence = amount;
  } else if (draft.depositKind === "percent") {
    const percent = parsePercent(draft.depositPercent);
    if (percent === null) errors["depositPercent"] = messages.depositPercent;
    else body.depositPercent = percent;
  }
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

export interface LiveTotals {
  /** The quote without its optional lines. */
  readonly base: QuoteTotals;
  /** Every optional line ticked. */
  readonly withOptional: QuoteTotals;
  readonly hasOptional: boolean;
  /** The deposit on the base total (and with every optional line ticked). */
  readonly depositPence: Pence;
  readonly depositWithOptionalPence: Pence;
  /** Lines not counted yet because their quantity or price cannot be read. */
  readonly incompleteLines: number;
}

/**
 * The totals as the owner types: the lines whose quantity and price can be read, summed by the
 * quotes contract's `quoteTotals` and `depositDuePence` (the figures the server will store).
 */
export function liveTotals(draft: QuoteDraft, options: { vatRegistered: boolean }): LiveTotals {
  const { priced, incompleteLines } = readablePricedLines(draft.lines, options);
  const base = quoteTotals(priced, { vatRegistered: options.vatRegistered });
  const withOptional = quoteTotals(priced, { vatRegistered: options.vatRegistered, chosen: () => true });
  const deposit = depositTermsOf(draft);
  return {
    base,
    withOptional,
    hasOptional: priced.some((l) => l.optional),
    depositPence: depositDuePence(base.totalPence, deposit),
    depositWithOptionalPence: depositDuePence(withOptional.totalPence, deposit),
    incompleteLines,
  };
}

/** The deposit as typed so far, or none while it cannot be read. */
function depositTermsOf(draft: QuoteDraft): DepositTerms {
  if (draft.depositKind === "fixed") {
    const pence = parseTypedPounds(draft.depositAmount);
    return pence === null ? null : { pence };
  }
  if (draft.depositKind === "percent") {
    const percent = parsePercent(draft.depositPercent);
    return percent === null ? null : { percent };
  }
  return null;
}

/** "£45.00 per hour", "£38.00 each", "£150.00": a price list item's price with its unit. */
export function priceWithUnit(item: { unitPence: Pence; unit: string | null }): string {
  const price = formatMoney(item.unitPence);
  if (!item.unit) return price;
  return /^(each|per\b)/i.test(item.unit) ? `${price} ${item.unit}` : `${price} per ${item.unit}`;
}

/** "Q-000013", or "Q-000013 version 2" from the second version on. */
export const quoteLabel = (q: { number: string; version: number }): string =>
  q.version > 1 ? `${q.number} version ${q.version}` : q.number;
