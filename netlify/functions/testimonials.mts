/**
 * /api/testimonials
 * GET  → 200 {"testimonials":[{id,name,location,rating,text,createdAt}]}: approved only, rating
 *        descending then newest; cached by Netlify's CDN for a minute, served stale while it refreshes.
 * POST → 201 {"id": n, "approved": false}: stored pending until the admin approves it.
 *        400 | 405 | 413 | 415 | 422 | 429 | 503 as everywhere.
 */
import type { Config } from "@netlify/functions";
import type { PublicTestimonial } from "../../src/lib/schemas/testimonial";
import { created } from "../../src/server/http/created";
import { createHandler } from "../../src/server/http/handler";
import { json } from "../../src/server/http/response";
import { listApproved } from "../../src/server/repositories/testimonials";
import { acceptTestimonial } from "../../src/server/services/public-forms";
import { mailHooks } from "../../src/server/mail/notify";

const publicCacheHeaders = {
  // Browsers always revalidate; Netlify's CDN keeps the list a minute and refreshes it in the
  // background for five more, so an approval shows within about a minute.
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=60, stale-while-revalidate=300",
  "Netlify-Cache-Tag": "testimonials",
};

export default createHandler({
  route: "/api/testimonials",
  methods: ["GET", "POST"],
  formPage: "/testimonials",
  handle: async (req, context) => {
    if (req.method === "POST") {
      const mail = mailHooks();
      const accepted = await acceptTestimonial(req, { context, afterInsert: mail.afterReview });
      await mail.deliverNow(context);
      return created(
        req,
        accepted,
        { id: accepted.row.id, approved: false },
        {
          title: "Thank you for your review",
          heading: "Thank you for your review!",
          message: "It will be displayed after approval.",
          back: { href: "/testimonials", label: "Back to testimonials" },
        },
      );
    }
    const rows = await listApproved();
    const testimonials: PublicTestimonial[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      location: r.location,
      rating: r.rating,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
    }));
    return json({ testimonials }, 200, publicCacheHeaders);
  },
});

export const config: Config = { path: "/api/testimonials" };
