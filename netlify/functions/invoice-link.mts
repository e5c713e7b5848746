/**
 * The invoice-only page (docs/decisions/053-invoice-links.md): what a payer at another address than
 * the request's own gets in the invoice e-mail instead of the request's page. Server-rendered HTML
 * with the request page's security: no-store, noindex, Referrer-Policy no-referrer, the same CSP.
 *
 *   GET  /invoice/<token>               the invoice alone: amounts, PDF, how to pay
 *   GET  /invoice/<token>/invoice.pdf   its PDF (a wrong link: the page's own 404 page)
 *   POST /invoice/<token>/pay           Pay: a 303 to Stripe's Checkout
 *
 * The log line names the route, never the path, so a token never reaches the logs.
 */
import type { Config } from "@netlify/functions";
import { invoiceLinkEndpoints } from "../../src/features/customer-page/contract/endpoints";
import {
  invoiceLinkError,
  invoiceLinkFileError,
  invoiceLinkPdfResponse,
  payInvoiceLink,
  showInvoiceLink,
} from "../../src/features/customer-page/http-invoice-link";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicFile, publicPage } from "../../src/platform/http/public";

/** Who acts through an invoice's own link. */
const actor = { kind: "customer", link: "invoice" } as const;

export default apiHandler("/invoice", [
  publicPage(invoiceLinkEndpoints.invoiceLinkPage, {
    render: showInvoiceLink,
    error: invoiceLinkError,
    actor,
  }),
  publicFile(invoiceLinkEndpoints.invoiceLinkPdf, invoiceLinkPdfResponse, { error: invoiceLinkFileError }),
  publicPage(invoiceLinkEndpoints.invoiceLinkPay, { render: payInvoiceLink, error: invoiceLinkError, actor }),
]);

// Literal paths: Netlify reads them without running the module. The last one keeps the local
// stack's retries of a 404 (at <path>/index.html) on this function, so they get the same page.
export const config: Config = { path: ["/invoice/:id", "/invoice/:id/*"] };
