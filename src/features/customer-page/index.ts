/**
 * The customer-page feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  listForRequest as listPageLinksForRequest,
  revokeForRequests as revokePageLinksForRequests,
} from "./repository";
export { revokeForRequests as revokeInvoiceLinksForRequests } from "./repository-invoice-links";
export { makeTextLink } from "./service-text-link";
