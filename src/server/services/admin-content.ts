/**
 * Admin moderation and inbox rules (site-spec §2, §4, §7): list, approve/unapprove and delete
 * testimonials; list by type, mark read/unread and delete submissions; dashboard counts.
 * Repositories hold the SQL; this layer shapes what the admin API returns and turns a missing row
 * into 404.
 */
import { purgeCache } from "@netlify/functions";
import type {
  AdminSubmission,
  AdminSummary,
  AdminTestimonial,
  SubmissionFilter,
} from "../../lib/schemas/admin";
import { notFound } from "../http/errors";
import { logEvent } from "../http/log";
import * as submissions from "../repositories/submissions";
import * as testimonials from "../repositories/testimonials";

const toAdminTestimonial = (t: testimonials.Testimonial): AdminTestimonial => ({
  id: t.id,
  name: t.name,
  location: t.location,
  rating: t.rating,
  text: t.text,
  approved: t.approved,
  createdAt: t.createdAt.toISOString(),
});

const toAdminSubmission = (s: submissions.Submission): AdminSubmission => ({
  id: s.id,
  name: s.name,
  email: s.email,
  phone: s.phone,
  message: s.message,
  formType: s.formType,
  address: s.address,
  service: s.service,
  submittedAt: s.submittedAt.toISOString(),
  isRead: s.isRead,
});

export async function summary(): Promise<AdminSummary> {
  const [t, s] = await Promise.all([testimonials.countByStatus(), submissions.counts()]);
  return {
    testimonials: { total: t.total, pending: t.pending },
    submissions: { total: s.total, unread: s.unread },
  };
}

/**
 * The public list is kept by Netlify's CDN for a minute under the cache tag "testimonials"
 * (netlify/functions/testimonials.mts). A moderation change purges it so the owner sees an
 * approval on the site at once. The change itself is already committed, so a failed purge is
 * logged, not reported: the list refreshes within the minute anyway. Outside Netlify (tests,
 * scripts) there is nothing to purge.
 */
async function purgePublicTestimonials(): Promise<void> {
  try {
    await purgeCache({ tags: ["testimonials"] });
  } catch (error) {
    logEvent({
      event: "admin.cache_purge_failed",
      level: "warn",
      error: error instanceof Error ? error.message.slice(0, 120) : "unknown",
    });
  }
}

export async function listTestimonials(): Promise<AdminTestimonial[]> {
  return (await testimonials.listAll()).map(toAdminTestimonial);
}

export async function setTestimonialApproved(id: number, approved: boolean): Promise<AdminTestimonial> {
  const row = await testimonials.setApproved(id, approved);
  if (!row) throw notFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
  return toAdminTestimonial(row);
}

export async function deleteTestimonial(id: number): Promise<void> {
  if (!(await testimonials.remove(id))) throw notFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
}

export async function listSubmissions(type: SubmissionFilter): Promise<AdminSubmission[]> {
  return (await submissions.list({ type })).map(toAdminSubmission);
}

export async function setSubmissionRead(id: number, isRead: boolean): Promise<AdminSubmission> {
  const row = await submissions.setRead(id, isRead);
  if (!row) throw notFound("That submission no longer exists.");
  return toAdminSubmission(row);
}

export async function deleteSubmission(id: number): Promise<void> {
  if (!(await submissions.remove(id))) throw notFound("That submission no longer exists.");
}
