/**
 * Contracts of the review endpoints (docs/decisions/020-verified-reviews.md): the customer's
 * invitation link, the owner's rejection with a reason and public reply, review invitations and
 * their setting. The approved list, the review form and approve/unapprove/delete are in
 * ./public.ts and ./admin.ts. Requests are the schemas in src/features/reviews/contract/forms.ts.
 */
import { z } from "zod";
import { requestQuerySchema } from "../../requests/contract/workflow";
import {
  invitationLookupSchema,
  reviewSettingsSchema,
  sendInvitationSchema,
  testimonialRejectSchema,
  testimonialReplySchema,
} from "./forms";
import { adminTestimonialSchema } from "../../../lib/contracts/admin";
import * as adminRoutes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import * as publicRoutes from "../../../lib/contracts/public-routes";

const id = z.number().int().positive();
/** ISO timestamp. */
const timestamp = z.string();

/** What an invitation link prefills: the name and town from the request, both editable. */
export const invitationPrefillSchema = z.object({
  name: z.string(),
  location: z.string(),
  /** "YYYY-MM", Europe/London: the month the job was finished. */
  jobCompletedMonth: z.string(),
  expiresAt: timestamp,
});
export type InvitationPrefill = z.infer<typeof invitationPrefillSchema>;

export const adminInvitationSchema = z.object({
  id,
  submissionId: id,
  createdAt: timestamp,
  expiresAt: timestamp,
  usedAt: timestamp.nullable(),
  /** The review it brought, while that review exists. */
  testimonialId: id.nullable(),
  /** Whether the e-mail went out: sent, pending (queued or retrying), failed; null if unknown. */
  mailStatus: z.enum(["sent", "pending", "failed"]).nullable(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

export const reviewSettingsResponseSchema = z.object({ autoInvite: z.boolean() });

export const reviewEndpoints = {
  /** What a review invitation link prefills; 404 unknown or expired, 409 invitation_used. */
  reviewInvitation: defineEndpoint({
    ...publicRoutes.reviewInvitationRoute,
    status: 200,
    request: invitationLookupSchema,
    response: invitationPrefillSchema,
  }),
  /** Reject a review: a reason from the fixed list is required (422 without one). */
  rejectTestimonial: defineEndpoint({
    ...adminRoutes.rejectTestimonialRoute,
    status: 200,
    request: testimonialRejectSchema,
    response: z.object({ testimonial: adminTestimonialSchema }),
  }),
  /** Write, change (text) or remove (null) the owner's one public reply to a review. */
  replyTestimonial: defineEndpoint({
    ...adminRoutes.replyTestimonialRoute,
    status: 200,
    request: testimonialReplySchema,
    response: z.object({ testimonial: adminTestimonialSchema }),
  }),
  /** The invitations sent for one request, newest first. */
  listReviewInvitations: defineEndpoint({
    ...adminRoutes.listReviewInvitationsRoute,
    status: 200,
    query: requestQuerySchema,
    response: z.object({ invitations: z.array(adminInvitationSchema) }),
  }),
  /**
   * E-mail the customer of a finished request a one-time review link (409 not_done, 409
   * already_reviewed); any earlier unused link for it stops working.
   */
  sendReviewInvitation: defineEndpoint({
    ...adminRoutes.sendReviewInvitationRoute,
    status: 201,
    request: sendInvitationSchema,
    response: z.object({ invitation: adminInvitationSchema }),
  }),
  /**
   * The invitation e-mail exactly as it would go to this request's customer now, for the owner to
   * read before sending (the link itself is made when it is sent); 409 not_done as for sending.
   */
  previewReviewInvitation: defineEndpoint({
    ...adminRoutes.previewReviewInvitationRoute,
    status: 200,
    query: requestQuerySchema,
    response: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  }),
  reviewSettings: defineEndpoint({
    ...adminRoutes.reviewSettingsRoute,
    status: 200,
    response: reviewSettingsResponseSchema,
  }),
  /** Whether marking a request done sends the invitation by itself. */
  saveReviewSettings: defineEndpoint({
    ...adminRoutes.saveReviewSettingsRoute,
    status: 200,
    request: reviewSettingsSchema,
    response: reviewSettingsResponseSchema,
  }),
};
