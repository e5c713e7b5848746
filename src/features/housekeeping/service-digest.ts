/**
 * The owner's daily digest: from 7:00 Europe/London, the first scheduled run of the day writes it
 * to the mail outbox (the same run then sends it). Once per day, however often or concurrently the
 * scheduled function runs: the run claims the row ("owner_digest", London date) in job_runs in the
 * same transaction that queues the e-mail, so either both happen or neither does, and a second run
 * finds the day taken. A day with nothing to say is claimed too, and sends nothing.
 */
import { site } from "../../config/site";
import { wallClock } from "../../platform/time";
import { digestMessage, isEmptyDigest, type DigestContent } from "./mail-digest";
import type { MailContext } from "../mail";
import { mailContext } from "../mail";
import * as outbox from "../mail";
import * as jobRuns from "./repository-job-runs";
import { arrivedSince, overdue, staleQuoteDays, staleQuotes as quotedLongAgo } from "../requests";
import { scheduledOn } from "../appointments";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";

export const digestJob = "owner_digest";
/** London hour from which the day's digest goes out. */
export const digestHour = 7;

export type DigestOutcome =
  | { status: "too_early"; date: string }
  | { status: "already_done"; date: string }
  | { status: "nothing_to_say"; date: string }
  | { status: "queued"; date: string; mailId: number };

export async function runDailyDigest(
  ctx: ServiceContext = serviceContext(),
  mail: MailContext = mailContext(),
): Promise<DigestOutcome> {
  const { now } = ctx;
  const { date, hour } = wallClock(now);
  if (hour < digestHour) return { status: "too_early", date };
  return inTransaction(ctx, async (tx) => {
    if (!(await jobRuns.claim(digestJob, date, tx))) return { status: "already_done", date } as const;
    const day = 86_400_000;
    const [arrived, overdueReplies, staleQuotes, today] = await Promise.all([
      arrivedSince(new Date(now.getTime() - day), 20, tx),
      overdue(new Date(now.getTime() - site.response.replyWithinHours * 3_600_000), 10, tx),
      quotedLongAgo(new Date(now.getTime() - staleQuoteDays * day), 10, tx),
      scheduledOn([date], tx),
    ]);
    const content: DigestContent = { date, arrived, overdueReplies, staleQuotes, today };
    if (isEmptyDigest(content)) {
      await jobRuns.finish(digestJob, date, "nothing to say", tx);
      return { status: "nothing_to_say", date } as const;
    }
    const [mailId] = await outbox.enqueue([{ message: digestMessage(content, mail) }], tx);
    await jobRuns.finish(digestJob, date, `queued mail ${mailId}`, tx);
    return { status: "queued", date, mailId: mailId! } as const;
  });
}
