/**
 * The Pay button on the customer's page (docs/decisions/048-card-payments-stripe.md): the request's
 * private link is the access (only that request's invoices), a few presses an hour per request, and
 * the answer is the address of Stripe's hosted Checkout. Nothing is recorded here: the webhook does.
 */
import type { ServiceContext } from "../../platform/context";
import { RateLimited } from "../../platform/domain-errors";
import { mailEnv } from "../../platform/env";
import { requestPageUrl } from "../mail";
import { hitRateLimit, type RateLimitRule } from "../rate-limits";
import { startCheckout } from "../payments";
import { createInvoice, issueInvoice, requestInvoices } from "../invoices";
import { requestForToken } from "./service";

/** Pay presses per request an hour: a second press while a Checkout is open reuses it. */
export const payRule: RateLimitRule = { name: "customer-pay", limit: 20, windowMs: 60 * 60_000 };

export async function payFromPage(token: string, invoiceId: number, ctx: ServiceContext): Promise<string> {
  const request = await requestForToken(token, ctx);
  const hit = await hitRateLimit(payRule, String(request.id), { now: ctx.now.getTime(), db: ctx.db });
  if (!hit.allowed) {
    throw new RateLimited(hit.retryAfterSeconds, "Too many payment attempts on this request just now.");
  }
  const returnUrl = `${requestPageUrl(mailEnv().SITE_URL, token)}#invoices`;
  const { url } = await startCheckout(
    { invoiceId, access: { kind: "request", requestId: request.id }, returnUrl },
    ctx,
  );
  return url;
}

/**
 * "Accept and pay the £D deposit", after the acceptance is recorded: the quote's deposit invoice
 * (the one issued already, or a new one written and issued now, with the next number), then a
 * Checkout for it. Its address, or null when the deposit is already paid or nothing is owed.
 */
export async function payDepositFromPage(
  token: string,
  quoteId: number,
  ctx: ServiceContext,
): Promise<string | null> {
  const request = await requestForToken(token, ctx);
  const { invoices } = await requestInvoices(request.id, ctx);
  let deposit = invoices.find((i) => i.quoteId === quoteId && i.kind === "deposit" && i.status !== "void");
  if (!deposit) {
    const draft = await createInvoice({ kind: "deposit", quoteId, note: null }, ctx);
    deposit = await issueInvoice(draft.id, {}, ctx);
  } else if (deposit.status === "draft") {
    deposit = await issueInvoice(deposit.id, {}, ctx);
  }
  if (deposit.balancePence <= 0) return null;
  return payFromPage(token, deposit.id, ctx);
}
