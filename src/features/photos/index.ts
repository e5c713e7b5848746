/**
 * The photos feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export { processPhoto } from "./process";
export { type PhotoBlobs } from "./repository";
export {
  claimPhotos,
  cleanupPhotos,
  parsePhotoIds,
  photoBytes,
  photosOf,
  removeRequestPhotoBlobs,
} from "./service";
