/**
 * Refunds to the card, and the owner's list of online payments that need him
 * (docs/decisions/048-card-payments-stripe.md).
 *
 *   cardRefunds(invoiceId, ctx)        per credit note of a card-paid invoice: what can go back, or went
 *   refundToCard(creditNoteId, ctx)    asks Stripe to refund it (once per credit note); recorded as done
 *                                      when Stripe's `charge.refunded` arrives (./service-webhook.ts)
 *   paymentAlerts(ctx) / resolvePaymentAlert(id, ctx)
 *
 * A refund never exceeds what the customer is owed back on the invoice (paid beyond what is left
 * after its credit notes), less refunds already asked for, nor what was paid by card.
 */
import type { ServiceContext } from "../../platform/context";
import { Conflict, NotFound, Unavailable } from "../../platform/domain-errors";
import { logEvent } from "../../platform/log";
import { formatMoney } from "../../platform/money";
import { getInvoice } from "../invoices";
import type { Invoice } from "../invoices/contract";
import type { CardRefund, PaymentAlert } from "./contract/endpoints";
import * as repo from "./repository";
import { stripeClient } from "./stripe";

const cardPayments = (inv: Invoice) => inv.payments.filter((p) => p.provider === "stripe" && !p.removedAt);

/** What each credit note of this invoice can refund to the card, or has. */
async function refundPlan(inv: Invoice, ctx: ServiceContext): Promise<CardRefund[]> {
  const paidByCard = cardPayments(inv).reduce((s, p) => s + p.amountPence, 0);
  if (paidByCard === 0) return [];
  const asked = await repo.refundsFor(
    inv.creditNotes.map((c) => c.id),
    ctx.db,
  );
  const byNote = new Map(asked.map((r) => [r.creditNoteId, r]));
  const taken = asked.filter((r) => r.status !== "failed").reduce((s, r) => s + r.amountPence, 0);
  let left = Math.min(inv.refundDuePence, paidByCard) - taken;
  return inv.creditNotes.map((c) => {
    const done = byNote.get(c.id);
    if (done && done.status !== "failed") {
      return {
        creditNoteId: c.id,
        creditNoteNumber: c.number,
        amountPence: done.amountPence,
        status: done.status as "pending" | "succeeded",
        refundedAt: done.refundedAt?.toISOString() ?? null,
      };
    }
    const amountPence = Math.max(Math.min(c.totalPence, left), 0);
    left -= amountPence;
    return {
      creditNoteId: c.id,
      creditNoteNumber: c.number,
      amountPence,
      status: "available",
      refundedAt: null,
    };
  });
}

export async function cardRefunds(
  invoiceId: number,
  ctx: ServiceContext,
): Promise<{ enabled: boolean; refunds: CardRefund[] }> {
  const enabled = stripeClient() !== null;
  return { enabled, refunds: enabled ? await refundPlan(await getInvoice(invoiceId, ctx), ctx) : [] };
}

export async function refundToCard(
  creditNoteId: number,
  ctx: ServiceContext,
): Promise<{ refund: CardRefund }> {
  const stripe = stripeClient();
  if (!stripe) throw new NotFound("Card payments are not switched on.");
  const note = await getInvoice(creditNoteId, ctx);
  if (note.kind !== "credit_note" || !note.creditedInvoiceId)
    throw new NotFound("That is not a credit note.");
  const inv = await getInvoice(note.creditedInvoiceId, ctx);
  const plan = (await refundPlan(inv, ctx)).find((r) => r.creditNoteId === creditNoteId);
  if (!plan) throw new Conflict(`Invoice ${inv.number} was not paid by card online.`, "not_card_paid");
  if (plan.status !== "available")
    throw new Conflict(
      `Credit note ${note.number} has already been refunded to the card.`,
      "already_refunded",
    );
  if (plan.amountPence <= 0)
    throw new Conflict(
      `Nothing on credit note ${note.number} is owed back to the customer.`,
      "nothing_to_refund",
    );
  const payment = [...cardPayments(inv)].sort((a, b) => b.amountPence - a.amountPence)[0]!;
  const amountPence = Math.min(plan.amountPence, payment.amountPence);
  const refund = await stripe.refunds
    .create(
      {
        payment_intent: payment.reference!,
        amount: amountPence,
        reason: "requested_by_customer",
        metadata: { creditNoteId: String(note.id), creditNoteNumber: note.number ?? "" },
      },
      { idempotencyKey: `refund-credit-note-${note.id}` },
    )
    .catch((error: unknown) => {
      logEvent({ event: "stripe.refund_failed", level: "warn", error: (error as Error)?.name ?? "Error" });
      throw new Unavailable(
        `Stripe did not take the refund of ${formatMoney(amountPence)}. Nothing was sent; try again in a few minutes.`,
        "payments_unavailable",
        { retryAfterSeconds: 60, cause: error },
      );
    });
  await repo.insertRefund(
    {
      refundId: refund.id,
      creditNoteId: note.id,
      paymentIntentId: payment.reference!,
      amountPence,
      createdAt: ctx.now,
    },
    ctx.db,
  );
  return {
    refund: {
      creditNoteId: note.id,
      creditNoteNumber: note.number!,
      amountPence,
      status: "pending",
      refundedAt: null,
    },
  };
}

export async function paymentAlerts(ctx: ServiceContext): Promise<{ alerts: PaymentAlert[] }> {
  const rows = await repo.openAlerts(ctx.db);
  return {
    alerts: rows.map((r) => ({
      id: r.id,
      kind: r.kind as PaymentAlert["kind"],
      invoiceId: r.invoiceId,
      paymentIntentId: r.paymentIntentId,
      amountPence: r.amountPence,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function resolvePaymentAlert(id: number, ctx: ServiceContext): Promise<{ resolved: true }> {
  if (!(await repo.resolveAlert(id, ctx.now, ctx.db))) throw new NotFound("That alert is not open.");
  return { resolved: true };
}
