/**
 * /api/testimonials (src/lib/contracts/public.ts)
 * GET  → the approved testimonials; cached by Netlify's CDN for a minute, served stale while it
 *        refreshes.
 * POST → a visitor's review, stored pending until the owner approves it.
 */
import type { Config } from "@netlify/functions";
import { reviewEndpoints } from "../../src/features/reviews/contract/endpoints";
import { apiHandler } from "../../src/platform/http/endpoint";
import "../../src/features/business/http-facts";
import { publicForm, publicRead } from "../../src/platform/http/public";
import { listPublicTestimonials, publicReviewStats, submitReview } from "../../src/features/reviews";

const publicCacheHeaders = {
  // Browsers always revalidate; Netlify's CDN keeps the list a minute and refreshes it in the
  // background for five more, so an approval shows within about a minute. An approval purges the
  // tag at once (src/features/requests/service-admin.ts).
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=60, stale-while-revalidate=300",
  "Netlify-Cache-Tag": "testimonials",
};

export default apiHandler("/api/testimonials", [
  publicRead(reviewEndpoints.listTestimonials, {
    load: async (ctx) => ({
      testimonials: await listPublicTestimonials(ctx),
      stats: await publicReviewStats(ctx),
    }),
    headers: publicCacheHeaders,
  }),
  publicForm(reviewEndpoints.createTestimonial, {
    formPage: "/testimonials",
    accept: submitReview,
    reply: (row) => ({ id: row.id, approved: false as const }),
    page: {
      title: "Thank you for your review",
      heading: "Thank you for your review!",
      message: "It will be displayed after approval.",
      back: { href: "/testimonials", label: "Back to testimonials" },
    },
  }),
]);

export const config: Config = { path: "/api/testimonials" };
