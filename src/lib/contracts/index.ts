/**
 * Every endpoint's contract by name (`endpoints.contact`, `endpoints.listRequests`, …) and by
 * route, gathered from the features' `contract/endpoints.ts`. The server's actions bind to these;
 * the browser's client (src/lib/api/) is typed by them and checks answers against them in
 * development and tests.
 */
import { adminAuthEndpoints } from "../../features/admin-auth/contract/endpoints";
import { businessEndpoints } from "../../features/business/contract/endpoints";
import { appointmentEndpoints } from "../../features/appointments/contract/endpoints";
import { customerEndpoints } from "../../features/customers/contract/endpoints";
import { customerPageEndpoints, invoiceLinkEndpoints } from "../../features/customer-page/contract/endpoints";
import { textLinkEndpoints } from "../../features/customer-page/contract/text-link";
import { invoiceEndpoints } from "../../features/invoices/contract/endpoints";
import { paymentEndpoints } from "../../features/payments/contract/endpoints";
import { mailEndpoints } from "../../features/mail/contract/endpoints";
import { pushEndpoints } from "../../features/push/contract/endpoints";
import { quoteEndpoints } from "../../features/quotes/contract/endpoints";
import { requestEndpoints } from "../../features/requests/contract/endpoints";
import { reviewEndpoints } from "../../features/reviews/contract/endpoints";
import { siteContentEndpoints } from "../../features/site-content/contract/endpoints";
import { scheduleEndpoints } from "../../features/schedule/contract/endpoints";
import type { Endpoint } from "./endpoint";
import { healthEndpoints } from "./health";
import type { Route, RouteName } from "./routes";

export const endpoints = {
  ...healthEndpoints,
  ...adminAuthEndpoints,
  ...requestEndpoints,
  ...reviewEndpoints,
  ...appointmentEndpoints,
  ...customerPageEndpoints,
  ...invoiceLinkEndpoints,
  ...textLinkEndpoints,
  ...mailEndpoints,
  ...quoteEndpoints,
  ...invoiceEndpoints,
  ...pushEndpoints,
  ...scheduleEndpoints,
  ...customerEndpoints,
  ...paymentEndpoints,
  ...businessEndpoints,
  ...siteContentEndpoints,
} satisfies Record<RouteName, Endpoint>;
export type Endpoints = typeof endpoints;

/** The contract of the endpoint at this route's method and path. */
export type EndpointFor<R extends Route> = Extract<
  Endpoints[keyof Endpoints],
  { method: R["method"]; path: R["path"] }
>;
