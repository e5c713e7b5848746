/**
 * Contracts of the gallery of the owner's work (docs/decisions/058-gallery.md).
 *
 *   POST   /api/admin/site/gallery               multipart: `before` + `after`, or `photo` (each a
 *                                                file, or the id of a finished job's photo), and
 *                                                `caption`, `town`, `service`           → 201 { item }
 *   PATCH  /api/admin/site/gallery/:id           `caption`, `town`, `service`, `hidden`,
 *                                                `position` of a draft item             → 200 { item }
 *   DELETE /api/admin/site/gallery/:id           a draft item removed                     → 204
 *   GET    /api/admin/site/gallery/images/:imageId  a gallery image (JPEG) for the admin screen
 *   GET    /api/admin/site/gallery/jobs          finished jobs with photos, their consent → { jobs }
 *   POST   /api/admin/site/gallery/consents      the owner records a customer's consent
 *                                                with a note of how they gave it        → 201 { consent }
 *   POST   /api/admin/site/gallery/consents/:id/withdraw  the owner withdraws the consent of
 *                                                request :id, with a note; its photos leave the
 *                                                live gallery at once            → 200 { consent, publish }
 * The drafts appear in GET /api/admin/site as `gallery` and are published with the rest.
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { hidden, patchOf, position, text } from "./fields";
import { galleryConsentMethods, galleryKinds, galleryLimits as L } from "./gallery-rules";

/** The text fields of a new gallery item (the photos are parts of the same multipart body). */
const galleryFields = {
  caption: text("The caption", L.captionMax),
  town: text("The town", L.townMax),
  service: z
    .string({ error: "Please choose the service." })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Please choose the service."),
};
export const galleryFieldsSchema = z.object(galleryFields);

/** A change to a draft item: any of its texts, hidden, or its place in the list. */
export const galleryPatchSchema = patchOf({ ...galleryFields, hidden, position });
export type GalleryPatch = z.output<typeof galleryPatchSchema>;

export const galleryImageRoles = ["before", "after", "photo"] as const;
export type GalleryImageRole = (typeof galleryImageRoles)[number];

export const galleryImageSchema = z.object({
  role: z.enum(galleryImageRoles),
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const siteGalleryItemSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(galleryKinds),
  caption: z.string(),
  town: z.string(),
  service: z.string(),
  /** Before then after for a pair; the one photo otherwise. */
  images: z.array(galleryImageSchema),
  /** The job the photos came from, or null for photos uploaded straight into the gallery. */
  submissionId: z.number().int().nullable(),
  hidden: z.boolean(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type SiteGalleryItem = z.infer<typeof siteGalleryItemSchema>;

export const galleryConsentSchema = z.object({
  submissionId: z.number().int(),
  recordedBy: z.enum(["customer", "owner"]),
  method: z.enum(galleryConsentMethods),
  note: z.string().nullable(),
  recordedAt: z.string(),
  /** When the consent was withdrawn (ISO), by whom, and the note; null while it stands. */
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.enum(["customer", "owner"]).nullable(),
  withdrawalNote: z.string().nullable(),
});
export type GalleryConsent = z.infer<typeof galleryConsentSchema>;

export const galleryJobSchema = z.object({
  submissionId: z.number().int(),
  name: z.string(),
  service: z.string().nullable(),
  /** When the job was marked done (ISO). */
  doneAt: z.string().nullable(),
  consent: galleryConsentSchema.nullable(),
  /** Every consent given or withdrawn for the job, oldest first. */
  consentHistory: z.array(
    z.object({
      event: z.enum(["given", "withdrawn"]),
      actor: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** How many gallery drafts show this job's photos. */
  galleryItems: z.number().int(),
  photos: z.array(
    z.object({ id: z.string(), stage: z.enum(["before", "after"]), width: z.number(), height: z.number() }),
  ),
});
export type GalleryJob = z.infer<typeof galleryJobSchema>;

export const consentInputSchema = z.object({
  submissionId: z.number({ error: "Say which request." }).int().positive("Say which request."),
  note: text("The note", L.consentNoteMax),
});

export const withdrawConsentSchema = z.object({
  note: text("The note", L.consentNoteMax),
});

/** What a withdrawal started: the live website republished without the job's photos, or nothing to do. */
export const withdrawalPublishSchema = z
  .object({ id: z.number().int(), state: z.enum(["publishing", "live", "failed"]) })
  .nullable();

export const galleryEndpoints = {
  addGalleryItem: defineEndpoint({
    ...routes.addGalleryItemRoute,
    status: 201,
    response: z.object({ item: siteGalleryItemSchema }),
  }),
  updateGalleryItem: defineEndpoint({
    ...routes.updateGalleryItemRoute,
    status: 200,
    request: galleryPatchSchema,
    response: z.object({ item: siteGalleryItemSchema }),
  }),
  deleteGalleryItem: defineEndpoint({ ...routes.deleteGalleryItemRoute, status: 204 }),
  galleryImage: defineEndpoint({ ...routes.galleryImageRoute, status: 200 }),
  galleryJobs: defineEndpoint({
    ...routes.galleryJobsRoute,
    status: 200,
    response: z.object({ jobs: z.array(galleryJobSchema) }),
  }),
  recordGalleryConsent: defineEndpoint({
    ...routes.recordGalleryConsentRoute,
    status: 201,
    request: consentInputSchema,
    response: z.object({ consent: galleryConsentSchema }),
  }),
  withdrawGalleryConsent: defineEndpoint({
    ...routes.withdrawGalleryConsentRoute,
    status: 200,
    request: withdrawConsentSchema,
    response: z.object({ consent: galleryConsentSchema, publish: withdrawalPublishSchema }),
  }),
};
