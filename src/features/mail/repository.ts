/**
 * mail_outbox table: e-mails waiting to be sent, written in the same transaction as the row they
 * tell about. SQL in, plain objects out; sending is src/features/mail/service-delivery.ts. Every function
 * takes the database handle last (`Db`); it defaults to `getDb()`.
 *
 *   enqueue(items)                       inserts messages (pending, due now); returns their ids. A
 *                                        customer message about a request gets its private link
 *                                        here: a fresh token, its hash in customer_links
 *                                        (src/features/mail/request-link.ts)
 *   mailQueue                            the table as the platform's outbox claims and settles it
 *   withLiveLinks(row)                   the message as it is sent: its links' tokens made now,
 *                                        their hashes stored, the tokens in this copy only
 *   sentValues(row, at)                  what a sent row keeps: the text without any link token
 *   retryFailed(ids?)                    failed messages back in the queue, due now
 *   ownerStatusByRequest(ids)         whether the owner was e-mailed about each submission
 *   listFailed(limit?)                   messages given up on, newest first
 *   countByStatus()                      { pending, sent, failed }
 */
import { and, between, eq, inArray, isNull, sql } from "../../platform/db/orm";
import { defineQueue } from "../../platform/outbox/queue";
import type { AdminFailedDelivery } from "./contract/endpoints";
import { getDb, type Db } from "../../platform/db/client";
import { randomBytes } from "node:crypto";
import {
  fillLinks,
  hasLinkSlot,
  hashToken,
  invitePlaceholder,
  invoiceLinkPlaceholder,
  newToken,
  unusableTokenHash,
  withoutTokens,
} from "./request-link";
import { customerLinks, invoiceLinks, mailOutbox, reviewInvitations } from "../tables";
import type { OutgoingMessage } from "./kinds";
import type { MailAttachment } from "../../platform/mail/message";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type DeliveryStatus = "pending" | "sent" | "failed";

export interface OutboxItem {
  message: OutgoingMessage;
  submissionId?: number;
  testimonialId?: number;
  /** The invoice a message's invoice-only link opens (docs/decisions/053-invoice-links.md). */
  invoiceId?: number;
  /**
   * Not sent before this time: a message whose attachment is made after the transaction commits
   * (`releaseWithAttachments`), which still goes at this time, without it, should that never happen.
   */
  holdUntil?: Date;
}

function toRow({ message, submissionId: requestId, testimonialId, holdUntil }: OutboxItem) {
  return {
    ...(holdUntil ? { nextAttemptAt: holdUntil } : {}),
    kind: message.kind,
    submissionId: requestId ?? null,
    testimonialId: testimonialId ?? null,
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

/** Adds the attachments to a held message (`OutboxItem.holdUntil`) and makes it due now. */
export async function releaseWithAttachments(
  id: number,
  attachments: readonly MailAttachment[],
  db: Db = getDb(),
): Promise<void> {
  const [row] = await db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  await db
    .update(mailOutbox)
    .set({ attachments: [...(row?.attachments ?? []), ...attachments], nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/** The message a row holds, as the transport sends it. */
export function messageOf(row: OutboxRow): OutgoingMessage {
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

/**
 * Call it in the transaction that writes what the messages are about: a message and its link's
 * row are stored together or not at all. The row's hash is of no real token until the message is
 * sent (`withLiveLinks`); the stored message holds the placeholder, never a token.
 */
export async function enqueue(items: readonly OutboxItem[], db: Db = getDb()): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items) {
    const [row] = await db.insert(mailOutbox).values(toRow(item)).returning({ id: mailOutbox.id });
    ids.push(row!.id);
    if (item.submissionId !== undefined && hasLinkSlot(item.message)) {
      await db
        .insert(customerLinks)
        .values({ submissionId: item.submissionId, tokenHash: unusableTokenHash(), mailId: row!.id });
    }
    if (item.invoiceId !== undefined && hasLinkSlot(item.message, invoiceLinkPlaceholder)) {
      await db
        .insert(invoiceLinks)
        .values({ invoiceId: item.invoiceId, tokenHash: unusableTokenHash(), mailId: row!.id });
    }
  }
  return ids;
}

/**
 * The message of a claimed row as the transport sends it: for each link it carries, a token made
 * now, whose hash replaces the one in the link's row (a customer_links row, or the review
 * invitation that names this e-mail), so only the copy that leaves has the token. A retry makes a
 * new token and the last one sent is the one that works. A link revoked or deleted in the meantime
 * is not brought back: the message goes with the link's place marked instead.
 */
export async function withLiveLinks(row: OutboxRow, db: Db = getDb()): Promise<OutgoingMessage> {
  const message = messageOf(row);
  const tokens: { request?: string | null; invite?: string | null; invoice?: string | null } = {};
  if (hasLinkSlot(message)) {
    const token = newToken();
    const updated = await db
      .update(customerLinks)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(customerLinks.mailId, row.id), isNull(customerLinks.revokedAt)))
      .returning({ id: customerLinks.id });
    tokens.request = updated.length > 0 ? token : null;
  }
  if (hasLinkSlot(message, invitePlaceholder)) {
    const token = randomBytes(32).toString("base64url");
    const updated = await db
      .update(reviewInvitations)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(reviewInvitations.mailId, row.id), isNull(reviewInvitations.usedAt)))
      .returning({ id: reviewInvitations.id });
    tokens.invite = updated.length > 0 ? token : null;
  }
  if (hasLinkSlot(message, invoiceLinkPlaceholder)) {
    const token = newToken();
    const updated = await db
      .update(invoiceLinks)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(invoiceLinks.mailId, row.id), isNull(invoiceLinks.revokedAt)))
      .returning({ id: invoiceLinks.id });
    tokens.invoice = updated.length > 0 ? token : null;
  }
  return { ...message, text: fillLinks(message.text, tokens), html: fillLinks(message.html, tokens) };
}

/**
 * mail_outbox as the platform's outbox runs it (src/platform/outbox/queue.ts): claimed with a lease
 * on next_attempt_at, "sent" when done, retried and given up by the rules in ./service-delivery.ts.
 */
export const mailQueue = defineQueue({
  table: mailOutbox,
  keys: {
    id: "id",
    status: "status",
    attempts: "attempts",
    availableAt: "nextAttemptAt",
    lastError: "lastError",
    updatedAt: "updatedAt",
  },
  statuses: { pending: "pending", done: "sent", failed: "failed" },
});

/** Once sent, the stored copy keeps the text without any private link's token (decision 019). */
export function sentValues(row: Pick<OutboxRow, "textBody" | "htmlBody">, at: Date) {
  return { sentAt: at, textBody: withoutTokens(row.textBody), htmlBody: withoutTokens(row.htmlBody) };
}

/** Puts failed messages (all, or `ids`) back in the queue, due now; returns how many. */
export async function retryFailed(ids?: readonly number[], db: Db = getDb()): Promise<number> {
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
export async function ownerStatusByRequest(
  requestIds: readonly number[],
  db: Db = getDb(),
): Promise<Map<number, DeliveryStatus>> {
  const result = new Map<number, DeliveryStatus>();
  if (requestIds.length === 0) return result;
  const wanted = new Set(requestIds);
  // A loop, not Math.min(...ids): spreading a long list into a call overflows the stack.
  let low = Infinity;
  let high = -Infinity;
  for (const id of requestIds) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const status = sql<DeliveryStatus>`case
      when bool_and(${mailOutbox.status} = 'sent') then 'sent'
      when bool_or(${mailOutbox.status} = 'failed') then 'failed'
      else 'pending' end`;
  const rows = await db
    .select({ submissionId: mailOutbox.submissionId, status })
    .from(mailOutbox)
    // Messages to the owner only (owner_submission, owner_customer_update), not the customer's.
    .where(and(sql`starts_with(${mailOutbox.kind}, 'owner_')`, between(mailOutbox.submissionId, low, high)))
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
export async function listFailed(limit = 50, db: Db = getDb()): Promise<FailedDelivery[]> {
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
export async function countByStatus(db: Db = getDb()): Promise<Record<DeliveryStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: Record<DeliveryStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status as DeliveryStatus] = Number(row.n);
  return counts;
}
