/** What the public pages read: the approved testimonials, and whether the database answers. */
import type { PublicTestimonial } from "./contract/endpoints";
import { wallClock } from "../../platform/time";
import { pingDatabase } from "../../platform/db/client";
import * as testimonials from "./repository";
import { serviceContext, type ServiceContext } from "../../platform/context";

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
    jobCompletedMonth: r.jobCompletedAt ? wallClock(r.jobCompletedAt).date.slice(0, 7) : null,
    reply:
      r.replyText !== null && r.replyUpdatedAt !== null
        ? { text: r.replyText, updatedAt: r.replyUpdatedAt.toISOString() }
        : null,
  }));
}

/** How many reviews are published and their mean rating, over all of them (not only the listed). */
export async function publicReviewStats(
  ctx: ServiceContext = serviceContext(),
): Promise<{ count: number; average: number | null }> {
  const stats = await testimonials.approvedStats(ctx.db);
  return { count: stats.count, average: stats.average === null ? null : Math.round(stats.average * 10) / 10 };
}

/**
 * How long a health answer is reused by this instance. A flood of health checks then costs one
 * database round trip per instance every few seconds, however many arrive (and concurrent ones
 * share the round trip in flight); the CDN keeps a healthy answer for a few seconds too
 * (netlify/functions/health.mts). An outage is remembered more briefly, so recovery shows soon.
 */
export const healthCache = { upMs: 5000, downMs: 1000 };

let lastCheck: { at: number; result: Promise<void> } | undefined;

/** Resolves when the database answered a query lately; throws (an outage) when it did not. */
export async function checkDatabase(ctx: ServiceContext = serviceContext()): Promise<void> {
  const now = Date.now();
  if (lastCheck) {
    const settled = await lastCheck.result.then(
      () => ({ ok: true }),
      () => ({ ok: false }),
    );
    const age = now - lastCheck.at;
    if (age < (settled.ok ? healthCache.upMs : healthCache.downMs)) return lastCheck.result;
  }
  const result = pingDatabase(ctx.db);
  result.catch(() => {}); // awaited below; later readers see the same outcome
  lastCheck = { at: now, result };
  return result;
}

/** Forgets the remembered answer (tests). */
export function forgetHealth(): void {
  lastCheck = undefined;
}
