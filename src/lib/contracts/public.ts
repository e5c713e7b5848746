/**
 * The public API's contracts. The request schemas are the forms' own (src/lib/schemas/), so the
 * browser and the server refuse the same input with the same messages. The forms' schemas are
 * written with `zod/mini` (the islands' JavaScript budget); `z.object(schema.shape)` gives the
 * edge the same fields and rules as a full zod object.
 */
import { z } from "zod";
import { bookingRequestSchema, contactMessageSchema } from "../../features/requests/contract/forms";
import { testimonialInputSchema } from "../../features/reviews/contract/testimonial";
import { defineEndpoint } from "./endpoint";
import * as routes from "./public-routes";
import { bookingExtrasFields } from "../../features/appointments/contract/endpoints";

const id = z.number().int().positive();

export const publicTestimonialSchema = z.object({
  id,
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** ISO timestamp. */
  createdAt: z.string(),
  /**
   * "YYYY-MM" (Europe/London) when the review came through a review invitation sent after the job
   * was finished: shown as "Verified customer, job completed <Month YYYY>". Null for an open review.
   */
  jobCompletedMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .optional(),
  /** The owner's public reply, as plain text (never HTML). */
  reply: z.object({ text: z.string(), updatedAt: z.string() }).nullable().optional(),
});
/** A testimonial as the public API returns it. */
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

export const publicEndpoints = {
  /** A contact message. */
  contact: defineEndpoint({
    ...routes.contactRoute,
    status: 201,
    request: z.object(contactMessageSchema.shape),
    /** `reference`: what the customer quotes, "KC-000042" (src/features/requests/contract/reference.ts). */
    response: z.object({ id, reference: z.string().regex(/^KC-\d{6,}$/) }),
  }),
  /**
   * An appointment request: the booking fields plus one to three preferred options, urgency and
   * access notes (./appointments.ts). The options' shape and whether each date is still bookable are
   * checked by the service, which names the option that fails (`option1`…`option3`).
   */
  booking: defineEndpoint({
    ...routes.bookingRoute,
    status: 201,
    request: z.object({ ...bookingRequestSchema.shape, ...bookingExtrasFields }),
    /** `reference`: what the customer quotes, "KB-000042" (src/features/requests/contract/reference.ts). */
    response: z.object({ id, reference: z.string().regex(/^KB-\d{6,}$/) }),
  }),
  /** A visitor's review, stored pending until the owner approves it. */
  createTestimonial: defineEndpoint({
    ...routes.createTestimonialRoute,
    status: 201,
    request: z.object(testimonialInputSchema.shape),
    response: z.object({ id, approved: z.literal(false) }),
  }),
  /** Approved testimonials, rating descending then newest. */
  listTestimonials: defineEndpoint({
    ...routes.listTestimonialsRoute,
    status: 200,
    response: z.object({
      testimonials: z.array(publicTestimonialSchema),
      /** Every published review (the list itself stops at 100): how many, and their mean rating. */
      stats: z
        .object({ count: z.number().int().min(0), average: z.number().min(1).max(5).nullable() })
        .optional(),
    }),
  }),
  /** Whether the function and its database answer. */
  health: defineEndpoint({
    ...routes.healthRoute,
    status: 200,
    response: z.object({ ok: z.literal(true), database: z.literal("up") }),
  }),
};

/**
 * The public list as the islands read it: the API's `{ testimonials }` answer, or a bare list;
 * null for anything else (a malformed answer is a failure the visitor sees, never an empty list).
 */
export function parseTestimonials(body: unknown): PublicTestimonial[] | null {
  const parsed = publicEndpoints.listTestimonials.response.safeParse(
    Array.isArray(body) ? { testimonials: body } : body,
  );
  return parsed.success ? parsed.data.testimonials : null;
}
