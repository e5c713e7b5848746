import { z } from "zod";
import { limits } from "./limits";
import {
  charLength,
  containsLink,
  isStorableText,
  noLinkMessages,
  unsupportedCharactersMessage,
} from "./text";

/** Trimmed text of `min`..`max` characters (code points, as the database counts), storable as is. */
const text = (min: number, tooShort: string, max: number, tooLong: string) =>
  z
    .string({ error: tooShort })
    .trim()
    .refine((v) => charLength(v) >= min, tooShort)
    .refine((v) => charLength(v) <= max, tooLong)
    .refine(isStorableText, unsupportedCharactersMessage);

/** Review form payload: name, location, the review and a rating (1-5, default 5). */
export const testimonialSubmissionSchema = z.object({
  name: text(
    2,
    "Name must be at least 2 characters.",
    limits.name,
    "Name must be at most 100 characters.",
  ).refine((v) => !containsLink(v), noLinkMessages.name),
  location: text(
    2,
    "Location must be at least 2 characters.",
    limits.location,
    "Location must be at most 100 characters.",
  ).refine((v) => !containsLink(v), noLinkMessages.location),
  text: text(
    10,
    "Review must be at least 10 characters.",
    limits.reviewText,
    "Review must be at most 2000 characters.",
  ),
  rating: z.coerce
    .number({ error: "Please choose a rating from 1 to 5 stars." })
    .int("Please choose a rating from 1 to 5 stars.")
    .min(1, "Please choose a rating from 1 to 5 stars.")
    .max(5, "Please choose a rating from 1 to 5 stars.")
    .default(5),
  /**
   * The token of a review invitation's link (docs/decisions/020-verified-reviews.md), when the
   * review comes through one; empty or absent for the open form.
   */
  invitation: z.string().trim().max(64, "This review link is not valid.").optional(),
});
export type TestimonialSubmission = z.infer<typeof testimonialSubmissionSchema>;
