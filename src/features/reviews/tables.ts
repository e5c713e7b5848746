/** Reviews (the `testimonials` table). Part of the database schema (src/features/tables.ts). */
import {
  boolean,
  check,
  index,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  sql,
} from "../../platform/db/orm";
import { sqlList, timestamps } from "../../platform/db/columns";
import { reviewRejectReasonIds } from "./contract/forms";
import { keyedTables } from "../../platform/db/keys";

export const testimonials = pgTable(
  keyedTables.testimonials,
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    image: text("image"),
    approved: boolean("approved").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    ...timestamps,
    /**
     * Set only for a review that came through a review invitation (docs/decisions/020-verified-reviews.md):
     * when the job it is about was finished. Null for a review through the open form.
     */
    jobCompletedAt: timestamp("job_completed_at", { withTimezone: true }),
    /** Why and when the owner rejected it (a reason id from src/data/legal.ts); null unless rejected. */
    rejectedReason: text("rejected_reason"),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    /** The owner's one public reply, shown under the review as text. */
    replyText: text("reply_text"),
    replyUpdatedAt: timestamp("reply_updated_at", { withTimezone: true }),
  },
  (t) => [
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
    check("testimonials_name_length", sql`char_length(${t.name}) between 2 and 100`),
    check("testimonials_location_length", sql`char_length(${t.location}) between 2 and 100`),
    check("testimonials_text_length", sql`char_length(${t.text}) between 10 and 2000`),
    check(
      "testimonials_idempotency_key_length",
      sql`${t.idempotencyKey} is null or char_length(${t.idempotencyKey}) between 1 and 200`,
    ),
    check(
      "testimonials_rejected_reason",
      sql`${t.rejectedReason} is null or ${t.rejectedReason} in (${sqlList(reviewRejectReasonIds)})`,
    ),
    check("testimonials_rejection_complete", sql`(${t.rejectedReason} is null) = (${t.rejectedAt} is null)`),
    check("testimonials_rejected_not_approved", sql`not (${t.approved} and ${t.rejectedAt} is not null)`),
    check(
      "testimonials_reply_length",
      sql`${t.replyText} is null or char_length(${t.replyText}) between 1 and 2000`,
    ),
    check("testimonials_reply_complete", sql`(${t.replyText} is null) = (${t.replyUpdatedAt} is null)`),
    uniqueIndex("testimonials_idempotency_key_unique").on(t.idempotencyKey),
    index("testimonials_public_idx").on(
      t.approved,
      t.rating.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
  ],
).enableRLS();
