/** Review invitations: the private link a customer gets to review a finished job. Part of the database schema (src/features/tables.ts). */
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
import { testimonials } from "./tables";

/**
 * One-time links inviting the customer of a finished job to review it
 * (docs/decisions/020-verified-reviews.md). Only the SHA-256 of the token is stored; the link in
 * the e-mail is the only copy of the token. `name` and `location` prefill the review form;
 * `job_completed_at` is when the request was marked done, shown on the review as "job completed
 * <month>". A link is spent once a review is stored through it (`used_at`, `testimonial_id`) and
 * refused after `expires_at`. Deleting the request deletes its invitations; deleting the review
 * leaves the invitation spent.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    jobCompletedAt: timestamp("job_completed_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    testimonialId: integer("testimonial_id").references(() => testimonials.id, { onDelete: "set null" }),
    /** The e-mail that carried the link (its delivery status shows in the admin). */
    mailId: integer("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("review_invitations_token_hash_unique").on(t.tokenHash),
    index("review_invitations_submission_idx").on(t.submissionId),
    check("review_invitations_name_length", sql`char_length(${t.name}) <= 100`),
    check("review_invitations_location_length", sql`char_length(${t.location}) <= 100`),
  ],
).enableRLS();
