/**
 * Which e-mails a request causes, and one quick attempt to send them.
 *
 *   await inTransaction(ctx, async (tx) => {
 *     const row = …insert…;
 *     ids = await queueSubmissionMail(row, tx);   // commits with the row, or not at all
 *   });
 *   await deliverSoon(ctx, ids);                  // after the commit; never throws
 *
 * Whatever the quick attempt does not deliver is left for the scheduled retry
 * (netlify/functions/mail-retry.mts). A mail outage never fails or loses a request.
 */
import type { Db } from "../db/client";
import { mailEnv } from "../env";
import { logEvent } from "../log";
import * as outbox from "../repositories/mail-outbox";
import type { ServiceContext } from "../services/context";
import { runAfterAnswer } from "../services/context";
import { deliverDue } from "./delivery";
import {
  customerConfirmationMessage,
  ownerReviewMessage,
  ownerSubmissionMessage,
  type MailContext,
  type SubmissionForMail,
  type TestimonialForMail,
} from "./messages";
import { createSmtpSender, type MailSender } from "./transport";

export function mailContext(): MailContext {
  const env = mailEnv();
  return { ownerEmail: env.OWNER_EMAIL, siteUrl: env.SITE_URL };
}

let testSender: MailSender | null | undefined;
/** Tests may replace the sender (null = no SMTP configured). */
export function setMailSender(sender: MailSender | null | undefined): void {
  testSender = sender;
}

/** The SMTP sender, or null when SMTP_URL is not set (local dev: messages stay in the outbox). */
export function mailSender(timeoutMs?: number): MailSender | null {
  if (testSender !== undefined) return testSender;
  const env = mailEnv();
  if (!env.SMTP_URL) return null;
  return createSmtpSender({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, timeoutMs);
}

/** Owner notification plus customer confirmation for a booking or contact message. */
export function queueSubmissionMail(submission: SubmissionForMail, db: Db): Promise<number[]> {
  const ctx = mailContext();
  return outbox.enqueue(
    [
      { message: ownerSubmissionMessage(submission, ctx), submissionId: submission.id },
      { message: customerConfirmationMessage(submission, ctx), submissionId: submission.id },
    ],
    db,
  );
}

/** Owner notification for a new review waiting for moderation. */
export function queueReviewMail(testimonial: TestimonialForMail, db: Db): Promise<number[]> {
  return outbox.enqueue(
    [{ message: ownerReviewMessage(testimonial, mailContext()), testimonialId: testimonial.id }],
    db,
  );
}

/**
 * One short attempt (4 s per message) at these messages, after the commit. On Netlify the answer
 * may go first and the attempt finish in the background. Never throws, never changes the answer.
 */
export async function deliverSoon(ctx: ServiceContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const sender = mailSender(4000);
  if (!sender) return;
  const attempt = deliverDue(ctx.db, sender, { ids }).then(
    (report) => logEvent({ event: "mail.immediate", ...report }),
    (error: unknown) =>
      logEvent({ event: "mail.immediate_error", error: error instanceof Error ? error.message : "unknown" }),
  );
  await runAfterAnswer(ctx, attempt);
}
