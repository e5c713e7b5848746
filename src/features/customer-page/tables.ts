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
