/**
 * The owner's moderation of reviews (GET/PATCH/DELETE /api/admin/testimonials): the list, approval,
 * removal, and the purge of the public list's CDN cache after each change.
 */
import type { AdminTestimonial } from "./contract/endpoints";
import { adminPageSize } from "../../lib/contracts/paging";
import { wallClock } from "../../platform/time";
import { purgeCdnTags } from "../../platform/cdn";
import { logEvent } from "../../platform/log";
import { serviceContext, type ServiceContext } from "../../platform/context";
import { NotFound } from "../../platform/domain-errors";
import * as testimonials from "./repository";

export const toAdminTestimonial = (t: testimonials.Testimonial): AdminTestimonial => ({
  id: t.id,
  name: t.name,
  location: t.location,
  rating: t.rating,
  text: t.text,
  approved: t.approved,
  createdAt: t.createdAt.toISOString(),
  status: t.approved ? "approved" : t.rejectedAt ? "rejected" : "pending",
  rejectedReason: t.rejectedReason,
  rejectedAt: t.rejectedAt?.toISOString() ?? null,
  jobCompletedMonth: t.jobCompletedAt ? wallClock(t.jobCompletedAt).date.slice(0, 7) : null,
  reply:
    t.replyText !== null && t.replyUpdatedAt !== null
      ? { text: t.replyText, updatedAt: t.replyUpdatedAt.toISOString() }
      : null,
});

/**
 * The public list is kept by Netlify's CDN for a minute under the cache tag "testimonials"
 * (netlify/functions/testimonials.mts). A moderation change purges it so the owner sees an
 * approval on the site at once. The change itself is already committed, so a failed purge is
 * logged, not reported: the list refreshes within the minute anyway. Outside Netlify (tests,
 * scripts) there is nothing to purge.
 */
export async function purgePublicTestimonials(): Promise<void> {
  try {
    await purgeCdnTags(["testimonials"]);
  } catch (error) {
    logEvent({
      event: "admin.cache_purge_failed",
      level: "warn",
      error: error instanceof Error ? error.message.slice(0, 120) : "unknown",
    });
  }
}

/** One page of testimonials, newest first; `nextCursor` says where the next page starts. */
export async function listTestimonials(
  cursor: string | undefined,
  ctx: ServiceContext = serviceContext(),
): Promise<{ testimonials: AdminTestimonial[]; nextCursor: string | null }> {
  const rows = await testimonials.listPage(
    { before: cursor === undefined ? undefined : Number(cursor), limit: adminPageSize + 1 },
    ctx.db,
  );
  const page = rows.slice(0, adminPageSize);
  return {
    testimonials: page.map(toAdminTestimonial),
    nextCursor: rows.length > adminPageSize ? String(page.at(-1)!.id) : null,
  };
}

export async function setTestimonialApproved(
  id: number,
  approved: boolean,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminTestimonial> {
  const row = await testimonials.setApproved(id, approved, ctx.db);
  if (!row) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
  return toAdminTestimonial(row);
}

export async function deleteTestimonial(id: number, ctx: ServiceContext = serviceContext()): Promise<void> {
  if (!(await testimonials.remove(id, ctx.db))) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
}
