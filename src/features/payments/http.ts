/**
 * The HTTP edge of card payments (docs/decisions/048-card-payments-stripe.md).
 *
 * `stripeWebhookAction`: Stripe's events. No session and no Origin check: the signature over the raw
 * body is the proof (./service-webhook.ts). The body is read as bytes (1 MB at most) and never
 * logged; 404 while card payments are off, 400 for a signature that does not verify.
 *
 * `payInvoice`: the customer's Pay button on their page (a form post from the page itself): a 303 to
 * Stripe's hosted Checkout. The page's link decides whose invoices may be paid (`InvoiceAccess`).
 */
import type { Action } from "../../platform/http/endpoint";
import { readBytesLimited } from "../../platform/http/request";
import { badRequest } from "../../platform/http/errors";
import { json } from "../../platform/http/response";
import { paymentEndpoints } from "./contract/endpoints";
import { receiveStripeEvent } from "./service-webhook";

export const webhookBodyBytes = 1024 * 1024;

export const stripeWebhookAction: Action = {
  endpoint: paymentEndpoints.stripeWebhook,
  async run(call) {
    const bytes = await readBytesLimited(call.req, webhookBodyBytes);
    let body: string;
    try {
      body = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw badRequest("The request body is not valid UTF-8 text.", "malformed_body");
    }
    await receiveStripeEvent(
      body,
      call.req.headers.get("stripe-signature"),
      call.services(undefined, { kind: "service", name: "stripe" }),
    );
    return json({ received: true }, 200, { "Cache-Control": "no-store" });
  },
};
