/**
 * Background jobs run by the scheduled function (netlify/functions/mail-retry.mts, every five
 * minutes) before it sends the outbox: the owner's daily digest, the daily retention run, the
 * appointment reminders, the quotes' expiry and follow-up, and overdue invoices' reminders. Each
 * is claimed once per London day in job_runs, so running twice does nothing twice. A failing job
 * is logged and retried on the next run; it never stops the others or the mail.
 */
import { wallClock } from "../../platform/time";
import {
  actingAs,
  inTransaction,
  jobActor,
  serviceContext,
  type ServiceContext,
} from "../../platform/context";
import { logEvent } from "../../platform/log";
import * as jobRuns from "./repository-job-runs";
import { sendDueReminders } from "../appointments";
import { runDailyDigest } from "./service-digest";
import { runQuoteJobs } from "../quotes";
import { runInvoiceReminders } from "../invoices";
import { applyRetentionIn } from "./service-retention";

export const retentionJob = "retention";

/** Retention once per London day: the claim and the deletes commit together or not at all. */
async function runRetentionOncePerDay(ctx: ServiceContext) {
  const { date } = wallClock(ctx.now);
  return inTransaction(ctx, async (tx) => {
    if (!(await jobRuns.claim(retentionJob, date, tx))) return { status: "already_done", date } as const;
    const report = await applyRetentionIn(tx, ctx.now);
    await jobRuns.finish(
      retentionJob,
      date,
      `deleted ${report.requestsDeleted} requests, ${report.mailDeleted} mails, ${report.invoicesDeleted} invoices; wiped ${report.mailWiped}`,
      tx,
    );
    return { status: "done", date, ...report } as const;
  });
}

/** Each job acts as itself: the history names it (e.g. `quote-expiry`), never a fixed "system". */
export const jobNames = {
  digest: "daily-digest",
  retention: "retention",
  reminders: "appointment-reminders",
  quotes: "quote-expiry",
  invoices: "invoice-reminders",
} as const;

export async function runScheduledJobs(base: ServiceContext = serviceContext()) {
  const results: Record<string, unknown> = {};
  for (const [name, job] of [
    ["digest", (ctx: ServiceContext) => runDailyDigest(ctx)],
    ["retention", (ctx: ServiceContext) => runRetentionOncePerDay(ctx)],
    // The evening-before reminders; each appointment is claimed with its e-mail, so twice sends once.
    ["reminders", (ctx: ServiceContext) => sendDueReminders(ctx)],
    // Quotes past their valid-until date expire; an unanswered one gets its one follow-up.
    ["quotes", (ctx: ServiceContext) => runQuoteJobs(ctx)],
    // Overdue invoices: two polite reminders at most, none once paid, void or turned off.
    ["invoices", (ctx: ServiceContext) => runInvoiceReminders(ctx)],
  ] as const) {
    try {
      results[name] = await job(actingAs(base, jobActor(jobNames[name])));
    } catch (error) {
      results[name] = { status: "failed" };
      logEvent({
        event: `jobs.${name}_failed`,
        level: "error",
        error: error instanceof Error ? error.name : "unknown",
      });
    }
  }
  logEvent({ event: "jobs.run", ...results });
  return results;
}
