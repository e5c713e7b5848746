/**
 * The panels the invoice screens show from payments, handed in through `PaymentPanelsProvider`
 * (src/features/invoices/screens/payment-panels.tsx) so that invoices never imports payments, which
 * sit above them. Each loads lazily, as its own chunk, the first time it shows.
 */
import type { PaymentPanels } from "../features/invoices/screens";
import { lazyPanel } from "./request-panels";

export const paymentPanels: PaymentPanels = {
  CardRefunds: lazyPanel(
    () => import("../features/payments/screens/CardRefunds").then((m) => m.CardRefunds),
    null,
  ),
  PaymentAlerts: lazyPanel(
    () => import("../features/payments/screens/PaymentAlerts").then((m) => m.PaymentAlerts),
    null,
  ),
};
