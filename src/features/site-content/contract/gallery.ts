/**
 * Contracts of the gallery of the owner's work (docs/decisions/058-gallery.md).
 *
 *   POST   /api/admin/site/gallery               multipart: `before` + `after`, or `photo` (each a
 *                                                file, or the id of a finished job's photo), and
 *                                                `caption`, `town`, `service`           → 201 { item }
 *   DELETE /api/admin/site/gallery/:id           a draft item removed                     → 204
 *   GET    /api/admin/site/gallery/images/:imageId  a gallery image (JPEG) for the admin screen
 *   GET    /api/admin/site/gallery/jobs          finished jobs with photos, their consent → { jobs }
 *   POST   /api/admin/site/gallery/consents      the owner records a customer's consent
 *                                                with a note of how they gave it        → 201 { consent }
 * The drafts appear in GET /api/admin/site as `gallery` and are published with the rest.
 */
import { z } from "zod";
import * as routes from "../../../lib/contracts/admin-routes";
import { defineEndpoint } from "../../../lib/contracts/endpoint";
import { charLength, isStorableText } from "../../../lib/form-fields/text";
import { galleryConsentMethods, galleryKinds, galleryLimits as L } from "./gallery-rules";

/** Plain text: anything that looks like markup is kept as typed and shown as text (escaped). */
function plain(what: string, max: number) {
  return z
    .string({ error: `Please fill in ${what.toLowerCase()}.` })
    .trim()
    .refine(isStorableText, `${what} contains characters we cannot store.`)
    .refine((v) => v.length > 0, `Please fill in ${what.toLowerCase()}.`)
    .refine((v) => charLength(v) <= max, `${what} must be at most ${max} characters.`);
}

/** The text fields of a new gallery item (the photos are parts of the same multipart body). */
export const galleryFieldsSchema = z.object({
  caption: plain("The caption", L.captionMax),
  town: plain("The town", L.townMax),
  service: z
    .string({ error: "Please choose the service." })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Please choose the service."),
});

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
});
export type GalleryConsent = z.infer<typeof galleryConsentSchema>;

export const galleryJobSchema = z.object({
  submissionId: z.number().int(),
  name: z.string(),
  service: z.string().nullable(),
  /** When the job was marked done (ISO). */
  doneAt: z.string().nullable(),
  consent: galleryConsentSchema.nullable(),
  photos: z.array(
    z.object({ id: z.string(), stage: z.enum(["before", "after"]), width: z.number(), height: z.number() }),
  ),
});
export type GalleryJob = z.infer<typeof galleryJobSchema>;

export const consentInputSchema = z.object({
  submissionId: z.number({ error: "Say which request." }).int().positive("Say which request."),
  note: plain("The note", L.consentNoteMax),
});

export const galleryEndpoints = {
  addGalleryItem: defineEndpoint({
    ...routes.addGalleryItemRoute,
    status: 201,
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
};
