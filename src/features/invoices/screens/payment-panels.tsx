/**
 * The panels the invoice screens show from payments, above invoices in the order between features
 * (a card refund under a card payment; the money screen's payment alerts). invoices cannot import
 * them: the admin's frame (src/admin/payment-panels.tsx) hands them in through this context, once, at the
 * top of the app, as it does a request's panels (src/features/requests/screens/panels.tsx). A
 * screen rendered without them fails at once, naming what is missing.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from "react";

export interface PaymentPanels {
  /** The card refunds of one invoice's card payments (refund, and what was refunded). */
  CardRefunds: ComponentType<{ invoiceId: number }>;
  /** Online payments that need the owner: paid more than was owed, or for an invoice void, paid or gone. */
  PaymentAlerts: ComponentType;
}

const PanelsContext = createContext<PaymentPanels | null>(null);

export function PaymentPanelsProvider({ panels, children }: { panels: PaymentPanels; children: ReactNode }) {
  return <PanelsContext.Provider value={panels}>{children}</PanelsContext.Provider>;
}

function usePaymentPanels(): PaymentPanels {
  const panels = useContext(PanelsContext);
  if (!panels)
    throw new Error(
      "The invoice screens need the payment panels: wrap the admin in <PaymentPanelsProvider>.",
    );
  return panels;
}

/** The payments feature's card refunds panel for one invoice, as the frame provides it. */
export function CardRefunds({ invoiceId }: { invoiceId: number }) {
  const { CardRefunds: Panel } = usePaymentPanels();
  return <Panel invoiceId={invoiceId} />;
}

/** The payments feature's alerts, as the frame provides them. */
export function PaymentAlerts() {
  const { PaymentAlerts: Panel } = usePaymentPanels();
  return <Panel />;
}
