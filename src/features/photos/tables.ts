/** Photos attached to requests. Part of the database schema (src/features/tables.ts). */
import { check, index, integer, pgTable, text, timestamp, sql } from "../../platform/db/orm";
import { requestKey } from "../../platform/db/keys";

/**
 * Photos attached to a contact message or booking request (docs/decisions/017-photos.md). The
 * images themselves live in Netlify Blobs (full size and thumbnail, re-encoded, no metadata); this
 * row holds what the admin needs to list and serve them. `id` is random and unguessable; an upload
 * has no submission until a form claims it, and unclaimed uploads are deleted after a day. Deleting
 * a submission deletes its photo rows (and the code deleting it removes the blobs).
 */
export const photos = pgTable(
  "photos",
  {
    id: text("id").primaryKey(),
    submissionId: integer("submission_id").references(requestKey, { onDelete: "cascade" }),
    blobKey: text("blob_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentHash: text("content_hash").notNull(),
    format: text("format").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /**
     * "before": sent with the request (the customer's photos); "after": the owner's photos of the
     * finished work, added when he records the visit done (docs/decisions/040-on-the-day.md).
     */
    stage: text("stage").notNull().default("before"),
  },
  (t) => [
    check("photos_id_format", sql`${t.id} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("photos_format", sql`${t.format} in ('jpeg', 'webp')`),
    check("photos_stage", sql`${t.stage} in ('before', 'after')`),
    check("photos_bytes_positive", sql`${t.bytes} > 0`),
    check("photos_dimensions_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    check("photos_claimed_consistent", sql`(${t.submissionId} is null) = (${t.claimedAt} is null)`),
    index("photos_submission_idx").on(t.submissionId),
    index("photos_unclaimed_idx")
      .on(t.createdAt)
      .where(sql`${t.submissionId} is null`),
  ],
).enableRLS();
