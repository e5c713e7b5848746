/**
 * The scheduled job's part for quotes (run by src/features/housekeeping/service-scheduled.ts every
 * five minutes): a sent or opened quote past its valid-until date expires; one still open gets one
 * follow-up e-mail `site.quotes.followUpDays` days after it was sent, and never another, nor any
 * after an answer or its expiry. Each quote is locked and checked again with its change, so two
 * runs at once change and send each thing once.
 */
import { site } from "../../config/site";
import type { ServiceContext } from "../../platform/context";
import { inTransaction } from "../../platform/context";
import { dateInZone } from "../../platform/time";
import * as workflow from "../requests";
import * as outbox from "../mail";
import { mailContext } from "../mail";
import { quoteTitle } from "./contract";
import * as repo from "./repository";
import { quoteFollowUpMessage } from "./mail";
import { quoteHistoryNotes } from "./service-customer";
import { toQuote } from "./service-model";
import { hasEmail } from "../requests";

const dayMs = 24 * 60 * 60 * 1000;

export async function runQuoteJobs(ctx: ServiceContext): Promise<{ expired: number; followUps: number }> {
  const today = dateInZone(ctx.now);
  let expired = 0;
  for (const due of await repo.dueForExpiry(today, ctx.db)) {
    const done = await inTransaction(ctx, async (tx) => {
      const state = (await workflow.lockStates([due.submissionId], tx)).get(due.submissionId);
      const q = await repo.lockQuote(due.id, tx);
      if (!state || !q || (q.status !== "sent" && q.status !== "viewed") || q.validUntil >= today)
        return false;
      await repo.updateQuote(q.id, { status: "expired", closedAt: ctx.now }, tx);
      await workflow.addHistory(
        [
          {
            submissionId: q.submissionId,
            fromState: state,
            toState: state,
            note: `${quoteHistoryNotes.expired}${quoteTitle(q.submissionId, q.version)}`,
          },
        ],
        ctx.actor,
        tx,
      );
      return true;
    });
    if (done) expired++;
  }

  let followUps = 0;
  const sentBefore = new Date(ctx.now.getTime() - site.quotes.followUpDays * dayMs);
  for (const due of await repo.dueForFollowUp(sentBefore, today, ctx.db)) {
    const done = await inTransaction(ctx, async (tx) => {
      await workflow.lockStates([due.submissionId], tx);
      const q = await repo.lockQuote(due.id, tx);
      if (!q || (q.status !== "sent" && q.status !== "viewed") || q.followUpSentAt || q.validUntil < today) {
        return false;
      }
      const [request] = await workflow.findMany([q.submissionId], tx);
      // A sent quote went by e-mail; a request without an address gets no follow-up either way.
      if (!request || !hasEmail(request)) return false;
      const updated = await repo.updateQuote(q.id, { followUpSentAt: ctx.now }, tx);
      await outbox.enqueue(
        [
          {
            message: quoteFollowUpMessage(request, toQuote(updated!), mailContext()),
            submissionId: q.submissionId,
          },
        ],
        tx,
      );
      return true;
    });
    if (done) followUps++;
  }
  return { expired, followUps };
}
