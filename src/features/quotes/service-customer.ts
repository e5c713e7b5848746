/**
 * A request's quote on the customer's private page (docs/decisions/029-quotes.md). The page's
 * edge resolves the private link to a request first; everything here takes that request's id, so
 * a quote id of another request is NotFound and shows nothing.
 *
 *   quoteForCustomerPage(requestId, ctx)        the latest version sent (never a draft), or null,
 *                                               with what the customer may do and the dates
 *   markQuoteViewed(requestId, ctx)             the customer opened it: call it from a POST (the
 *                                               page's script after load, or any form post), never
 *                                               from the GET a mail scanner makes; tells the owner
 *   acceptQuote(requestId, input, ctx)          accepts; evidence stored, e-mails queued and sent
 *   declineQuote(requestId, input, ctx)         declines, with an optional reason
 *   cancelQuote(requestId, input, ctx)          cancels an accepted quote within its 14 days
 *
 * Each action also comes as `…In(requestId, input, tx, ctx)` returning `{ outcome, mailIds }`, for
 * a caller that claims its form's one-time key in the same transaction; it then calls
 * `deliverSoon(ctx, mailIds)` after the commit. Every action locks the request, then the quote
 * row, and checks the quote's status again under the lock: two accepts at the same moment make
 * one acceptance; the second gets Conflict `quote_already_accepted` and changes nothing.
 *
 * Conflict codes (409, each with a sentence for the customer): quote_already_accepted,
 * quote_superseded, quote_expired, quote_declined, quote_cancelled, quote_not_open,
 * cancellation_closed (period over), urgent_repair (no right to cancel). Invalid (422):
 * `optionalLines` names an id that is not one of this quote's optional lines; `reason` too long.
 */
import { businessFact } from "../../lib/business-facts";
import type { Trader } from "../business/contract/identity";
import * as business from "../business";
import {
  cancellationEndDate,
  onlineCancellationClosedText,
  type CancellationClosedReason,
} from "../../data/consumer-rights";
import { charLength, isStorableText } from "../../lib/form-fields/text";
import type { Db } from "../../platform/db/client";
import { inTransaction, roleOf, type ServiceContext } from "../../platform/context";
import { Conflict, Invalid } from "../../platform/domain-errors";
import { dateInZone, formatDate, type IsoDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { MailAttachment } from "../../platform/mail/message";
import { isClosed, canTransition } from "../requests/contract/states";
import * as workflow from "../requests";
import type { CustomerRequest } from "../requests";
import { applyStateChange } from "../requests";
import * as appointmentsRepo from "../appointments";
import { cancelAppointmentIn } from "../appointments";
import * as outbox from "../mail";
import { deliverSoon, mailContext } from "../mail";
import { deliverPushSoon, notifyOwner, type OwnerEvent } from "../push";
import type { OutgoingMessage } from "../mail";
import { quoteLimits, quoteTitle, quoteTotals, depositDuePence, type Quote } from "./contract";
import * as repo from "./repository";
import type { QuoteRecord } from "./repository";
import {
  ownerQuoteUpdateMessage,
  quoteAcceptedMessage,
  quoteCancelledMessage,
  type OwnerQuoteEvent,
} from "./mail";
import { quotePdf, quotePdfName } from "./pdf";
import { logEvent } from "../../platform/log";
import {
  cancelUntilFor,
  depositTermsOf,
  notAnswerable,
  quoteNotFound,
  requestNotFound,
  termsFacts,
  termsHash,
  toQuote,
} from "./service-model";
import { mailable, type MailableRequest } from "../requests";

/** History notes a quote writes on its request (the customer's page may word them its own way). */
export const quoteHistoryNotes = {
  sent: "Quote sent: ",
  accepted: "Quote accepted: ",
  declined: "Quote declined: ",
  cancelled: "Quote cancelled: ",
  expired: "Quote expired: ",
} as const;

export interface CustomerQuoteView {
  /** The latest version sent to the customer (never a draft). */
  quote: Quote;
  /** "Q-000013 version 2". */
  title: string;
  /** Sent or opened and still within its valid-until date: the page offers accept and decline. */
  canAnswer: boolean;
  /** Accepted, not an urgent repair, and still within the cancellation period: the page offers cancel. */
  canCancel: boolean;
  /** Accepted but cancelling online is closed: why (wording: `onlineCancellationClosedText`). */
  cancelClosed: CancellationClosedReason | null;
  /** Accepted: the last day to cancel (null for an urgent repair). */
  cancelUntil: IsoDate | null;
  /** Not yet accepted: the last day to cancel if accepted today (null for an urgent repair). */
  cancelUntilIfAcceptedToday: IsoDate | null;
  /** Past its valid-until date, or expired. */
  expired: boolean;
  /** Who the quote is from: the trader in force when it was sent, with the quote's VAT state. */
  trader: Trader;
  /** This version was replaced and the newer one is still being written (not sent yet). */
  revising: boolean;
  /** Today in London (the page's dates are worked out from it). */
  today: IsoDate;
}

/** What a customer action answers: whether it changed anything, and words for the page. */
export interface QuoteActionOutcome {
  changed: boolean;
  heading: string;
  message: string;
  quote: Quote;
}

export interface QuoteActionResult {
  outcome: QuoteActionOutcome;
  mailIds: number[];
  /** The owner's notifications (src/features/push/service.ts): `deliverPushSoon` after the commit. */
  pushIds: number[];
  /**
   * Work to do once the transaction has committed, before the e-mails go: the accepted quote's
   * PDF is drawn here, outside the transaction that holds the quote's and the request's locks.
   */
  afterCommit?: () => Promise<void>;
}

/** After a customer action's transaction commits: its deferred work, then its notifications and e-mails. */
export async function finishQuoteAction(ctx: ServiceContext, result: QuoteActionResult): Promise<void> {
  try {
    await result.afterCommit?.();
  } catch (error) {
    // The e-mail is held, not lost: it still goes (without the PDF) when its hold ends.
    logEvent({
      event: "quote_pdf_after_commit_failed",
      level: "error",
      error: error instanceof Error ? error.name : "unknown",
    });
  }
  await deliverPushSoon(ctx, result.pushIds);
  await deliverSoon(ctx, result.mailIds);
}

/** Runs a customer action in its own transaction, then sends the e-mails it queued. */
async function committedThenSent(
  ctx: ServiceContext,
  action: (tx: Db) => Promise<QuoteActionResult>,
): Promise<QuoteActionOutcome> {
  const result = await inTransaction(ctx, action);
  await finishQuoteAction(ctx, result);
  return result.outcome;
}

/**
 * How long the acceptance e-mail waits for its PDF, drawn after the commit. Should the process die
 * in between, the e-mail goes anyway when the hold ends (the retry job sends it), with the
 * acceptance and cancellation terms in its text.
 */
const acceptancePdfHoldMs = 10 * 60_000;

export interface AcceptQuoteInput {
  quoteId: number;
  /** Ids of the optional lines the customer ticked. */
  optionalLineIds: readonly number[];
  /** The unticked-by-default box: start within the cancellation period. */
  expressStart: boolean;
}

export interface DeclineQuoteInput {
  quoteId: number;
  reason?: string | null | undefined;
}

export interface CancelQuoteInput {
  quoteId: number;
  reason?: string | null | undefined;
}

/**
 * Whether an accepted quote can still be cancelled: open while today ≤ the last day to cancel (in
 * London), except for an urgent repair, and except once the work the customer asked to start early
 * is finished (a visit recorded done after the acceptance, `finishedOn`): the right then ends
 * (Consumer Contracts Regulations 2013, regulation 36(6)).
 */
function cancelWindow(
  q: Quote,
  today: IsoDate,
  finishedOn: IsoDate | null,
): { canCancel: boolean; closed: CancellationClosedReason | null } {
  if (q.status !== "accepted" || !q.acceptance) return { canCancel: false, closed: null };
  if (q.urgentRepair) return { canCancel: false, closed: { kind: "urgent-repair" } };
  if (q.acceptance.expressStart && finishedOn) {
    return { canCancel: false, closed: { kind: "work-finished", finishedOn } };
  }
  const until = q.acceptance.cancelUntil!;
  return today <= until
    ? { canCancel: true, closed: null }
    : { canCancel: false, closed: { kind: "period-ended", endedOn: until } };
}

/** The London day the request's first visit after `acceptedAt` was recorded done, or null. */
async function workFinishedOn(
  requestId: number,
  acceptedAt: string | undefined,
  db: Db,
): Promise<IsoDate | null> {
  if (!acceptedAt) return null;
  const done = (await appointmentsRepo.listForRequest(requestId, db))
    .filter((a) => a.status === "completed" && a.completedAt && a.completedAt >= new Date(acceptedAt))
    .map((a) => a.completedAt!)
    .sort((a, b) => a.getTime() - b.getTime());
  return done[0] ? dateInZone(done[0]) : null;
}

export async function quoteForCustomerPage(
  requestId: number,
  ctx: ServiceContext,
): Promise<CustomerQuoteView | null> {
  const versions = await repo.listForRequest(requestId, ctx.db);
  const shown = versions.find((v) => v.status !== "draft");
  if (!shown) return null;
  const today = dateInZone(ctx.now);
  const quote = toQuote(shown);
  const open = quote.status === "sent" || quote.status === "viewed";
  const expired = quote.status === "expired" || (open && quote.validUntil < today);
  const finishedOn = await workFinishedOn(requestId, quote.acceptance?.at, ctx.db);
  const { canCancel, closed } = cancelWindow(quote, today, finishedOn);
  return {
    quote,
    trader: await business.paperTrader(shown.sentAt ?? ctx.now, quote.vatRegistered, ctx.db),
    title: quoteTitle(quote.submissionId, quote.version),
    canAnswer: open && !expired,
    canCancel,
    cancelClosed: closed,
    cancelUntil: quote.acceptance?.cancelUntil ?? null,
    cancelUntilIfAcceptedToday: quote.urgentRepair ? null : cancellationEndDate(today),
    expired,
    revising: quote.status === "superseded" && versions[0]!.status === "draft",
    today,
  };
}

/** The customer's text: trimmed, storable, at most `max` characters; empty is none. */
function reasonOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  if (!trimmed) return null;
  const fail = (message: string) => new Invalid("Please check the form.", { fields: { reason: message } });
  if (charLength(trimmed) > quoteLimits.reasonMax) {
    throw fail(`Please keep your reason under ${quoteLimits.reasonMax} characters.`);
  }
  if (!isStorableText(trimmed)) throw fail("Your reason contains characters we cannot store.");
  return trimmed;
}

/** Locks the request, then the quote; the quote must belong to the request (else NotFound). */
async function lockBoth(requestId: number, quoteId: number, tx: Db) {
  const state = (await workflow.lockStates([requestId], tx)).get(requestId);
  if (!state) throw requestNotFound();
  const record = await repo.lockQuote(quoteId, tx);
  if (!record || record.submissionId !== requestId || record.status === "draft") throw quoteNotFound();
  const [request] = await workflow.findMany([requestId], tx);
  // A quote the customer can see was e-mailed to them, so the request has an address.
  return { state, record, request: mailable(request!, "the answer to this quote") };
}

async function queue(tx: Db, requestId: number, messages: OutgoingMessage[]): Promise<number[]> {
  return outbox.enqueue(
    messages.map((message) => ({ message, submissionId: requestId })),
    tx,
  );
}

/** The owner's notification of the customer's answer to a quote. */
function quoteEvent(
  kind: "quote_opened" | "quote_accepted" | "quote_declined",
  request: CustomerRequest,
  quote: Quote,
  totalPence: number = quote.totalPence,
): OwnerEvent {
  return {
    kind,
    requestId: request.id,
    name: request.name,
    quoteTitle: quoteTitle(quote.submissionId, quote.version),
    totalPence,
  };
}

function owner(
  request: MailableRequest<CustomerRequest>,
  quote: Quote,
  event: OwnerQuoteEvent,
  details: string[],
) {
  return ownerQuoteUpdateMessage(request, quote, event, details, mailContext());
}

/** The PDF as an e-mail attachment. */
export async function pdfAttachment(
  quote: Quote,
  request: CustomerRequest,
  today: IsoDate,
  trader: Trader,
): Promise<MailAttachment> {
  const bytes = await quotePdf({
    quote,
    customer: { name: request.name, address: request.address, email: request.email },
    today,
    trader,
  });
  return {
    filename: quotePdfName(quote, quote.acceptance !== null),
    contentType: "application/pdf",
    content: Buffer.from(bytes).toString("base64"),
    encoding: "base64",
  };
}

/**
 * The acceptance's confirmation to the customer, queued now and held: `afterCommit` draws the
 * accepted quote's PDF once the transaction has committed and releases the e-mail with it.
 */
export async function queueHeldConfirmation(
  request: CustomerRequest & Parameters<typeof quoteAcceptedMessage>[0],
  quote: Quote,
  facts: Parameters<typeof quoteAcceptedMessage>[2],
  trader: Trader,
  tx: Db,
  ctx: ServiceContext,
): Promise<{ mailId: number; afterCommit: () => Promise<void> }> {
  const message = quoteAcceptedMessage(request, quote, facts, mailContext(), {
    filename: quotePdfName(quote, true),
    contentType: "application/pdf",
    content: "",
    encoding: "base64",
  });
  const [mailId] = await outbox.enqueue(
    [
      {
        message: { ...message, attachments: [] },
        submissionId: quote.submissionId,
        holdUntil: new Date(Date.now() + acceptancePdfHoldMs),
      },
    ],
    tx,
  );
  const afterCommit = async () => {
    const pdf = await pdfAttachment(quote, request, dateInZone(ctx.now), trader);
    await outbox.releaseWithAttachments(mailId!, [pdf], ctx.db);
  };
  return { mailId: mailId!, afterCommit };
}

/** What the owner is told of an acceptance on the page: the total, the options, the deposit, the start. */
function acceptedOwnerLines(
  quote: Quote,
  agreedTotalPence: number,
  chosenWords: readonly string[],
  deposit: number,
  evidence: { expressStart: boolean; cancelUntil: string | null },
): string[] {
  return [
    `Agreed total: ${formatMoney(agreedTotalPence)}${quote.vatRegistered ? " including VAT" : ""}.`,
    chosenWords.length ? `Optional items chosen:\n${chosenWords.join("\n")}` : "No optional items chosen.",
    ...(deposit > 0 ? [`Deposit due: ${formatMoney(deposit)}.`] : []),
    quote.urgentRepair
      ? "Urgent repair: no cancellation period."
      : evidence.expressStart
        ? `They asked you to start before their cancellation period ends (${formatDate(evidence.cancelUntil!)}).`
        : `They did not ask for an early start: do not start before ${formatDate(evidence.cancelUntil!)} ends unless they ask.`,
  ];
}

/** Marks the latest sent version opened (once) and tells the owner; false when nothing changed. */
export async function markQuoteViewed(requestId: number, ctx: ServiceContext): Promise<boolean> {
  const shown = await repo.latestShown(requestId, ctx.db);
  if (!shown || shown.status !== "sent") return false;
  const result = await inTransaction(ctx, async (tx) => {
    const { record, request } = await lockBoth(requestId, shown.id, tx);
    if (record.status !== "sent") return null;
    const updated = await repo.updateQuote(record.id, { status: "viewed", viewedAt: ctx.now }, tx);
    const quote = toQuote(updated!);
    const mailIds = await queue(tx, requestId, [
      owner(request, quote, "opened", ["They have not answered yet."]),
    ]);
    const pushIds = await notifyOwner(quoteEvent("quote_opened", request, quote), { db: tx, now: ctx.now });
    return { mailIds, pushIds };
  });
  if (!result) return false;
  await deliverPushSoon(ctx, result.pushIds);
  await deliverSoon(ctx, result.mailIds);
  return true;
}

/** How an acceptance came: the customer on the page, or the owner recording a verbal yes. */
export type AcceptanceHow = Pick<
  repo.AcceptanceEvidence,
  "method" | "recordedBy" | "acceptedBy" | "recordedAt"
>;

/**
 * The evidence an acceptance keeps, for the page's and the owner's (verbal) acceptance alike: the
 * lines as shown, the agreed total with the chosen optional lines, the deposit, the early-start
 * answer, the last day to cancel counted from the day it was given (`at`, London) and the hash
 * of the terms that apply. Invalid when an optional line id is not one of this quote's.
 */
export function acceptedTerms(
  record: QuoteRecord,
  input: {
    optionalLineIds: readonly number[];
    expressStart: boolean;
    at: Date;
    how: AcceptanceHow;
    /** Who the quote is from: the trader in force when it was sent. */
    trader: Trader;
  },
) {
  const day = dateInZone(input.at);
  const optionalIds = new Set(record.lines.filter((l) => l.optional).map((l) => l.id));
  const chosen = [...new Set(input.optionalLineIds)];
  if (chosen.some((id) => !optionalIds.has(id))) {
    throw new Invalid("Please check the form.", {
      fields: {
        optionalLines: "One of the optional items you chose is not on this quote. Please reload the page.",
      },
    });
  }
  const before = toQuote(record);
  const chosenSet = new Set(chosen);
  const agreed = quoteTotals(before.lines, {
    vatRegistered: before.vatRegistered,
    chosen: (i) => chosenSet.has(before.lines[i]!.id),
  });
  const deposit = depositDuePence(agreed.totalPence, depositTermsOf(record));
  const facts = termsFacts(
    before,
    { totalPence: agreed.totalPence, vatPence: agreed.vatPence, depositPence: deposit },
    day,
    false,
    input.trader,
  );
  const evidence: repo.AcceptanceEvidence = {
    at: input.at.toISOString(),
    lines: before.lines.map((l, i) => ({
      id: l.id,
      description: l.description,
      quantityHundredths: record.lines[i]!.quantityHundredths,
      unitPence: l.unitPence,
      vatRateHundredths: record.vatRegistered ? record.lines[i]!.vatRateHundredths : null,
      optional: l.optional,
      chosen: !l.optional || chosenSet.has(l.id),
      netPence: l.netPence,
    })),
    optionalLinesChosen: chosen.sort((a, b) => a - b),
    netPence: agreed.netPence,
    vatByRate: [...agreed.vatByRate],
    vatPence: agreed.vatPence,
    totalPence: agreed.totalPence,
    depositPence: deposit,
    expressStart: record.urgentRepair ? false : input.expressStart,
    urgentRepair: record.urgentRepair,
    cancelUntil: cancelUntilFor(record.urgentRepair, day),
    termsHash: termsHash(facts),
    validUntil: record.validUntil,
    ...input.how,
  };
  return { evidence, agreed, deposit, facts, chosenSet };
}

/** `acceptQuote` inside the caller's transaction. */
export async function acceptQuoteIn(
  requestId: number,
  input: AcceptQuoteInput,
  tx: Db,
  ctx: ServiceContext,
): Promise<QuoteActionResult> {
  const today = dateInZone(ctx.now);
  const { state, record, request } = await lockBoth(requestId, input.quoteId, tx);
  const open = record.status === "sent" || record.status === "viewed";
  if (!open || record.validUntil < today) throw notAnswerable(record, today, "accepted");
  if (isClosed(state) || state === "spam") {
    throw new Conflict(
      `This request is closed, so the quote can no longer be accepted online. Please call us on ${businessFact.phone}.`,
      "request_closed",
    );
  }
  const trader = await business.paperTrader(record.sentAt ?? ctx.now, record.vatRegistered, tx);
  const { evidence, agreed, deposit, facts, chosenSet } = acceptedTerms(record, {
    optionalLineIds: input.optionalLineIds,
    expressStart: input.expressStart,
    at: ctx.now,
    how: { method: "page", recordedBy: "customer" },
    trader,
  });
  const updated = await repo.updateQuote(
    record.id,
    {
      status: "accepted",
      acceptedAt: ctx.now,
      closedAt: ctx.now,
      viewedAt: record.viewedAt ?? ctx.now,
      acceptance: evidence,
    },
    tx,
  );
  const quote = toQuote(updated!);
  const title = quoteTitle(quote.submissionId, quote.version);
  await workflow.addHistory(
    [
      {
        submissionId: requestId,
        fromState: state,
        toState: state,
        note: `${quoteHistoryNotes.accepted}${title}, ${formatMoney(agreed.totalPence)}`,
      },
    ],
    ctx.actor,
    tx,
  );
  const chosenWords = quote.lines.filter((l) => chosenSet.has(l.id)).map((l) => l.description);
  const facts2 = { ...facts, accepted: true, onPaper: true, optionalChosen: chosenSet.size };
  const confirmation = await queueHeldConfirmation(request, quote, facts2, trader, tx, ctx);
  const mailIds = await queue(tx, requestId, [
    owner(
      request,
      quote,
      "accepted",
      acceptedOwnerLines(quote, agreed.totalPence, chosenWords, deposit, evidence),
    ),
  ]);
  return {
    afterCommit: confirmation.afterCommit,
    outcome: {
      changed: true,
      heading: "Quote accepted",
      message: `Thank you: you have accepted our quote and agreed to pay ${formatMoney(agreed.totalPence)}. We have e-mailed you a copy with your cancellation rights, and we will be in touch to arrange the work.`,
      quote,
    },
    mailIds: [confirmation.mailId, ...mailIds],
    pushIds: await notifyOwner(quoteEvent("quote_accepted", request, quote, agreed.totalPence), {
      db: tx,
      now: ctx.now,
    }),
  };
}

export async function acceptQuote(
  requestId: number,
  input: AcceptQuoteInput,
  ctx: ServiceContext,
): Promise<QuoteActionOutcome> {
  return committedThenSent(ctx, (tx) => acceptQuoteIn(requestId, input, tx, ctx));
}

/** `declineQuote` inside the caller's transaction. */
export async function declineQuoteIn(
  requestId: number,
  input: DeclineQuoteInput,
  tx: Db,
  ctx: ServiceContext,
): Promise<QuoteActionResult> {
  const reason = reasonOf(input.reason);
  const today = dateInZone(ctx.now);
  const { state, record, request } = await lockBoth(requestId, input.quoteId, tx);
  const open = record.status === "sent" || record.status === "viewed";
  if (!open || record.validUntil < today) throw notAnswerable(record, today, "declined");
  const updated = await repo.updateQuote(
    record.id,
    { status: "declined", declineReason: reason, closedAt: ctx.now, viewedAt: record.viewedAt ?? ctx.now },
    tx,
  );
  const quote = toQuote(updated!);
  const title = quoteTitle(quote.submissionId, quote.version);
  await workflow.addHistory(
    [
      {
        submissionId: requestId,
        fromState: state,
        toState: state,
        note: `${quoteHistoryNotes.declined}${title}${reason ? `. Reason: ${reason}` : ""}`,
      },
    ],
    ctx.actor,
    tx,
  );
  const mailIds = await queue(tx, requestId, [
    owner(request, quote, "declined", [reason ? `Their reason:\n${reason}` : "They gave no reason."]),
  ]);
  return {
    outcome: {
      changed: true,
      heading: "Quote declined",
      message: `Thank you for letting us know. If you would like a different quote, call us on ${businessFact.phone}.`,
      quote,
    },
    mailIds,
    pushIds: await notifyOwner(quoteEvent("quote_declined", request, quote), { db: tx, now: ctx.now }),
  };
}

export async function declineQuote(
  requestId: number,
  input: DeclineQuoteInput,
  ctx: ServiceContext,
): Promise<QuoteActionOutcome> {
  return committedThenSent(ctx, (tx) => declineQuoteIn(requestId, input, tx, ctx));
}

/**
 * The request of a cancelled quote: its live appointment cancelled (the request with it) or, with
 * none, the request moved to cancelled where the actor may; the cancellation noted in its history.
 * The appointment's cancellation e-mails' ids.
 */
async function cancelRequestFor(
  requestId: number,
  hasAppointment: boolean,
  title: string,
  note: string,
  tx: Db,
  ctx: ServiceContext,
): Promise<number[]> {
  if (hasAppointment) {
    const done = await cancelAppointmentIn(
      requestId,
      { action: "cancel", reason: `${title} was cancelled`, requestState: "cancelled" },
      tx,
      ctx,
    );
    await workflow.addHistory(
      [{ submissionId: requestId, fromState: "cancelled", toState: "cancelled", note }],
      ctx.actor,
      tx,
    );
    return [...done.mailIds];
  }
  const state = (await workflow.lockStates([requestId], tx)).get(requestId)!;
  if (canTransition(state, "cancelled", roleOf(ctx.actor))) {
    await applyStateChange(requestId, "cancelled", { note }, tx, ctx);
  } else {
    await workflow.addHistory(
      [{ submissionId: requestId, fromState: state, toState: state, note }],
      ctx.actor,
      tx,
    );
  }
  return [];
}

/**
 * A cancellation of an accepted quote, by the customer on their page or recorded by the owner:
 * the quote is marked cancelled, a live appointment is cancelled the way appointments are (the
 * calendar CANCEL with the same UID, the request moved to cancelled), otherwise the request is
 * moved to cancelled; the customer's acknowledgement (and, from the page, the owner's alert) queued.
 */
export async function cancelAcceptedIn(
  request: MailableRequest<CustomerRequest>,
  record: QuoteRecord,
  cancel: {
    by: "customer" | "owner";
    reason: string | null;
    receivedOn: IsoDate;
    amountOwedPence?: number | null;
  },
  tx: Db,
  ctx: ServiceContext,
): Promise<{ quote: Quote; mailIds: number[] }> {
  const updated = await repo.updateQuote(
    record.id,
    {
      status: "cancelled",
      cancelledAt: ctx.now,
      cancelledBy: cancel.by,
      cancelReason: cancel.reason,
      amountOwedPence: cancel.amountOwedPence ?? null,
    },
    tx,
  );
  const quote = toQuote(updated!);
  const title = quoteTitle(quote.submissionId, quote.version);
  const note = `${quoteHistoryNotes.cancelled}${title}${cancel.reason ? `. Reason: ${cancel.reason}` : ""}`;
  const live = await appointmentsRepo.findLiveForUpdate(request.id, tx);
  const mailIds = await cancelRequestFor(request.id, live !== null, title, note, tx, ctx);
  const mail = mailContext();
  const messages: OutgoingMessage[] = [
    quoteCancelledMessage(
      request,
      quote,
      {
        receivedOn: cancel.receivedOn,
        expressStart: quote.acceptance?.expressStart ?? false,
        appointmentCancelled: live?.status === "confirmed",
      },
      mail,
    ),
  ];
  if (cancel.by === "customer") {
    messages.push(
      owner(request, quote, "cancelled", [
        cancel.reason ? `Their reason:\n${cancel.reason}` : "They gave no reason.",
        quote.acceptance?.expressStart
          ? "They had asked you to start early: if work was done, record the proportionate amount owed in the admin."
          : "They had not asked for an early start: nothing is owed for work done.",
        ...(live
          ? ["Their appointment is cancelled and they have been sent the calendar cancellation."]
          : []),
      ]),
    );
  }
  mailIds.push(...(await queue(tx, request.id, messages)));
  return { quote, mailIds };
}

/** `cancelQuote` inside the caller's transaction. */
export async function cancelQuoteIn(
  requestId: number,
  input: CancelQuoteInput,
  tx: Db,
  ctx: ServiceContext,
): Promise<QuoteActionResult> {
  const reason = reasonOf(input.reason);
  const today = dateInZone(ctx.now);
  const { record, request } = await lockBoth(requestId, input.quoteId, tx);
  if (record.status === "cancelled") {
    throw new Conflict("This quote is already cancelled; nothing more was changed.", "quote_cancelled");
  }
  if (record.status !== "accepted" || !record.acceptance) {
    throw new Conflict(
      "Only an accepted quote can be cancelled. To say no to a quote, decline it.",
      "quote_not_accepted",
    );
  }
  const window = cancelWindow(
    toQuote(record),
    today,
    await workFinishedOn(requestId, record.acceptance.at, tx),
  );
  if (!window.canCancel) {
    throw new Conflict(
      onlineCancellationClosedText(window.closed!),
      {
        "urgent-repair": "urgent_repair",
        "work-finished": "work_finished",
        "period-ended": "cancellation_closed",
      }[window.closed!.kind],
    );
  }
  const done = await cancelAcceptedIn(
    request,
    record,
    { by: "customer", reason, receivedOn: today },
    tx,
    ctx,
  );
  return {
    outcome: {
      changed: true,
      heading: "Cancelled",
      message: "We have received your cancellation and e-mailed you to confirm it.",
      quote: done.quote,
    },
    mailIds: done.mailIds,
    pushIds: await notifyOwner(
      { kind: "request_cancelled", requestId, name: request.name },
      { db: tx, now: ctx.now },
    ),
  };
}

export async function cancelQuote(
  requestId: number,
  input: CancelQuoteInput,
  ctx: ServiceContext,
): Promise<QuoteActionOutcome> {
  return committedThenSent(ctx, (tx) => cancelQuoteIn(requestId, input, tx, ctx));
}
