/**
 * The admin app's calls to the quote and price-list endpoints, on the one API client
 * (src/lib/api/client.ts), with the same "a 401 ends the session" rule as ./api.ts. Amounts are
 * integer pence both ways; the editor turns what the owner types in pounds into pence
 * (./quote-draft.ts).
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import type {
  AmountOwedInput,
  OwnerCancelInput,
  PriceListItemInput,
  VerbalAcceptanceInput,
} from "../contract/endpoints";
import type { QuoteBody } from "./quote-draft";
import { signedIn } from "../../../admin/api";

export type { PriceListItem, Quote as AdminQuote, QuoteSettings, WebsitePrice } from "../contract/endpoints";

export const quotesApi = {
  /** Every version of the request's quote, newest first, and the settings a new one is written under. */
  list: (requestId: number) => signedIn(callApi(r.listQuotesRoute, { id: requestId })),
  create: async (requestId: number, body: QuoteBody) =>
    (await signedIn(callApi(r.createQuoteRoute, { id: requestId, body }))).quote,
  /** A draft changes in place; a sent or opened quote becomes a new version (a draft to send). */
  update: async (id: number, body: QuoteBody) =>
    (await signedIn(callApi(r.updateQuoteRoute, { id, body }))).quote,
  send: async (id: number) => (await signedIn(callApi(r.sendQuoteRoute, { id }))).quote,
  /** For a customer without an e-mail address: marked sent, nothing e-mailed; the owner texts the link. */
  markSentByText: async (id: number) =>
    (await signedIn(callApi(r.sendQuoteRoute, { id, query: { by: "text" } }))).quote,
  /** A cancellation the customer made by phone or letter. */
  cancel: async (id: number, body: OwnerCancelInput) =>
    (await signedIn(callApi(r.cancelQuoteRoute, { id, body }))).quote,
  /** A yes given by phone or in person, recorded by the owner. */
  acceptVerbal: async (id: number, body: VerbalAcceptanceInput) =>
    (await signedIn(callApi(r.verbalAcceptanceRoute, { id, body }))).quote,
  recordAmountOwed: async (id: number, body: AmountOwedInput) =>
    (await signedIn(callApi(r.recordAmountOwedRoute, { id, body }))).quote,
  /** Where the printable PDF opens (a plain link in a new tab: the session cookie goes with it). */
  pdfUrl: (id: number) => r.quotePdfRoute.path.replace(":id", String(id)),
  /** The items and the quote settings. */
  priceList: () => signedIn(callApi(r.listPriceListRoute)),
  addItem: async (body: PriceListItemInput) =>
    (await signedIn(callApi(r.addPriceListItemRoute, { body }))).item,
  updateItem: async (id: number, body: PriceListItemInput) =>
    (await signedIn(callApi(r.updatePriceListItemRoute, { id, body }))).item,
  deleteItem: (id: number) => signedIn(callApi(r.deletePriceListItemRoute, { id })),
};
