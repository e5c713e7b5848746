/**
 * The mail outbox (issue 6). `enqueue*` runs inside the caller's transaction, next to the row it
 * tells about. `deliverDue` sends what is due, claiming each row with a lease first so that two
 * senders (the request's own attempt and the scheduled retry) never send the same row twice at once.
 * Failed attempts back off (1, 2, 4 … 60 minutes); after 24 hours a message is marked failed and
 * the admin dashboard offers a retry.
 */
import { and, asc, between, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { AdminFailedDelivery } from "../../lib/schemas/admin";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import {
  customerConfirmationMessage,
  ownerReviewMessage,
  ownerSubmissionMessage,
  type MailContext,
  type OutgoingMessage,
  type SubmissionForMail,
  type TestimonialForMail,
} from "./messages";
import type { MailSender } from "./transport";

/** A database or an open transaction: both can insert and update. */
export type DbOrTx = Pick<Database, "insert" | "update" | "select" | "execute">;

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type DeliveryStatus = "pending" | "sent" | "failed";

export const giveUpAfterMs = 24 * 60 * 60 * 1000;
export const leaseMs = 2 * 60 * 1000;

export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

function toRow(message: OutgoingMessage, link: { submissionId?: number; testimonialId?: number }) {
  return {
    kind: message.kind,
    submissionId: link.submissionId ?? null,
    testimonialId: link.testimonialId ?? null,
    toAddress: message.to.address,
    toName: message.to.name,
    replyToAddress: message.replyTo?.address ?? null,
    replyToName: message.replyTo?.name ?? null,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    attachments: message.attachments?.length ? message.attachments : null,
  };
}

/** Owner notification plus customer confirmation for a booking or contact message. */
export async function enqueueSubmissionMail(
  tx: DbOrTx,
  submission: SubmissionForMail,
  ctx: MailContext,
): Promise<number[]> {
  const rows = await tx
    .insert(mailOutbox)
    .values([
      toRow(ownerSubmissionMessage(submission, ctx), { submissionId: submission.id }),
      toRow(customerConfirmationMessage(submission, ctx), { submissionId: submission.id }),
    ])
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/** Any other message (e.g. the owner's daily digest), in the caller's transaction. */
export async function enqueueMessage(
  tx: DbOrTx,
  message: OutgoingMessage,
  link: { submissionId?: number; testimonialId?: number } = {},
): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values(toRow(message, link)).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Owner notification for a new review waiting for moderation. */
export async function enqueueReviewMail(
  tx: DbOrTx,
  testimonial: TestimonialForMail,
  ctx: MailContext,
): Promise<number[]> {
  const rows = await tx
    .insert(mailOutbox)
    .values([toRow(ownerReviewMessage(testimonial, ctx), { testimonialId: testimonial.id })])
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

function fromRow(row: OutboxRow): OutgoingMessage {
  return {
    kind: row.kind as OutgoingMessage["kind"],
    to: { name: row.toName, address: row.toAddress },
    ...(row.replyToAddress ? { replyTo: { name: row.replyToName ?? "", address: row.replyToAddress } } : {}),
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due messages (all due ones, or only `ids`). Each row is claimed by pushing its
 * next_attempt_at past the lease in one statement with SKIP LOCKED, so a concurrent sender skips it.
 */
export async function deliverDue(
  db: Database,
  sender: MailSender,
  options: { ids?: readonly number[]; limit?: number; now?: Date } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 25;
  const due = and(
    eq(mailOutbox.status, "pending"),
    lte(mailOutbox.nextAttemptAt, now),
    options.ids ? inArray(mailOutbox.id, [...options.ids]) : undefined,
  );
  const claimable = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due)
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      attempts: sql`${mailOutbox.attempts} + 1`,
      updatedAt: now,
    })
    .where(and(inArray(mailOutbox.id, claimable), due))
    .returning();

  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await sender.send(fromRow(row));
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null, updatedAt: new Date() })
        .where(eq(mailOutbox.id, row.id));
      report.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const expired = now.getTime() - row.createdAt.getTime() >= giveUpAfterMs;
      await db
        .update(mailOutbox)
        .set({
          status: expired ? "failed" : "pending",
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
          updatedAt: new Date(),
        })
        .where(eq(mailOutbox.id, row.id));
      if (expired) report.failed += 1;
      else report.retrying += 1;
    }
  }
  return report;
}

/** Puts failed messages back in the queue, due now (the admin's retry action). */
export async function retryFailed(db: Database, ids?: readonly number[]): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: "pending",
      nextAttemptAt: new Date(),
      attempts: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(mailOutbox.status, "failed"), ids ? inArray(mailOutbox.id, [...ids]) : undefined))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Owner-notification status for each of these submissions (absent: no message was queued). One
 * grouped query over the id range, so a long inbox costs two parameters rather than one per row.
 */
export async function ownerStatusBySubmission(
  db: Pick<Database, "select">,
  submissionIds: readonly number[],
): Promise<Map<number, DeliveryStatus>> {
  const result = new Map<number, DeliveryStatus>();
  if (submissionIds.length === 0) return result;
  const wanted = new Set(submissionIds);
  const status = sql<DeliveryStatus>`case
      when bool_and(${mailOutbox.status} = 'sent') then 'sent'
      when bool_or(${mailOutbox.status} = 'failed') then 'failed'
      else 'pending' end`;
  const rows = await db
    .select({ submissionId: mailOutbox.submissionId, status })
    .from(mailOutbox)
    .where(
      and(
        ne(mailOutbox.kind, "customer_confirmation"),
        between(mailOutbox.submissionId, Math.min(...submissionIds), Math.max(...submissionIds)),
      ),
    )
    .groupBy(mailOutbox.submissionId);
  for (const row of rows) {
    if (row.submissionId !== null && wanted.has(row.submissionId)) result.set(row.submissionId, row.status);
  }
  return result;
}

/** What the admin is shown of a given-up message, plus what it was about. */
export interface FailedDelivery extends AdminFailedDelivery {
  submissionId: number | null;
  testimonialId: number | null;
}

/** Messages given up on, newest first (the admin dashboard lists them with a retry action). */
export async function listFailed(db: Pick<Database, "select">, limit = 50): Promise<FailedDelivery[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "failed"))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    toAddress: r.toAddress,
    subject: r.subject,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    submissionId: r.submissionId,
    testimonialId: r.testimonialId,
  }));
}

/** Counts per status, for the dashboard. */
export async function countByStatus(db: Pick<Database, "select">): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: Record<DeliveryStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status as DeliveryStatus] = Number(row.n);
  return counts;
}
