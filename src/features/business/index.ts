/**
 * The business feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  currentBusiness,
  getBusinessDetails,
  paperTrader,
  traderAt,
  updateBusinessSettings,
  vatOn,
} from "./service";
export { businessFactValues, publishedPublicFacts, recordPublishedFacts } from "./service-facts";
export {
  businessPublishPart,
  firstPublicBusiness,
  publicBusiness,
  restoreBusinessPart,
  siteBusiness,
} from "./service-public";
