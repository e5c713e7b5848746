/**
 * Contracts of the review endpoints (docs/decisions/020-verified-reviews.md): the customer's
 * invitation link, the owner's rejection with a reason and public reply, review invitations and
 * their setting, the approved list, the review form, and the owner's list with approve/unapprove
 * and delete. Requests are the schemas in ./forms.ts and ./testimonial.ts.
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
import { testimonialInputSchema } from "./testimonial";
import { pageCursorSchema } from "../../../lib/contracts/paging";
import * as adminRoutes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import * as publicRoutes from "../../../lib/contracts/public-routes";

/** PATCH /api/admin/testimonials/:id */
export const testimonialApprovalSchema = z.object({
  approved: z.boolean({ error: "approved must be true or false." }),
});

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

export const publicTestimonialSchema = z.object({
  id,
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** ISO timestamp. */
  createdAt: z.string(),
  /**
   * "YYYY-MM" (Europe/London) when the review came through a review invitation sent after the job
   * was finished: shown as "Verified customer, job completed <Month YYYY>". Null for an open review.
   */
  jobCompletedMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .optional(),
  /** The owner's public reply, as plain text (never HTML). */
  reply: z.object({ text: z.string(), updatedAt: z.string() }).nullable().optional(),
});
/** A testimonial as the public API returns it. */
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

export const adminTestimonialSchema = z.object({
  id,
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  approved: z.boolean(),
  createdAt: timestamp,
  /** "pending", "approved" or "rejected" (with the reason id and when). */
  status: z.enum(["pending", "approved", "rejected"]),
  rejectedReason: z.string().nullable(),
  rejectedAt: timestamp.nullable(),
  /** "YYYY-MM" when the review came through an invitation (verified); null for an open review. */
  jobCompletedMonth: z.string().nullable(),
  reply: z.object({ text: z.string(), updatedAt: timestamp }).nullable(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

export const reviewEndpoints = {
  /** A visitor's review, stored pending until the owner approves it. */
  createTestimonial: defineEndpoint({
    ...publicRoutes.createTestimonialRoute,
    status: 201,
    request: z.object(testimonialInputSchema.shape),
    response: z.object({ id, approved: z.literal(false) }),
  }),
  /** Approved testimonials, rating descending then newest. */
  listTestimonials: defineEndpoint({
    ...publicRoutes.listTestimonialsRoute,
    status: 200,
    response: z.object({
      testimonials: z.array(publicTestimonialSchema),
      /** Every published review (the list itself stops at 100): how many, and their mean rating. */
      stats: z
        .object({ count: z.number().int().min(0), average: z.number().min(1).max(5).nullable() })
        .optional(),
    }),
  }),
  /**
   * Testimonials, newest first, 50 a page (keyset: `cursor` is the `nextCursor` of the page
   * before; `nextCursor` is null on the last page).
   */
  listAdminTestimonials: defineEndpoint({
    ...adminRoutes.listAdminTestimonialsRoute,
    status: 200,
    query: z.object({ cursor: pageCursorSchema.optional() }),
    response: z.object({
      testimonials: z.array(adminTestimonialSchema),
      nextCursor: pageCursorSchema.nullable(),
    }),
  }),
  /** Approve or unapprove; purges the public list's CDN cache. */
  setTestimonialApproved: defineEndpoint({
    ...adminRoutes.setTestimonialApprovedRoute,
    status: 200,
    request: testimonialApprovalSchema,
    response: z.object({ testimonial: adminTestimonialSchema }),
  }),
  deleteTestimonial: defineEndpoint({ ...adminRoutes.deleteTestimonialRoute, status: 204 }),
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
   * already_reviewed); any earlier unused link for it stops working. A customer without an e-mail
   * address gets no e-mail: the answer carries the link (shown once) and a one-line message to text.
   */
  sendReviewInvitation: defineEndpoint({
    ...adminRoutes.sendReviewInvitationRoute,
    status: 201,
    request: sendInvitationSchema,
    response: z.object({
      invitation: adminInvitationSchema,
      link: z.object({ url: z.string(), message: z.string() }).optional(),
    }),
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

/**
 * The public list as the islands read it: the API's `{ testimonials }` answer, or a bare list;
 * null for anything else (a malformed answer is a failure the visitor sees, never an empty list).
 */
export function parseTestimonials(body: unknown): PublicTestimonial[] | null {
  const parsed = reviewEndpoints.listTestimonials.response.safeParse(
    Array.isArray(body) ? { testimonials: body } : body,
  );
  return parsed.success ? parsed.data.testimonials : null;
}
