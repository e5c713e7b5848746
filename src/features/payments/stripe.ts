/**
 * The Stripe client, built from the settings (src/platform/env.ts `stripeSettings`): Stripe's own
 * servers, or in tests a Stripe-compatible server on loopback (its host, port and protocol). Null
 * when card payments are off. One client per key and address per instance.
 */
import Stripe from "stripe";
import { stripeSettings, type StripeSettings } from "../../platform/env";

let cached: { fingerprint: string; client: Stripe } | undefined;

/** How long a call to Stripe may take before the customer is told to try again. */
export const stripeTimeoutMs = 10_000;

export function stripeClient(settings: StripeSettings | null = stripeSettings()): Stripe | null {
  if (!settings) return null;
  const fingerprint = `${settings.secretKey}|${JSON.stringify(settings.apiBase)}`;
  if (cached?.fingerprint === fingerprint) return cached.client;
  const client = new Stripe(settings.secretKey, {
    timeout: stripeTimeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(settings.apiBase ?? {}),
  });
  cached = { fingerprint, client };
  return client;
}

/** The library's webhook helpers (verifying a signature needs no key or network). */
export const stripeWebhooks = Stripe.webhooks;

export type { Stripe };
