/**
 * The admin app: one query cache and one router for every admin address
 * (docs/decisions/023-admin-app.md). The frame and the session gate are ./AdminRoot.tsx; the
 * addresses and their screens are ./router.tsx; a request's panels from other features are
 * ./request-panels.tsx, and the invoice screens' panels from payments ./payment-panels.tsx.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { queryClient } from "./query";
import { router } from "./router";
import { RequestPanelsProvider } from "../features/requests/screens";
import { requestPanels } from "./request-panels";
import { PaymentPanelsProvider } from "../features/invoices/screens";
import { paymentPanels } from "./payment-panels";

export default function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequestPanelsProvider panels={requestPanels}>
        <PaymentPanelsProvider panels={paymentPanels}>
          <RouterProvider router={router} />
        </PaymentPanelsProvider>
      </RequestPanelsProvider>
    </QueryClientProvider>
  );
}
