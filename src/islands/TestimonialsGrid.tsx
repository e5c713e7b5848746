/**
 * Every approved testimonial on /testimonials: a 1/2/3-column grid, a spinner while loading, an
 * empty-state text, a visible error with a retry, and review structured data computed
 * from exactly the reviews shown.
 */
import { CircleAlert, RotateCw } from "lucide-react";
import {
  averageRating,
  reviewsJsonLd,
  serializeJsonLd,
  type BusinessRef,
} from "./testimonials/reviews-json-ld";
import { useTestimonials } from "./testimonials/load-testimonials";
import { Stars } from "./testimonials/Stars";
import { TestimonialCard } from "./testimonials/TestimonialCard";

export const listMessages = {
  empty: "No testimonials available yet. Be the first to share your experience!",
  failed: "Failed to load testimonials",
  loading: "Loading testimonials...",
} as const;

export interface TestimonialsGridProps {
  readonly business: BusinessRef;
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

export default function TestimonialsGrid({ business }: TestimonialsGridProps) {
  const { state, retry } = useTestimonials();

  if (state.status === "loading") return <Spinner label={listMessages.loading} />;
  if (state.status === "error") return <LoadError onRetry={retry} />;
  if (state.items.length === 0) {
    return <p className="mx-auto max-w-xl py-12 text-center text-lg text-slate-600">{listMessages.empty}</p>;
  }

  const items = state.items;
  const average = averageRating(items);
  const jsonLd = reviewsJsonLd(business, items);
  return (
    <div>
      {average !== null ? (
        <p className="mb-8 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-slate-700">
          <Stars rating={average} className="size-6" />
          <span>
            <strong className="text-slate-900">{average.toFixed(1)}</strong> out of 5 from{" "}
            {items.length === 1 ? "1 review" : `${items.length} reviews`}
          </span>
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
