/**
 * When the work will be done, as the quote promises it: within a number of working days of the
 * customer's acceptance, or on a set date. Shown on the customer's page, the PDF and the
 * acceptance e-mail (the law asks a contract to say when the work will be done).
 */
import type { ReactNode } from "react";
import type { QuoteDraft } from "./quote-draft";

/** An input inside the sentence it completes ("Within [10] working days of acceptance"). */
const inlineInput =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-danger-600";

export function WorkStartFields({
  id,
  draft,
  today,
  field,
  errorFor,
  onChange,
}: {
  id: string;
  draft: QuoteDraft;
  today: string;
  field: (key: string) => Record<string, unknown>;
  errorFor: (key: string) => ReactNode;
  onChange: (patch: Partial<QuoteDraft>, fields: string[]) => void;
}) {
  const fields = ["startDate", "startWithinWorkingDays"];
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold text-slate-800">When the work starts</legend>
      <label className="flex min-h-11 flex-wrap items-center gap-2 text-base text-slate-900">
        <input
          type="radio"
          name={`${id}-kind`}
          className="size-5 accent-brand-700"
          checked={draft.startKind === "within"}
          onChange={() => onChange({ startKind: "within" }, fields)}
        />
        Within
        <input
          aria-label="Working days after acceptance"
          inputMode="numeric"
          className={`${inlineInput} w-20`}
          value={draft.startDays}
          disabled={draft.startKind !== "within"}
          {...field("startWithinWorkingDays")}
          onChange={(e) => onChange({ startDays: e.target.value }, fields)}
        />
        working days of acceptance
      </label>
      {errorFor("startWithinWorkingDays")}
      <label className="flex min-h-11 flex-wrap items-center gap-2 text-base text-slate-900">
        <input
          type="radio"
          name={`${id}-kind`}
          className="size-5 accent-brand-700"
          checked={draft.startKind === "date"}
          onChange={() => onChange({ startKind: "date" }, fields)}
        />
        On
        <input
          aria-label="Start date"
          type="date"
          min={today}
          className={`${inlineInput} w-44`}
          value={draft.startDate}
          disabled={draft.startKind !== "date"}
          {...field("startDate")}
          onChange={(e) => onChange({ startDate: e.target.value }, fields)}
        />
      </label>
      {errorFor("startDate")}
    </fieldset>
  );
}
