/**
 * The gallery of the owner's work (docs/decisions/058-gallery.md): its items as drafts, published
 * with the rest of the website's content; their images, re-encoded without metadata and kept while
 * any version may name them; and the customers' consent to show photos of their job. Part of the
 * database schema (src/features/tables.ts). The CHECK constraints repeat ./contract/gallery.ts.
 */
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  sql,
  boolean,
} from "../../platform/db/orm";
import type { Actor } from "../../platform/context";
import { bytea, sqlList, timestamps } from "../../platform/db/columns";
import { requestKey } from "../../platform/db/keys";
import { galleryConsentMethods, galleryKinds } from "./contract/gallery-rules";

/**
 * One image of the gallery: a JPEG at most 2048 px on its long side, re-encoded by sharp with no
 * EXIF, GPS, XMP or ICC data. Never changed, so a published version's image is the one it showed;
 * the pages make their AVIF and WebP sizes from it when the site is built.
 */
export const siteGalleryImages = pgTable(
  "site_gallery_images",
  {
    id: text("id").primaryKey(),
    bytes: bytea("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentHash: text("content_hash").notNull(),
    /** The job photo it was made from (null for an upload straight into the gallery). */
    sourcePhotoId: text("source_photo_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("site_gallery_images_id_format", sql`${t.id} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check("site_gallery_images_size", sql`octet_length(${t.bytes}) between 1 and 20000000`),
    check("site_gallery_images_dimensions", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
).enableRLS();

/**
 * A gallery item as the owner edits it: a before/after pair or a single photo, with a caption, the
 * town and the service (a slug of `site_services`). `submission_id` is the job its photos came from.
 */
export const siteGallery = pgTable(
  "site_gallery",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    caption: text("caption").notNull(),
    town: text("town").notNull(),
    service: text("service").notNull(),
    beforeImageId: text("before_image_id").references(() => siteGalleryImages.id),
    afterImageId: text("after_image_id").references(() => siteGalleryImages.id),
    photoImageId: text("photo_image_id").references(() => siteGalleryImages.id),
    submissionId: integer("submission_id").references(requestKey, { onDelete: "set null" }),
    hidden: boolean("hidden").notNull().default(false),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("site_gallery_kind", sql`${t.kind} in (${sqlList(galleryKinds)})`),
    check(
      "site_gallery_images_by_kind",
      sql`(${t.kind} = 'pair' and ${t.beforeImageId} is not null and ${t.afterImageId} is not null and ${t.photoImageId} is null)
        or (${t.kind} = 'single' and ${t.photoImageId} is not null and ${t.beforeImageId} is null and ${t.afterImageId} is null)`,
    ),
    check("site_gallery_caption_length", sql`char_length(${t.caption}) between 1 and 200`),
    check("site_gallery_town_length", sql`char_length(${t.town}) between 1 and 60`),
    check("site_gallery_service_shape", sql`${t.service} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index("site_gallery_submission").on(t.submissionId),
  ],
).enableRLS();

/**
 * The customer's written consent to show photos of their job on the website: who gave or recorded
 * it (`recorded_by`: customer or owner), how (`method`: the tick box on the review form, or the
 * owner's note of how the customer agreed) and when. One per request; without it no photo of that
 * job can go into the gallery. `withdrawn_at` set means the consent was withdrawn (by the customer
 * on their page, or by the owner with a note): no photo of the job may be shown until the customer
 * agrees again. Every change is kept in `gallery_consent_history`.
 */
export const galleryConsents = pgTable(
  "gallery_consents",
  {
    submissionId: integer("submission_id").primaryKey().references(requestKey, { onDelete: "cascade" }),
    recordedBy: text("recorded_by").notNull(),
    method: text("method").notNull(),
    note: text("note"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: text("withdrawn_by"),
    withdrawalNote: text("withdrawal_note"),
  },
  (t) => [
    check(
      "gallery_consents_withdrawn",
      sql`(${t.withdrawnAt} is null) = (${t.withdrawnBy} is null)
        and (${t.withdrawnBy} is null or ${t.withdrawnBy} in ('customer', 'owner'))
        and char_length(coalesce(${t.withdrawalNote}, '')) <= 500`,
    ),
    check("gallery_consents_recorded_by", sql`${t.recordedBy} in ('customer', 'owner')`),
    check("gallery_consents_method", sql`${t.method} in (${sqlList(galleryConsentMethods)})`),
    check(
      "gallery_consents_note",
      sql`(${t.method} = 'owner-note') = (${t.note} is not null) and char_length(coalesce(${t.note}, '')) <= 500`,
    ),
  ],
).enableRLS();

/**
 * Every consent given or withdrawn, never changed: what happened (`event`), who did it (`actor`, its
 * role, and `acted_by`, the actor itself), how consent was given (`method`), the note, and when.
 */
export const galleryConsentHistory = pgTable(
  "gallery_consent_history",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id").notNull().references(requestKey, { onDelete: "cascade" }),
    event: text("event").notNull(),
    actor: text("actor").notNull(),
    actedBy: jsonb("acted_by").$type<Actor>(),
    method: text("method"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gallery_consent_history_event", sql`${t.event} in ('given', 'withdrawn')`),
    check("gallery_consent_history_note", sql`char_length(coalesce(${t.note}, '')) <= 500`),
    index("gallery_consent_history_submission").on(t.submissionId, t.id),
  ],
).enableRLS();
