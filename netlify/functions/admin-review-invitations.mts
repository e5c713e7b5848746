/**
 * /api/admin/review-invitations: the invitations of one request (GET ?submissionId=), send one
 * (POST); /preview: the e-mail it would send (GET ?submissionId=); /settings: whether finishing a job sends one by itself (GET, PUT).
 * docs/decisions/020-verified-reviews.md
 */
import type { Config } from "@netlify/functions";
import { reviewEndpoints } from "../../src/features/reviews/contract/endpoints";
import { adminAction } from "../../src/features/admin-auth/http";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import * as reviews from "../../src/features/reviews";

export default apiHandler("/api/admin/review-invitations", [
  adminAction(reviewEndpoints.listReviewInvitations, async ({ query, ctx }) => ({
    invitations: await reviews.listInvitations(query.submissionId, ctx),
  })),
  adminAction(reviewEndpoints.sendReviewInvitation, ({ body, ctx }) =>
    reviews.sendInvitation(body.submissionId, ctx),
  ),
  adminAction(reviewEndpoints.previewReviewInvitation, ({ query, ctx }) =>
    reviews.previewInvitation(query.submissionId, ctx),
  ),
  adminAction(reviewEndpoints.reviewSettings, ({ ctx }) => reviews.reviewSettings(ctx)),
  adminAction(reviewEndpoints.saveReviewSettings, ({ body, ctx }) => reviews.saveReviewSettings(body, ctx)),
]);

export const config: Config = {
  path: [
    "/api/admin/review-invitations",
    "/api/admin/review-invitations/preview",
    "/api/admin/review-invitations/settings",
  ],
};
