/**
 * /api/admin/testimonials: list (GET); /:id: approve or unapprove (PATCH), delete (DELETE);
 * /reject: reject with a reason (POST); /reply: the owner's public reply (PUT).
 */
import type { Config } from "@netlify/functions";
import { reviewEndpoints } from "../../src/features/reviews/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as reviews from "../../src/features/reviews";

export default apiHandler("/api/admin/testimonials", [
  adminAction(reviewEndpoints.listAdminTestimonials, ({ query, ctx }) =>
    reviews.listTestimonials(query.cursor, ctx),
  ),
  adminAction(reviewEndpoints.setTestimonialApproved, async ({ id, body, ctx }) => ({
    testimonial: await reviews.setTestimonialApproved(id, body.approved, ctx),
  })),
  adminAction(reviewEndpoints.deleteTestimonial, ({ id, ctx }) => reviews.deleteTestimonial(id, ctx)),
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
