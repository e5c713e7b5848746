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
import type { MailContext } from "./messages";
import { deliverDue, enqueueReviewMail, enqueueSubmissionMail } from "./outbox";
import { createSmtpSender, type MailSender } from "./transport";
import { hitRateLimit, limitKey, type RateLimitRule } from "../services/rate-limit";

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

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Anyone can type any address into the forms, so confirmations are capped: three a day to one
 * mailbox, and a hundred a day in all (a busy day brings a handful of requests). Over a cap the
 * request is still stored and the owner still told; only the confirmation is left out.
 * docs/decisions/015-security-hardening.md.
 */
export const confirmationRules = {
  perRecipient: { name: "mail-confirm-to", limit: 3, windowMs: dayMs },
  total: { name: "mail-confirm-all", limit: 100, windowMs: dayMs },
} as const satisfies Record<string, RateLimitRule>;

/**
 * One key per mailbox: lower case, without a "+tag" (most providers deliver victim+1@ to victim@),
 * and for Gmail without dots in the local part, so aliases share one count.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at).toLowerCase();
  let domain = address.slice(at + 1).toLowerCase();
  local = local.split("+")[0] ?? local;
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** Counts a confirmation to this address; false when the mailbox or the day is over its cap. */
async function mayConfirm(tx: Executor, address: string): Promise<boolean> {
  const mailbox = await hitRateLimit(
    confirmationRules.perRecipient,
    limitKey("mailbox", mailboxKey(address)),
    { db: tx },
  );
  if (!mailbox.allowed) {
    logEvent({ event: "mail.confirmation_skipped", reason: "recipient_limit" });
    return false;
  }
  const total = await hitRateLimit(confirmationRules.total, "all", { db: tx });
  if (!total.allowed) {
    logEvent({ event: "mail.confirmation_skipped", level: "warn", reason: "daily_limit" });
    return false;
  }
  return true;
}

export function mailHooks() {
  const ids: number[] = [];
  return {
    afterSubmission: async (tx: Executor, submission: Submission) => {
      const confirm = await mayConfirm(tx, submission.email);
      ids.push(...(await enqueueSubmissionMail(tx, submission, mailContext(), { confirm })));
    },
    afterReview: async (tx: Executor, testimonial: Testimonial) => {
      ids.push(...(await enqueueReviewMail(tx, testimonial, mailContext())));
    },
    /** One quick attempt at this request's messages, after the commit. Never throws. */
    async deliverNow(context?: WaitUntilContext): Promise<void> {
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
    },
  };
}
