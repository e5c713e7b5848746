/**
 * A verbal acceptance the owner records (docs/decisions/051-phone-only-customers-and-paid-papers.md):
 * the customer said yes by phone or in person. It keeps the same evidence as an acceptance on the
 * customer's page (`acceptedTerms`), with how it was given, who gave it and that the owner recorded
 * it. The first acceptance wins: a quote already accepted (on the page or verbally) is Conflict
 * `quote_already_accepted`, saying when and how, and nothing changes.
 *
 * A draft may be accepted too: a customer without an e-mail address was given the quote on paper
 * or read it on the phone, so it is marked sent at the same moment. The durable confirmation is the
 * accepted quote's PDF (how, when and by whom, the early-start answer, the terms and the model
 * cancellation form): e-mailed with the page's confirmation e-mail when there is an address, and
 * otherwise for the owner to print or post (`GET /api/admin/quotes/:id/pdf`). The owner is not
 * e-mailed or notified about what he recorded himself.
 */
import type { Db } from "../../platform/db/client";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { Conflict, Invalid } from "../../platform/domain-errors";
import { dateInZone, formatDateTime } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { isClosed } from "../requests/contract/states";
import * as workflow from "../requests";
import { hasEmail } from "../requests";
import * as business from "../business";
import { acceptedHowWords, quoteTitle, type Quote, type VerbalAcceptance } from "./contract";
import * as repo from "./repository";
import type { QuoteRecord } from "./repository";
import { notAnswerable, quoteNotFound, requestNotFound, toQuote } from "./service-model";
import {
  acceptedTerms,
  finishQuoteAction,
  queueHeldConfirmation,
  quoteHistoryNotes,
  type QuoteActionResult,
} from "./service-customer";

/** The refusal of a second acceptance: when and how the first was given. */
function alreadyAccepted(record: QuoteRecord): Conflict {
  const a = record.acceptance!;
  return new Conflict(
    `${quoteTitle(record.submissionId, record.version)} was already accepted on ${formatDateTime(new Date(a.at))} ${acceptedHowWords(a).replace("your request's page", "the customer's page").replace(", recorded by us", "")}. The first acceptance stands; nothing was changed.`,
    "quote_already_accepted",
  );
}

/** When the customer said yes: given, not in the future, not before the quote was written. */
function acceptedAtOf(input: VerbalAcceptance, record: QuoteRecord, now: Date): Date {
  const at = input.acceptedAt ? new Date(input.acceptedAt) : now;
  const wrong = (message: string) =>
    new Invalid("Please check the highlighted fields.", { fields: { acceptedAt: message } });
  if (at.getTime() > now.getTime()) throw wrong("The time of the acceptance cannot be in the future.");
  // A time typed to the minute: the minute the quote was written counts.
  if (at.getTime() < Math.floor(record.createdAt.getTime() / 60_000) * 60_000) {
    throw wrong("The time of the acceptance cannot be before the quote was written.");
  }
  return at;
}

async function recordIn(
  id: number,
  input: VerbalAcceptance,
  tx: Db,
  ctx: ServiceContext,
): Promise<QuoteActionResult> {
  const found = await repo.findQuote(id, tx);
  if (!found) throw quoteNotFound();
  const state = (await workflow.lockStates([found.submissionId], tx)).get(found.submissionId);
  if (!state) throw requestNotFound();
  const record = (await repo.lockQuote(id, tx))!;
  if (record.acceptance) throw alreadyAccepted(record);
  const at = acceptedAtOf(input, record, ctx.now);
  if (!["draft", "sent", "viewed"].includes(record.status))
    throw notAnswerable(record, dateInZone(at), "accepted");
  if (record.validUntil < dateInZone(at))
    throw notAnswerable({ ...record, status: "expired" }, dateInZone(at), "accepted");
  if (isClosed(state) || state === "spam") {
    throw new Conflict(
      "This request is closed or marked as spam. Reopen it before recording an acceptance.",
      "request_closed",
    );
  }
  // A draft accepted on the spot counts as given now: the trader in force now names it.
  const trader = await business.paperTrader(record.sentAt ?? ctx.now, record.vatRegistered, tx);
  const { evidence, agreed, facts } = acceptedTerms(record, {
    optionalLineIds: input.optionalLineIds,
    expressStart: input.expressStart,
    at,
    trader,
    how: {
      method: input.method,
      recordedBy: "owner",
      acceptedBy: input.acceptedBy,
      recordedAt: ctx.now.toISOString(),
    },
  });
  const updated = await repo.updateQuote(
    record.id,
    {
      status: "accepted",
      acceptedAt: at,
      closedAt: ctx.now,
      sentAt: record.sentAt ?? ctx.now,
      acceptance: evidence,
    },
    tx,
  );
  const quote = toQuote(updated!);
  const title = quoteTitle(quote.submissionId, quote.version);
  const how = input.method === "phone" ? "by phone" : "in person";
  await workflow.addHistory(
    [
      {
        submissionId: record.submissionId,
        fromState: state,
        toState: state,
        note: `${quoteHistoryNotes.accepted}${title}, ${formatMoney(agreed.totalPence)} (${how}, ${input.acceptedBy})`,
      },
    ],
    ctx.actor,
    tx,
  );
  await workflow.setRead([record.submissionId], true, tx);
  const [request] = await workflow.findMany([record.submissionId], tx);
  if (!request || !hasEmail(request)) {
    return { outcome: outcomeOf(quote), mailIds: [], pushIds: [] };
  }
  const held = await queueHeldConfirmation(request, quote, { ...facts, accepted: true }, trader, tx, ctx);
  return { afterCommit: held.afterCommit, outcome: outcomeOf(quote), mailIds: [held.mailId], pushIds: [] };
}

function outcomeOf(quote: Quote) {
  return {
    changed: true,
    heading: "Acceptance recorded",
    message: `Accepted at ${formatMoney(quote.acceptance!.totalPence)}.`,
    quote,
  };
}

/** Records a verbal acceptance; e-mails the confirmation when the customer has an address. */
export async function recordVerbalAcceptance(
  id: number,
  input: VerbalAcceptance,
  ctx: ServiceContext,
): Promise<Quote> {
  const result = await inTransaction(ctx, (tx) => recordIn(id, input, tx, ctx));
  await finishQuoteAction(ctx, result);
  return result.outcome.quote;
}
