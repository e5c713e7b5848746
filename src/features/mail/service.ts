/**
 * Which e-mails a request causes, and one quick attempt to send them.
 *
 *   await inTransaction(ctx, async (tx) => {
 *     const row = …insert…;
 *     ids = await queueRequestMail(row, tx);   // commits with the row, or not at all
 *   });
 *   await deliverSoon(ctx, ids);                  // after the commit; never throws
 *
 * Whatever the quick attempt does not deliver is left for the scheduled retry
 * (netlify/functions/mail-retry.mts). A mail outage never fails or loses a request.
 */
import type { Db } from "../../platform/db/client";
import { mailConfirmationsPerDay, mailEnv, stripeSettings } from "../../platform/env";
import { logEvent } from "../../platform/log";
import { enqueue } from "./service-enqueue";
import type { OutboxItem } from "./repository";
import type { ServiceContext } from "../../platform/context";
import { runAfterAnswer } from "../../platform/context";
import { deliverDue } from "./service-delivery";
import {
  customerConfirmationMessage,
  ownerReviewMessage,
  ownerLimitAlertMessage,
  ownerSignInAlertMessage,
  ownerRequestMessage,
  type MailContext,
  type NewRequestForMail,
  type TestimonialForMail,
} from "./messages";
import { hitRateLimit, limitKey, type RateLimitRule } from "../rate-limits";
import { createSmtpSender } from "../../platform/mail/transport";
import type { Sender } from "./kinds";

export function mailContext(): MailContext {
  const env = mailEnv();
  return { ownerEmail: env.OWNER_EMAIL, siteUrl: env.SITE_URL, cardPayments: stripeSettings() !== null };
}

let testSender: Sender | null | undefined;
/** Tests may replace the sender (null = no SMTP configured). */
export function setMailSender(sender: Sender | null | undefined): void {
  testSender = sender;
}

/** The SMTP sender, or null when SMTP_URL is not set (local dev: messages stay in the outbox). */
export function mailSender(timeoutMs?: number): Sender | null {
  if (testSender !== undefined) return testSender;
  const env = mailEnv();
  if (!env.SMTP_URL) return null;
  return createSmtpSender({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, timeoutMs);
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Anyone can type any address into the forms, so confirmations are capped: three a day to one
 * mailbox, and a hundred a day in all (a busy day brings a handful of requests). Over a cap the
 * request is still stored and the owner still told; only the confirmation is left out
 * (docs/decisions/015-security-hardening.md).
 */
export const confirmationRules = {
  perRecipient: { name: "mail-confirm-to", limit: 3, windowMs: dayMs },
  /** `site.security.confirmationsPerDay`, or MAIL_CONFIRMATIONS_PER_DAY where it is set. */
  get total(): RateLimitRule {
    return { name: "mail-confirm-all", limit: mailConfirmationsPerDay(), windowMs: dayMs };
  },
} satisfies Record<string, RateLimitRule>;

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

/** The daily caps the owner is told about when one is reached (once per cap per day). */
export type DailyCap = "confirmations" | "client-posts" | "uploads";

/**
 * Tells the owner that a daily cap was reached, the first time it happens in the day (a counter
 * per cap, so a flood sends one e-mail, not one per refusal). Call it in the transaction of the
 * request that met the cap, or on its own; returns the outbox ids to deliver.
 */
export async function alertLimitReached(cap: DailyCap, db: Db, now: Date = new Date()): Promise<number[]> {
  const first = await hitRateLimit({ name: `limit-alert-${cap}`, limit: 1, windowMs: dayMs }, "all", {
    db,
    now: now.getTime(),
  });
  if (!first.allowed) return [];
  logEvent({ event: "limit.reached", level: "warn", cap });
  return enqueue([{ message: ownerLimitAlertMessage(cap, mailContext()) }], db);
}

/**
 * Counts a confirmation to this address; false when the mailbox or the day is over its cap (the
 * owner told, once, when it is the day's cap).
 */
async function mayConfirm(address: string, db: Db, alerts: number[]): Promise<boolean> {
  const mailbox = await hitRateLimit(
    confirmationRules.perRecipient,
    limitKey("mailbox", mailboxKey(address)),
    {
      db,
    },
  );
  if (!mailbox.allowed) {
    logEvent({ event: "mail.confirmation_skipped", reason: "recipient_limit" });
    return false;
  }
  const total = await hitRateLimit(confirmationRules.total, "all", { db });
  if (!total.allowed) {
    logEvent({ event: "mail.confirmation_skipped", level: "warn", reason: "daily_limit" });
    alerts.push(...(await alertLimitReached("confirmations", db)));
    return false;
  }
  return true;
}

/**
 * Owner notification for a booking or contact message, plus the customer's confirmation unless
 * the mailbox or the day is over its cap (counted in the same transaction).
 */
export async function queueRequestMail(request: NewRequestForMail, db: Db): Promise<number[]> {
  const ctx = mailContext();
  const items: OutboxItem[] = [{ message: ownerRequestMessage(request, ctx), submissionId: request.id }];
  const alerts: number[] = [];
  if (await mayConfirm(request.email, db, alerts)) {
    items.push({ message: customerConfirmationMessage(request, ctx), submissionId: request.id });
  }
  return [...(await enqueue(items, db)), ...alerts];
}

/** The owner's alert about failed admin sign-ins (src/features/admin-auth/service-login.ts). */
export function queueSignInAlert(
  alert: { failures: number; windowMinutes: number },
  db: Db,
): Promise<number[]> {
  return enqueue([{ message: ownerSignInAlertMessage(alert, mailContext()) }], db);
}

/** Owner notification for a new review waiting for moderation. */
export function queueReviewMail(testimonial: TestimonialForMail, db: Db): Promise<number[]> {
  return enqueue(
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
