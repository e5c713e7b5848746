/** /api/admin/testimonials: list (GET); /:id: approve or unapprove (PATCH), delete (DELETE). */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import * as content from "../../src/server/services/admin-content";

export default apiHandler("/api/admin/testimonials", [
  adminAction(adminEndpoints.listAdminTestimonials, async ({ ctx }) => ({
    testimonials: await content.listTestimonials(ctx),
  })),
  adminAction(adminEndpoints.setTestimonialApproved, async ({ id, body, ctx }) => ({
    testimonial: await content.setTestimonialApproved(id, body.approved, ctx),
  })),
  adminAction(adminEndpoints.deleteTestimonial, ({ id, ctx }) => content.deleteTestimonial(id, ctx)),
]);

export const config: Config = { path: ["/api/admin/testimonials", "/api/admin/testimonials/:id"] };
