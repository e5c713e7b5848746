/** The e-mail outbox. Part of the database schema (src/features/tables.ts). */
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, sql } from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import { mailKinds } from "./kinds";
import type { MailAttachment } from "../../platform/mail/message";
import { requestKey, testimonialKey } from "../../platform/db/keys";

/**
 * Transactional outbox for e-mail. A row is written in the same transaction as the
 * submission or review it tells about, so a request is never stored without its notification and
 * a mail outage never loses or fails a request. Delivery claims rows with a lease (next_attempt_at)
 * so two senders never send the same row at once. Deleting the submission or review deletes its
 * e-mails with it, pending (never sent) and sent copies alike (UK GDPR: nothing of a deleted
 * request stays behind).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    submissionId: integer("submission_id").references(requestKey, { onDelete: "cascade" }),
    testimonialId: integer("testimonial_id").references(testimonialKey, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    toName: text("to_name").notNull().default(""),
    replyToAddress: text("reply_to_address"),
    replyToName: text("reply_to_name"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /**
     * Files sent with the message, as `[{ filename, contentType, content, encoding? }]`. An
     * appointment's `text/calendar; method=REQUEST|CANCEL` file is its invitation: the transport
     * sends it as the calendar part of the body and as an attachment (splitInvitation).
     */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("mail_outbox_kind", sql`${t.kind} in (${sqlList(mailKinds)})`),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_submission_idx").on(t.submissionId),
  ],
).enableRLS();
