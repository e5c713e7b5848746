/**
 * The scheduled job's part for invoices (run by src/features/housekeeping/service-scheduled.ts
 * every five minutes): at most two polite reminders for an overdue invoice, the first
 * `site.invoices.reminderDays[0]` days after its due date and the second
 * `site.invoices.reminderDays[1]` days after it; none once it is paid or void, none when the owner
 * has turned reminders off for it, none without an e-mail address. Each is written in the request's
 * history. Every invoice is locked and checked again with its change, so two runs at once send
 * each reminder once. The first reminder of a request's invoice also tells the owner it is overdue
 * (a notification on his devices, src/features/push/service.ts; the scheduled function sends it).
 */
import { site } from "../../config/site";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { dateInZone, daysBetween } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import * as workflow from "../requests";
import * as outbox from "../mail";
import { mailContext } from "../mail";
import { isOpen } from "./contract";
import * as repo from "./repository";
import { invoiceReminderMessage } from "./mail";
import { loadInvoice } from "./service";
import { reminderLink } from "./service-links";
import { notifyOwner } from "../push";

export async function runInvoiceReminders(ctx: ServiceContext): Promise<{ reminders: number }> {
  const today = dateInZone(ctx.now);
  const [firstDays, secondDays] = site.invoices.reminderDays;
  if (firstDays === undefined) return { reminders: 0 };
  let reminders = 0;
  for (const due of await repo.dueForReminder(today, firstDays, ctx.db)) {
    const sent = await inTransaction(ctx, async (tx) => {
      const found = await repo.findInvoice(due.id, tx);
      if (found?.submissionId) await workflow.lockStates([found.submissionId], tx);
      const r = await repo.lockInvoice(due.id, tx);
      if (!r || !r.number || !r.dueOn || !isOpen(r.status) || !r.remindersEnabled || !r.customerEmail)
        return false;
      const late = daysBetween(r.dueOn, today);
      const n: 1 | 2 | null = !r.reminder1SentAt
        ? 1
        : !r.reminder2SentAt && secondDays !== undefined
          ? 2
          : null;
      if (n === null || late < (n === 1 ? firstDays : secondDays!)) return false;
      const updated = await repo.updateInvoice(
        r.id,
        n === 1 ? { reminder1SentAt: ctx.now } : { reminder2SentAt: ctx.now },
        tx,
      );
      const inv = await loadInvoice(updated!, tx, ctx.now);
      // Never a new link: the one sent, or none once the owner revoked it.
      const link = await reminderLink(r, tx);
      await outbox.enqueue(
        [
          {
            message: invoiceReminderMessage(inv, n, mailContext(), link.link),
            ...(r.submissionId !== null ? { submissionId: r.submissionId } : {}),
          },
        ],
        tx,
      );
      if (n === 1 && r.submissionId !== null) {
        await notifyOwner(
          {
            kind: "invoice_overdue",
            requestId: r.submissionId,
            name: r.customerName,
            invoiceNumber: r.number,
            amountPence: inv.balancePence,
          },
          { db: tx, now: ctx.now },
        );
      }
      if (r.submissionId !== null) {
        const state = (await workflow.lockStates([r.submissionId], tx)).get(r.submissionId);
        if (state) {
          await workflow.addHistory(
            [
              {
                submissionId: r.submissionId,
                fromState: state,
                toState: state,
                note: `${n === 1 ? "First" : "Second and last"} payment reminder e-mailed for invoice ${r.number}: ${formatMoney(inv.balancePence)}, ${late} days overdue${link.revoked ? ". It went without a link to pay online, because the links were revoked" : ""}`,
              },
            ],
            ctx.actor,
            tx,
          );
        }
      }
      return true;
    });
    if (sent) reminders++;
  }
  return { reminders };
}
