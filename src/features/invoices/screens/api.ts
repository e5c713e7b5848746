/**
 * The admin app's calls to the invoice, payment, credit-note, export and money endpoints, on the
 * one API client (src/lib/api/client.ts), with the same "a 401 ends the session" rule as ./api.ts.
 * Amounts are integer pence both ways.
 */
import { ApiError, callApi } from "../../../lib/api/client";
import { readAnswer, readJson, send } from "../../../lib/api/http";
import * as r from "../../../lib/contracts/admin-routes";
import type {
  CreateInvoiceInput,
  CreditNoteInput,
  InvoiceListQuery,
  PaymentInput,
  RefundPaidInput,
  UpdateInvoiceInput,
} from "../contract/endpoints";
import { signedIn } from "../../../admin/api";

export type {
  AccountCreditRow,
  Invoice as AdminInvoice,
  InvoiceSettings,
  MoneySummary,
  Payment as AdminPayment,
  QuoteInvoicing,
} from "../contract/endpoints";

/** A payment's own path has two ids, which callApi's `id` does not fill in: sent here by hand. */
async function removePayment(invoiceId: number, paymentId: number) {
  let response: Response;
  try {
    response = await send(r.removePaymentRoute, { url: r.paymentPath(invoiceId, paymentId) });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) {
    throw new ApiError(response.status, await readJson(response), response.headers.get("Retry-After"));
  }
  return (await readAnswer(r.removePaymentRoute, response)).invoice;
}

/** `?from=…&to=…`: the accountant's exports for a date range. */
const range = (path: string, from: string, to: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ from, to, ...extra }).toString()}`;

export const invoicesApi = {
  /** A request's invoices (credit notes included) and what its accepted quote still allows. */
  forRequest: (requestId: number) => signedIn(callApi(r.requestInvoicesRoute, { id: requestId })),
  money: () => signedIn(callApi(r.moneySummaryRoute)),
  /** One page of the invoice list (filters as the contract's query: status, q, from, to, page). */
  list: (query: InvoiceListQuery) => signedIn(callApi(r.listInvoicesRoute, { query })),
  get: async (id: number) => (await signedIn(callApi(r.getInvoiceRoute, { id }))).invoice,
  create: async (body: CreateInvoiceInput) =>
    (await signedIn(callApi(r.createInvoiceRoute, { body }))).invoice,
  update: async (id: number, body: UpdateInvoiceInput) =>
    (await signedIn(callApi(r.updateInvoiceRoute, { id, body }))).invoice,
  /** A draft only. */
  remove: (id: number) => signedIn(callApi(r.deleteInvoiceRoute, { id })),
  /** `useOnAccount`: take the customer's money on account off it. */
  issue: async (id: number, issuedOn?: string, useOnAccount?: boolean) =>
    (
      await signedIn(
        callApi(r.issueInvoiceRoute, {
          id,
          body: { ...(issuedOn ? { issuedOn } : {}), ...(useOnAccount ? { useOnAccount } : {}) },
        }),
      )
    ).invoice,
  send: async (id: number) => (await signedIn(callApi(r.sendInvoiceRoute, { id }))).invoice,
  addPayment: async (id: number, body: PaymentInput) => signedIn(callApi(r.addPaymentRoute, { id, body })),
  removePayment: (invoiceId: number, paymentId: number) => signedIn(removePayment(invoiceId, paymentId)),
  creditNote: (id: number, body: CreditNoteInput) => signedIn(callApi(r.createCreditNoteRoute, { id, body })),
  /** Refunds still owed and money on account. */
  accountCredits: async () => (await signedIn(callApi(r.listAccountCreditsRoute))).credits,
  refundPaid: async (id: number, body: RefundPaidInput) =>
    (await signedIn(callApi(r.refundPaidRoute, { id, body }))).credit,
  vatSummary: (from: string, to: string) => signedIn(callApi(r.vatSummaryRoute, { query: { from, to } })),
  /** Where the PDF opens (a plain link in a new tab: the session cookie goes with it). */
  pdfUrl: (id: number) => r.invoicePdfRoute.path.replace(":id", String(id)),
  /** The CSV downloads: plain links, so the browser saves the streamed file itself. */
  xeroCsvUrl: (from: string, to: string) => range(r.exportInvoicesRoute.path, from, to, { format: "xero" }),
  paymentsCsvUrl: (from: string, to: string) => range(r.exportPaymentsRoute.path, from, to),
};
