/**
 * The invoice-only page's answers (docs/decisions/053-invoice-links.md), for
 * netlify/functions/invoice-link.mts. The rules are in ./service-invoice-link.ts, the markup in
 * ./html-invoice-link.ts.
 *
 *   GET  /invoice/<token>               the invoice: amounts, PDF, how to pay (?paid=<id> after Stripe)
 *   GET  /invoice/<token>/invoice.pdf   its PDF
 *   POST /invoice/<token>/pay           Pay: a 303 to Stripe's hosted Checkout
 *
 * A wrong, revoked or idle link gets the same 404 page on every path.
 */
import { customerPdfResponse } from "./http-pdf";
import type { HttpError } from "../../platform/http/errors";
import type { PageAnswer, PageCall } from "../../platform/http/public";
import type { ServiceContext } from "../../platform/context";
import { recordPdf } from "../invoices";
import type { invoiceLinkEndpoints } from "./contract/endpoints";
import type { PageBanner } from "./html";
import { invoiceLinkPage, invoiceNotFoundPage } from "./html-invoice-link";
import {
  invoiceForToken,
  invoiceLinkView,
  payFromInvoiceLink,
  type InvoiceLinkView,
} from "./service-invoice-link";

type Endpoints = typeof invoiceLinkEndpoints;

/** Back from Stripe: the redirect proves nothing; the payment shows once the webhook recorded it. */
function paidBanner(view: InvoiceLinkView): PageBanner {
  const paid = (view.invoices.invoices[0]?.balancePence ?? 0) <= 0;
  return {
    heading: "Payment received",
    message: paid
      ? `Thank you: invoice ${view.number} is paid.`
      : "Payment received, it will show here in a moment.",
    tone: "done",
  };
}

export async function showInvoiceLink({
  rawId,
  query,
  ctx,
}: PageCall<Endpoints["invoiceLinkPage"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  const view = await invoiceLinkView(token, ctx);
  return { markup: invoiceLinkPage(view, token, query.paid ? paidBanner(view) : undefined) };
}

export async function payInvoiceLink({
  rawId,
  body,
  ctx,
}: PageCall<Endpoints["invoiceLinkPay"]>): Promise<PageAnswer> {
  const url = await payFromInvoiceLink(rawId ?? "", body.invoice, ctx);
  return { markup: "", status: 303, headers: { Location: url } };
}

/**
 * Any failure: 404 the same for every bad link; a Pay press that did not go through shows the
 * invoice again with why (paid meanwhile: 409; Stripe unreachable: 503; too many: 429).
 */
export async function invoiceLinkError(
  failure: HttpError,
  call: { rawId: string | undefined; ctx: ServiceContext },
): Promise<PageAnswer> {
  if (failure.status === 404) return { markup: invoiceNotFoundPage(), status: 404 };
  const token = call.rawId ?? "";
  const view = await invoiceLinkView(token, call.ctx).catch(() => null);
  if (!view) return { markup: invoiceNotFoundPage(), status: 404 };
  const heading =
    failure.status === 409
      ? "Nothing to pay"
      : failure.status === 503
        ? "Card payment not available"
        : failure.status === 429
          ? "Please wait a moment"
          : "That did not go through";
  return {
    markup: invoiceLinkPage(view, token, { heading, message: failure.message, tone: "note" }),
    status: failure.status,
  };
}

/** The PDF's failure: the page's own 404 page, not JSON. */
export async function invoiceLinkFileError(failure: HttpError): Promise<PageAnswer | undefined> {
  return failure.status === 404 ? { markup: invoiceNotFoundPage(), status: 404 } : undefined;
}

/** The invoice's PDF under its link: never stored, never indexed, never sending its URL on. */
export async function invoiceLinkPdfResponse({
  req,
  ctx,
}: {
  req: Request;
  ctx: ServiceContext;
}): Promise<Response> {
  const token = /^\/invoice\/([^/]+)\/invoice\.pdf$/.exec(new URL(req.url).pathname)?.[1] ?? "";
  const record = await invoiceForToken(token, ctx);
  return customerPdfResponse(await recordPdf(record, ctx));
}
