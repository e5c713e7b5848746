/**
 * What the admin sends: the sign-in and password forms, the moderation flags, the inbox filter,
 * shared by the admin app (src/admin) and the admin API. The endpoints' full contracts, with their
 * answers, are in each feature's `contract/endpoints.ts`.
 */
import { z } from "zod";
import { limits } from "../../../lib/form-fields/limits";

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

/** A positive integer id from a URL segment. */
export const idParamSchema = z.coerce
  .number({ error: "Not found" })
  .int("Not found")
  .positive("Not found")
  .max(2_147_483_647, "Not found");
