/**
 * The admin API's contracts (every route needs a live admin session except signing in; every
 * state change must come from the site's own origin). Requests are the schemas in
 * src/features/admin-auth/contract/forms.ts; the answers are defined here.
 */
import { z } from "zod";
import {
  adminLoginSchema,
  adminPasswordChangeSchema,
  mailRetrySchema,
  testimonialApprovalSchema,
} from "../../features/admin-auth/contract/forms";
import { requestStates } from "../../features/requests/contract/states";
import { inboxQuerySchema, requestPatchSchema } from "../../features/requests/contract/workflow";
import { formTypes } from "../../features/requests/contract/forms";
import { defineEndpoint } from "./endpoint";
import * as routes from "./admin-routes";

const id = z.number().int().positive();
/** ISO timestamp. */
const timestamp = z.string();

export const adminSessionInfoSchema = z.object({
  authenticated: z.literal(true),
  createdAt: timestamp,
  /** When the session ends regardless of activity. */
  expiresAt: timestamp,
  /** When the session ends if nothing happens before then. */
  idleExpiresAt: timestamp,
});
export type AdminSessionInfo = z.infer<typeof adminSessionInfoSchema>;

/** Where the next page of a keyset-paged admin list starts (opaque to clients). */
export const pageCursorSchema = z.string().regex(/^[1-9][0-9]{0,9}$/, "That page cursor is not valid.");

/** Rows per page of an admin list. */
export const adminPageSize = 50;

export const adminSummarySchema = z.object({
  testimonials: z.object({ total: z.number().int(), pending: z.number().int() }),
  submissions: z.object({ total: z.number().int(), unread: z.number().int() }),
  /** The e-mail outbox: messages waiting to be sent and messages given up on. */
  mail: z.object({ pending: z.number().int(), failed: z.number().int(), smtpConfigured: z.boolean() }),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** Whether the owner was e-mailed about a request (null: no message was queued for it). */
export const mailDeliveryStatusSchema = z.enum(["sent", "pending", "failed"]);
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatusSchema>;

/** An e-mail the site gave up sending after a day of retries. */
export const adminFailedDeliverySchema = z.object({
  id,
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
});
export type AdminFailedDelivery = z.infer<typeof adminFailedDeliverySchema>;

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

export const adminRequestSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  formType: z.enum(formTypes),
  address: z.string().nullable(),
  service: z.string().nullable(),
  submittedAt: timestamp,
  isRead: z.boolean(),
  mailStatus: mailDeliveryStatusSchema.nullable(),
  /** "KB-000042" (booking) or "KC-000042" (contact). */
  reference: z.string(),
  /** Lifecycle state (src/features/requests/contract/states.ts), when it last changed, and whether archived. */
  state: z.enum(requestStates),
  stateChangedAt: timestamp,
  archivedAt: timestamp.nullable(),
  /** A booking's first preferred date ("YYYY-MM-DD"); null for a contact message. */
  firstPreferredDate: z.string().nullable(),
  /** How many photos came with the request. */
  photoCount: z.number().int(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const adminEndpoints = {
  /** Who is signed in (401 when nobody is). */
  session: defineEndpoint({ ...routes.sessionRoute, status: 200, response: adminSessionInfoSchema }),
  /** Sign in: sets the session cookie. 401 invalid_password, 429, 503 admin_password_not_set. */
  signIn: defineEndpoint({
    ...routes.signInRoute,
    status: 200,
    request: adminLoginSchema,
    response: adminSessionInfoSchema,
  }),
  /** Sign out: the session is revoked and the cookie cleared. */
  signOut: defineEndpoint({ ...routes.signOutRoute, status: 204 }),
  /** Change the password; every other session is signed out. */
  changePassword: defineEndpoint({
    ...routes.changePasswordRoute,
    status: 200,
    request: adminPasswordChangeSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  summary: defineEndpoint({ ...routes.summaryRoute, status: 200, response: adminSummarySchema }),
  /**
   * Testimonials, newest first, 50 a page (keyset: `cursor` is the `nextCursor` of the page
   * before; `nextCursor` is null on the last page).
   */
  listAdminTestimonials: defineEndpoint({
    ...routes.listAdminTestimonialsRoute,
    status: 200,
    query: z.object({ cursor: pageCursorSchema.optional() }),
    response: z.object({
      testimonials: z.array(adminTestimonialSchema),
      nextCursor: pageCursorSchema.nullable(),
    }),
  }),
  /** Approve or unapprove; purges the public list's CDN cache. */
  setTestimonialApproved: defineEndpoint({
    ...routes.setTestimonialApprovedRoute,
    status: 200,
    request: testimonialApprovalSchema,
    response: z.object({ testimonial: adminTestimonialSchema }),
  }),
  deleteTestimonial: defineEndpoint({ ...routes.deleteTestimonialRoute, status: 204 }),
  /**
   * A page of contact messages and booking requests: filtered, searched, sorted; `nextCursor`
   * fetches the next page (docs/decisions/016-request-workflow.md).
   */
  listRequests: defineEndpoint({
    ...routes.listRequestsRoute,
    status: 200,
    query: inboxQuerySchema,
    response: z.object({ submissions: z.array(adminRequestSchema), nextCursor: z.string().nullable() }),
  }),
  /** One request, as in the list (the admin's page for a request opens by its id). */
  getRequest: defineEndpoint({
    ...routes.getRequestRoute,
    status: 200,
    response: z.object({ submission: adminRequestSchema }),
  }),
  /** Read flag, state (with a note for the history) and archive, any of them at once. */
  updateRequest: defineEndpoint({
    ...routes.updateRequestRoute,
    status: 200,
    request: requestPatchSchema,
    response: z.object({ submission: adminRequestSchema }),
  }),
  deleteRequest: defineEndpoint({ ...routes.deleteRequestRoute, status: 204 }),
  /** E-mails the site gave up on, newest first. */
  listFailedMail: defineEndpoint({
    ...routes.listFailedMailRoute,
    status: 200,
    response: z.object({ failed: z.array(adminFailedDeliverySchema) }),
  }),
  /** Queue failed e-mails again (all, or `ids`) and try them at once. */
  retryMail: defineEndpoint({
    ...routes.retryMailRoute,
    status: 200,
    request: mailRetrySchema,
    response: z.object({ queued: z.number().int(), sent: z.number().int() }),
  }),
};
