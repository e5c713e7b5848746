/**
 * Small building blocks shared by the admin screens: one button style, spinner, badges, the table.
 * The dialogs are in ./dialogs.tsx, so the shell loads no dialog code (docs/decisions/023-admin-app.md).
 */
import { AlertTriangle, LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "success";

const variants: Record<Variant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 disabled:bg-brand-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-danger-600 text-white hover:bg-red-800 disabled:bg-red-300",
  success: "bg-success-600 text-white hover:bg-green-800 disabled:bg-green-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
};

/**
 * The admin's text inputs, selects and text areas: full width, 44 px tall at least, a red border
 * while the field is marked invalid (`aria-invalid`).
 */
export const fieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-danger-600";

export function buttonClass(variant: Variant = "primary", extra = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/** Square icon button; the label is what assistive technology reads and the tooltip shows. */
export function IconButton({
  label,
  variant = "ghost",
  className = "",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; variant?: Variant; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex size-11 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}

export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 text-slate-600 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: "brand" | "accent" | "success" | "neutral";
  children: ReactNode;
}) {
  const tones = {
    brand: "bg-brand-100 text-brand-800",
    accent: "bg-accent-100 text-accent-900",
    success: "bg-success-50 text-success-600 ring-1 ring-green-200",
    neutral: "bg-slate-100 text-slate-700",
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export interface AdminColumn {
  label: string;
  className: string;
  /** Read by screen readers only (an icon column). */
  hiddenLabel?: boolean;
}

/** The admin's data table: card frame, screen-reader caption, column headings; rows as children. */
export function AdminTable({
  caption,
  columns,
  className = "",
  children,
}: {
  caption: string;
  columns: readonly AdminColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto rounded-card border border-slate-200 bg-white shadow-card ${className}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.hiddenLabel ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A form's refusal above its fields: what went wrong and, when the server named them, each reason.
 * Focusable (`alertRef`), so the form moves focus to it after a failed save.
 */
export function FormProblem({
  problem,
  reasons,
  alertRef,
  className = "",
}: {
  problem: string | null;
  reasons: readonly (readonly [string, string])[];
  alertRef: Ref<HTMLDivElement>;
  className?: string;
}) {
  if (!problem) return null;
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role="alert"
      className={`flex gap-2 rounded-lg border border-red-200 bg-danger-50 p-3 text-sm text-danger-600 ${className}`}
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{problem}</p>
        {reasons.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {reasons.map(([k, m]) => (
              <li key={k}>{m}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
