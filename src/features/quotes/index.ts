/**
 * The quotes feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { quotePdf } from "./pdf";
export { acceptedForRequest, findQuote, lockQuote } from "./repository";
export {
  addPriceListItem,
  createQuote,
  deletePriceListItem,
  getQuote,
  listPriceList,
  listQuotes,
  ownerCancelQuote,
  quotePdfFile,
  recordAmountOwed,
  sendQuote,
  updatePriceListItem,
  updateQuote,
} from "./service";
export {
  acceptQuoteIn,
  cancelQuoteIn,
  declineQuoteIn,
  finishQuoteAction,
  markQuoteViewed,
  type QuoteActionResult,
  quoteForCustomerPage,
  quoteHistoryNotes,
} from "./service-customer";
export { toQuote } from "./service-model";
export { runQuoteJobs } from "./service-scheduled";
export { recordVerbalAcceptance } from "./service-verbal";
export { quotes } from "./tables";
