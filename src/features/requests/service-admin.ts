/**
 * The owner's moderation and inbox: list, approve/unapprove and delete testimonials; list by type,
 * mark read/unread and delete submissions; the dashboard counts; the e-mails given up on and
 * retrying them. Repositories hold the SQL; this layer shapes what the admin sees and refuses a
 * missing row with NotFound.
 */
import type { AdminFailedDelivery, MailDeliveryStatus } from "../mail/contract/endpoints";
import type { AdminRequest, AdminSummary } from "./contract/endpoints";
import type { AdminTestimonial } from "../reviews/contract/endpoints";
import { adminPageSize } from "../../lib/contracts/paging";
import { wallClock } from "../../platform/time";
import { requestReference } from "./contract/reference";
import { purgeCdnTags } from "../../platform/cdn";
import { logEvent } from "../../platform/log";
import { deliverDue } from "../mail";
import { mailSender } from "../mail";
import * as outbox from "../mail";
import * as requestsRepo from "./repository";
import * as testimonials from "../reviews";
import { serviceContext, type ServiceContext } from "../../platform/context";
import { NotFound } from "../../platform/domain-errors";

export const toAdminTestimonial = (t: testimonials.Testimonial): AdminTestimonial => ({
  id: t.id,
  name: t.name,
  location: t.location,
  rating: t.rating,
  text: t.text,
  approved: t.approved,
  createdAt: t.createdAt.toISOString(),
  status: t.approved ? "approved" : t.rejectedAt ? "rejected" : "pending",
  rejectedReason: t.rejectedReason,
  rejectedAt: t.rejectedAt?.toISOString() ?? null,
  jobCompletedMonth: t.jobCompletedAt ? wallClock(t.jobCompletedAt).date.slice(0, 7) : null,
  reply:
    t.replyText !== null && t.replyUpdatedAt !== null
      ? { text: t.replyText, updatedAt: t.replyUpdatedAt.toISOString() }
      : null,
});

const toAdminRequest = (
  s: requestsRepo.CustomerRequest,
  mailStatus: MailDeliveryStatus | null = null,
  extras: requestsRepo.RowExtras | undefined = undefined,
): AdminRequest => ({
  id: s.id,
  name: s.name,
  email: s.email,
  phone: s.phone,
  message: s.message,
  formType: s.formType,
  source: s.source,
  address: s.address,
  service: s.service,
  submittedAt: s.submittedAt.toISOString(),
  isRead: s.isRead,
  mailStatus,
  reference: requestReference(s),
  state: s.state,
  stateChangedAt: s.stateChangedAt.toISOString(),
  archivedAt: s.archivedAt?.toISOString() ?? null,
  firstPreferredDate: extras?.firstPreferredDate ?? null,
  photoCount: extras?.photoCount ?? 0,
});

/**
 * Submissions with whether the owner was e-mailed about each, a booking's first preferred date and
 * the photo count (one query each for the whole list).
 */
export async function withMailStatus(
  rows: requestsRepo.CustomerRequest[],
  ctx: ServiceContext,
): Promise<AdminRequest[]> {
  const ids = rows.map((r) => r.id);
  const statuses = await outbox.ownerStatusByRequest(ids, ctx.db);
  const extras = await requestsRepo.rowExtras(ids, ctx.db);
  return rows.map((r) => toAdminRequest(r, statuses.get(r.id) ?? null, extras.get(r.id)));
}

export async function summary(ctx: ServiceContext = serviceContext()): Promise<AdminSummary> {
  const [t, s, m] = await Promise.all([
    testimonials.countByStatus(ctx.db),
    requestsRepo.counts(ctx.db),
    outbox.countByStatus(ctx.db),
  ]);
  return {
    testimonials: { total: t.total, pending: t.pending },
    submissions: { total: s.total, unread: s.unread },
    mail: { pending: m.pending, failed: m.failed, smtpConfigured: mailSender() !== null },
  };
}

/**
 * The public list is kept by Netlify's CDN for a minute under the cache tag "testimonials"
 * (netlify/functions/testimonials.mts). A moderation change purges it so the owner sees an
 * approval on the site at once. The change itself is already committed, so a failed purge is
 * logged, not reported: the list refreshes within the minute anyway. Outside Netlify (tests,
 * scripts) there is nothing to purge.
 */
export async function purgePublicTestimonials(): Promise<void> {
  try {
    await purgeCdnTags(["testimonials"]);
  } catch (error) {
    logEvent({
      event: "admin.cache_purge_failed",
      level: "warn",
      error: error instanceof Error ? error.message.slice(0, 120) : "unknown",
    });
  }
}

/** One page of testimonials, newest first; `nextCursor` says where the next page starts. */
export async function listTestimonials(
  cursor: string | undefined,
  ctx: ServiceContext = serviceContext(),
): Promise<{ testimonials: AdminTestimonial[]; nextCursor: string | null }> {
  const rows = await testimonials.listPage(
    { before: cursor === undefined ? undefined : Number(cursor), limit: adminPageSize + 1 },
    ctx.db,
  );
  const page = rows.slice(0, adminPageSize);
  return {
    testimonials: page.map(toAdminTestimonial),
    nextCursor: rows.length > adminPageSize ? String(page.at(-1)!.id) : null,
  };
}

export async function setTestimonialApproved(
  id: number,
  approved: boolean,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminTestimonial> {
  const row = await testimonials.setApproved(id, approved, ctx.db);
  if (!row) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
  return toAdminTestimonial(row);
}

export async function deleteTestimonial(id: number, ctx: ServiceContext = serviceContext()): Promise<void> {
  if (!(await testimonials.remove(id, ctx.db))) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
}

/** E-mails given up on after a day of retries, newest first. */
export async function listFailedDeliveries(
  ctx: ServiceContext = serviceContext(),
): Promise<AdminFailedDelivery[]> {
  return (await outbox.listFailed(50, ctx.db)).map((f) => ({
    id: f.id,
    kind: f.kind,
    toAddress: f.toAddress,
    subject: f.subject,
    attempts: f.attempts,
    lastError: f.lastError,
    createdAt: f.createdAt,
  }));
}

/**
 * Puts failed e-mails (all, or the given ids) back in the queue and makes one attempt at them now.
 * Returns how many were queued again and how many went out at once.
 */
export async function retryFailedDeliveries(
  ids?: readonly number[],
  ctx: ServiceContext = serviceContext(),
): Promise<{ queued: number; sent: number }> {
  const queued = await outbox.retryFailed(ids, ctx.db);
  const sender = mailSender(4000);
  if (!sender || queued === 0) return { queued, sent: 0 };
  const report = await deliverDue(ctx.db, sender, ids ? { ids } : {});
  return { queued, sent: report.sent };
}
