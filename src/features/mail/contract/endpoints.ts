/**
 * Contracts of the owner's view of the e-mail outbox (docs/decisions/009-mail-outbox.md): whether
 * a request's e-mail went out, the e-mails the site gave up on, and sending them again.
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";

/** POST /api/admin/mail/retry: the failed messages to queue again (all of them without ids). */
export const mailRetrySchema = z.object({
  ids: z.array(z.number().int().positive()).max(200).optional(),
});

/** The e-mail outbox on the admin's dashboard: messages waiting to be sent and messages given up on. */
export const mailSummarySchema = z.object({
  pending: z.number().int(),
  failed: z.number().int(),
  smtpConfigured: z.boolean(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** Whether the owner was e-mailed about a request (null: no message was queued for it). */
export const mailDeliveryStatusSchema = z.enum(["sent", "pending", "failed"]);
export type MailDeliveryStatus = z.infer<typeof mailDeliveryStatusSchema>;

/** An e-mail the site gave up sending after a day of retries. */
export const adminFailedDeliverySchema = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type AdminFailedDelivery = z.infer<typeof adminFailedDeliverySchema>;

export const mailEndpoints = {
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
