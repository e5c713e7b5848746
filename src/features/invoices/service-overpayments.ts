/**
 * Money paid above an invoice's balance (docs/decisions/060-money-corrections.md): the owner's list
 * of refunds still owed and money kept on account, and either recorded as paid back to the customer
 * (once: a second time is told when it was, and nothing changes).
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { Conflict, NotFound } from "../../platform/domain-errors";
import { formatMoney } from "../../platform/money";
import { dateInZone, formatDate } from "../../platform/time";
import { paymentMethodLabel, type AccountCreditRow, type RefundPaidParsed } from "./contract";
import * as repo from "./repository";
import { noteInHistory } from "./service";
import { invalid } from "./service-model";

const listLimit = 200;

export async function listAccountCredits(
  query: { all?: "0" | "1" | undefined },
  ctx: ServiceContext,
): Promise<{ credits: AccountCreditRow[] }> {
  return { credits: await repo.listAccountCredits(query.all !== "1", listLimit, ctx.db) };
}

/**
 * Money paid back to the customer: a refund owed, or the money left on account (less what later
 * invoices used of it), recorded once. A second time, or money on account all used, answers 409
 * and changes nothing.
 */
export async function recordRefundPaid(
  id: number,
  input: RefundPaidParsed,
  ctx: ServiceContext,
): Promise<{ credit: AccountCreditRow }> {
  if (input.refundedOn > dateInZone(ctx.now)) {
    throw invalid("refundedOn", "The date it was paid back cannot be in the future.");
  }
  await inTransaction(ctx, async (tx) => {
    // Issuing an invoice locks the same rows before it uses money on account, so the two wait.
    const c = await repo.lockAccountCredit(id, tx);
    if (!c) throw new NotFound("That overpayment does not exist (or its payment was removed).");
    if (c.refundedOn) throw alreadyPaidBack(c);
    const paidBack = c.kind === "on_account" ? await leftOnAccount(c, tx) : c.amountPence;
    await repo.markRefunded(
      id,
      {
        refundedOn: input.refundedOn,
        refundMethod: input.method,
        refundReference: input.reference,
        settledAt: ctx.now,
        ...(c.kind === "on_account" ? { paidBackPence: paidBack } : {}),
      },
      tx,
    );
    const what =
      c.kind === "on_account"
        ? `${formatMoney(paidBack)} kept on account from invoice ${c.invoiceNumber}`
        : `Refund of ${formatMoney(c.amountPence)} overpaid on invoice ${c.invoiceNumber}`;
    await noteInHistory(
      c.submissionId,
      `${what} paid back on ${formatDate(input.refundedOn)} (${paymentMethodLabel(input.method, null)})`,
      tx,
      ctx,
    );
  });
  const [credit] = await repo.listAccountCredits(false, 1, ctx.db, id);
  return { credit: credit! };
}

type LockedCredit = NonNullable<Awaited<ReturnType<typeof repo.lockAccountCredit>>>;

function alreadyPaidBack(c: LockedCredit): Conflict {
  const amount = formatMoney(c.paidBackPence ?? c.amountPence);
  return new Conflict(
    c.kind === "on_account"
      ? `The ${amount} on account was already recorded as paid back on ${formatDate(c.refundedOn!)}.`
      : `The refund of ${amount} was already recorded as paid back on ${formatDate(c.refundedOn!)}.`,
    "refund_paid",
  );
}

/** What is left of money on account to pay back, or the 409 when later invoices used it all. */
async function leftOnAccount(c: LockedCredit, tx: Db): Promise<number> {
  const left = c.amountPence - (await repo.usedOfCredit(c.id, tx));
  if (left <= 0) {
    throw new Conflict(
      `The ${formatMoney(c.amountPence)} kept on account was all used on later invoices: there is nothing left to pay back.`,
      "credit_used",
    );
  }
  return left;
}
