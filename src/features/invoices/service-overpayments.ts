/**
 * Money paid above an invoice's balance (docs/decisions/060-money-corrections.md): the owner's list
 * of refunds still owed and money kept on account, and a refund recorded as paid back (once: a
 * second time is told when it was, and nothing changes).
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
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

export async function recordRefundPaid(
  id: number,
  input: RefundPaidParsed,
  ctx: ServiceContext,
): Promise<{ credit: AccountCreditRow }> {
  if (input.refundedOn > dateInZone(ctx.now)) {
    throw invalid("refundedOn", "The date it was paid back cannot be in the future.");
  }
  await inTransaction(ctx, async (tx) => {
    const c = await repo.lockAccountCredit(id, tx);
    if (!c) throw new NotFound("That overpayment does not exist (or its payment was removed).");
    if (c.kind === "on_account") {
      throw new Conflict(
        `The ${formatMoney(c.amountPence)} is kept on the customer's account, not owed back.`,
        "credit_on_account",
      );
    }
    if (c.refundedOn) {
      throw new Conflict(
        `The refund of ${formatMoney(c.amountPence)} was already recorded as paid back on ${formatDate(c.refundedOn)}.`,
        "refund_paid",
      );
    }
    await repo.markRefunded(
      id,
      {
        refundedOn: input.refundedOn,
        refundMethod: input.method,
        refundReference: input.reference,
        settledAt: ctx.now,
      },
      tx,
    );
    await noteInHistory(
      c.submissionId,
      `Refund of ${formatMoney(c.amountPence)} overpaid on invoice ${c.invoiceNumber} paid back on ${formatDate(input.refundedOn)} (${paymentMethodLabel(input.method, null)})`,
      tx,
      ctx,
    );
  });
  const [credit] = await repo.listAccountCredits(false, 1, ctx.db, id);
  return { credit: credit! };
}
