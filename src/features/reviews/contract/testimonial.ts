// zod/mini, as the contact and booking schemas: no island loads the full zod build.
import * as z from "zod/mini";
import {
  charLength,
  containsLink,
  isStorableText,
  messages,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "../../../lib/form-fields/field-rules";
import { limits } from "../../../lib/form-fields/limits";

/** Trimmed text of `min`..`max` characters (code points, as the database counts), storable as is. */
const text = (min: number, tooShort: string, max: number, tooLong: string) =>
  z.string({ error: tooShort }).check(
    z.trim(),
    z.refine((v) => charLength(v) >= min, tooShort),
    z.refine((v) => charLength(v) <= max, tooLong),
    z.refine(isStorableText, unsupportedCharactersMessage),
  );

const ratingMessage = messages.review.rating;

/** Review form payload: name, location, the review and a rating (1-5, required: no default). */
export const testimonialInputSchema = z.object({
  name: text(2, messages.review.nameShort, limits.name, messages.review.nameLong).check(
    z.refine((v) => !containsLink(v), noLinkMessages.name),
  ),
  location: text(2, messages.review.locationShort, limits.location, messages.review.locationLong).check(
    z.refine((v) => !containsLink(v), noLinkMessages.location),
  ),
  text: text(10, messages.review.textShort, limits.reviewText, messages.review.textLong),
  rating: z.coerce
    .number({ error: ratingMessage })
    .check(z.refine(Number.isInteger, ratingMessage), z.gte(1, ratingMessage), z.lte(5, ratingMessage)),
  /**
   * The token of a review invitation's link (docs/decisions/020-verified-reviews.md), when the
   * review comes through one; empty or absent for the open form.
   */
  invitation: z.optional(z.string().check(z.trim(), z.maxLength(64, "This review link is not valid."))),
  /**
   * "yes" when the customer of an invited review ticks that photos of the job may be shown on the
   * website (docs/decisions/058-gallery.md); ignored on the open form.
   */
  galleryConsent: z.optional(z.enum(["yes"], { error: "Tick the box, or leave it empty." })),
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;
