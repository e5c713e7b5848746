/** What the public pages read: the approved testimonials, and whether the database answers. */
import type { PublicTestimonial } from "../../lib/contracts/public";
import { pingDatabase } from "../db/client";
import * as testimonials from "../repositories/testimonials";
import { serviceContext, type ServiceContext } from "./context";

/** Approved testimonials, rating descending then newest (at most 100). */
export async function listPublicTestimonials(
  ctx: ServiceContext = serviceContext(),
): Promise<PublicTestimonial[]> {
  const rows = await testimonials.listApproved({}, ctx.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    rating: r.rating,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Resolves when the database answers a query; throws (an outage) when it does not. */
export async function checkDatabase(ctx: ServiceContext = serviceContext()): Promise<void> {
  await pingDatabase(ctx.db);
}
