/**
 * The site-content feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { renderGallerySize } from "./gallery-image";
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
export { deleteGalleryItem, updateGalleryItem } from "./service-gallery";
export {
  galleryConsentOf,
  galleryJobs,
  recordConsent,
  recordOwnerConsent,
  withdrawGalleryConsent,
} from "./service-gallery-consent";
export {
  bookableServices,
  firstPublicSite,
  galleryImageBytes,
  publicSite,
  savedServiceNames,
  serviceNames,
} from "./service-public";
export { publishedBusinessPart, publishSite, publishStatus, restoreSite } from "./service-publish";
