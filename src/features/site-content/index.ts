/**
 * The site-content feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  addFaq,
  addService,
  addTeamMember,
  addTown,
  getSite,
  updateFaq,
  updateService,
  updateTeamMember,
  updateTown,
} from "./service";
export { firstPublicSite, publicSite } from "./service-public";
export { publishSite, publishStatus, restoreSite } from "./service-publish";
