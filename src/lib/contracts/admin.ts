/**
 * The admin API's contracts (every route needs a live admin session except signing in; every
 * state change must come from the site's own origin). Requests are the schemas in
 * src/lib/schemas/admin.ts; the answers are defined here.
 */
import { z } from "zod";
import {
  adminLoginSchema,
  adminPasswordChangeSchema,
  mailRetrySchema,
  submissionFilterSchema,
  submissionReadSchema,
  testimonialApprovalSchema,
} from "../schemas/admin";
import { formTypes } from "../schemas/submission";
import { defineEndpoint } from "./endpoint";
import { routes } from "./routes";

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

export const adminSummarySchema = z.object({
  testimonials: z.object({ total: z.number().int(), pending: z.number().int() }),
  submissions: z.object({ total: z.number().int(), unread: z.number().int() }),
  /** The e-mail outbox: messages waiting to be sent and messages given up on. */
  mail: z.object({ pending: z.number().int(), failed: z.number().int(), smtpConfigured: z.boolean() }),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** Whether the owner was e-mailed about a submission (null: no message was queued for it). */
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
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

export const adminSubmissionSchema = z.object({
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
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const adminEndpoints = {
  /** Who is signed in (401 when nobody is). */
  session: defineEndpoint({ ...routes.session, response: adminSessionInfoSchema }),
  /** Sign in: sets the session cookie. 401 invalid_password, 429, 503 admin_password_not_set. */
  signIn: defineEndpoint({ ...routes.signIn, request: adminLoginSchema, response: adminSessionInfoSchema }),
  /** Sign out: the session is revoked and the cookie cleared. */
  signOut: defineEndpoint({ ...routes.signOut }),
  /** Change the password; every other session is signed out. */
  changePassword: defineEndpoint({
    ...routes.changePassword,
    request: adminPasswordChangeSchema,
    response: z.object({ ok: z.literal(true) }),
    status: 200,
  }),
  summary: defineEndpoint({ ...routes.summary, response: adminSummarySchema }),
  /** Every testimonial, newest first. */
  listAdminTestimonials: defineEndpoint({
    ...routes.listAdminTestimonials,
    response: z.object({ testimonials: z.array(adminTestimonialSchema) }),
    status: 200,
  }),
  /** Approve or unapprove; purges the public list's CDN cache. */
  setTestimonialApproved: defineEndpoint({
    ...routes.setTestimonialApproved,
    request: testimonialApprovalSchema,
    response: z.object({ testimonial: adminTestimonialSchema }),
    status: 200,
  }),
  deleteTestimonial: defineEndpoint({ ...routes.deleteTestimonial }),
  /** Contact messages and booking requests, newest first, filtered by type. */
  listSubmissions: defineEndpoint({
    ...routes.listSubmissions,
    query: z.object({ type: submissionFilterSchema }),
    response: z.object({ submissions: z.array(adminSubmissionSchema) }),
    status: 200,
  }),
  setSubmissionRead: defineEndpoint({
    ...routes.setSubmissionRead,
    request: submissionReadSchema,
    response: z.object({ submission: adminSubmissionSchema }),
    status: 200,
  }),
  deleteSubmission: defineEndpoint({ ...routes.deleteSubmission }),
  /** E-mails the site gave up on, newest first. */
  listFailedMail: defineEndpoint({
    ...routes.listFailedMail,
    response: z.object({ failed: z.array(adminFailedDeliverySchema) }),
    status: 200,
  }),
  /** Queue failed e-mails again (all, or `ids`) and try them at once. */
  retryMail: defineEndpoint({
    ...routes.retryMail,
    request: mailRetrySchema,
    response: z.object({ queued: z.number().int(), sent: z.number().int() }),
    status: 200,
  }),
};
