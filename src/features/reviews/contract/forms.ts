/**
 * What the review features send: the invitation token a customer's link carries, the owner's
 * rejection (a reason from the fixed list) and reply, the invitation setting
 * (docs/decisions/020-verified-reviews.md). The endpoints' full contracts are in
 * src/features/reviews/contract/endpoints.ts.
 */
import { z } from "zod";
import { requestIdSchema } from "../../requests/contract/workflow";
import { charLength, isStorableText, unsupportedCharactersMessage } from "../../../lib/form-fields/text";

/** Longest owner's reply, in characters (the database CHECK says the same). */
export const replyMaxLength = 2000;

/** How long an invitation link works. */
export const invitationValidDays = 60;

/** The token in an invitation link: 32 random bytes, base64url (43 characters). */
export const invitationTokenSchema = z
  .string({ error: "This review link is not valid." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, "This review link is not valid.");

/** POST /api/review-invitation */
export const invitationLookupSchema = z.object({ token: invitationTokenSchema });

/**
 * The only reasons a review is declined; /review-policy explains each one (src/data/legal.ts) and
 * the database accepts no other (src/features/reviews/tables.ts).
 */
export const reviewRejectReasonIds = [
  "abusive",
  "personal-data",
  "not-about-our-work",
  "not-genuine",
  "duplicate",
] as const;
export type ReviewRejectReason = (typeof reviewRejectReasonIds)[number];

export const rejectReasonSchema = z.enum(reviewRejectReasonIds, {
  error: "Choose a reason for rejecting the review from the list.",
});

/** POST /api/admin/testimonials/reject */
export const testimonialRejectSchema = z.object({
  id: z.number({ error: "id must be a review id." }).int().positive(),
  reason: rejectReasonSchema,
});

/** PUT /api/admin/testimonials/reply: the reply's text, or null to remove it. */
export const testimonialReplySchema = z.object({
  id: z.number({ error: "id must be a review id." }).int().positive(),
  text: z
    .string({ error: "Please write a reply." })
    .trim()
    .refine((v) => charLength(v) >= 1, "Please write a reply.")
    .refine((v) => charLength(v) <= replyMaxLength, `A reply can be at most ${replyMaxLength} characters.`)
    .refine(isStorableText, unsupportedCharactersMessage)
    .nullable(),
});

/** POST /api/admin/review-invitations */
export const sendInvitationSchema = z.object({ submissionId: requestIdSchema });

/** PUT /api/admin/review-invitations/settings */
export const reviewSettingsSchema = z.object({
  autoInvite: z.boolean({ error: "autoInvite must be true or false." }),
});
