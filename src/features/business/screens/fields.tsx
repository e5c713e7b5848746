/** The Business details forms' shared field parts: the input's look and a labelled field. */
import type { ReactNode } from "react";

export const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";

export function Labelled(props: {
  label: string;
  error?: string | undefined;
  draft?: ReactNode;
  children: ReactNode;
}) {
  return (
    <label className="text-sm font-semibold text-slate-800">
      {props.label}
      {props.draft}
      {props.children}
      {props.error ? (
        <span className="mt-1 block text-sm font-normal text-danger-600">{props.error}</span>
      ) : null}
    </label>
  );
}
