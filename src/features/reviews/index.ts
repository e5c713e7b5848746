/**
 * The reviews feature's public face: what other features, netlify/functions, scripts and the
 * build may use (docs/decisions/062-feature-public-faces.md). A plain list of re-exports.
 */
export {
  clearIdempotencyKeys,
  countByStatus,
  findByIdempotencyKey,
  insertPending,
  listPage,
  remove,
  setApproved,
  type Testimonial,
} from "./repository";
export { seed } from "./seed";
export {
  autoInviteOnDone,
  insertInvitedReview,
  listInvitations,
  lookupInvitation,
  previewInvitation,
  rejectTestimonial,
  replyToTestimonial,
  reviewSettings,
  saveReviewSettings,
  sendInvitation,
} from "./service";
export {
  deleteTestimonial,
  listTestimonials,
  purgePublicTestimonials,
  setTestimonialApproved,
  toAdminTestimonial,
} from "./service-admin";
export { checkDatabase, listPublicTestimonials, publicReviewStats } from "./service-public";
export { reviewPost, submitReview } from "./service-submit";
