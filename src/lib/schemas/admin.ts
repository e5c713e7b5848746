/**
 * Admin API payloads and responses, shared by the admin app (src/admin) and the admin functions
 * (netlify/functions/admin-*.mts). The messages people read are the spec's (site-spec §5, §8).
 */
import { z } from "zod";
import type { RequestState } from "../request-states";
import { formTypes, type FormType } from "./submission";
import { limits } from "./limits";

/** Shortest new password the owner may set. Long passphrases beat complex short ones (NIST SP 800-63B). */
export const minPasswordLength = 12;

export const adminMessages = {
  passwordRequired: "Please enter the admin password.",
  invalidPassword: "Invalid password",
  loginError: "Error verifying password. Please try again.",
  currentIncorrect: "Current password is incorrect",
  mismatch: "Passwords do not match",
  tooShort: `Use at least ${minPasswordLength} characters.`,
  tooLong: `Use at most ${limits.password} characters.`,
  passwordUpdatedTitle: "Password updated",
  passwordUpdated: "Your password has been changed successfully.",
  passwordUpdateFailed: "Failed to update password. Please try again.",
  passwordChangeError: "An error occurred while changing password.",
  loggedOutTitle: "Logged out",
  loggedOut: "You have been successfully logged out.",
  sessionExpired: "Your session has ended. Please sign in again.",
} as const;

/** POST /api/admin/session */
export const adminLoginSchema = z.object({
  password: z
    .string({ error: adminMessages.passwordRequired })
    .min(1, adminMessages.passwordRequired)
    .max(limits.password, adminMessages.invalidPassword),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** PUT /api/admin/password. Passwords are never trimmed: every character counts. */
export const adminPasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password." })
      .min(1, "Please enter your current password.")
      .max(limits.password, adminMessages.currentIncorrect),
    newPassword: z
      .string({ error: "Please enter a new password." })
      .min(minPasswordLength, adminMessages.tooShort)
      .max(limits.password, adminMessages.tooLong),
    confirmPassword: z.string({ error: "Please confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: adminMessages.mismatch,
    path: ["confirmPassword"],
  });
export type AdminPasswordChange = z.infer<typeof adminPasswordChangeSchema>;

/** PATCH /api/admin/testimonials/:id */
export const testimonialApprovalSchema = z.object({
  approved: z.boolean({ error: "approved must be true or false." }),
});
export type TestimonialApproval = z.infer<typeof testimonialApprovalSchema>;

/** PATCH /api/admin/submissions/:id */
export const submissionReadSchema = z.object({
  isRead: z.boolean({ error: "isRead must be true or false." }),
});
export type SubmissionRead = z.infer<typeof submissionReadSchema>;

export const submissionFilters = ["all", ...formTypes] as const;
export type SubmissionFilter = (typeof submissionFilters)[number];
/** GET /api/admin/submissions?type=… (missing means all). */
export const submissionFilterSchema = z
  .enum(submissionFilters, { error: "type must be all, contact or booking." })
  .default("all");

/** A positive integer id from a URL segment. */
export const idParamSchema = z.coerce
  .number({ error: "Not found" })
  .int("Not found")
  .positive("Not found")
  .max(2_147_483_647, "Not found");

// Responses --------------------------------------------------------------------------------------

export interface AdminSessionInfo {
  authenticated: true;
  /** ISO timestamps. */
  createdAt: string;
  /** When the session ends regardless of activity. */
  expiresAt: string;
  /** When the session ends if nothing happens before then. */
  idleExpiresAt: string;
}

export interface AdminSummary {
  testimonials: { total: number; pending: number };
  submissions: { total: number; unread: number };
  /** E-mail outbox (issue 6): messages waiting to be sent and messages given up on. */
  mail: { pending: number; failed: number; smtpConfigured: boolean };
}

/** Whether the owner was e-mailed about a submission (null: no message was queued for it). */
export type MailDeliveryStatus = "sent" | "pending" | "failed";

/** An e-mail the site gave up sending after a day of retries. */
export interface AdminFailedDelivery {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export const mailRetrySchema = z.object({
  ids: z.array(z.number().int().positive()).max(200).optional(),
});
export type MailRetry = z.infer<typeof mailRetrySchema>;

export interface AdminTestimonial {
  id: number;
  name: string;
  location: string;
  rating: number;
  text: string;
  approved: boolean;
  createdAt: string;
}

export interface AdminSubmission {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  formType: FormType;
  address: string | null;
  service: string | null;
  submittedAt: string;
  isRead: boolean;
  mailStatus: MailDeliveryStatus | null;
  /** "KB-000042" (booking) or "KC-000042" (contact). */
  reference: string;
  /** Lifecycle state (src/lib/request-states.ts), when it last changed, and whether archived. */
  state: RequestState;
  stateChangedAt: string;
  archivedAt: string | null;
}

export interface AdminTestimonialList {
  testimonials: AdminTestimonial[];
}
export interface AdminSubmissionList {
  submissions: AdminSubmission[];
}
