/**
 * The admin app's calls for reviews: testimonials to moderate and reply to, and review invitations.
 */
import { callApi } from "../../../lib/api/client";
import * as r from "../../../lib/contracts/admin-routes";
import { signedIn } from "../../../admin/api";
import type { ReviewRejectReason } from "../../../data/legal";

export const reviewsApi = {
  /** One page of testimonials, newest first; pass the previous page's `nextCursor` for the next. */
  testimonials: (cursor?: string) =>
    signedIn(callApi(r.listAdminTestimonialsRoute, cursor ? { query: { cursor } } : {})),
  setApproved: async (id: number, approved: boolean) =>
    (await signedIn(callApi(r.setTestimonialApprovedRoute, { id, body: { approved } }))).testimonial,
  deleteTestimonial: (id: number) => signedIn(callApi(r.deleteTestimonialRoute, { id })),
  /** Reject a review; the reason is one of the fixed list (docs/decisions/020-verified-reviews.md). */
  rejectTestimonial: async (id: number, reason: ReviewRejectReason) =>
    (await signedIn(callApi(r.rejectTestimonialRoute, { body: { id, reason } }))).testimonial,
  /** The owner's public reply: text to write or change it, null to remove it. */
  replyTestimonial: async (id: number, text: string | null) =>
    (await signedIn(callApi(r.replyTestimonialRoute, { body: { id, text } }))).testimonial,
  reviewSettings: () => signedIn(callApi(r.reviewSettingsRoute)),
  saveReviewSettings: (autoInvite: boolean) =>
    signedIn(callApi(r.saveReviewSettingsRoute, { body: { autoInvite } })),
  invitations: async (requestId: number) =>
    (await signedIn(callApi(r.listReviewInvitationsRoute, { query: { submissionId: requestId } })))
      .invitations,
  /** The invitation e-mail as it would be sent now, to read before sending. */
  previewInvitation: (requestId: number) =>
    signedIn(callApi(r.previewReviewInvitationRoute, { query: { submissionId: requestId } })),
  /** The invitation, and for a customer without an e-mail address the link to text (no e-mail). */
  sendInvitation: (requestId: number) =>
    signedIn(callApi(r.sendReviewInvitationRoute, { body: { submissionId: requestId } })),
};
