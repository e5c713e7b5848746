/**
 * Stripe's signed events (docs/decisions/048-card-payments-stripe.md), in two steps:
 *
 *   receiveStripeEvent(rawBody, signature, ctx)   verifies the signature over the raw body (the
 *       library's own check, five minutes' tolerance), stores the event in the platform outbox once
 *       per event id, then processes it; 200 once stored, whatever the processing does
 *   processStripeEvents(ctx, ids?)                 processes stored events (a retry after a failure)
 *
 * A payment is recorded through the invoices feature's own `addPayment` (the owner's form's service)
 * with the PaymentIntent id as its reference: a repeat of the event or the PaymentIntent records
 * nothing. What cannot be recorded (paid above the balance, an invoice paid, void or gone) becomes an
 * alert for the owner, with a push notification: never lost.
 */
import type { ServiceContext } from "../../platform/context";
import { Conflict, NotFound, Unreadable } from "../../platform/domain-errors";
import { stripeSettings } from "../../platform/env";
import { logEvent } from "../../platform/log";
import { formatMoney } from "../../platform/money";
import { dateInZone } from "../../platform/time";
import * as outbox from "../../platform/outbox/outbox";
import { addPayment } from "../invoices";
import { notifyOwner, deliverPushSoon } from "../push";
import * as repo from "./repository";
import type { AlertKind } from "./tables";
import { stripeClient, stripeWebhooks, type Stripe } from "./stripe";

export const stripeEventTopic = "stripe.event";
/** Stripe's own default, and the most a signed event may be older than its receipt. */
export const signatureToleranceSeconds = 300;

/** The part of an event the processing reads (stored as it came, in the outbox's payload). */
type StoredEvent = Pick<Stripe.Event, "id" | "type" | "created"> & { data: { object: unknown } };

export async function receiveStripeEvent(
  rawBody: string,
  signature: string | null,
  ctx: ServiceContext,
): Promise<{ stored: boolean }> {
  const settings = stripeSettings();
  if (!settings) throw new NotFound();
  if (!settings.webhookSecret) {
    logEvent({
      event: "config.invalid",
      level: "error",
      variable: "STRIPE_WEBHOOK_SECRET",
      message: "STRIPE_WEBHOOK_SECRET is not set: Stripe's events are refused.",
    });
    throw new Unreadable("This endpoint cannot verify events yet.", "signature_invalid");
  }
  let event: Stripe.Event;
  try {
    event = stripeWebhooks.constructEvent(
      rawBody,
      signature ?? "",
      settings.webhookSecret,
      signatureToleranceSeconds,
      undefined,
      ctx.now.getTime(),
    );
  } catch {
    logEvent({ event: "stripe.signature_refused", level: "warn" });
    throw new Unreadable("The signature does not match.", "signature_invalid");
  }
  const payload: StoredEvent = {
    id: event.id,
    type: event.type,
    created: event.created,
    data: { object: event.data.object },
  };
  const { id, stored } = await outbox.store(
    { topic: stripeEventTopic, key: event.id, payload },
    ctx.db,
    ctx.now,
  );
  if (stored) await processStripeEvents(ctx, [id]);
  return { stored };
}

/** Processes stored events that are due (or only `ids`): each in turn, retried with backoff on failure. */
export async function processStripeEvents(ctx: ServiceContext, ids?: readonly number[]) {
  return outbox.drain(
    {
      topic: stripeEventTopic,
      now: ctx.now,
      ids,
      handle: (item) => handleEvent(item.payload as StoredEvent, ctx),
      // Three days of retries: Stripe itself retries for three days.
      giveUp: (item) => item.attempts >= 12,
    },
    ctx.db,
  );
}

async function handleEvent(event: StoredEvent, ctx: ServiceContext): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object as Stripe.Checkout.Session;
      await repo.markSession(session.id, "complete", ctx.db);
      // A bank payment that is still on its way says "unpaid" here; its own event follows.
      if (session.payment_status === "paid") await recordSessionPayment(session, event, ctx);
      return;
    }
    case "checkout.session.async_payment_succeeded":
      return recordSessionPayment(event.data.object as Stripe.Checkout.Session, event, ctx);
    case "checkout.session.expired":
      return repo.markSession((event.data.object as Stripe.Checkout.Session).id, "expired", ctx.db);
    case "charge.refunded":
      return settleRefunds(event.data.object as Stripe.Charge, ctx);
    default:
      return;
  }
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** Stripe's fee and how it was paid, from the PaymentIntent's charge; nulls when not (yet) known. */
async function chargeDetails(
  paymentIntentId: string,
): Promise<{ feePence: number | null; bank: boolean | null }> {
  try {
    // Briefly: the payment is recorded either way, and Stripe is waiting for our answer.
    const intent = await stripeClient()!.paymentIntents.retrieve(
      paymentIntentId,
      { expand: ["latest_charge.balance_transaction"] },
      { timeout: 2_000, maxNetworkRetries: 0 },
    );
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const balance =
      charge && typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
    const type = charge?.payment_method_details?.type;
    return { feePence: balance ? balance.fee : null, bank: type ? type === "pay_by_bank" : null };
  } catch {
    return { feePence: null, bank: null };
  }
}

async function recordSessionPayment(
  session: Stripe.Checkout.Session,
  event: StoredEvent,
  ctx: ServiceContext,
) {
  const intentId = idOf(session.payment_intent);
  const amount = session.amount_total ?? 0;
  if (!intentId || amount <= 0 || session.currency !== "gbp") {
    logEvent({ event: "stripe.session_ignored", level: "warn", session: session.id });
    return;
  }
  const invoiceId = Number(session.metadata?.["invoiceId"]);
  const number = session.metadata?.["invoiceNumber"] ?? "?";
  const details = await chargeDetails(intentId);
  const bank = details.bank ?? event.type === "checkout.session.async_payment_succeeded";
  const receivedOn = dateInZone(new Date(event.created * 1000));
  try {
    if (!Number.isSafeInteger(invoiceId) || invoiceId <= 0) throw new NotFound();
    const added = await addPayment(
      invoiceId,
      { amountPence: amount, method: bank ? "bank_transfer" : "card", receivedOn, reference: intentId },
      ctx,
      { provider: "stripe", feePence: details.feePence },
    );
    if (added.excessPence > 0) {
      await alert(ctx, {
        kind: "overpaid",
        invoiceId,
        paymentIntentId: intentId,
        amountPence: added.excessPence,
        message: `${formatMoney(amount)} was paid online for invoice ${number}, ${formatMoney(added.excessPence)} more than was owed. Refund ${formatMoney(added.excessPence)} to the customer.`,
      });
    }
  } catch (error) {
    const kind = alertKindFor(error);
    if (!kind) throw error;
    await alert(ctx, {
      kind,
      invoiceId: kind === "invoice_missing" ? null : invoiceId,
      paymentIntentId: intentId,
      amountPence: amount,
      message: `${formatMoney(amount)} was paid online for invoice ${number}, which ${kind === "invoice_void" ? "is cancelled by a credit note" : kind === "invoice_paid" ? "was already paid in full" : "no longer exists"}. Nothing was recorded: refund ${formatMoney(amount)} to the customer.`,
    });
  }
}

/** Which alert a refusal from the payment service means, or null (a real failure: retry). */
function alertKindFor(error: unknown): AlertKind | null {
  if (error instanceof NotFound) return "invoice_missing";
  if (error instanceof Conflict) {
    if (error.code === "invoice_void") return "invoice_void";
    if (error.code === "invoice_paid") return "invoice_paid";
    return "invoice_missing";
  }
  return null;
}

async function alert(
  ctx: ServiceContext,
  a: {
    kind: AlertKind;
    invoiceId: number | null;
    paymentIntentId: string;
    amountPence: number;
    message: string;
  },
): Promise<void> {
  const stored = await repo.insertAlert({ ...a, createdAt: ctx.now }, ctx.db);
  if (!stored) return;
  logEvent({ event: "stripe.payment_alert", level: "warn", kind: a.kind });
  const ids = await notifyOwner({ kind: "payment_attention", requestId: null, message: a.message }, ctx);
  await deliverPushSoon(ctx, ids);
}

/** Stripe's `charge.refunded`: the refunds we asked for on that PaymentIntent are done (or failed). */
async function settleRefunds(charge: Stripe.Charge, ctx: ServiceContext): Promise<void> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const listed = await stripeClient()!.refunds.list({ payment_intent: intentId, limit: 100 });
  const outcomes = listed.data
    .filter((r) => r.status === "succeeded" || r.status === "failed")
    .map((r) => ({ refundId: r.id, status: r.status as "succeeded" | "failed" }));
  await repo.markRefunds(outcomes, ctx.now, ctx.db);
}
