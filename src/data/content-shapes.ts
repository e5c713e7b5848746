/**
 * Shapes of the site's static content. Every data module parses its entries through
 * these schemas when it is imported, so a missing feature or a sixth step fails the build and the
 * unit tests, not a visitor.
 */
import { z } from "zod";
import { serviceIds } from "../lib/service-catalog";
import { illustrationKeys, portraitKeys } from "../assets/image-keys";
import { serviceIconKeys } from "./icon-keys";

const sentence = z.string().trim().min(10);

export const serviceSchema = z.object({
  id: z.enum(serviceIds),
  title: z.string().min(3),
  shortDescription: sentence.max(160),
  fullDescription: sentence,
  /** Overview paragraphs on the detail page. */
  overview: z.array(sentence).min(1),
  icon: z.enum(serviceIconKeys),
  image: z.enum(illustrationKeys),
  imageAlt: sentence,
  features: z.array(z.string().min(3)).length(5),
  /** The starting price in whole pence and what it is per ("room", "hour"). */
  fromPence: z.number().int().positive(),
  per: z.string().min(2),
  /** The same price in words, "from £150 per room" (made from the two above). */
  pricing: z.string().regex(/^from £\d/),
  /** How labour is priced; picks the quote sentence from the site config. */
  basis: z.enum(["fixed-quote", "hourly"]),
  process: z.array(z.object({ title: z.string().min(3), description: sentence })).length(5),
  /** Short jobs people search for, listed under "What we offer". */
  typicalJobs: z.array(z.string().min(3)).min(3),
});
export type Service = z.infer<typeof serviceSchema>;

export const teamMemberSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  name: z.string().min(3),
  position: z.string().min(3),
  bio: sentence,
  image: z.enum(portraitKeys),
  /** True for the invented sample team the site ships with; `npm run doctor` lists them. */
  sample: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const faqSchema = z.object({
  /** The topic the question answers. */
  topic: z.enum([
    "response-time",
    "free-estimates",
    "licensed-insured",
    "areas-served",
    "guarantees",
    "payment",
  ]),
  question: z.string().trim().endsWith("?"),
  answer: sentence,
});
export type Faq = z.infer<typeof faqSchema>;

export const sampleTestimonialSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(2),
  location: z.string().min(2),
  rating: z.number().int().min(4).max(5),
  text: z.string().min(10),
});
export type SampleTestimonial = z.infer<typeof sampleTestimonialSchema>;
