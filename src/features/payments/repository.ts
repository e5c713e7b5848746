/**
 * The payments feature's SQL (./tables.ts).
 *
 *   lockInvoiceCheckout(invoiceId, tx)     orders two Pay clicks for one invoice (transaction lock)
 *   openSession(invoiceId, amount, now)    a Checkout still open for that amount, to reuse
 *   insertSession / markSession            a Checkout opened; completed or expired
 *   insertAlert / openAlerts / resolveAlert   what the owner must look at
 *   insertRefund / refundFor / markRefunds  refunds asked of Stripe, and when they went through
 */
import { and, desc, eq, gt, inArray, isNull, sql } from "../../platform/db/orm";
import type { Db } from "../../platform/db/client";
import { cardRefunds, checkoutSessions, paymentAlerts, type AlertKind } from "./tables";

export type CheckoutRecord = typeof checkoutSessions.$inferSelect;
export type AlertRecord = typeof paymentAlerts.$inferSelect;
export type RefundRecord = typeof cardRefunds.$inferSelect;

/** A transaction-scoped advisory lock on the invoice's checkout: one Pay click at a time. */
export async function lockInvoiceCheckout(invoiceId: number, tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(48, ${invoiceId})`);
}

export async function openSession(
  invoiceId: number,
  amountPence: number,
  now: Date,
  db: Db,
): Promise<CheckoutRecord | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.invoiceId, invoiceId),
        eq(checkoutSessions.amountPence, amountPence),
        eq(checkoutSessions.status, "open"),
        gt(checkoutSessions.expiresAt, new Date(now.getTime() + 5 * 60 * 1000)),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertSession(
  values: Pick<CheckoutRecord, "sessionId" | "invoiceId" | "amountPence" | "url" | "expiresAt" | "createdAt">,
  db: Db,
): Promise<void> {
  await db.insert(checkoutSessions).values(values).onConflictDoNothing();
}

export async function markSession(sessionId: string, status: "complete" | "expired", db: Db): Promise<void> {
  await db.update(checkoutSessions).set({ status }).where(eq(checkoutSessions.sessionId, sessionId));
}

/** Stores an alert once per payment and kind; true when this call stored it. */
export async function insertAlert(
  values: {
    kind: AlertKind;
    invoiceId: number | null;
    paymentIntentId: string;
    amountPence: number;
    message: string;
    createdAt: Date;
  },
  db: Db,
): Promise<boolean> {
  const rows = await db
    .insert(paymentAlerts)
    .values(values)
    .onConflictDoNothing({ target: [paymentAlerts.paymentIntentId, paymentAlerts.kind] })
    .returning({ id: paymentAlerts.id });
  return rows.length > 0;
}

export async function openAlerts(db: Db): Promise<AlertRecord[]> {
  return db
    .select()
    .from(paymentAlerts)
    .where(isNull(paymentAlerts.resolvedAt))
    .orderBy(desc(paymentAlerts.createdAt))
    .limit(50);
}

export async function resolveAlert(id: number, at: Date, db: Db): Promise<boolean> {
  const rows = await db
    .update(paymentAlerts)
    .set({ resolvedAt: at })
    .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
    .returning({ id: paymentAlerts.id });
  return rows.length > 0;
}

export async function insertRefund(
  values: Pick<RefundRecord, "refundId" | "creditNoteId" | "paymentIntentId" | "amountPence" | "createdAt">,
  db: Db,
): Promise<void> {
  await db.insert(cardRefunds).values(values).onConflictDoNothing();
}

export async function refundsFor(creditNoteIds: readonly number[], db: Db): Promise<RefundRecord[]> {
  if (creditNoteIds.length === 0) return [];
  return db
    .select()
    .from(cardRefunds)
    .where(inArray(cardRefunds.creditNoteId, [...creditNoteIds]));
}

/** Marks these Stripe refunds as done (or failed); returns the rows changed. */
export async function markRefunds(
  refunds: readonly { refundId: string; status: "succeeded" | "failed" }[],
  at: Date,
  db: Db,
): Promise<RefundRecord[]> {
  const changed: RefundRecord[] = [];
  for (const r of refunds) {
    const rows = await db
      .update(cardRefunds)
      .set({ status: r.status, refundedAt: r.status === "succeeded" ? at : null })
      .where(and(eq(cardRefunds.refundId, r.refundId), eq(cardRefunds.status, "pending")))
      .returning();
    changed.push(...rows);
  }
  return changed;
}
