/**
 * Every approved testimonial on /testimonials: a 1/2/3-column grid, sorted newest first, highest
 * or lowest rating first (the visitor's choice), a spinner while loading, an empty-state text, a
 * visible error with a retry, and review structured data from the reviews shown and the count and
 * average of every published review (docs/decisions/008-review-structured-data.md).
 */
import { CircleAlert, RotateCw } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { PublicTestimonial } from "../features/reviews/contract/endpoints";
import {
  averageRating,
  reviewsJsonLd,
  serializeJsonLd,
  type BusinessRef,
} from "./testimonials/reviews-json-ld";
import { useTestimonials, type InitialReviews } from "./testimonials/load-testimonials";
import { Stars } from "./testimonials/Stars";
import { TestimonialCard } from "./testimonials/TestimonialCard";
import { isSampleReview, sampleNotice } from "./testimonials/sample-reviews";

/** Says, above a list, that some of what it shows are samples (the local stack's seed). */
export function SampleNotice({ items }: { items: readonly { name: string; text: string }[] }) {
  if (!items.some(isSampleReview)) return null;
  return (
    <p className="mx-auto mb-8 max-w-2xl rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-center text-sm font-medium text-accent-900">
      {sampleNotice}
    </p>
  );
}

export const listMessages = {
  empty: "No testimonials available yet. Be the first to share your experience!",
  failed: "Failed to load testimonials",
  loading: "Loading testimonials...",
} as const;

export interface TestimonialsGridProps {
  readonly business: BusinessRef;
  /** The reviews the page was built with, if the build could read them. */
  readonly initial?: InitialReviews | null;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3 text-slate-600">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-danger-600/30 bg-danger-50 p-6 text-center"
    >
      <p className="flex items-center gap-2 font-semibold text-danger-600">
        <CircleAlert aria-hidden="true" className="size-5" />
        {listMessages.failed}
      </p>
      <p className="text-sm text-slate-700">Please check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}

export const reviewSorts = {
  newest: "Newest first",
  highest: "Highest rating first",
  lowest: "Lowest rating first",
} as const;
export type ReviewSort = keyof typeof reviewSorts;

const byNewest = (a: PublicTestimonial, b: PublicTestimonial) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The reviews in the chosen order; ties in rating go newest first. */
export function sortReviews(items: readonly PublicTestimonial[], sort: ReviewSort): PublicTestimonial[] {
  const copy = [...items];
  if (sort === "newest") return copy.sort(byNewest);
  const sign = sort === "highest" ? -1 : 1;
  return copy.sort((a, b) => sign * (a.rating - b.rating) || byNewest(a, b));
}

export default function TestimonialsGrid({ business, initial }: TestimonialsGridProps) {
  const { state, retry } = useTestimonials(initial);
  const [sort, setSort] = useState<ReviewSort>("newest");
  const sortId = useId();
  const ready = state.status === "ready" ? state.items : null;
  const sorted = useMemo(() => (ready ? sortReviews(ready, sort) : []), [ready, sort]);

  if (state.status === "loading") return <Spinner label={listMessages.loading} />;
  if (state.status === "error") return <LoadError onRetry={retry} />;
  if (state.items.length === 0) {
    return <p className="mx-auto max-w-xl py-12 text-center text-lg text-slate-600">{listMessages.empty}</p>;
  }

  const items = sorted;
  // Counts and the average cover every published review, as the server counts them.
  const count = state.stats && state.stats.count >= items.length ? state.stats.count : items.length;
  const average =
    state.stats && state.stats.count >= items.length ? state.stats.average : averageRating(items);
  const jsonLd = reviewsJsonLd(business, items, state.stats);
  return (
    <div>
      <SampleNotice items={items} />
      {average !== null ? (
        <p className="mb-6 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-slate-700">
          <Stars rating={average} className="size-6" />
          <span>
            <strong className="text-slate-900">{average.toFixed(1)}</strong> out of 5 from{" "}
            {count === 1 ? "1 published review" : `${count} published reviews`}
          </span>
        </p>
      ) : null}
      <div className="mb-6 flex items-center justify-center gap-2 text-sm sm:justify-end">
        <label htmlFor={sortId} className="font-medium text-slate-700">
          Sort reviews
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value as ReviewSort)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          {Object.entries(reviewSorts).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {count > items.length ? (
        <p className="mb-6 text-center text-sm text-slate-600">
          Showing {items.length} of {count} published reviews.
        </p>
      ) : null}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Customer testimonials">
        {items.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
      {jsonLd ? (
        // A data block, not a script: the browser never runs it, and serializeJsonLd escapes `<`.
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} />
      ) : null}
    </div>
  );
}
