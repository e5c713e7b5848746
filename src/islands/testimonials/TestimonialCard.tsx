/**
 * One testimonial: avatar, name, location, stars and the text. Everything a visitor
 * wrote is rendered as React text children, which React escapes: never as HTML.
 */
import { MapPin, Quote } from "lucide-react";
import type { PublicTestimonial } from "../../lib/contracts/public";
import { Stars } from "./Stars";

/** Up to two initials for the monogram avatar (no photos of strangers). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((w) => Array.from(w ?? "")[0]?.toUpperCase() ?? "").join("") || "?";
}

export function TestimonialCard({ testimonial }: { testimonial: PublicTestimonial }) {
  const { name, location, rating, text } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)]">
      <div className="flex items-center justify-between gap-3">
        <Stars rating={rating} />
        <Quote aria-hidden="true" className="size-7 text-brand-100" />
      </div>
      <blockquote className="mt-4 flex-1 text-[0.975rem] leading-relaxed break-words whitespace-pre-line text-slate-700">
        <p>{text}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
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
      </figcaption>
    </figure>
  );
}
