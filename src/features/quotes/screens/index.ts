/**
 * The quotes feature's admin screens that other features' screens show (docs/decisions/062-feature-public-faces.md).
 * A plain list of re-exports; the admin's routes load a screen file lazily instead, one chunk each.
 */
export { quotesApi } from "./api";
export { messages } from "./quote-draft";
export { PriceListPicker } from "./QuoteEditor";
export { QuoteStatusBadge } from "./QuotesPanel";
