/**
 * The panels a request's screen shows from the features above requests, handed in through
 * `RequestPanelsProvider` (src/features/requests/screens/panels.tsx) so that requests never imports
 * them. Each loads lazily, as its own chunk, the first time a request is opened.
 */
import { lazy, Suspense, type ComponentType } from "react";
import type { RequestPanels } from "../features/requests/screens";
import { Spinner } from "./components/ui";

/** A lazily loaded panel behind its own Suspense boundary (`label`: the spinner's words, or none). */
export function lazyPanel<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label: string | null,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Panel(props: P) {
    return (
      <Suspense fallback={label ? <Spinner label={label} className="py-4" /> : null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const requestPanels: RequestPanels = {
  Visit: lazyPanel(
    () => import("../features/appointments/screens/AppointmentPanel").then((m) => m.AppointmentPanel),
    "Loading the visit…",
  ),
  Quotes: lazyPanel(
    () => import("../features/quotes/screens/QuotesPanel").then((m) => m.QuotesPanel),
    "Loading the quote…",
  ),
  Invoices: lazyPanel(
    () => import("../features/invoices/screens/InvoicesPanel").then((m) => m.InvoicesPanel),
    "Loading the invoices…",
  ),
  ReviewInvitation: lazyPanel(
    () => import("../features/reviews/screens/ReviewInvitationPanel").then((m) => m.ReviewInvitationPanel),
    "Loading the review invitation…",
  ),
  CustomerLink: lazyPanel(
    () => import("../features/customers/screens/CustomerLink").then((m) => m.CustomerLink),
    null,
  ),
};
