/**
 * One testimonial: avatar, name, location, stars, the text, its month and year, the "Verified
 * customer" badge for a review that came through an invitation after a finished job, and the
 * owner's reply under it. Everything a visitor or the owner wrote is rendered as React text
 * children, which React escapes: never as HTML. One of the sample reviews the local stack seeds
 * carries a visible "Sample review" badge.
 */
import { BadgeCheck, MapPin, MessageSquareReply, Quote } from "lucide-react";
import type { PublicTestimonial } from "../../features/reviews/contract/endpoints";
import { dateInZone, formatMonthYear } from "../../platform/time";
import { isSampleReview } from "./sample-reviews";
import { Stars } from "./Stars";

/** Up to two initials for the monogram avatar (no photos of strangers). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => Array.from(w ?? "")[0]?.toUpperCase() ?? "").join("") || "?";
}

/** "YYYY-MM" of an ISO timestamp in the business's time zone. */
const reviewMonth = (iso: string) => dateInZone(new Date(iso)).slice(0, 7);

export function TestimonialCard({ testimonial }: { testimonial: PublicTestimonial }) {
  const { name, location, rating, text, createdAt, jobCompletedMonth, reply } = testimonial;
  const sample = isSampleReview(testimonial);
  return (
    <figure
      className="flex h-full flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)]"
      data-sample={sample ? "" : undefined}
    >
      {sample ? (
        <p className="mb-3 self-start rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold text-accent-900">
          Sample review, not a real customer
        </p>
      ) : null}
      {jobCompletedMonth ? (
        <p
          className="mb-3 inline-flex items-center gap-1.5 self-start rounded-full bg-success-50 px-3 py-1 text-xs font-semibold text-success-700"
          data-verified=""
        >
          <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
          {`Verified customer, job completed ${formatMonthYear(jobCompletedMonth)}`}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Stars rating={rating} />
        <Quote aria-hidden="true" className="size-7 text-brand-100" />
      </div>
      <blockquote className="mt-4 flex-1 text-[0.975rem] leading-relaxed break-words whitespace-pre-line text-slate-700">
        <p>{text}</p>
      </blockquote>
      {reply ? (
        // Shown under the caption (order-last) but written before it: a figcaption must be the
        // figure's first or last child.
        <div
          className="order-last mt-4 rounded-lg border-l-4 border-brand-600 bg-slate-50 p-3"
          data-owner-reply=""
        >
          <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-900">
            <MessageSquareReply aria-hidden="true" className="size-4 shrink-0" />
            Reply from the owner
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{reply.text}</p>
        </div>
      ) : null}
      <figcaption className="mt-6 border-t border-slate-100 pt-4">
        <span className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-semibold tracking-wide text-white"
          >
            {initials(name)}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{name}</span>
            <span className="flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{location}</span>
            </span>
          </span>
        </span>
        <span className="mt-3 inline-block text-sm text-slate-600">
          Reviewed <time dateTime={reviewMonth(createdAt)}>{formatMonthYear(reviewMonth(createdAt))}</time>
        </span>
      </figcaption>
    </figure>
  );
}
