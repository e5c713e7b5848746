/**
 * The customer's download of an invoice's PDF, `GET /request/<token>/invoice.pdf?invoice=<id>`
 * (netlify/functions/customer-page.mts): like the page itself never stored, never indexed, never
 * sending its URL on; a wrong link or an invoice of another request gets the page's 404. It sits
 * with the page, whose token opens it: invoices, below the page, never import it.
 */
import { customerPdfResponse } from "./http-pdf";
import type { ServiceContext } from "../../platform/context";
import { NotFound } from "../../platform/domain-errors";
import { findInvoice, recordPdf } from "../invoices";
import { requestForToken } from "./service";

/** The PDF of one issued invoice or credit note of the request `token` opens. */
export async function customerInvoicePdf(
  token: string,
  invoiceId: number,
  ctx: ServiceContext,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const request = await requestForToken(token, ctx);
  const record =
    Number.isSafeInteger(invoiceId) && invoiceId > 0 ? await findInvoice(invoiceId, ctx.db) : null;
  if (!record || record.submissionId !== request.id || record.number === null) {
    throw new NotFound("This link does not work.");
  }
  return recordPdf(record, ctx);
}

export async function customerInvoicePdfResponse({
  req,
  ctx,
}: {
  req: Request;
  ctx: ServiceContext;
}): Promise<Response> {
  const url = new URL(req.url);
  const token = /^\/request\/([^/]+)\/invoice\.pdf$/.exec(url.pathname)?.[1] ?? "";
  const raw = url.searchParams.get("invoice") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return customerPdfResponse(await customerInvoicePdf(token, id, ctx));
}
