/**
 * The review form's star rating: five native radio buttons drawn as stars.
 * Native radios give the keyboard behaviour of a radio group for free (Tab in, arrows to move,
 * the choice follows focus) and post `rating` with the form when JavaScript is off. Hovering
 * previews a rating without choosing it. No star is chosen at first or after a reset: an untouched
 * form must not send five stars the visitor never gave, so the rating is required.
 */
import { Star } from "lucide-react";
import { useState } from "react";
import { describedBy, errorId } from "./forms/fields";

interface Props {
  readonly id: string;
  readonly legend: string;
  /** The chosen rating; null until the visitor picks a star. */
  readonly value: number | null;
  /** What the radios post as. */
  readonly name: string;
  readonly error?: string | undefined;
}

export const ratingValues = [1, 2, 3, 4, 5] as const;
const starLabel = (n: number) => (n === 1 ? "1 star" : `${n} stars`);

export function StarRating({ id, legend, value, name, error }: Props) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset aria-describedby={describedBy(id, undefined, error)}>
      <legend className="block text-sm font-semibold text-slate-800">
        {legend}
        <span aria-hidden="true" className="ml-0.5 text-danger-600">
          *
        </span>
      </legend>
      <div className="mt-1.5 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {ratingValues.map((n) => (
            <label
              key={n}
              htmlFor={`${id}-${n}`}
              onMouseEnter={() => setHover(n)}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent-500"
            >
              <input
                id={`${id}-${n}`}
                type="radio"
                value={String(n)}
                required
                className="sr-only"
                name={name}
              />
              <span className="sr-only">{starLabel(n)}</span>
              <Star
                aria-hidden="true"
                strokeWidth={1.5}
                className={`size-8 transition-colors ${
                  shown !== null && n <= shown
                    ? "fill-accent-400 text-accent-600"
                    : "fill-transparent text-slate-400"
                }`}
              />
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-700 tabular-nums">
          {shown === null ? "Not rated yet" : `${shown} / 5`}
        </span>
      </div>
      {error ? (
        <p id={errorId(id)} className="mt-1.5 text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
