/**
 * /api/admin/testimonials: list all (GET); /api/admin/testimonials/:id: approve or unapprove
 * (PATCH `{"approved": true|false}`) and delete (DELETE). Site-spec §2 Admin testimonials, §4.
 */
import type { Config } from "@netlify/functions";
import { testimonialApprovalSchema } from "../../src/lib/schemas/admin";
import { adminResourceHandler, readAdminJson } from "../../src/server/http/admin-request";
import { json } from "../../src/server/http/response";
import * as content from "../../src/server/services/admin-content";

export default adminResourceHandler({
  route: "/api/admin/testimonials",
  list: async () => json({ testimonials: await content.listTestimonials() }),
  update: async (id, req) => {
    const { approved } = await readAdminJson(req, testimonialApprovalSchema);
    return json({ testimonial: await content.setTestimonialApproved(id, approved) });
  },
  remove: (id) => content.deleteTestimonial(id),
});

export const config: Config = { path: ["/api/admin/testimonials", "/api/admin/testimonials/:id"] };
