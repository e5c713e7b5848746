/**
 * bench:money's card-payment figure (docs/decisions/048-card-payments-stripe.md): Stripe's
 * `checkout.session.completed` for `runs` unpaid invoices, each signed by the library's own test
 * helper and posted to the webhook's handler in-process; the time from receipt to the answer, by
 * which the event is stored in the outbox, processed (Stripe's fee read back from the loopback test
 * server) and the payment row committed, which is checked for every event.
 */
import { and, eq, inArray } from "drizzle-orm";
import webhook from "../../netlify/functions/payments-webhook-stripe.mts";
import type { Database } from "../../src/platform/db/client";
import { invoicePayments, invoices } from "../../src/features/tables";
import { stripeClient } from "../../src/features/payments";
import { startStripeServer } from "../../tests/helpers/stripe-server";

export async function benchWebhook(db: Database, runs: number): Promise<number[]> {
  const secret = "whsec_bench_money";
  const server = await startStripeServer({ webhookSecret: secret });
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_bench",
    STRIPE_WEBHOOK_SECRET: secret,
    STRIPE_API_BASE: server.apiBase,
  });
  try {
    const open = await db
      .select({ id: invoices.id, number: invoices.number, balance: invoices.totalPence })
      .from(invoices)
      .where(and(eq(invoices.status, "unpaid"), eq(invoices.kind, "direct")))
      .limit(runs + 5);
    const stripe = stripeClient()!;
    const times: number[] = [];
    for (const [i, inv] of open.entries()) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "gbp", unit_amount: inv.balance, product_data: { name: inv.number! } },
          },
        ],
        metadata: { invoiceId: String(inv.id), invoiceNumber: inv.number! },
        success_url: "http://localhost:8888/",
      });
      const { payload, header } = server.signed(server.pay(session.id));
      const started = performance.now();
      const res = await webhook(
        new Request("http://localhost:8888/api/payments/webhook/stripe", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": header },
          body: payload,
        }),
      );
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`The webhook answered ${res.status}: ${await res.text()}`);
      if (i >= 5) times.push(ms); // the first five warm up
    }
    const rows = await db
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(
        and(
          inArray(
            invoicePayments.invoiceId,
            open.map((o) => o.id),
          ),
          eq(invoicePayments.provider, "stripe"),
        ),
      );
    if (rows.length !== open.length) throw new Error(`${rows.length} payment rows for ${open.length} events`);
    return times;
  } finally {
    for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) delete process.env[k];
    await server.close();
  }
}
