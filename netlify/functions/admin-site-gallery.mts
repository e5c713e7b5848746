/**
 * The gallery of the owner's work (docs/decisions/058-gallery.md).
 *   POST   /api/admin/site/gallery            multipart: `before` + `after`, or `photo` (a file, or a
 *                                             finished job's photo id), `caption`, `town`, `service`
 *                                             → 201 { item } | 413 | 415 | 422
 *   PATCH  /api/admin/site/gallery/:id        caption, town, service, hidden, position → { item }
 *   DELETE /api/admin/site/gallery/:id        a draft item removed → 204
 *   GET    /api/admin/site/gallery/jobs       finished jobs with photos and their consent → { jobs }
 *   POST   /api/admin/site/gallery/consents   { submissionId, note } → 201 { consent }
 *   POST   /api/admin/site/gallery/consents/:id/withdraw   { note } → { consent, publish }
 * The drafts are part of GET /api/admin/site (`gallery`) and publish with the rest.
 */
import type { Config } from "@netlify/functions";
import { galleryEndpoints as e } from "../../src/features/site-content/contract/gallery";
import { adminAction } from "../../src/features/admin-auth/http";
import { requireAdmin } from "../../src/features/admin-auth/http-guard";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { json } from "../../src/platform/http/response";
import { receiveGalleryItem } from "../../src/features/site-content/http-gallery";
import * as gallery from "../../src/features/site-content";

export default apiHandler("/api/admin/site/gallery", [
  {
    endpoint: e.addGalleryItem,
    run: async ({ req, services }) => {
      await requireAdmin(req);
      return json(await receiveGalleryItem(req, services()), e.addGalleryItem.status, {
        "Cache-Control": "no-store",
      });
    },
  },
  adminAction(e.updateGalleryItem, async ({ id, body, ctx }) => ({
    item: await gallery.updateGalleryItem(id, body, ctx),
  })),
  adminAction(e.deleteGalleryItem, ({ id, ctx }) => gallery.deleteGalleryItem(id, ctx)),
  adminAction(e.galleryJobs, async ({ ctx }) => ({ jobs: await gallery.galleryJobs(ctx) })),
  adminAction(e.recordGalleryConsent, async ({ body, ctx }) => ({
    consent: await gallery.recordOwnerConsent(body, ctx),
  })),
  adminAction(e.withdrawGalleryConsent, ({ id, body, ctx }) =>
    gallery.withdrawGalleryConsent(id, body.note, ctx),
  ),
]);

export const config: Config = {
  path: [
    "/api/admin/site/gallery",
    "/api/admin/site/gallery/:id",
    "/api/admin/site/gallery/jobs",
    "/api/admin/site/gallery/consents",
    "/api/admin/site/gallery/consents/:id/withdraw",
  ],
};
