/**
 * The panels a request's screen shows from the features above requests (the visit, the quotes,
 * the invoices, the review invitation, the customer). requests cannot import them: the admin's
 * frame (src/admin/request-panels.tsx) hands them in through this context, once, at the top of the
 * app. A screen rendered without them fails at once, naming what is missing.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import type { AdminRequest } from "../contract/endpoints";

export interface RequestPanels {
  /** The booking's visit: offer, confirm, move, cancel. */
  Visit: ComponentType<{ requestId: number }>;
  Quotes: ComponentType<{ request: AdminRequest }>;
  Invoices: ComponentType<{ request: AdminRequest }>;
  ReviewInvitation: ComponentType<{ request: AdminRequest }>;
  /** "Customer: name (n jobs)", linking to the customer's screen. */
  CustomerLink: ComponentType<{ requestId: number }>;
}

const PanelsContext = createContext<RequestPanels | null>(null);

export function RequestPanelsProvider({ panels, children }: { panels: RequestPanels; children: ReactNode }) {
  return <PanelsContext.Provider value={panels}>{children}</PanelsContext.Provider>;
}

export function useRequestPanels(): RequestPanels {
  const panels = useContext(PanelsContext);
  if (!panels)
    throw new Error("A request's screen needs its panels: wrap the admin in <RequestPanelsProvider>.");
  return panels;
}
