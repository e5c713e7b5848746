/**
 * The home page's top three testimonials by rating: an Embla carousel with
 * previous/next below 768 px, a three-column grid above. One list of slides serves both: Embla
 * switches itself off at the breakpoint and the same container becomes a grid.
 */
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useSyncExternalStore } from "react";
import { useTestimonials, type InitialReviews } from "./testimonials/load-testimonials";
import { TestimonialCard } from "./testimonials/TestimonialCard";
import { LoadError, listMessages } from "./TestimonialsGrid";

export interface HomeTestimonialsProps {
  readonly count?: number;
  /** The top reviews the page was built with, if the build could read them. */
  readonly initial?: InitialReviews | null;
}

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function Placeholder() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-3">
      <span className="sr-only">{listMessages.loading}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className={`h-64 animate-pulse rounded-[var(--radius-card)] bg-slate-100 motion-reduce:animate-none ${i > 0 ? "hidden md:block" : ""}`}
        />
      ))}
    </div>
  );
}

export default function HomeTestimonials({ count = 3, initial }: HomeTestimonialsProps) {
  const { state, retry } = useTestimonials(initial);
  // Carousel settings: drag threshold 10, duration 25, centred.
  const [viewportRef, embla] = useEmblaCarousel({
    align: "center",
    dragThreshold: 10,
    duration: 25,
    containScroll: "trimSnaps",
    breakpoints: { "(min-width: 768px)": { active: false } },
  });
  // Embla is an external store: subscribe to its events and read a small snapshot on each change.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!embla) return () => {};
      embla.on("select", onChange).on("reInit", onChange);
      return () => {
        embla.off("select", onChange).off("reInit", onChange);
      };
    },
    [embla],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () =>
      embla
        ? `${embla.selectedScrollSnap()}|${embla.canScrollPrev()}|${embla.canScrollNext()}|${embla.scrollSnapList().length}`
        : "0|false|false|0",
    () => "0|false|false|0",
  );
  const [index, canPrev, canNext, total] = snapshot.split("|");
  const position = {
    index: Number(index),
    canPrev: canPrev === "true",
    canNext: canNext === "true",
    total: Number(total),
  };

  if (state.status === "loading") return <Placeholder />;
  if (state.status === "error") return <LoadError onRetry={retry} />;
  const items = state.items.slice(0, count);
  if (items.length === 0)
    return <p className="py-8 text-center text-lg text-slate-600">{listMessages.empty}</p>;

  const buttonClass =
    "grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <section aria-roledescription="carousel" aria-label="Customer testimonials">
      <div ref={viewportRef} className="-mx-4 overflow-hidden px-4 md:mx-0 md:overflow-visible md:px-0">
        <ul className="flex touch-pan-y gap-4 md:grid md:grid-cols-3 md:gap-6">
          {items.map((t, i) => (
            <li
              key={t.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
              className="min-w-0 shrink-0 grow-0 basis-[88%] sm:basis-[70%] md:basis-auto"
            >
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
      </div>
      {items.length > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-4 md:hidden">
          <button
            type="button"
            className={buttonClass}
            onClick={() => embla?.scrollPrev(reducedMotion())}
            disabled={!position.canPrev}
            aria-label="Previous testimonial"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <p
            aria-live="polite"
            className="min-w-16 text-center text-sm font-medium text-slate-700 tabular-nums"
          >
            {position.index + 1} / {position.total || items.length}
          </p>
          <button
            type="button"
            className={buttonClass}
            onClick={() => embla?.scrollNext(reducedMotion())}
            disabled={!position.canNext}
            aria-label="Next testimonial"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
