/**
 * The photos feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { processPhoto, sniffImage } from "./process";
export { listForRequest, type PhotoBlobs } from "./repository";
export {
  claimPhotos,
  cleanupPhotos,
  newPhotoId,
  parsePhotoIds,
  photoBytes,
  photosOf,
  removeRequestPhotoBlobs,
} from "./service";
export { photos } from "./tables";
