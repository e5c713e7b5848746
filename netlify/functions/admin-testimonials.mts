/**
 * /api/admin/testimonials: list (GET); /:id: approve or unapprove (PATCH), delete (DELETE);
 * /reject: reject with a reason (POST); /reply: the owner's public reply (PUT).
 */
import type { Config } from "@netlify/functions";
import { adminEndpoints } from "../../src/lib/contracts/admin";
import { adminAction } from "../../src/server/http/admin";
import { apiHandler } from "../../src/server/http/endpoint";
import { reviewEndpoints } from "../../src/lib/contracts/reviews";
import * as content from "../../src/server/services/admin-content";
import * as reviews from "../../src/server/services/reviews";

export default apiHandler("/api/admin/testimonials", [
  adminAction(adminEndpoints.listAdminTestimonials, ({ query, ctx }) =>
    content.listTestimonials(query.cursor, ctx),
  ),
  adminAction(adminEndpoints.setTestimonialApproved, async ({ id, body, ctx }) => ({
    testimonial: await content.setTestimonialApproved(id, body.approved, ctx),
  })),
  adminAction(adminEndpoints.deleteTestimonial, ({ id, ctx }) => content.deleteTestimonial(id, ctx)),
  adminAction(reviewEndpoints.rejectTestimonial, async ({ body, ctx }) => ({
    testimonial: await reviews.rejectTestimonial(body.id, body.reason, ctx),
  })),
  adminAction(reviewEndpoints.replyTestimonial, async ({ body, ctx }) => ({
    testimonial: await reviews.replyToTestimonial(body.id, body.text, ctx),
  })),
]);

export const config: Config = {
  path: [
    "/api/admin/testimonials",
    "/api/admin/testimonials/reject",
    "/api/admin/testimonials/reply",
    "/api/admin/testimonials/:id",
  ],
};
