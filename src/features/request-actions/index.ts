/**
 * The request-actions feature's public face: what other features, netlify/functions, scripts and
 * the build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  anonymiseRequest,
  attention,
  bulk,
  deleteRequest,
  revokeLinks,
  sentLinks,
  updateRequest,
} from "./service";
