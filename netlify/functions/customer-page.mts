/**
 * The customer's own page for a request, reached by the private link in every customer e-mail
 * (docs/decisions/019-customer-page.md). Server-rendered HTML with no script, so it works the same
 * with JavaScript off; every answer is no-store, noindex and Referrer-Policy no-referrer.
 *
 *   GET  /request/<token>[?step=accept|reschedule|message|cancel]   the page, or a confirmation step
 *   POST /request/<token>                                           the change (from this site only)
 *   GET  /request/lost, POST /request/lost                          a fresh link by e-mail
 *   GET  /request/<token>/invoice.pdf?invoice=<id>                 an issued invoice's PDF (a wrong
 *                                                                   link: the page's own 404 page)
 *   POST /request/<token>/pay                                       Pay: a 303 to Stripe's Checkout
 *
 * The log line names the route, never the path, so a token never reaches the logs.
 */
import type { Config } from "@netlify/functions";
import { customerPageEndpoints } from "../../src/features/customer-page/contract/endpoints";
import {
  act,
  askLostLink,
  fileError,
  lostLinkError,
  pageError,
  payError,
  payInvoice,
  showLostLink,
  showPage,
} from "../../src/features/customer-page/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicFile, publicPage } from "../../src/platform/http/public";
import { invoiceEndpoints } from "../../src/features/invoices/contract/endpoints";
import { customerInvoicePdfResponse } from "../../src/features/customer-page/http-invoice-pdf";
import { paymentEndpoints } from "../../src/features/payments/contract/endpoints";

/** Who acts through a request's private link. */
const actor = { kind: "customer", link: "request" } as const;

export default apiHandler("/request", [
  publicPage(customerPageEndpoints.customerPage, { render: showPage, error: pageError, actor }),
  publicPage(customerPageEndpoints.customerAction, { render: act, error: pageError, actor }),
  publicPage(customerPageEndpoints.lostLinkForm, { render: showLostLink, error: lostLinkError }),
  publicPage(customerPageEndpoints.lostLink, { render: askLostLink, error: lostLinkError }),
  publicFile(invoiceEndpoints.customerInvoicePdf, customerInvoicePdfResponse, { error: fileError }),
  publicPage(paymentEndpoints.payInvoice, { render: payInvoice, error: payError, actor }),
]);

// Literal paths: Netlify reads them without running the module. The last one keeps the local
// stack's retries of a 404 (at <path>/index.html) on this function, so they get the same page.
export const config: Config = { path: ["/request/lost", "/request/:id", "/request/:id/*"] };
