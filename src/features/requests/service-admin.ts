/**
 * The owner's moderation and inbox: list, approve/unapprove and delete testimonials; list by type,
 * mark read/unread and delete submissions; the dashboard counts; the e-mails given up on and
 * retrying them. Repositories hold the SQL; this layer shapes what the admin sees and refuses a
 * missing row with NotFound.
 */
import type { AdminFailedDelivery, MailDeliveryStatus } from "../mail/contract/endpoints";
import type { AdminRequest, AdminSummary } from "./contract/endpoints";
import { requestReference } from "./contract/reference";
import { deliverDue } from "../mail";
import { mailSender } from "../mail";
import * as outbox from "../mail";
import * as requestsRepo from "./repository";
import { serviceContext, type ServiceContext } from "../../platform/context";

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

/**
 * The dashboard's counts. The reviews' counts come from the caller (the reviews feature sits above
 * this one; netlify/functions/admin-summary.mts reads them).
 */
export async function summary(
  t: { total: number; pending: number },
  ctx: ServiceContext = serviceContext(),
): Promise<AdminSummary> {
  const [s, m] = await Promise.all([requestsRepo.counts(ctx.db), outbox.countByStatus(ctx.db)]);
  return {
    testimonials: { total: t.total, pending: t.pending },
    submissions: { total: s.total, unread: s.unread },
    mail: { pending: m.pending, failed: m.failed, smtpConfigured: mailSender() !== null },
  };
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
