/** The Business details forms' labelled field (the input's look is the admin's `fieldClass`). */
import type { ReactNode } from "react";

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
