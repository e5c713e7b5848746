/**
 * Seed data for local databases only: the six sample testimonials, approved,
 * inserted only when the testimonials table is empty. Safe on every start (one INSERT … WHERE NOT
 * EXISTS). The local stack and the tests call it; no production path does (`npm run db:migrate`
 * refuses `--seed`), because nobody wrote these reviews.
 */
import { sampleTestimonials } from "../../data/testimonials";
import { seedIfEmpty } from "./repository";
import type { Db } from "../../platform/db/client";
import { getDb } from "../../platform/db/client";

export async function seed(db: Db = getDb()): Promise<{ testimonials: number }> {
  const rows = sampleTestimonials.map(({ name, location, rating, text }) => ({
    name,
    location,
    rating,
    text,
  }));
  return { testimonials: await seedIfEmpty(rows, db) };
}
