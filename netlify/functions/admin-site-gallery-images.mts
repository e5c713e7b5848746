/**
 * GET /api/admin/site/gallery/images/:imageId: a gallery image (the stored JPEG, no metadata) for
 * the owner's Website screen, behind the admin session (docs/decisions/058-gallery.md). The public
 * pages never use this: they carry the AVIF and WebP sizes made when the site is built.
 */
import type { Config } from "@netlify/functions";
import { galleryEndpoints as e } from "../../src/features/site-content/contract/gallery";
import { requireAdmin } from "../../src/features/admin-auth/http-guard";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { galleryImageResponse } from "../../src/features/site-content/http-gallery";

const route = "/api/admin/site/gallery/images";

export default apiHandler(route, [
  {
    endpoint: e.galleryImage,
    run: async ({ req, context, services }) => {
      await requireAdmin(req);
      const id = context.params?.["imageId"] ?? new URL(req.url).pathname.slice(route.length + 1);
      return galleryImageResponse(req, id, services());
    },
  },
]);

export const config: Config = { path: "/api/admin/site/gallery/images/:imageId" };
