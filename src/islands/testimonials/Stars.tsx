import { Star } from "lucide-react";

/** Five stars filled up to the rating, read as one image: 'Rated 4 out of 5'. */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rounded} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          strokeWidth={1.5}
          className={`${className} ${n <= rounded ? "fill-accent-400 text-accent-600" : "fill-transparent text-slate-300"}`}
        />
      ))}
    </span>
  );
}
