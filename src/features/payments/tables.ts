/**
 * Card payments through Stripe (docs/decisions/048-card-payments-stripe.md). The payment itself is an
 * ordinary `invoice_payments` row written by the invoices feature; these tables hold what only the
 * online side knows:
 *
 * - `checkout_sessions`: each hosted Checkout opened for an invoice, so a second click while one is
 *   open reuses it (one session) and a return to the page can be told from a fresh visit;
 * - `payment_alerts`: what the owner must look at (paid more than owed, paid for a void or deleted
 *   invoice): never a silent loss;
 * - `card_refunds`: a refund asked of Stripe for a credit note, and when Stripe said it was done.
 */
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import { sqlList } from "../../platform/db/columns";

export const checkoutStatuses = ["open", "complete", "expired"] as const;
export const alertKinds = ["overpaid", "invoice_missing", "invoice_void", "invoice_paid"] as const;
export type AlertKind = (typeof alertKinds)[number];
export const refundStatuses = ["pending", "succeeded", "failed"] as const;

export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: serial("id").primaryKey(),
    /** Stripe's `cs_…` id. */
    sessionId: text("session_id").notNull(),
    /** No foreign key: the invoice is the invoices feature's, and the record outlives a mistake. */
    invoiceId: integer("invoice_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** Stripe's hosted page; reused while the session is open. */
    url: text("url").notNull(),
    status: text("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("checkout_sessions_session_unique").on(t.sessionId),
    index("checkout_sessions_invoice_idx").on(t.invoiceId, t.createdAt),
    check("checkout_sessions_status", sql`${t.status} in (${sqlList(checkoutStatuses)})`),
    check("checkout_sessions_amount", sql`${t.amountPence} between 1 and 100000000`),
    check("checkout_sessions_url_length", sql`char_length(${t.url}) between 1 and 2000`),
  ],
).enableRLS();

export const paymentAlerts = pgTable(
  "payment_alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    invoiceId: integer("invoice_id"),
    /** Stripe's PaymentIntent id (`pi_…`): the payment to refund from. */
    paymentIntentId: text("payment_intent_id").notNull(),
    /** What was paid that is not recorded against the invoice. */
    amountPence: integer("amount_pence").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_alerts_intent_kind_unique").on(t.paymentIntentId, t.kind),
    index("payment_alerts_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check("payment_alerts_kind", sql`${t.kind} in (${sqlList(alertKinds)})`),
    check("payment_alerts_amount", sql`${t.amountPence} between 0 and 100000000`),
    check("payment_alerts_message_length", sql`char_length(${t.message}) between 1 and 500`),
  ],
).enableRLS();

export const cardRefunds = pgTable(
  "card_refunds",
  {
    id: serial("id").primaryKey(),
    /** Stripe's `re_…` id. */
    refundId: text("refund_id").notNull(),
    creditNoteId: integer("credit_note_id").notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When Stripe's `charge.refunded` said the money went back. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("card_refunds_refund_unique").on(t.refundId),
    uniqueIndex("card_refunds_credit_note_unique").on(t.creditNoteId),
    check("card_refunds_status", sql`${t.status} in (${sqlList(refundStatuses)})`),
    check("card_refunds_amount", sql`${t.amountPence} between 1 and 100000000`),
  ],
).enableRLS();
