/**
 * The quote's actions on the customer's page (docs/decisions/031-quote-acceptance-page.md), on
 * the request the private link opens. The rules of a quote (its statuses, the evidence, the
 * e-mails) are the quotes feature's (src/features/quotes/service-customer.ts); this adds what the
 * page needs around them:
 *
 *   - the form's one-time key, claimed in the action's own transaction (a double click or a
 *     reloaded POST changes nothing the second time), and the per-request limit of changes an hour;
 *   - acceptance only of what the page showed: the total on the button must be the total of the
 *     boxes ticked, and the terms must have been shown today (their cancellation date depends on
 *     the day); otherwise Invalid, and the page comes back with the right figures;
 *   - "Update the total" (no JavaScript) and the page's "opened" signal, which change nothing but
 *     mark the quote opened: a mail scanner's GET never does (the quotes feature's rule).
 *
 * A quote id of another request is NotFound (the page answers 404 and shows nothing of it).
 */
import type { QuoteActionInput } from "./contract/endpoints";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { Invalid, NotFound, RateLimited } from "../../platform/domain-errors";
import { formatMoney } from "../../platform/money";
import { dateInZone } from "../../platform/time";
import { hitRateLimit } from "../rate-limits";
import {
  acceptQuoteIn,
  finishQuoteAction,
  cancelQuoteIn,
  declineQuoteIn,
  markQuoteViewed,
  quoteForCustomerPage,
  type QuoteActionResult,
} from "../quotes";
import type { Db } from "../../platform/db/client";
import { customerActionRule, formKeyRule, issuedAt, requestForToken, tooManyActions } from "./service";
import { chosenOptions, totalsFor } from "./quote-view";

/** What a quote action did, for the page it redirects to. */
export type QuoteActionDone =
  | { kind: "accepted" | "declined" | "cancelled" }
  /** The form had been sent already (a double click, a reload): nothing changed. */
  | { kind: "repeat" }
  /** "Update the total": the page again with these boxes ticked. */
  | { kind: "total"; options: number[]; expressStart: boolean };

const noSuchQuote = () => new NotFound("This link does not work.");

/**
 * The quote action on the request `token` opens. Invalid names the field (`total`, `day`,
 * `reason`, `nonce`); Conflict (from the quotes feature) says why the quote cannot be answered
 * any more; NotFound for a quote that is not this request's.
 */
export async function actOnQuote(
  token: string,
  input: QuoteActionInput & { action: Exclude<QuoteActionInput["action"], "quote-seen"> },
  ctx: ServiceContext,
): Promise<QuoteActionDone> {
  const request = await requestForToken(token, ctx);
  const keyIssuedAt = issuedAt(input.nonce, ctx.now);
  const quoteId = input.quote;
  if (quoteId === undefined) throw noSuchQuote();
  const shown = await quoteForCustomerPage(request.id, ctx);

  if (input.action === "update-total") {
    if (!shown || shown.quote.id !== quoteId) throw noSuchQuote();
    await markQuoteViewed(request.id, ctx);
    const options = [...chosenOptions(shown.quote, input.options ?? [])].sort((a, b) => a - b);
    return { kind: "total", options, expressStart: input.expressStart !== undefined };
  }

  const accepting = input.action === "accept-quote" || input.action === "accept-and-pay";
  if (accepting && shown && shown.quote.id === quoteId && shown.canAnswer) {
    // Only what the page showed can be accepted: the button's total for these boxes, today's terms.
    const q = shown.quote;
    const chosen = chosenOptions(q, input.options ?? []);
    const total = totalsFor(q, chosen).totalPence;
    if (input.total !== total) {
      const message = `With the extras ticked, the total is ${formatMoney(total)}. Nothing has been accepted yet: please check the total and press the button again.`;
      throw new Invalid(message, { code: "total_changed", fields: { total: message } });
    }
    if (input.day !== dateInZone(ctx.now)) {
      const message =
        "The date has changed since this page was opened, and with it the end of your cancellation period. Nothing has been accepted yet: please read the terms again and press the button again.";
      throw new Invalid(message, { code: "terms_changed", fields: { day: message } });
    }
  }

  const action = input.action;
  const run = (tx: Db): Promise<QuoteActionResult> => {
    switch (action) {
      case "accept-quote":
      case "accept-and-pay":
        return acceptQuoteIn(
          request.id,
          {
            quoteId,
            optionalLineIds: input.options ?? [],
            expressStart: input.expressStart !== undefined,
          },
          tx,
          ctx,
        );
      case "decline-quote":
        return declineQuoteIn(request.id, { quoteId, reason: input.reason }, tx, ctx);
      case "cancel-quote":
        return cancelQuoteIn(request.id, { quoteId, reason: input.reason }, tx, ctx);
    }
  };

  const result = await inTransaction(ctx, async (tx) => {
    const claimed = await hitRateLimit(formKeyRule, input.nonce, { now: keyIssuedAt, db: tx });
    if (!claimed.allowed) return null;
    // Counted in the transaction: a refusal rolls back the key's claim too.
    const actions = await hitRateLimit(customerActionRule, String(request.id), {
      now: ctx.now.getTime(),
      db: tx,
    });
    if (!actions.allowed) throw new RateLimited(actions.retryAfterSeconds, tooManyActions);
    return run(tx);
  });
  if (!result) return { kind: "repeat" };
  await finishQuoteAction(ctx, result);
  const kinds = {
    "accept-quote": "accepted",
    "accept-and-pay": "accepted",
    "decline-quote": "declined",
    "cancel-quote": "cancelled",
  } as const;
  return { kind: kinds[action] };
}

/**
 * The customer is looking at the page (the page's script says so after a real key press, tap or
 * click): the quote is marked opened once and the owner told. A GET alone never does.
 */
export async function quoteSeen(token: string, nonce: string, ctx: ServiceContext): Promise<void> {
  const request = await requestForToken(token, ctx);
  issuedAt(nonce, ctx.now);
  await markQuoteViewed(request.id, ctx);
}
