/**
 * Up to three preferred options (a date and an arrival window each) for the booking form, then the
 * "it's urgent" tick and the access notes.
 *
 * Server-rendered (and without JavaScript) each option is a native date input and a window select
 * named `option1Date`/`option1Window` …, which the server reads and checks. Once the island runs it
 * asks `GET /api/availability` for the bookable dates and turns each date input into a select of
 * those dates, with only the windows that date offers; if the answer does not come, the native
 * inputs stay and the server still checks every option.
 *
 * Small on purpose: no zod and no date library; labels come from the server: the day's windows
 * with their times from the availability answer, and before a date is chosen the page's
 * `standardWindows` (names only) and `windowsHint`, a sentence made from the config with each
 * day's own times ("afternoon (12pm to 5pm; Saturday 12pm to 4pm)"), so the form never promises a
 * time the confirmation e-mail then contradicts.
 */
import { useEffect, useRef, useState } from "react";
import { callApi } from "../../lib/api/client";
import { formatDate } from "../../platform/time";
import { availabilityRoute } from "../../lib/contracts/public-routes";
import { describedBy, errorId, FieldShell, hintId, inputClass } from "./fields";

export const optionNumbers = [1, 2, 3] as const;
export const accessNotesMax = 500;

export type OptionValues = Readonly<Record<string, string | undefined>>;

export interface OfferedWindow {
  readonly window: string;
  readonly label: string;
}
interface OfferedDate {
  readonly date: string;
  readonly label: string;
  readonly windows: readonly OfferedWindow[];
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** True when a typed date is not among the offered ones. */
const typedElsewhere = (value: string | undefined, dates: readonly OfferedDate[]) =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && !dates.some((d) => d.date === value);

/** "Friday 27 November" for a YYYY-MM-DD date. */
const dayLabel = (value: string) => formatDate(value, { year: false });

/** The dates typed into the form's native date inputs, by field name (`option1Date` …). */
function typedDates(form: HTMLFormElement | null | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const n of optionNumbers) {
    const input = form?.elements.namedItem(`option${n}Date`);
    if (input instanceof HTMLInputElement && input.value) values[`option${n}Date`] = input.value;
  }
  return values;
}

export interface PreferredOptionsProps {
  readonly idPrefix: string;
  /** The form's errors by field name (`option1Date`, `option2`, `accessNotes`, …). */
  readonly errors: Readonly<Record<string, string | undefined>>;
  readonly phone: { readonly display: string; readonly href: string };
  /** Before a date is chosen (and without JavaScript): every window, by name. */
  readonly standardWindows: readonly OfferedWindow[];
  /** The windows' times on each kind of day, in one sentence, shown under the legend. */
  readonly windowsHint: string;
}

export function PreferredOptions({
  idPrefix,
  errors,
  phone,
  standardWindows,
  windowsHint,
}: PreferredOptionsProps) {
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  // The bookable dates from the server, or null while unknown (the native date inputs stay).
  const [dates, setDates] = useState<readonly OfferedDate[] | null>(null);
  // The date chosen in each option decides which windows it offers; a form reset clears them.
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  // Dates typed into the native inputs before the bookable dates arrived (a slow phone): each
  // select starts on its option's typed date, so nothing the visitor entered is lost in the swap.
  const [typed, setTyped] = useState<Readonly<Record<string, string>>>({});
  useEffect(() => {
    let current = true;
    callApi(availabilityRoute)
      .then((answer) => {
        if (!current || answer.dates.length === 0) return;
        const values = typedDates(fieldsetRef.current?.form);
        setTyped(values);
        setChosen((previous) => ({ ...values, ...previous }));
        setDates(answer.dates);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    // Once the selects exist, they show what was typed (set here, not as a default, so a form
    // reset still empties them).
    const form = fieldsetRef.current?.form;
    for (const [name, value] of Object.entries(typed)) {
      const select = form?.elements.namedItem(name);
      if (select instanceof HTMLSelectElement) select.value = value;
    }
  }, [dates, typed]);
  useEffect(() => {
    const form = fieldsetRef.current?.form;
    const clear = () => {
      setChosen({});
      setTyped({});
    };
    form?.addEventListener("reset", clear);
    return () => form?.removeEventListener("reset", clear);
  }, []);
  const id = (name: string) => `${idPrefix}-${name}`;
  const urgentHint = `For an emergency, such as water coming through a ceiling, please phone us now on ${phone.display}. We will still receive this form.`;

  return (
    <>
      <fieldset ref={fieldsetRef} className="grid gap-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          When suits you?
          <span aria-hidden="true" className="ml-0.5 text-danger-600">
            *
          </span>
        </legend>
        <p id={hintId(id("options"))} className="-mt-1 text-sm text-slate-600">
          Give at least one date and arrival window, and up to three. We confirm one of them, or suggest
          another, within 24 hours. {windowsHint}
        </p>
        {optionNumbers.map((n) => {
          const dateName = `option${n}Date` as const;
          const windowName = `option${n}Window` as const;
          const offered = dates?.find((d) => d.date === chosen[dateName]);
          const windows = offered
            ? offered.windows.map((w) => ({ window: w.window, label: capitalised(w.label) }))
            : standardWindows.map((w) => ({ window: w.window, label: capitalised(w.label) }));
          const error =
            errors[dateName] ?? errors[`option${n}`] ?? (n === 1 ? errors["preferredOptions"] : undefined);
          const onDate = (value: string) => setChosen((previous) => ({ ...previous, [dateName]: value }));
          const dateId = id(`option${n}-date`);
          const windowId = id(`option${n}-window`);
          const required = n === 1;
          const label =
            n === 1 ? "First choice" : n === 2 ? "Second choice (optional)" : "Third choice (optional)";
          return (
            <div key={n} className="grid gap-3 sm:grid-cols-2" data-option={n}>
              <FieldShell id={dateId} label={`${label}: date`} required={required} error={error}>
                {dates ? (
                  <select
                    id={dateId}
                    required={required}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(dateId, undefined, error)}
                    className={`${inputClass} appearance-auto`}
                    name={dateName}
                    onChange={(event) => onDate(event.currentTarget.value)}
                  >
                    <option value="">Choose a date</option>
                    {typedElsewhere(typed[dateName], dates) && (
                      // A typed date the calendar does not offer stays chosen; the server's check
                      // then says why it cannot be booked.
                      <option value={typed[dateName]}>{dayLabel(typed[dateName]!)}</option>
                    )}
                    {dates.map((d) => (
                      <option key={d.date} value={d.date}>
                        {d.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={dateId}
                    type="date"
                    required={required}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(dateId, undefined, error)}
                    className={inputClass}
                    name={dateName}
                  />
                )}
              </FieldShell>
              <FieldShell id={windowId} label={`${label}: arrival time`}>
                <select
                  id={windowId}
                  className={`${inputClass} appearance-auto`}
                  aria-describedby={error ? errorId(dateId) : undefined}
                  name={windowName}
                >
                  {windows.map((w) => (
                    <option key={w.window} value={w.window}>
                      {w.label}
                    </option>
                  ))}
                </select>
              </FieldShell>
            </div>
          );
        })}
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id={id("urgent")}
          type="checkbox"
          value="on"
          aria-describedby={hintId(id("urgent"))}
          className="mt-1 size-5 shrink-0 accent-brand-700"
          name="urgent"
        />
        <div>
          <label htmlFor={id("urgent")} className="text-sm font-semibold text-slate-800">
            It&apos;s urgent
          </label>
          <p id={hintId(id("urgent"))} className="text-sm text-slate-600">
            {urgentHint.split(phone.display)[0]}
            <a
              href={phone.href}
              className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
            >
              {phone.display}
            </a>
            {urgentHint.split(phone.display)[1]}
          </p>
        </div>
      </div>
      <FieldShell
        id={id("access-notes")}
        label="Access notes (optional)"
        error={errors["accessNotes"]}
        hint="Parking, pets, a key safe, or anything else that helps us get to the job."
      >
        <textarea
          id={id("access-notes")}
          rows={2}
          maxLength={accessNotesMax}
          aria-invalid={errors["accessNotes"] ? true : undefined}
          aria-describedby={describedBy(
            id("access-notes"),
            "Parking, pets, a key safe, or anything else that helps us get to the job.",
            errors["accessNotes"],
          )}
          className={inputClass}
          name="accessNotes"
        />
      </FieldShell>
    </>
  );
}

/** The options the visitor filled in, in order, as the API takes them (a row without a date is skipped). */
export function collectOptions(values: OptionValues): { date: string; window: string }[] {
  const out: { date: string; window: string }[] = [];
  for (const n of optionNumbers) {
    const date = (values[`option${n}Date`] ?? "").trim();
    if (!date) continue;
    out.push({ date, window: values[`option${n}Window`] || "any" });
  }
  return out;
}
