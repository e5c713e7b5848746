/**
 * The quote on the customer's page, as the page shows it (docs/decisions/031-quote-acceptance-page.md):
 * its lines, the optional lines with the customer's ticks, the totals for those ticks, the deposit,
 * the valid-until date, every piece of pre-contract information before the button (from the one
 * source of wording, src/data/consumer-rights.ts), and what can be done with it now: accept or
 * decline while it waits for an answer, cancel within the cancellation period once accepted, or
 * why not. Plain data for src/features/customer-page/html-quote.ts; no markup here.
 */
import { businessFact } from "../../lib/business-facts";
import { percentToHundredths } from "../billing/contract";
import type { Trader } from "../business/contract/identity";
import {
  acceptButtonLabel,
  cancellationEndDate,
  cancellationReceivedText,
  expressStartRecord,
  expressStartText,
  onlineCancellationClosedText,
  earlyStartCancelOwedText,
  type CancellationClosedReason,
  quoteTermsSections,
  quoteTermsText,
  type QuoteTermsFacts,
  type RightsSection,
} from "../../data/consumer-rights";
import { formatMoney, type Pence } from "../../platform/money";
import { dateInZone, formatDate, formatDateTime, type IsoDate } from "../../platform/time";
import { cancellationPeriodOf, workStartSentence } from "../appointments/contract/cancellation-period";
import {
  depositDuePence,
  quantityText,
  quoteTitle,
  quoteTotals,
  type DepositTerms,
  type Quote,
  type QuoteStatus,
  workStartText,
} from "../quotes/contract";

export interface QuotePageLine {
  id: number;
  description: string;
  quantity: string;
  unitPrice: string;
  /** "20%" when VAT-registered, else null. */
  vatRate: string | null;
  amount: string;
  netPence: Pence;
  vatRateValue: number | null;
  optional: boolean;
  /** An optional line the customer has ticked (or, once accepted, chose). */
  chosen: boolean;
}

export interface QuoteSums {
  net: string;
  /** One line per VAT rate ("VAT at 20% on £100.00", "£20.00"); empty when not VAT-registered. */
  vat: { label: string; amount: string }[];
  total: string;
  totalPence: Pence;
  deposit: string | null;
}

/** What the customer can do with the quote now. */
export type QuoteAnswerState =
  /** Waiting for an answer: the accept form and the decline step. */
  | { kind: "open" }
  /** Accepted; `cancel` says whether the page offers "Cancel" and until when, or why not. */
  | {
      kind: "accepted";
      at: string;
      expressStart: string;
      /** While the period runs without an early-start request: the first day we can start; else null. */
      workStart: string | null;
      cancel:
        | {
            open: true;
            until: string;
            untilDate: IsoDate;
            /** After an early-start request: what cancelling during the work costs; else null. */
            owed: string | null;
          }
        | { open: false; why: string };
    }
  /** Declined, expired, replaced, cancelled: a sentence saying so. */
  | { kind: "closed"; headline: string; message: string };

export interface QuoteOnPage {
  id: number;
  /** "Quote Q-000013" or "Quote Q-000013 version 2". */
  title: string;
  /** "Q-000013" or "Q-000013 version 2". */
  reference: string;
  status: QuoteStatus;
  note: string | null;
  sentOn: string | null;
  validUntil: string;
  vatRegistered: boolean;
  urgentRepair: boolean;
  lines: QuotePageLine[];
  options: QuotePageLine[];
  sums: QuoteSums;
  /** The deposit asked for, for the page's script: `pence:5000`, `percent:1000` (hundredths), or "". */
  depositTerm: string;
  /** The pre-contract information, shown before the button in this order. */
  terms: RightsSection[];
  /** The same as plain text: what the acceptance's evidence hashes. */
  termsText: string;
  expressStartText: string;
  /** Once cancelled: the acknowledgement of its receipt. */
  cancellationReceipt: string | null;
  /** Once accepted: whether the customer asked us to start within the cancellation period. */
  expressStartChosen: boolean;
  /** The express-start box as posted (a refused form shows it again as it was). */
  expressStartTicked: boolean;
  acceptLabel: string;
  state: QuoteAnswerState;
}

/** The deposit terms of a quote as the sums take them. */
export function depositTermsOf(q: Pick<Quote, "depositPence" | "depositPercent">): DepositTerms {
  if (q.depositPence !== null) return { pence: q.depositPence };
  if (q.depositPercent !== null) return { percent: q.depositPercent };
  return null;
}

/** Totals of a quote with the optional lines whose ids are in `chosen`. */
export function totalsFor(q: Quote, chosen: ReadonlySet<number>) {
  const t = quoteTotals(
    q.lines.map((l) => ({
      quantity: l.quantity,
      unitPence: l.unitPence,
      vatRate: l.vatRate,
      optional: l.optional,
    })),
    { vatRegistered: q.vatRegistered, chosen: (i) => chosen.has(q.lines[i]!.id) },
  );
  return { ...t, depositPence: depositDuePence(t.totalPence, depositTermsOf(q)) };
}

/** Only ids of this quote's optional lines count as ticks. */
export function chosenOptions(q: Quote, ids: Iterable<number>): Set<number> {
  const optional = new Set(q.lines.filter((l) => l.optional).map((l) => l.id));
  return new Set([...ids].filter((id) => optional.has(id)));
}

const percent = (rate: number) => `${Number.isInteger(rate) ? rate : rate.toFixed(2).replace(/0$/, "")}%`;

/**
 * The facts the legal wording needs on `today`, for the optional lines `chosen` (once accepted,
 * those the customer chose): the same facts the acceptance hashes as the terms shown.
 */
export function termsFactsFor(
  q: Quote,
  chosen: ReadonlySet<number>,
  today: IsoDate,
  trader?: Trader,
): QuoteTermsFacts {
  const hasOptionalLines = q.lines.some((l) => l.optional);
  const t = totalsFor(q, chosen);
  const a = q.acceptance;
  return {
    ...(trader ? { trader } : {}),
    workStart: workStartText(q),
    optionalChosen: a ? a.optionalLinesChosen.length : 0,
    totalPence: a ? a.totalPence : t.totalPence,
    vatPence: t.vatPence,
    depositPence: (a ? a.depositPence : t.depositPence) || null,
    urgentRepair: q.urgentRepair,
    acceptedOn: a ? dateInZone(new Date(a.at)) : today,
    accepted: a !== null,
    hasOptionalLines,
  };
}

/**
 * What the quotes feature says the customer may do with the version shown
 * (`quoteForCustomerPage` in src/features/quotes/service-customer.ts): the page follows it.
 */
export interface QuoteRules {
  quote: Quote;
  canAnswer: boolean;
  canCancel: boolean;
  cancelClosed: CancellationClosedReason | null;
  cancelUntil: IsoDate | null;
  expired: boolean;
  revising: boolean;
  /** Who the quote is from: the trader in force when it was sent. */
  trader?: Trader;
}

/** Why a quote that is not waiting for an answer cannot be answered, in the customer's words. */
function closedState(r: QuoteRules): QuoteAnswerState {
  const q = r.quote;
  const phone = businessFact.phone;
  const closed = (headline: string, message: string): QuoteAnswerState => ({
    kind: "closed",
    headline,
    message,
  });
  if (r.expired) {
    return closed(
      "This quote has expired",
      `It was valid until ${formatDate(q.validUntil)}. If you would still like the work done, please call us on ${phone} and we will send you a new quote.`,
    );
  }
  switch (q.status) {
    case "declined":
      return closed(
        "You declined this quote",
        `Thank you for letting us know. If you change your mind or would like a different quote, please call us on ${phone}.`,
      );
    case "superseded":
      return closed(
        "This quote is being changed",
        r.revising
          ? `We are changing this quote. You will see the new version here once we send it to you; until then there is nothing to accept. Questions? Call us on ${phone}.`
          : `This quote has been replaced by a newer version. Questions? Call us on ${phone}.`,
      );
    case "cancelled":
      return closed(
        "This quote is cancelled",
        `The contract was cancelled${q.cancellation ? ` on ${formatDate(new Date(q.cancellation.at))}` : ""}. If you would like to talk about it, please call us on ${phone}.`,
      );
    default:
      return closed("This quote cannot be answered online", `Please call us on ${phone}.`);
  }
}

/** A line of the quote as the page shows it; `chosen`: the optional lines ticked or chosen. */
function pageLineOf(q: Quote, chosen: ReadonlySet<number>) {
  return (l: Quote["lines"][number]): QuotePageLine => ({
    id: l.id,
    description: l.description,
    quantity: quantityText(l.quantity),
    unitPrice: formatMoney(l.unitPence),
    vatRate: q.vatRegistered && l.vatRate !== null ? percent(l.vatRate) : null,
    amount: formatMoney(l.netPence),
    netPence: l.netPence,
    vatRateValue: q.vatRegistered ? l.vatRate : null,
    optional: l.optional,
    chosen: l.optional && chosen.has(l.id),
  });
}

/** What the customer can do with the quote now: answer it, cancel it (or why not), or nothing. */
function answerState(rules: QuoteRules, today: IsoDate): QuoteAnswerState {
  const q = rules.quote;
  if (!(q.status === "accepted" && q.acceptance)) {
    return rules.canAnswer ? { kind: "open" } : closedState(rules);
  }
  const a = q.acceptance;
  return {
    kind: "accepted",
    at: formatDateTime(new Date(a.at)),
    expressStart: expressStartRecord(a.expressStart, q.urgentRepair),
    workStart: workStartSentence(cancellationPeriodOf({ ...a, urgentRepair: q.urgentRepair }), today),
    cancel:
      rules.canCancel && rules.cancelUntil
        ? {
            open: true,
            until: formatDate(rules.cancelUntil),
            untilDate: rules.cancelUntil,
            owed: a.expressStart ? earlyStartCancelOwedText : null,
          }
        : {
            open: false,
            why: onlineCancellationClosedText(
              rules.cancelClosed ??
                (q.urgentRepair
                  ? { kind: "urgent-repair" }
                  : { kind: "period-ended", endedOn: a.cancelUntil ?? cancellationEndDate(today) }),
            ),
          },
  };
}

/** The sums for the lines chosen; the total and deposit are the acceptance's once accepted. */
function sumsOf(t: ReturnType<typeof totalsFor>, facts: QuoteTermsFacts): QuoteSums {
  const depositPence = facts.depositPence ?? 0;
  return {
    net: formatMoney(t.netPence),
    vat: t.vatByRate.map((b) => ({
      label: `VAT at ${percent(b.rate)} on ${formatMoney(b.netPence)}`,
      amount: formatMoney(b.vatPence),
    })),
    total: formatMoney(facts.totalPence),
    totalPence: facts.totalPence,
    deposit: depositPence > 0 ? formatMoney(depositPence) : null,
  };
}

/** The deposit asked for, for the page's script: `pence:5000`, `percent:1000` (hundredths), or "". */
function depositTermOf(q: Quote): string {
  if (q.depositPence !== null) return `pence:${q.depositPence}`;
  if (q.depositPercent !== null) return `percent:${percentToHundredths(q.depositPercent)}`;
  return "";
}

/**
 * The quote as the page shows it on `now`. `ticked`: the optional lines the customer has ticked
 * (from the form; ignored once accepted, when the acceptance's choice is shown). Null for a draft.
 */
export function quoteOnPage(
  rules: QuoteRules,
  now: Date,
  ticked: Iterable<number> = [],
  form: { expressStart?: boolean | undefined } = {},
): QuoteOnPage | null {
  const q = rules.quote;
  if (q.status === "draft") return null;
  const today = dateInZone(now);
  const chosen = q.acceptance ? chosenOptions(q, q.acceptance.optionalLinesChosen) : chosenOptions(q, ticked);
  const facts = termsFactsFor(q, chosen, today, rules.trader);
  const pageLine = pageLineOf(q, chosen);
  const ordered = [...q.lines].sort((a, b) => a.position - b.position);
  return {
    id: q.id,
    title: `Quote ${quoteTitle(q.submissionId, q.version)}`,
    reference: quoteTitle(q.submissionId, q.version),
    status: q.status,
    note: q.note,
    sentOn: q.sentAt ? formatDate(new Date(q.sentAt)) : null,
    validUntil: formatDate(q.validUntil),
    vatRegistered: q.vatRegistered,
    urgentRepair: q.urgentRepair,
    lines: ordered.filter((l) => !l.optional).map(pageLine),
    options: ordered.filter((l) => l.optional).map(pageLine),
    sums: sumsOf(totalsFor(q, chosen), facts),
    depositTerm: depositTermOf(q),
    terms: quoteTermsSections(facts),
    termsText: quoteTermsText(facts),
    expressStartText,
    cancellationReceipt: q.cancellation
      ? cancellationReceivedText({
          receivedOn: dateInZone(new Date(q.cancellation.at)),
          expressStart: q.acceptance?.expressStart ?? false,
        })
      : null,
    expressStartChosen: q.acceptance?.expressStart ?? false,
    expressStartTicked: form.expressStart === true,
    acceptLabel: acceptButtonLabel(facts.totalPence),
    state: answerState(rules, today),
  };
}
