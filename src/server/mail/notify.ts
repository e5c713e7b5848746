/**
 * Wires the outbox into the public write path (issue 6):
 *
 *   const mail = mailHooks();
 *   const accepted = await acceptSubmission("booking", req, { context, afterInsert: mail.afterSubmission });
 *   await mail.deliverNow(context);   // after the commit; never throws, never changes the answer
 *
 * `afterSubmission` / `afterReview` run inside the insert's transaction, so the row and its
 * messages commit together. `deliverNow` makes one short attempt at the messages of this request;
 * whatever is not delivered is left for the scheduled retry (netlify/functions/mail-retry.mts).
 */
import { getDb, type Executor } from "../db/client";
import { mailEnv } from "../env";
import { logEvent } from "../http/log";
import type { Submission } from "../repositories/submissions";
import type { Testimonial } from "../repositories/testimonials";
import type { MailContext, SubmissionForMail } from "./messages";
import { deliverDue, enqueueReviewMail, enqueueSubmissionMail } from "./outbox";
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

export interface WaitUntilContext {
  waitUntil?: (promise: Promise<unknown>) => void;
}

export function mailHooks() {
  const ids: number[] = [];
  return {
    afterSubmission: async (tx: Executor, submission: Submission & Pick<SubmissionForMail, "booking">) => {
      ids.push(...(await enqueueSubmissionMail(tx, submission, mailContext())));
    },
    afterReview: async (tx: Executor, testimonial: Testimonial) => {
      ids.push(...(await enqueueReviewMail(tx, testimonial, mailContext())));
    },
    /** One quick attempt at this request's messages, after the commit. Never throws. */
    deliverNow: (context?: WaitUntilContext) => deliverNow(ids, context),
  };
}

/** One quick attempt at these outbox rows, after their commit; the scheduled retry has the rest. Never throws. */
export async function deliverNow(ids: readonly number[], context?: WaitUntilContext): Promise<void> {
  if (ids.length === 0) return;
  const sender = mailSender(4000);
  if (!sender) return;
  const attempt = deliverDue(getDb(), sender, { ids }).then(
    (report) => logEvent({ event: "mail.immediate", ...report }),
    (error: unknown) =>
      logEvent({
        event: "mail.immediate_error",
        error: error instanceof Error ? error.message : "unknown",
      }),
  );
  // On Netlify the function may answer first and finish the attempt in the background.
  if (context?.waitUntil) context.waitUntil(attempt);
  else await attempt;
}
