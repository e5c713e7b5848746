/** The admin app's calls to the card-payment endpoints (docs/decisions/048-card-payments-stripe.md). */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";

export type { CardRefund, PaymentAlert } from "../contract/endpoints";

export const paymentsApi = {
  alerts: () => signedIn(callApi(r.listPaymentAlertsRoute)),
  resolveAlert: (id: number) => signedIn(callApi(r.resolvePaymentAlertRoute, { id })),
  refunds: (invoiceId: number) =>
    signedIn(callApi(r.cardRefundsRoute, { query: { invoiceId: String(invoiceId) } })),
  refund: (creditNoteId: number) => signedIn(callApi(r.refundToCardRoute, { body: { creditNoteId } })),
};

export const paymentKeys = {
  alerts: ["payments", "alerts"] as const,
  refunds: (invoiceId: number) => ["payments", "refunds", invoiceId] as const,
};
