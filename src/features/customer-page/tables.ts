/** The customer's private page links (token hashes). Part of the database schema (src/features/tables.ts). */
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
import { mailOutbox } from "../mail/tables";
import { invoices } from "../invoices/tables";
import { requests } from "../requests/tables";

/**
 * Private links to a request's own page (docs/decisions/019-customer-page.md). Only the SHA-256 of
 * a token is stored; a request has one per customer e-mail that carried a link. `mail_id` is the
 * outbox row that carried it, so the admin can say which e-mail sent it and when. Deleted with the
 * request.
 */
export const customerLinks = pgTable(
  "customer_links",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the link last opened the page or changed something; it stops working after a long idle spell. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** When the owner (or a lost-link request for a new one) revoked it; it never works again. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_links_token_hash_unique").on(t.tokenHash),
    index("customer_links_submission_idx").on(t.submissionId, t.id),
    check("customer_links_token_hash_format", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
).enableRLS();

/**
 * Invoice-only links (docs/decisions/053-invoice-links.md): an invoice e-mailed to an address other
 * than its request's own (a landlord paying for a tenant's job) carries a link to that invoice alone,
 * never to the request's page. Stored like `customer_links`: only the SHA-256 of the token, written
 * with the e-mail that carries it (`mail_id`), revoked with the request's links. Deleted with the invoice.
 */
export const invoiceLinks = pgTable(
  "invoice_links",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invoice_links_token_hash_unique").on(t.tokenHash),
    index("invoice_links_invoice_idx").on(t.invoiceId, t.id),
    check("invoice_links_token_hash_format", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
).enableRLS();
