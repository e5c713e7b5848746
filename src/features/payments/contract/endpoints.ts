/**
 * Contracts of card payments through Stripe (docs/decisions/048-card-payments-stripe.md).
 *
 *   POST /request/:id/pay                         the customer's Pay button (a form post) → 303 to Stripe
 *   POST /api/payments/webhook/stripe             Stripe's signed events → 200 { received: true }
 *   GET  /api/admin/payments/alerts               online payments that need the owner (a refund to make)
 *   POST /api/admin/payments/alerts/:id/resolve   the owner dealt with one
 *   GET  /api/admin/payments/refunds?invoiceId=   a card-paid invoice's credit notes: what can go back to the card
 *   POST /api/admin/payments/refunds              "Refund £X to the card" for a credit note
 */
import { z } from "zod";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import * as publicRoutes from "../../../lib/contracts/public-routes";
import * as adminRoutes from "../../../lib/contracts/admin-routes";

const id = z.number().int().positive();
const idString = (what: string) =>
  z
    .string({ error: `${what} is missing.` })
    .regex(/^[1-9]\d{0,8}$/, `${what} must be a number.`)
    .transform(Number);

/** The Pay button's form: which invoice (checked against the link's request by the service). */
export const payInvoiceSchema = z.object({ invoice: idString("The invoice") });

export const alertKinds = ["overpaid", "invoice_missing", "invoice_void", "invoice_paid"] as const;

export const paymentAlertSchema = z.object({
  id,
  kind: z.enum(alertKinds),
  invoiceId: id.nullable(),
  paymentIntentId: z.string(),
  /** What was paid that is not recorded against an invoice: to refund. */
  amountPence: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type PaymentAlert = z.infer<typeof paymentAlertSchema>;

export const cardRefundSchema = z.object({
  creditNoteId: id,
  creditNoteNumber: z.string(),
  /** What "Refund £X to the card" would send back, or what was sent. */
  amountPence: z.number().int(),
  status: z.enum(["available", "pending", "succeeded", "failed"]),
  refundedAt: z.string().nullable(),
});
export type CardRefund = z.infer<typeof cardRefundSchema>;

export const cardRefundsQuerySchema = z.object({ invoiceId: idString("The invoice") });
export const refundToCardSchema = z.object({
  creditNoteId: z.number({ error: "Choose the credit note to refund." }).int().positive(),
});

export const paymentEndpoints = {
  payInvoice: defineEndpoint({ ...publicRoutes.payInvoiceRoute, status: 200, request: payInvoiceSchema }),
  stripeWebhook: defineEndpoint({
    ...publicRoutes.stripeWebhookRoute,
    status: 200,
    response: z.object({ received: z.literal(true) }),
  }),
  listPaymentAlerts: defineEndpoint({
    ...adminRoutes.listPaymentAlertsRoute,
    status: 200,
    response: z.object({ alerts: z.array(paymentAlertSchema) }),
  }),
  resolvePaymentAlert: defineEndpoint({
    ...adminRoutes.resolvePaymentAlertRoute,
    status: 200,
    response: z.object({ resolved: z.literal(true) }),
  }),
  cardRefunds: defineEndpoint({
    ...adminRoutes.cardRefundsRoute,
    status: 200,
    query: cardRefundsQuerySchema,
    response: z.object({ enabled: z.boolean(), refunds: z.array(cardRefundSchema) }),
  }),
  refundToCard: defineEndpoint({
    ...adminRoutes.refundToCardRoute,
    status: 201,
    request: refundToCardSchema,
    response: z.object({ refund: cardRefundSchema }),
  }),
};
