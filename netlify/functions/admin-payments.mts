/**
 * The owner's side of card payments (docs/decisions/048-card-payments-stripe.md):
 *
 *   GET  /api/admin/payments/alerts               online payments that need him (a refund to make)
 *   POST /api/admin/payments/alerts/:id/resolve   dealt with
 *   GET  /api/admin/payments/refunds?invoiceId=   per credit note of a card-paid invoice: what can go back
 *   POST /api/admin/payments/refunds              "Refund £X to the card" for a credit note
 */
import type { Config } from "@netlify/functions";
import { paymentEndpoints } from "../../src/features/payments/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { cardRefunds, paymentAlerts, refundToCard, resolvePaymentAlert } from "../../src/features/payments";

export default apiHandler("/api/admin/payments", [
  adminAction(paymentEndpoints.listPaymentAlerts, ({ ctx }) => paymentAlerts(ctx)),
  adminAction(paymentEndpoints.resolvePaymentAlert, ({ id, ctx }) => resolvePaymentAlert(id, ctx)),
  adminAction(paymentEndpoints.cardRefunds, ({ query, ctx }) => cardRefunds(query.invoiceId, ctx)),
  adminAction(paymentEndpoints.refundToCard, ({ body, ctx }) => refundToCard(body.creditNoteId, ctx)),
]);

export const config: Config = {
  path: [
    "/api/admin/payments/alerts",
    "/api/admin/payments/alerts/:id/resolve",
    "/api/admin/payments/refunds",
  ],
};
