/**
 * Invoices, credit notes, their lines, payments and the numbering counters
 * (docs/decisions/032-invoices.md). Part of the database schema (src/features/tables.ts). Money is
 * whole pence, a quantity whole hundredths (2.5 is 250) and a VAT rate hundredths of a percent
 * (20% is 2000). The CHECK constraints repeat the contract's limits
 * (src/features/invoices/contract/rules.ts).
 *
 * These are accounting records, kept for the configured years (`site.retention.accountingRecordYears`)
 * whatever happens to the request: an invoice keeps its own copy of the customer's name, e-mail and
 * address, and its request and quote links become null if those are ever deleted.
 */
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { sqlList, timestamps } from "../../platform/db/columns";
import {
  excessKinds,
  invoiceKinds,
  invoiceStatuses,
  paymentMethods,
  storedPaymentMethods,
} from "./contract/rules";
import { requests } from "../requests/tables";
import { documentLineChecks, documentLineColumns } from "../billing/tables";
import { quotes, type AcceptanceEvidence } from "../quotes/tables";

/**
 * The accepted quote behind an invoice, copied onto it when its request is deleted (retention or
 * erasure), so the accounting record keeps what was agreed after the request and its quotes go.
 */
export interface KeptQuote {
  /** "Q-000013 version 2" */
  title: string;
  acceptance: AcceptanceEvidence;
}

/**
 * One invoice or credit note. A draft has no number; issuing sets `number` (from
 * `document_sequences`), `issued_on` and `due_on` once, after which only the money columns
 * (paid, credited, status), the reminders and `sent_at` change.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** "KH-0007"; null while a draft. */
    number: text("number"),
    status: text("status").notNull().default("draft"),
    submissionId: integer("submission_id").references(() => requests.id, { onDelete: "set null" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    /** A credit note's invoice. */
    creditedInvoiceId: integer("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerAddress: text("customer_address"),
    /** The VAT setting it was written under: its prices are ex-VAT when true. */
    vatRegistered: boolean("vat_registered").notNull(),
    note: text("note"),
    /** A credit note's reason. */
    reason: text("reason"),
    supplyDate: date("supply_date", { mode: "string" }),
    issuedOn: date("issued_on", { mode: "string" }),
    dueOn: date("due_on", { mode: "string" }),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    /** Payments not removed, kept in step by the service in the payment's transaction. */
    paidPence: integer("paid_pence").notNull().default(0),
    /** Credit notes issued against it. */
    creditedPence: integer("credited_pence").notNull().default(0),
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    reminder1SentAt: timestamp("reminder1_sent_at", { withTimezone: true }),
    reminder2SentAt: timestamp("reminder2_sent_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When it was issued: the business details in force then name the trader on it for good. */
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * A quote's full or balance invoice: the issued deposit invoices its lines deduct, fixed when
     * the draft is written, so issuing can tell whether a deposit was issued since (never by
     * reading the lines' words, which the owner may edit).
     */
    countedDepositIds: integer("counted_deposit_ids").array(),
    /** The accepted quote, kept here once its request (and so the quote) is deleted. */
    keptQuote: jsonb("kept_quote").$type<KeptQuote>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    index("invoices_status_due_idx").on(t.status, t.dueOn),
    index("invoices_issued_on_idx").on(t.issuedOn),
    index("invoices_submission_idx").on(t.submissionId),
    index("invoices_quote_idx").on(t.quoteId),
    index("invoices_credited_idx").on(t.creditedInvoiceId),
    check("invoices_kind", sql`${t.kind} in (${sqlList(invoiceKinds)})`),
    check("invoices_status", sql`${t.status} in (${sqlList(invoiceStatuses)})`),
    check(
      "invoices_issued_has_number",
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.issuedOn} is null)`,
    ),
    check(
      "invoices_credit_note_reference",
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`,
    ),
    check("invoices_customer_name_length", sql`char_length(${t.customerName}) between 1 and 100`),
    check(
      "invoices_customer_email_length",
      sql`${t.customerEmail} is null or char_length(${t.customerEmail}) between 3 and 254`,
    ),
    check(
      "invoices_customer_address_length",
      sql`${t.customerAddress} is null or char_length(${t.customerAddress}) between 1 and 500`,
    ),
    check("invoices_note_length", sql`${t.note} is null or char_length(${t.note}) between 1 and 2000`),
    check("invoices_reason_length", sql`${t.reason} is null or char_length(${t.reason}) between 1 and 1000`),
    check("invoices_total", sql`${t.totalPence} between 0 and 100000000`),
    check("invoices_paid", sql`${t.paidPence} >= 0`),
    check("invoices_credited", sql`${t.creditedPence} between 0 and ${t.totalPence}`),
  ],
).enableRLS();

/** A line of one invoice or credit note, in order. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** unitPence is negative only for a deduction the server writes (a deposit already invoiced). */
    ...documentLineColumns(),
  },
  (t) => [
    uniqueIndex("invoice_lines_position_unique").on(t.invoiceId, t.position),
    ...documentLineChecks("invoice_lines", t, { maxPosition: 199, unitPence: [-100_000_000, 100_000_000] }),
  ],
).enableRLS();

/**
 * A payment received. A mistaken one is removed by marking it (who, when), never deleted: it stays
 * in the trail and no longer counts.
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    amountPence: integer("amount_pence").notNull(),
    method: text("method").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    reference: text("reference"),
    /**
     * The online payment provider that took it (`stripe`), with its payment id as the reference:
     * (provider, reference) is unique, so a provider's repeated event records nothing twice.
     */
    provider: text("provider"),
    /** The provider's fee in pence, when it reported one: the business's cost, not the invoice's. */
    feePence: integer("fee_pence"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: text("removed_by"),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId),
    index("invoice_payments_received_idx").on(t.receivedOn),
    uniqueIndex("invoice_payments_provider_reference_unique")
      .on(t.provider, t.reference)
      .where(sql`${t.provider} is not null`),
    check(
      "invoice_payments_provider",
      sql`${t.provider} is null or (${t.provider} in ('stripe') and ${t.reference} is not null)`,
    ),
    check("invoice_payments_fee", sql`${t.feePence} is null or ${t.feePence} between 0 and 100000000`),
    check("invoice_payments_amount", sql`${t.amountPence} between 1 and 100000000`),
    check("invoice_payments_method", sql`${t.method} in (${sqlList(storedPaymentMethods)})`),
    check(
      "invoice_payments_reference_length",
      sql`${t.reference} is null or char_length(${t.reference}) between 1 and 100`,
    ),
    check("invoice_payments_removed", sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
  ],
).enableRLS();

/**
 * One row per numbering sequence ("invoice", "credit_note"): the next number to give. Issuing
 * takes it with `UPDATE … SET next = next + 1 RETURNING` inside the issuing transaction, so the
 * row stays locked until that transaction commits or rolls back: no two issues share a number and
 * a rolled-back issue gives its number back (no gap).
 */
export const documentSequences = pgTable(
  "document_sequences",
  {
    name: text("name").primaryKey(),
    next: integer("next").notNull(),
  },
  (t) => [check("document_sequences_next", sql`${t.next} >= 1`)],
).enableRLS();

/** Bytes as PostgreSQL's bytea (node-postgres reads a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The PDF of an issued invoice or credit note, made once and kept: the document as issued never
 * changes, so every download and e-mail serves these bytes (docs/decisions/044-vat-tax-point-and-pdf-font.md).
 * Deleted with its invoice (the retention job).
 */
export const invoicePdfs = pgTable(
  "invoice_pdfs",
  {
    invoiceId: integer("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "cascade" }),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("invoice_pdfs_size", sql`octet_length(${t.bytes}) between 1 and 20000000`)],
).enableRLS();

/**
 * A paid invoice's PDF, kept beside the issued one (`invoice_pdfs`, never changed): the same
 * invoice with what was paid, "Paid on <date>" and no request for payment. Drawn once, on the
 * first download after the invoice is paid in full, and served from then on; drawn again only when
 * the day it was paid changes (a payment removed by mistake and the invoice paid again later).
 */
export const invoicePaidPdfs = pgTable(
  "invoice_paid_pdfs",
  {
    invoiceId: integer("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** The day the last payment that cleared it was received (the "Paid on" date it prints). */
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("invoice_paid_pdfs_size", sql`octet_length(${t.bytes}) between 1 and 20000000`)],
).enableRLS();

/**
 * Money received above an invoice's balance (docs/decisions/060-money-corrections.md): the payment
 * (`invoice_payments`) carries what cleared the invoice, and this row the extra, as the owner said:
 * kept on the customer's account (`on_account`) or owed back to them (`refund`: open until the refund is recorded as paid back, with its day and
 * method). Removed with its payment when that was recorded by mistake.
 */
export const accountCredits = pgTable(
  "account_credits",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => invoicePayments.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A refund paid back: the day, how and any reference. */
    refundedOn: date("refunded_on", { mode: "string" }),
    refundMethod: text("refund_method"),
    refundReference: text("refund_reference"),
    /**
     * Money on account paid back to the customer later: what was left of it then (the day, how and
     * the reference are the refund's columns). Null while it stays on account.
     */
    paidBackPence: integer("paid_back_pence"),
    /** When a refund (or money on account) was recorded as paid back. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("account_credits_payment_unique").on(t.paymentId),
    index("account_credits_open_idx")
      .on(t.kind)
      .where(sql`${t.settledAt} is null and ${t.removedAt} is null`),
    check("account_credits_kind", sql`${t.kind} in (${sqlList(excessKinds)})`),
    check("account_credits_amount", sql`${t.amountPence} between 1 and 100000000`),
    check(
      "account_credits_refund",
      sql`(${t.refundedOn} is null) = (${t.refundMethod} is null) and (${t.refundedOn} is null or ${t.kind} = 'refund' or ${t.paidBackPence} is not null)`,
    ),
    check(
      "account_credits_paid_back",
      sql`${t.paidBackPence} is null or (${t.kind} = 'on_account' and ${t.refundedOn} is not null and ${t.paidBackPence} between 1 and ${t.amountPence})`,
    ),
    check(
      "account_credits_refund_method",
      sql`${t.refundMethod} is null or ${t.refundMethod} in (${sqlList(paymentMethods)})`,
    ),
    check(
      "account_credits_refund_reference_length",
      sql`${t.refundReference} is null or char_length(${t.refundReference}) between 1 and 100`,
    ),
  ],
).enableRLS();

/**
 * Money on account used by a later invoice (docs/decisions/060-money-corrections.md): the credit it
 * came from, the payment "from money on account" it made on that invoice and how much. A credit's
 * money still on account is its amount less its uses not removed; removing that payment marks its
 * uses removed, so the money is on account again. Issuing locks the credits' rows first, so two
 * invoices issued at once cannot use the same money twice.
 */
export const accountCreditUses = pgTable(
  "account_credit_uses",
  {
    id: serial("id").primaryKey(),
    creditId: integer("credit_id")
      .notNull()
      .references(() => accountCredits.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => invoicePayments.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    index("account_credit_uses_credit_idx").on(t.creditId),
    uniqueIndex("account_credit_uses_payment_credit_unique").on(t.paymentId, t.creditId),
    check("account_credit_uses_amount", sql`${t.amountPence} between 1 and 100000000`),
  ],
).enableRLS();
