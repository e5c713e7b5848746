/**
 * POST /api/payments/webhook/stripe: Stripe's signed events (docs/decisions/048-card-payments-stripe.md).
 * Verified over the raw body, stored in the outbox, then processed; 200 once stored. 404 while card
 * payments are off (no STRIPE_SECRET_KEY), 400 for any signature that does not verify.
 */
import type { Config } from "@netlify/functions";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { stripeWebhookAction } from "../../src/features/payments/http";

export default apiHandler("/api/payments/webhook/stripe", [stripeWebhookAction]);

export const config: Config = { path: "/api/payments/webhook/stripe" };
