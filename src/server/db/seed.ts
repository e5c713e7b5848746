/**
 * Seed data: the six sample testimonials, approved, inserted only when the
 * testimonials table is empty. Safe on every start (one INSERT … WHERE NOT EXISTS).
 */
import { sampleTestimonials } from "../../data/testimonials";
import { seedIfEmpty } from "../repositories/testimonials";
import type { Db } from "./client";
import { getDb } from "./client";

export async function seed(db: Db = getDb()): Promise<{ testimonials: number }> {
  const rows = sampleTestimonials.map(({ name, location, rating, text }) => ({
    name,
    location,
    rating,
    text,
  }));
  return { testimonials: await seedIfEmpty(rows, db) };
}
