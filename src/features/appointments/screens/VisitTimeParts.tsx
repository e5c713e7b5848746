/**
 * What arranging a visit (./ArrangeVisit.tsx) and moving a confirmed one (./MoveVisit.tsx) show
 * alike: the times the customer asked for, each with its own step, and the fields for another
 * date, arrival window and message. The screen keeps the values; these show them.
 */
import { useId, type ReactNode } from "react";

export type WindowChoice = "morning" | "afternoon" | "any";

export const windowChoices: readonly { value: WindowChoice; label: string }[] = [
  { value: "morning", label: "Morning" },
  { value: "afternoon", label: "Afternoon" },
  { value: "any", label: "Any time" },
];

export const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-500";

type AskedFor = { date: string; window: WindowChoice; label: string };

/**
 * "The customer asked for", numbered, each with `step(option)`: a badge for the time already
 * booked, or the button that picks it. Nothing when they asked for no time.
 */
export function AskedForTimes<T extends AskedFor>({
  options,
  step,
  headingClass = "",
}: {
  options: readonly T[];
  step: (option: T) => ReactNode;
  headingClass?: string;
}) {
  if (options.length === 0) return null;
  return (
    <>
      <h4 className={`text-sm font-semibold text-slate-800 ${headingClass}`}>The customer asked for</h4>
      <ol className="mt-2 grid gap-2" aria-label="Times the customer asked for">
        {options.map((o, i) => (
          <li
            key={`${o.date}-${o.window}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
          >
            <span>
              {i + 1}. {o.label}
            </span>
            {step(o)}
          </li>
        ))}
      </ol>
    </>
  );
}

export type TimeFields = { date: string; window: WindowChoice; message: string };

/** The date, arrival window and optional message, for a grid of two columns on a wide screen. */
export function TimeFieldInputs({
  fields,
  onFields,
  dateLabel,
}: {
  fields: TimeFields;
  onFields: (next: TimeFields) => void;
  dateLabel: string;
}) {
  const ids = useId();
  return (
    <>
      <label className="text-sm font-semibold text-slate-800" htmlFor={`${ids}-date`}>
        {dateLabel}
        <input
          id={`${ids}-date`}
          type="date"
          className={fieldClass}
          value={fields.date}
          onChange={(e) => onFields({ ...fields, date: e.target.value })}
        />
      </label>
      <label className="text-sm font-semibold text-slate-800" htmlFor={`${ids}-window`}>
        Arrival window
        <select
          id={`${ids}-window`}
          className={fieldClass}
          value={fields.window}
          onChange={(e) => onFields({ ...fields, window: e.target.value as WindowChoice })}
        >
          {windowChoices.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold text-slate-800 sm:col-span-2">
        Message to the customer (optional)
        <textarea
          className={fieldClass}
          rows={2}
          maxLength={1000}
          value={fields.message}
          onChange={(e) => onFields({ ...fields, message: e.target.value })}
        />
      </label>
    </>
  );
}
