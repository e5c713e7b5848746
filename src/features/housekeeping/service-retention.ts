/**
 * Retention (UK GDPR storage limitation), on the numbers in `site.retention`:
 * - a closed request (done, lost, cancelled) is deleted `closedRequestMonths` after it was closed,
 *   with its history, notes and every e-mail about it;
 * - a request marked as spam is deleted `spamDays` after it was marked;
 * - a sent e-mail keeps its content `sentMailBodyDays`; then addresses, subject and body are
 *   emptied and only the delivery record (kind, status, times) stays; an e-mail given up on is
 *   deleted once its last attempt is that old;
 * - invoices, credit notes and payments are accounting records: deleting a request keeps them (with
 *   the name and address they were made out to, and the accepted quote copied onto them); they are
 *   deleted `accountingRecordYears` after they were issued.
 * `planRetention` says what would go (the dry run); `applyRetention` does it in one transaction and
 * writes the total to the audit log.
 */
import { site } from "../../config/site";
import type { Db } from "../../platform/db/client";
import * as audit from "../person-tools";
import * as retention from "./repository-retention";
import * as workflow from "../requests";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";
import { expiredRecords, removeExpiredRecords } from "../invoices";
import { requestRemoval } from "../customers";
import { dateInZone } from "../../platform/time";

export interface RetentionCutoffs {
  closedBefore: Date;
  spamBefore: Date;
  mailBefore: Date;
}

export function retentionCutoffs(
  now = new Date(),
  rules: Pick<
    typeof site.retention,
    "closedRequestMonths" | "spamDays" | "sentMailBodyDays"
  > = site.retention,
): RetentionCutoffs {
  const closedBefore = new Date(now);
  closedBefore.setUTCMonth(closedBefore.getUTCMonth() - rules.closedRequestMonths);
  const day = 86_400_000;
  return {
    closedBefore,
    spamBefore: new Date(now.getTime() - rules.spamDays * day),
    mailBefore: new Date(now.getTime() - rules.sentMailBodyDays * day),
  };
}

/** The day before which accounting records have been kept long enough (29 February → 1 March). */
export function accountingCutoff(now: Date, years: number = site.retention.accountingRecordYears): string {
  const today = dateInZone(now);
  const d = new Date(
    Date.UTC(Number(today.slice(0, 4)) - years, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10))),
  );
  return d.toISOString().slice(0, 10);
}

export interface RetentionPlan {
  cutoffs: RetentionCutoffs;
  closedRequests: number[];
  spamRequests: number[];
  mailToWipe: number[];
  failedMailToDelete: number[];
  /** Invoices (with their credit notes and payments) past their accounting years. */
  expiredInvoices: number[];
  /** The day before which invoices have been kept long enough. */
  accountsBefore: string;
}

export async function planRetention(ctx: ServiceContext = serviceContext()): Promise<RetentionPlan> {
  const { db, now } = ctx;
  const cutoffs = retentionCutoffs(now);
  const accountsBefore = accountingCutoff(now);
  const [requests, mailToWipe, failedMailToDelete, expiredInvoices] = await Promise.all([
    retention.expiredRequests(cutoffs, db),
    retention.mailBodiesToWipe(cutoffs.mailBefore, db),
    retention.staleFailedMail(cutoffs.mailBefore, db),
    expiredRecords(accountsBefore, db),
  ]);
  return {
    cutoffs,
    closedRequests: requests.closed,
    spamRequests: requests.spam,
    mailToWipe,
    failedMailToDelete,
    expiredInvoices,
    accountsBefore,
  };
}

export interface RetentionReport {
  requestsDeleted: number;
  mailDeleted: number;
  mailWiped: number;
  /** Invoices and credit notes past their accounting years. */
  invoicesDeleted: number;
}

export async function applyRetention(ctx: ServiceContext = serviceContext()): Promise<RetentionReport> {
  return inTransaction(ctx, (tx) => applyRetentionIn(tx, ctx.now));
}

/** `applyRetention` inside the caller's transaction (the scheduled job claims its day in it). */
export async function applyRetentionIn(tx: Db, now = new Date()): Promise<RetentionReport> {
  const cutoffs = retentionCutoffs(now);
  const expired = await retention.expiredRequests(cutoffs, tx);
  // The photos' rows go with their requests; their images are removed by the hourly photo sweep,
  // which deletes every stored image no row refers to.
  const removed = await workflow.removeRequests([...expired.closed, ...expired.spam], tx, requestRemoval);
  const failed = await retention.removeStaleFailedMail(cutoffs.mailBefore, tx);
  const wiped = await retention.wipeMailBodies(cutoffs.mailBefore, tx);
  const invoicesDeleted = await removeExpiredRecords(accountingCutoff(now), tx);
  const report = {
    requestsDeleted: removed.ids.length,
    mailDeleted: removed.mail + failed,
    mailWiped: wiped,
    invoicesDeleted,
  };
  const total = report.requestsDeleted + report.mailDeleted + report.mailWiped + report.invoicesDeleted;
  if (total > 0) await audit.record("retention", "system", total, tx);
  return report;
}
