/**
 * A visitor's review from the website's form (POST /api/testimonials), through the public forms'
 * one pipeline (idempotency, rate limits, browser check: `acceptPublicPost` in the requests
 * feature): stored pending until the owner approves it, or at once as invited when it answers the
 * owner's invitation; the owner is e-mailed in the same transaction.
 */
import type { ServiceContext } from "../../platform/context";
import { queueReviewMail } from "../mail";
import { publicFormRules } from "../rate-limits";
import { acceptPublicPost, type PublicPost } from "../requests";
import type { TestimonialInput } from "./contract/testimonial";
import * as testimonials from "./repository";
import type { Testimonial } from "./repository";
import { insertInvitedReview } from "./service";

export function reviewPost(input: TestimonialInput, now = new Date()): PublicPost<Testimonial> {
  return {
    rule: publicFormRules.testimonials,
    scope: "testimonial",
    findByKey: testimonials.findByIdempotencyKey,
    store: async (key, tx) => {
      const { invitation } = input;
      const { testimonial, created } = invitation
        ? await insertInvitedReview({ ...input, invitation }, key, now, tx)
        : await testimonials.insertPending(input, key, tx);
      const mailIds = created ? await queueReviewMail(testimonial, tx) : [];
      return { row: testimonial, created, mailIds, pushIds: [] };
    },
  };
}

/** A visitor's review: stored pending until the owner approves it; the owner is notified. */
export const submitReview = (input: TestimonialInput, ctx: ServiceContext) =>
  acceptPublicPost(reviewPost(input, ctx.now), ctx);
