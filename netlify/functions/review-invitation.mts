/**
 * POST /api/review-invitation { token }: what a review invitation's link prefills (name, town, the
 * month the job was finished). 404 for an unknown or malformed link, 409 `invitation_used` or
 * `invitation_expired`. The token travels in the body, never in a URL.
 * docs/decisions/020-verified-reviews.md
 */
import type { Config } from "@netlify/functions";
import { reviewEndpoints } from "../../src/features/reviews/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicLookup } from "../../src/platform/http/public";
import { lookupInvitation } from "../../src/features/reviews";

export default apiHandler("/api/review-invitation", [
  publicLookup(reviewEndpoints.reviewInvitation, {
    load: (input, ctx) => lookupInvitation(input.token, ctx),
  }),
]);

export const config: Config = { path: "/api/review-invitation" };
